import { invalidArgument } from '../assert'

/** One member of an EIP-712 struct type. */
export interface TypedDataField {
  name: string
  type: string
}

/** EIP-712's domain: every member optional, as the standard has it. */
export interface TypedDataDomain {
  name?: string | undefined
  version?: string | undefined
  chainId?: number | bigint | undefined
  verifyingContract?: string | undefined
  salt?: string | undefined
}

/**
 * EIP-712 typed data (eth_signTypedData_v4), shaped as viem's and wagmi's `signTypedData` take it.
 * `types` needs no EIP712Domain: it is made from the domain's members when absent.
 */
export interface TypedDataDefinition {
  domain?: TypedDataDomain | undefined
  types: Readonly<Record<string, readonly TypedDataField[]>>
  primaryType: string
  message: Readonly<Record<string, unknown>>
}

const DOMAIN_FIELDS: readonly (TypedDataField & { present(domain: TypedDataDomain): boolean })[] = [
  { name: 'name', type: 'string', present: (domain) => typeof domain.name === 'string' },
  { name: 'version', type: 'string', present: (domain) => typeof domain.version === 'string' },
  {
    name: 'chainId',
    type: 'uint256',
    present: (domain) => typeof domain.chainId === 'number' || typeof domain.chainId === 'bigint',
  },
  { name: 'verifyingContract', type: 'address', present: (domain) => typeof domain.verifyingContract === 'string' },
  { name: 'salt', type: 'bytes32', present: (domain) => typeof domain.salt === 'string' },
]

/**
 * The JSON the API hashes for PAYLOAD_ENCODING_EIP712, as production's viem package writes it
 * (serializeTypedData): `{domain, message, primaryType, types}`, bigints as decimal strings, and
 * `types.EIP712Domain` always present. Without it the domain drops out of the hash (tkhq/sdk #1520):
 * it is made here from the domain's members, in the standard's order, when the caller did not give it.
 */
export function serializeTypedData(typedData: TypedDataDefinition, label: string): string {
  if (typeof typedData !== 'object' || typedData === null) {
    throw invalidArgument(`${label}({ typedData })`, '{ domain, types, primaryType, message }', typedData)
  }
  const { domain = {}, types, primaryType, message } = typedData
  if (typeof domain !== 'object' || domain === null)
    throw invalidArgument(`${label}({ typedData.domain })`, 'an object', domain)
  if (typeof types !== 'object' || types === null || Array.isArray(types)) {
    throw invalidArgument(`${label}({ typedData.types })`, 'an object of struct types', types)
  }
  for (const [name, fields] of Object.entries(types)) {
    if (
      !Array.isArray(fields) ||
      !fields.every((field) => typeof field?.name === 'string' && typeof field?.type === 'string')
    ) {
      throw invalidArgument(`${label}({ typedData.types.${name} })`, 'an array of { name, type }', fields)
    }
  }
  if (typeof primaryType !== 'string' || !(primaryType in types || primaryType === 'EIP712Domain')) {
    throw invalidArgument(
      `${label}({ typedData.primaryType })`,
      `one of the types (${Object.keys(types).join(', ')})`,
      primaryType,
    )
  }
  if (typeof message !== 'object' || message === null)
    throw invalidArgument(`${label}({ typedData.message })`, 'an object', message)
  const withDomain = {
    EIP712Domain: DOMAIN_FIELDS.filter((field) => field.present(domain)).map(({ name, type }) => ({ name, type })),
    ...types,
  }
  return JSON.stringify({ domain, message, primaryType, types: withDomain }, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  )
}
