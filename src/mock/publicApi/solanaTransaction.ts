// TRANSACTION_TYPE_SOLANA: a whole wire transaction (https://solana.com/docs/core/transactions): a
// compact-u16 count of signatures, the 64-byte signature slots (zeros where unsigned), then the message,
// legacy or v0. The message is parsed to its end, so that what is signed is a message a validator reads
// the same way: its header says how many accounts must sign, and the first that many account keys are
// theirs, in the order of the signature slots. No Solana package is a peer of the mock for this alone.
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { MockError } from '../http'

export interface SolanaTransaction {
  bytes: Uint8Array
  /** Where the first signature slot starts (after the compact-u16 count). */
  slotsAt: number
  /** The message: what each required signer signs. */
  message: Uint8Array
  /** The account keys that must sign, as hex, in the order of the signature slots. */
  signers: string[]
}

const SIGNATURE_BYTES = 64
const KEY_BYTES = 32

/** Reads bytes front to back; each read names what it was reading when the bytes ran out. */
class Reader {
  #bytes: Uint8Array
  offset: number
  #fail: (what: string) => never

  constructor(bytes: Uint8Array, offset: number, fail: (what: string) => never) {
    this.#bytes = bytes
    this.offset = offset
    this.#fail = fail
  }

  get remaining(): number {
    return this.#bytes.length - this.offset
  }

  byte(what: string): number {
    const value = this.#bytes[this.offset]
    if (value === undefined) return this.#fail(`it ends before ${what}`)
    this.offset += 1
    return value
  }

  take(length: number, what: string): Uint8Array {
    if (length > this.remaining) this.#fail(`it ends inside ${what} (${length} bytes, ${this.remaining} left)`)
    const slice = this.#bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return slice
  }

  /** Solana's compact-u16 ("shortvec"): 7 bits a byte, low first, at most 3 bytes, in its shortest form. */
  compactU16(what: string): number {
    let value = 0
    for (let index = 0; index < 3; index += 1) {
      const byte = this.byte(what)
      value |= (byte & 0x7f) << (7 * index)
      if ((byte & 0x80) === 0) {
        if (index > 0 && byte === 0) this.#fail(`${what} is not in its shortest compact-u16 form`)
        if (value > 0xffff) this.#fail(`${what} is over 65535 (a compact-u16)`)
        return value
      }
    }
    return this.#fail(`${what} is over 65535 (a compact-u16)`)
  }
}

/** Parses a whole transaction (3 INVALID_ARGUMENT naming `field` and what is wrong). */
export function readSolanaTransaction(bytes: Uint8Array, field: string): SolanaTransaction {
  const fail = (what: string): never => {
    throw new MockError(3, `${field}: not a Solana transaction (signatures, then the message): ${what}`)
  }
  const reader = new Reader(bytes, 0, fail)
  const slots = reader.compactU16('the count of signatures')
  const slotsAt = reader.offset
  reader.take(slots * SIGNATURE_BYTES, `the ${slots} signatures`)
  const messageAt = reader.offset
  const first = reader.byte('the message')
  // A versioned message sets the top bit of its first byte (the version); a legacy one starts with its header.
  const versioned = (first & 0x80) !== 0
  if (versioned && first !== 0x80) fail(`message version ${first & 0x7f} is not one the mock reads (legacy or v0)`)
  const required = versioned ? reader.byte('the message header') : first
  const readonlySigned = reader.byte('the message header')
  const readonlyUnsigned = reader.byte('the message header')
  const keyCount = reader.compactU16('the count of account keys')
  const keys = Array.from({ length: keyCount }, (_, index) => reader.take(KEY_BYTES, `account key ${index}`))
  if (required === 0) fail('its header requires no signature (a fee payer must sign)')
  if (required > keyCount) fail(`its header requires ${required} signatures of ${keyCount} account keys`)
  if (readonlySigned >= required)
    fail(`its header makes ${readonlySigned} of ${required} signers read-only (the fee payer cannot be)`)
  if (readonlyUnsigned > keyCount - required) {
    fail(`its header makes ${readonlyUnsigned} unsigned accounts read-only, of ${keyCount - required}`)
  }
  if (slots !== required) fail(`${slots} signature slots for a message that requires ${required} signatures`)
  reader.take(KEY_BYTES, 'the recent blockhash')
  const instructions = reader.compactU16('the count of instructions')
  // Each instruction's program and accounts, by index: checked once the address table lookups are read.
  const indexes: { program: number; accounts: Uint8Array }[] = []
  for (let index = 0; index < instructions; index += 1) {
    const program = reader.byte(`instruction ${index}'s program index`)
    const accounts = reader.take(
      reader.compactU16(`instruction ${index}'s account count`),
      `instruction ${index}'s accounts`,
    )
    reader.take(reader.compactU16(`instruction ${index}'s data length`), `instruction ${index}'s data`)
    indexes.push({ program, accounts })
  }
  let loaded = 0
  if (versioned) {
    const lookups = reader.compactU16('the count of address table lookups')
    for (let index = 0; index < lookups; index += 1) {
      reader.take(KEY_BYTES, `address table lookup ${index}'s table`)
      for (const kind of ['writable', 'read-only']) {
        loaded += reader.take(
          reader.compactU16(`address table lookup ${index}'s ${kind} count`),
          `address table lookup ${index}'s ${kind} indexes`,
        ).length
      }
    }
  }
  if (reader.remaining > 0) fail(`${reader.remaining} bytes follow the end of the message`)
  indexes.forEach(({ program, accounts }, index) => {
    // A program is always one of the message's own keys; an account may be loaded from a lookup table.
    if (program >= keyCount)
      fail(`instruction ${index}'s program index ${program} names none of the ${keyCount} account keys`)
    const beyond = accounts.find((account) => account >= keyCount + loaded)
    if (beyond !== undefined)
      fail(`instruction ${index}'s account index ${beyond} names none of the ${keyCount + loaded} accounts`)
  })
  return { bytes, slotsAt, message: bytes.subarray(messageAt), signers: keys.slice(0, required).map(bytesToHex) }
}

/**
 * Signs the message with the account's ed25519 key and puts the signature in the account's slot; the
 * other slots stay as sent. The whole transaction as hex without 0x. 3 when the account is not a
 * required signer: a signature it makes would be a slot no validator reads.
 */
export function signSolanaTransaction(
  transaction: SolanaTransaction,
  publicKeyHex: string,
  privateKey: Uint8Array,
  field: string,
): string {
  const slot = transaction.signers.indexOf(publicKeyHex.toLowerCase())
  if (slot < 0) {
    throw new MockError(
      3,
      `${field}: the account is not among the ${transaction.signers.length} required signer${transaction.signers.length === 1 ? '' : 's'} of this transaction's message`,
    )
  }
  const signed = transaction.bytes.slice()
  signed.set(ed25519.sign(transaction.message, privateKey), transaction.slotsAt + slot * SIGNATURE_BYTES)
  return bytesToHex(signed)
}
