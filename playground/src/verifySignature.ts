import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { getAddress } from 'viem'

// The playground checks what the kit's signMessage returns on its own, the way the app's server (or a
// chain) would: with the audited noble implementations, not with the kit's code.

export type Verification = { ok: true; signer: string } | { ok: false; reason: string }

/** EIP-191 personal_sign: keccak-256 of "\x19Ethereum Signed Message:\n" + byte length + message. */
export function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`)
  const whole = new Uint8Array(prefix.length + bytes.length)
  whole.set(prefix)
  whole.set(bytes, prefix.length)
  return keccak_256(whole)
}

/** The EIP-55 address of an uncompressed secp256k1 public key (0x04 ‖ x ‖ y). */
function ethereumAddress(publicKey: Uint8Array): string {
  return getAddress(`0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`)
}

/**
 * Recovers the signer of an Ethereum personal_sign signature (0x ‖ r ‖ s ‖ v, v 27 or 28) and compares it
 * with the address the wallet shows.
 */
export function verifyEthereumMessage(message: string, signature: string, address: string): Verification {
  const hex = signature.startsWith('0x') ? signature.slice(2) : signature
  if (!/^[0-9a-fA-F]{130}$/.test(hex)) return { ok: false, reason: 'the signature is not 65 bytes of hex' }
  const bytes = hexToBytes(hex)
  const v = bytes[64] ?? 0
  if (v !== 27 && v !== 28) return { ok: false, reason: `v is ${v}, not 27 or 28` }
  // noble's "recovered" format puts the recovery bit first: recovery ‖ r ‖ s.
  const recovered = new Uint8Array(65)
  recovered[0] = v - 27
  recovered.set(bytes.subarray(0, 64), 1)
  let signer: string
  try {
    const publicKey = secp256k1.recoverPublicKey(recovered, personalMessageHash(message), { prehash: false })
    signer = ethereumAddress(secp256k1.Point.fromBytes(publicKey).toBytes(false))
  } catch (error) {
    return { ok: false, reason: `no signer could be recovered (${String(error)})` }
  }
  return signer.toLowerCase() === address.toLowerCase()
    ? { ok: true, signer }
    : { ok: false, reason: `signed by ${signer}, not ${address}` }
}

/** Checks a Solana signature (base58 of 64 bytes) of the message's UTF-8 bytes with the address's ed25519 key. */
export function verifySolanaMessage(message: string, signature: string, address: string): Verification {
  let signatureBytes: Uint8Array
  let publicKey: Uint8Array
  try {
    signatureBytes = base58.decode(signature)
    publicKey = base58.decode(address)
  } catch {
    return { ok: false, reason: 'the signature or the address is not base58' }
  }
  if (signatureBytes.length !== 64)
    return { ok: false, reason: `the signature is ${signatureBytes.length} bytes, not 64` }
  if (publicKey.length !== 32)
    return { ok: false, reason: `the address is ${publicKey.length} bytes, not an ed25519 key` }
  return ed25519.verify(signatureBytes, utf8ToBytes(message), publicKey)
    ? { ok: true, signer: address }
    : { ok: false, reason: `the signature does not verify with ${address}` }
}

export function verifyMessage(
  addressFormat: string,
  message: string,
  signature: string,
  address: string,
): Verification {
  if (addressFormat === 'ADDRESS_FORMAT_ETHEREUM') return verifyEthereumMessage(message, signature, address)
  if (addressFormat === 'ADDRESS_FORMAT_SOLANA') return verifySolanaMessage(message, signature, address)
  return { ok: false, reason: `the playground cannot check ${addressFormat} signatures` }
}
