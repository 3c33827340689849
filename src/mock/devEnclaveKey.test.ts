import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { MOCK_DEV_ENCLAVE_PUBLIC_KEY, MOCK_DEV_ENCLAVE_SECRET_KEY } from './devEnclaveKey'
import { createMockAuthProxy } from './handler'

describe('the development enclave key', () => {
  it('is what its comment says it is, and its public half matches', () => {
    expect(MOCK_DEV_ENCLAVE_SECRET_KEY).toBe(
      bytesToHex(sha256(new TextEncoder().encode('auth-proxy-kit mock enclave, for development only'))),
    )
    expect(bytesToHex(p256.getPublicKey(hexToBytes(MOCK_DEV_ENCLAVE_SECRET_KEY), false))).toBe(
      MOCK_DEV_ENCLAVE_PUBLIC_KEY,
    )
    expect(createMockAuthProxy({ enclaveSecretKey: MOCK_DEV_ENCLAVE_SECRET_KEY }).enclaveSignerPublicKey).toBe(
      MOCK_DEV_ENCLAVE_PUBLIC_KEY,
    )
  })
})
