// Type-level checks of the kit's wire types against production's (@turnkey/sdk-types), used by
// productionWire.typetest.ts. TypeScript's assignability lets a type carry members its target lacks, so
// "assignable" alone would let the kit send a field production drops: ExtraMembers finds those, deeply.

/** Fails to compile unless T is `true`; the error shows what T is instead. */
export type Assert<T extends true> = T

/** True when A and B are the same type (not merely mutually assignable through `any`). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

type Join<Path extends string, Key extends string> = Path extends '' ? Key : `${Path}.${Key}`
type ElementOf<T> = T extends readonly (infer Element)[] ? Element : never
// Distributes over a union on production's side, so that a member of any alternative counts.
type ObjectMembers<P> = P extends readonly unknown[] ? never : P extends object ? P : never
type KeysOfUnion<T> = T extends unknown ? keyof T : never
type MemberOfUnion<T, Key> = T extends unknown ? (Key extends keyof T ? T[Key] : never) : never

/**
 * The paths (`emailCustomization.appName`, `apiKeys[].note`) of the members of K that P does not
 * define, through nested objects and array items; `never` when K has none. Distributes over a union K,
 * so that every alternative the kit may send is checked.
 */
export type ExtraMembers<K, P, Path extends string = ''> = K extends readonly (infer Item)[]
  ? ExtraMembers<Item, ElementOf<NonNullable<P>>, `${Path}[]`>
  : K extends object
    ? {
        [Key in keyof K & string]-?: Key extends KeysOfUnion<ObjectMembers<NonNullable<P>>>
          ? ExtraMembers<NonNullable<K[Key]>, MemberOfUnion<ObjectMembers<NonNullable<P>>, Key>, Join<Path, Key>>
          : Join<Path, Key>
      }[keyof K & string]
    : never

/**
 * A request body the kit sends (K) against production's (P): `true` when every body of type K is one
 * of type P (required members present, enums within production's) and K has no member P lacks.
 */
export type SendsOnly<K, P> = [K] extends [P]
  ? [ExtraMembers<K, P>] extends [never]
    ? true
    : { membersProductionLacks: ExtraMembers<K, P> }
  : { notAssignableToProduction: K }

/**
 * A response the kit reads (K) against what production answers (P): `true` when every answer of type
 * P is one of type K, i.e. the kit never expects a member production may leave out.
 */
export type ReadsOnly<K, P> = [P] extends [K] ? true : { productionAnswerIsNot: K }
