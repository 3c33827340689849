/**
 * A string that depends on a count, one form per plural category of the language (`{count}` in each):
 * `one` and `other` are enough for English and French; a dictionary for a language with more categories
 * (Polish `few` and `many`, Arabic `zero` and `two`) adds them, and any it leaves out reads `other`.
 */
export interface PluralLabel {
  one: string
  other: string
  zero?: string | undefined
  two?: string | undefined
  few?: string | undefined
  many?: string | undefined
}
