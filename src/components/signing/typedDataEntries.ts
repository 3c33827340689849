import type { TypedDataDefinition } from '../../core'

/** One field of typed data as the prompt lists it: a value, or a struct's or array's own fields. */
export type TypedDataEntry = { name: string; value: string } | { name: string; entries: readonly TypedDataEntry[] }

type Types = TypedDataDefinition['types']

/**
 * The message's fields in the order its type declares them (the order the signature hashes, not the
 * object's key order), nested structs and arrays as entries of their own. A value the types do not
 * describe is listed as it is, so that nothing signed is left out.
 */
export function typedDataEntries(
  typedData: Pick<TypedDataDefinition, 'types' | 'primaryType' | 'message'>,
): TypedDataEntry[] {
  return structEntries(typedData.types, typedData.primaryType, typedData.message)
}

function structEntries(types: Types, type: string | undefined, value: object): TypedDataEntry[] {
  const record = value as Readonly<Record<string, unknown>>
  // Own keys only: a field typed `toString` must not find Object.prototype's.
  const fields = type !== undefined && Object.hasOwn(types, type) ? types[type] : undefined
  if (fields === undefined) return Object.keys(record).map((name) => entry(types, name, undefined, record[name]))
  return fields.map((field) => entry(types, field.name, field.type, record[field.name]))
}

function entry(types: Types, name: string, type: string | undefined, value: unknown): TypedDataEntry {
  // `Person[]`, `uint256[3]`: each item under its index.
  const item = type?.match(/^(.+)\[\d*\]$/)?.[1]
  if (Array.isArray(value))
    return { name, entries: value.map((one: unknown, index) => entry(types, String(index), item, one)) }
  if (typeof value === 'object' && value !== null) return { name, entries: structEntries(types, type, value) }
  // Numbers as the decimal the hash takes (a bigint's toString), strings and booleans as they are.
  return { name, value: value === undefined ? '' : String(value) }
}
