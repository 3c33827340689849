import { base58 } from '@scure/base'
import { KitError } from '../errors'
import type { SignRawPayloadResult } from '../publicApiTypes'

const SCALAR = /^[0-9a-fA-F]{1,64}$/

/** The API's `{r, s, v}`, when it is three strings; else PROXY_BAD_RESPONSE naming the activity. */
export function checkRawSignature(value: unknown, label: string, activity: string): SignRawPayloadResult {
  const { r, s, v } = (value ?? {}) as Partial<Record<keyof SignRawPayloadResult, unknown>>
  if (typeof r !== 'string' || typeof s !== 'string' || typeof v !== 'string') {
    throw badSignature(label, activity, 'no signature {r, s, v}')
  }
  return { r, s, v }
}

/** r‖s‖v with v as 27 or 28: what personal_sign and eth_signTypedData_v4 return, and what libraries recover from. */
export function ethereumSignature(raw: SignRawPayloadResult, label: string, activity: string): `0x${string}` {
  const recovery = Number.parseInt(raw.v, 16)
  // The API's v is the recovery id (00 or 01); 27 and 28 are tolerated in case it is already shifted.
  const v = recovery === 0 || recovery === 1 ? recovery + 27 : recovery === 27 || recovery === 28 ? recovery : undefined
  if (v === undefined || !/^(0x)?[0-9a-fA-F]{1,2}$/.test(raw.v))
    throw badSignature(label, activity, `v ${JSON.stringify(raw.v)} is not a recovery id`)
  return `0x${scalar(raw.r, 'r', label, activity)}${scalar(raw.s, 's', label, activity)}${v.toString(16)}`
}

/** The 64 bytes of an ed25519 signature, base58 as Solana writes signatures. */
export function solanaSignature(raw: SignRawPayloadResult, label: string, activity: string): string {
  const bytes = new Uint8Array(64)
  const hex = `${scalar(raw.r, 'r', label, activity)}${scalar(raw.s, 's', label, activity)}`
  for (let i = 0; i < 64; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return base58.encode(bytes)
}

function scalar(value: string, name: string, label: string, activity: string): string {
  const hex = value.replace(/^0x/i, '')
  if (!SCALAR.test(hex)) throw badSignature(label, activity, `${name} is not 32 bytes of hex`)
  return hex.toLowerCase().padStart(64, '0')
}

export function badSignature(label: string, activity: string, what: string): KitError {
  return new KitError('PROXY_BAD_RESPONSE', `${label}: ${what} in the ${activity} answer`)
}
