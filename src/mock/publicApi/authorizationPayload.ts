// PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: the payload is the JSON `{address, chainId, nonce}` of an
// EIP-7702 authorization, as production's viem package sends it (JSON.stringify of viem's numbers), and
// the API hashes it: keccak256(0x05 ‖ rlp([chainId, address, nonce])), micro-eth-signer's getHash.
import { authorization } from 'micro-eth-signer'
import { jsonInteger } from './jsonInteger'
import { jsonPayload } from './jsonPayload'

/** The digest of the authorization `payload` (3 INVALID_ARGUMENT naming `field` and the member that is wrong). */
export function authorizationDigest(payload: string, field: string): Uint8Array {
  const { object: parsed, fail } = jsonPayload(
    payload,
    field,
    'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
    'EIP-7702 authorization',
    '{address, chainId, nonce}',
  )
  const address = parsed['address']
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    return fail('address: expected the delegate contract address, 0x and 40 hex digits')
  }
  // EIP-7702: chain_id is a uint256 (0 for every chain), nonce a uint64.
  const chainId = unsigned(parsed['chainId'], 256, 'chainId', fail)
  const nonce = unsigned(parsed['nonce'], 64, 'nonce', fail)
  try {
    return authorization.getHash({ chainId, address, nonce })
  } catch (error) {
    // A mixed-case address whose EIP-55 checksum is wrong: a typo the checksum exists to catch.
    return fail(`address: ${(error as Error).message}`)
  }
}

function unsigned(value: unknown, bits: number, member: string, fail: (what: string) => never): bigint {
  const integer = jsonInteger(value)
  if (integer === undefined || integer < 0n || integer >= 1n << BigInt(bits)) {
    return fail(
      `${member}: expected an integer from 0 to 2^${bits} - 1 (a JSON number, or a decimal or 0x string), got ${JSON.stringify(value) ?? 'nothing'}`,
    )
  }
  return integer
}
