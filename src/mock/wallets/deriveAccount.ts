// An account's key and address from a wallet's BIP-39 seed, as any wallet derives them: BIP-32
// secp256k1 for Ethereum (EIP-55 address of keccak-256 of the public key), SLIP-10 ed25519 for Solana
// (base58 of the public key).
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import type { PublicAddressFormat, PublicCurve } from '../../core/publicApiTypes'
import { MockError } from '../http'
import { parseDerivationPath } from './derivationPath'
import { slip10HardenedChild, slip10Master } from './slip10Ed25519'

export const CURVES: readonly PublicCurve[] = ['CURVE_SECP256K1', 'CURVE_ED25519']
export const ADDRESS_FORMATS: readonly PublicAddressFormat[] = ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA']
export const PATH_FORMATS = ['PATH_FORMAT_BIP32'] as const

/** The curve each address format is made from. */
const CURVE_OF: Readonly<Record<PublicAddressFormat, PublicCurve>> = {
  ADDRESS_FORMAT_ETHEREUM: 'CURVE_SECP256K1',
  ADDRESS_FORMAT_SOLANA: 'CURVE_ED25519',
}

/** The address format of an account given in the seed's `{path, curve}` form, which names none. */
export function addressFormatForCurve(curve: PublicCurve): PublicAddressFormat {
  return curve === 'CURVE_SECP256K1' ? 'ADDRESS_FORMAT_ETHEREUM' : 'ADDRESS_FORMAT_SOLANA'
}

/** An account to derive, as a sign-up or the tenant's default wallet gives it. */
export interface AccountSpec {
  curve: string
  pathFormat: string
  path: string
  addressFormat: string
}

/** An AccountSpec this mock can derive. */
export interface CheckedAccountSpec {
  curve: PublicCurve
  pathFormat: 'PATH_FORMAT_BIP32'
  path: string
  addressFormat: PublicAddressFormat
}

export interface DerivedAccount {
  address: string
  /** Compressed secp256k1 (33 bytes) or the ed25519 key (32 bytes), hex. */
  publicKey: string
  /** Never leaves the mock: sign_raw_payloads signs with it. */
  privateKey: Uint8Array
}

/**
 * Checks what the mock derives: the curve, path format and address format it knows, an address format
 * made from the curve, and a path it can derive on that curve (ed25519: hardened levels only). Throws
 * 3 INVALID_ARGUMENT naming `field.<member>`.
 */
export function checkAccountSpec(spec: AccountSpec, field: string): CheckedAccountSpec {
  const curve = CURVES.find((known) => known === spec.curve)
  if (curve === undefined)
    throw new MockError(3, `${field}.curve: expected one of ${CURVES.join(', ')}, got "${spec.curve}"`)
  if (spec.pathFormat !== 'PATH_FORMAT_BIP32') {
    throw new MockError(3, `${field}.pathFormat: expected PATH_FORMAT_BIP32, got "${spec.pathFormat}"`)
  }
  const addressFormat = ADDRESS_FORMATS.find((known) => known === spec.addressFormat)
  if (addressFormat === undefined) {
    throw new MockError(
      3,
      `${field}.addressFormat: expected one of ${ADDRESS_FORMATS.join(', ')} (the formats this mock derives), got "${spec.addressFormat}"`,
    )
  }
  if (CURVE_OF[addressFormat] !== curve) {
    throw new MockError(
      3,
      `${field}.addressFormat: ${addressFormat} is made from ${CURVE_OF[addressFormat]} keys, not ${curve}`,
    )
  }
  const levels = parseDerivationPath(spec.path, `${field}.path`)
  if (curve === 'CURVE_ED25519') {
    const soft = levels.findIndex((level) => !level.hardened)
    if (soft !== -1) {
      throw new MockError(
        3,
        `${field}.path: "${spec.path}" has a non-hardened level (${levels[soft]?.index ?? ''}); ed25519 derives hardened levels only (SLIP-10), e.g. m/44'/501'/0'/0'`,
      )
    }
  }
  return { curve, pathFormat: 'PATH_FORMAT_BIP32', path: spec.path, addressFormat }
}

/** Derives the account at `spec.path` from the wallet's BIP-39 seed. */
export function deriveAccount(seed: Uint8Array, spec: CheckedAccountSpec): DerivedAccount {
  const levels = parseDerivationPath(spec.path, 'path')
  if (spec.curve === 'CURVE_SECP256K1') {
    const node = HDKey.fromMasterSeed(seed).derive(spec.path.replace(/[hH]/g, "'"))
    if (node.privateKey === null || node.publicKey === null) throw new Error(`no key derived at ${spec.path}`)
    return {
      address: ethereumAddress(node.publicKey),
      publicKey: bytesToHex(node.publicKey),
      privateKey: node.privateKey,
    }
  }
  let node = slip10Master(seed)
  for (const level of levels) node = slip10HardenedChild(node, level.index)
  const publicKey = ed25519.getPublicKey(node.privateKey)
  return { address: base58.encode(publicKey), publicKey: bytesToHex(publicKey), privateKey: node.privateKey }
}

/** EIP-55: the last 20 bytes of keccak-256 of the uncompressed point (without its 0x04), checksummed by case. */
export function ethereumAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false).slice(1)
  const lower = bytesToHex(keccak_256(uncompressed).slice(-20))
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)))
  let checksummed = '0x'
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower[i] ?? ''
    checksummed += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? char.toUpperCase() : char
  }
  return checksummed
}
