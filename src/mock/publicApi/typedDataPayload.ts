// PAYLOAD_ENCODING_EIP712: the payload is the JSON of EIP-712 typed data, as eth_signTypedData_v4 and
// viem's serializeTypedData write it (`{domain, message, primaryType, types}`, `types.EIP712Domain`
// included, integers as JSON numbers or decimal strings), and the API hashes it itself. The hash and the
// signature are micro-eth-signer's (EIP-712 v4); the checks here come first so that a refusal names the
// member that is wrong, where the library would say only what it could not encode.
import { parseSignature, signTyped } from 'micro-eth-signer'
import { MockError } from '../http'
import { isJsonObject, type JsonObject } from '../validate'
import { jsonInteger } from './jsonInteger'
import { jsonPayload } from './jsonPayload'

type TypeMember = { name: string; type: string }
type Types = Record<string, TypeMember[]>

/** Typed data whose every type is defined and every value fits its type. */
export interface TypedDataPayload {
  types: Types
  primaryType: string
  domain: JsonObject
  /** `{}` for primaryType EIP712Domain, which signs the domain alone (viem then writes no message). */
  message: JsonObject
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
// EIP-712 "Definition of typed structured data": the atomic types, and the dynamic bytes and string.
const SIZED =
  /^(u?int)(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)$/
const FIXED_BYTES = /^bytes([1-9]|[12][0-9]|3[0-2])$/
const ARRAY_SUFFIX = /\[(\d*)\]$/
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/

/** Parses and checks `payload` (3 INVALID_ARGUMENT naming `field` and the member that is wrong). */
export function readTypedData(payload: string, field: string): TypedDataPayload {
  const { object: parsed, fail } = jsonPayload(
    payload,
    field,
    'PAYLOAD_ENCODING_EIP712',
    'EIP-712 typed data',
    '{types, primaryType, domain, message}',
  )
  const types = readTypes(parsed['types'], fail)
  const primaryType = parsed['primaryType']
  if (typeof primaryType !== 'string') return fail('primaryType: required, the name of the type of message')
  if (!Object.hasOwn(types, primaryType)) return fail(`primaryType: "${primaryType}" is not defined in types`)
  const domain = parsed['domain']
  if (!isJsonObject(domain)) return fail('domain: expected an object')
  checkValue(types, 'EIP712Domain', domain, 'domain', fail)
  if (primaryType === 'EIP712Domain') return { types, primaryType, domain, message: {} }
  const message = parsed['message']
  if (!isJsonObject(message)) return fail('message: expected an object')
  checkValue(types, primaryType, message, 'message', fail)
  return { types, primaryType, domain, message }
}

/** Signs the EIP-712 v4 hash of `typedData` with a secp256k1 key (low-S): r, s and the recovery id. */
export function signTypedData(
  typedData: TypedDataPayload,
  privateKey: Uint8Array,
  field: string,
): { r: bigint; s: bigint; recovery: number } {
  let signature: string
  try {
    // No extra entropy: RFC 6979 alone, so that the same request signs the same way (as every mock signature).
    // The library types each value from a literal type table; these values were checked against the table above.
    signature = signTyped(typedData as Parameters<typeof signTyped>[0], privateKey, false)
  } catch (error) {
    // Limits of the library beyond the checks above (more than 256 types, a message of 4096 values).
    throw new MockError(3, `${field}: EIP-712 typed data: ${(error as Error).message}`)
  }
  const { r, s, yParity } = parseSignature(signature)
  return { r, s, recovery: yParity }
}

function readTypes(value: unknown, fail: (what: string) => never): Types {
  if (!isJsonObject(value)) return fail('types: expected an object of type definitions')
  const types: Types = {}
  for (const [name, members] of Object.entries(value)) {
    if (!IDENTIFIER.test(name)) fail(`types: "${name}" is not a type name (an identifier)`)
    if (!Array.isArray(members)) return fail(`types.${name}: expected a list of {name, type}`)
    const checked: TypeMember[] = []
    members.forEach((member: unknown, index) => {
      const at = `types.${name}[${index}]`
      if (!isJsonObject(member) || typeof member['name'] !== 'string' || typeof member['type'] !== 'string') {
        return fail(`${at}: expected {name, type}, two strings`)
      }
      const memberName = member['name']
      if (!IDENTIFIER.test(memberName)) fail(`${at}.name: "${memberName}" is not an identifier`)
      if (checked.some((earlier) => earlier.name === memberName))
        fail(`${at}.name: "${memberName}" is a member of ${name} twice`)
      checked.push({ name: memberName, type: member['type'] })
    })
    types[name] = checked
  }
  if (!Object.hasOwn(types, 'EIP712Domain')) {
    fail('types.EIP712Domain: required, the members of domain (as eth_signTypedData_v4 sends them)')
  }
  for (const [name, members] of Object.entries(types)) {
    members.forEach(({ type }, index) => {
      const base = type.replace(/(\[\d*\])+$/, '')
      if (!isAtomic(base) && !Object.hasOwn(types, base)) {
        fail(`types.${name}[${index}].type: "${type}" is neither an EIP-712 atomic type nor a type defined in types`)
      }
    })
  }
  return types
}

function isAtomic(type: string): boolean {
  return ['address', 'bool', 'string', 'bytes'].includes(type) || SIZED.test(type) || FIXED_BYTES.test(type)
}

/** Checks that `value` fits `type`, naming the member at `path` that does not. */
function checkValue(types: Types, type: string, value: unknown, path: string, fail: (what: string) => never): void {
  const array = ARRAY_SUFFIX.exec(type)
  if (array !== null) {
    if (!Array.isArray(value)) return fail(`${path}: expected a list (${type})`)
    const length = array[1] === '' ? undefined : Number(array[1])
    if (length !== undefined && value.length !== length) {
      fail(`${path}: expected ${length} items (${type}), got ${value.length}`)
    }
    const item = type.slice(0, -array[0].length)
    value.forEach((element: unknown, index) => checkValue(types, item, element, `${path}[${index}]`, fail))
    return
  }
  const members = types[type]
  if (members !== undefined) {
    if (!isJsonObject(value)) return fail(`${path}: expected an object (${type})`)
    for (const name of Object.keys(value)) {
      if (!members.some((member) => member.name === name)) fail(`${path}.${name}: not a member of ${type}`)
    }
    for (const member of members) {
      const memberValue = value[member.name]
      // EIP-712 v4 (eth_signTypedData_v4, viem): a struct member left out is encoded as 32 zero bytes.
      if (memberValue === undefined && types[member.type] !== undefined) continue
      checkValue(types, member.type, memberValue, `${path}.${member.name}`, fail)
    }
    return
  }
  if (value === undefined || value === null) return fail(`${path}: missing (${type})`)
  const sized = SIZED.exec(type)
  if (sized !== null) return checkInteger(value, sized[1] === 'int', Number(sized[2]), `${path} (${type})`, fail)
  const fixed = FIXED_BYTES.exec(type)
  const fits =
    type === 'string'
      ? typeof value === 'string'
      : type === 'bool'
        ? typeof value === 'boolean'
        : type === 'address'
          ? typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
          : typeof value === 'string' &&
            HEX.test(value) &&
            (fixed === null || value.length === 2 + 2 * Number(fixed[1]))
  if (!fits) fail(`${path}: ${JSON.stringify(value)} is not ${describeType(type)}`)
}

function describeType(type: string): string {
  if (type === 'string') return 'a string'
  if (type === 'bool') return 'true or false (bool)'
  if (type === 'address') return 'an address (0x and 40 hex digits)'
  const fixed = FIXED_BYTES.exec(type)
  return fixed === null ? 'bytes (0x and hex digits)' : `${type} (0x and ${2 * Number(fixed[1])} hex digits)`
}

function checkInteger(
  value: unknown,
  signed: boolean,
  bits: number,
  path: string,
  fail: (what: string) => never,
): void {
  const integer = jsonInteger(value)
  if (integer === undefined) {
    return fail(`${path}: ${JSON.stringify(value)} is not an integer (a safe JSON number, or a decimal or 0x string)`)
  }
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n
  if (integer < min || integer > max) fail(`${path}: ${integer} is out of range (${min} to ${max})`)
}
