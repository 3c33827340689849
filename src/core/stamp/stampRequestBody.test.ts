import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { base64urlDecode, fromHex, fromUtf8, toHex, utf8 } from '../encoding'
import { KitError } from '../errors'
import type { KeyStore } from '../contracts'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { stampRequestBody } from './stampRequestBody'
import { apiKeyStamper } from './stamper'

const BODY =
  '{"type":"ACTIVITY_TYPE_STAMP_LOGIN","timestampMs":"1906632000000","organizationId":"org-1","parameters":{"publicKey":"02abababababababababababababababababababababababababababababababab"}}'

// Secret key 0x01…01; the signature is its RFC 6979 (deterministic) ECDSA signature of BODY, DER.
// The expected header was assembled independently (Python json + base64) from these two values.
const SECRET_KEY = new Uint8Array(32).fill(1)
const PUBLIC_KEY = '026ff03b949241ce1dadd43519e6960e0a85b41a69a05c328103aa2bce1594ca16'
const SIGNATURE_DER =
  '3045022100f9bf1851405bbef33261140c3785d2c2859dd8dc0b71cb9b93e5f8211207871b022064bfd7f6538549f02426ac56026a52dbba32ad8505b4fe54b18152f900231e24'
const EXPECTED_HEADER =
  'eyJwdWJsaWNLZXkiOiIwMjZmZjAzYjk0OTI0MWNlMWRhZGQ0MzUxOWU2OTYwZTBhODViNDFhNjlhMDVjMzI4MTAzYWEyYmNlMTU5NGNhMTYiLCJzY2hlbWUiOiJTSUdOQVRVUkVfU0NIRU1FX1RLX0FQSV9QMjU2Iiwic2lnbmF0dXJlIjoiMzA0NTAyMjEwMGY5YmYxODUxNDA1YmJlZjMzMjYxMTQwYzM3ODVkMmMyODU5ZGQ4ZGMwYjcxY2I5YjkzZTVmODIxMTIwNzg3MWIwMjIwNjRiZmQ3ZjY1Mzg1NDlmMDI0MjZhYzU2MDI2YTUyZGJiYTMyYWQ4NTA1YjRmZTU0YjE4MTUyZjkwMDIzMWUyNCJ9'

/** A key store holding the fixed key, signing deterministically, and recording what it signed. */
function deterministicKeyStore(signed: Uint8Array[] = []): KeyStore {
  const fail = () => Promise.reject(new Error('not used'))
  return {
    create: fail,
    has: async (publicKey) => publicKey === PUBLIC_KEY,
    sign: fail,
    async signDer(publicKey, data) {
      if (publicKey !== PUBLIC_KEY) throw new Error('unknown key')
      signed.push(data)
      return p256.sign(data, SECRET_KEY, { format: 'der' })
    },
    delete: fail,
    list: async () => [PUBLIC_KEY],
  }
}

function decodeStamp(header: string): { publicKey: string; scheme: string; signature: string } {
  return JSON.parse(fromUtf8(base64urlDecode(header))) as { publicKey: string; scheme: string; signature: string }
}

describe('stampRequestBody (X-Stamp)', () => {
  it('matches the known answer for a fixed key and body', async () => {
    expect(toHex(p256.getPublicKey(SECRET_KEY))).toBe(PUBLIC_KEY)
    const signed: Uint8Array[] = []
    const header = await stampRequestBody({ keyStore: deterministicKeyStore(signed) }, PUBLIC_KEY, BODY)
    expect(header).toBe(EXPECTED_HEADER)
    expect(signed).toEqual([utf8(BODY)])
  })

  it('the known answer decodes to the three fields, in order, and its signature verifies over the body', () => {
    const text = fromUtf8(base64urlDecode(EXPECTED_HEADER))
    expect(text).toBe(
      `{"publicKey":"${PUBLIC_KEY}","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":"${SIGNATURE_DER}"}`,
    )
    expect(
      p256.verify(fromHex(SIGNATURE_DER), utf8(BODY), fromHex(PUBLIC_KEY), {
        prehash: true,
        lowS: false,
        format: 'der',
      }),
    ).toBe(true)
    expect(
      p256.verify(fromHex(SIGNATURE_DER), utf8(`${BODY} `), fromHex(PUBLIC_KEY), {
        prehash: true,
        lowS: false,
        format: 'der',
      }),
    ).toBe(false)
  })

  it('with a real WebCrypto key: unpadded base64url whose DER signature verifies over the exact body', async () => {
    const keyStore = memoryKeyStore()
    const publicKey = await keyStore.create()
    // Several rounds: WebCrypto emits high-S signatures about half the time, which must verify too.
    for (let round = 0; round < 8; round += 1) {
      const body = `${BODY.slice(0, -1)},"round":${round}}`
      const header = await stampRequestBody({ keyStore }, publicKey, body)
      expect(header).toMatch(/^[A-Za-z0-9_-]+$/)
      const stamp = decodeStamp(header)
      expect(Object.keys(stamp)).toEqual(['publicKey', 'scheme', 'signature'])
      expect(stamp.publicKey).toBe(publicKey)
      expect(stamp.scheme).toBe('SIGNATURE_SCHEME_TK_API_P256')
      expect(stamp.signature).toMatch(/^30[0-9a-f]+$/)
      const verify = (text: string) =>
        p256.verify(fromHex(stamp.signature), utf8(text), fromHex(publicKey), {
          prehash: true,
          lowS: false,
          format: 'der',
        })
      expect(verify(body)).toBe(true)
      expect(verify(BODY)).toBe(false)
    }
  })

  it('KEY_NOT_FOUND for a key the store does not hold', async () => {
    const error = await stampRequestBody({ keyStore: memoryKeyStore() }, PUBLIC_KEY, BODY).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KitError)
    expect((error as KitError).code).toBe('KEY_NOT_FOUND')
  })

  it('refuses a malformed key, body or kit, naming the argument', async () => {
    const kit = { keyStore: deterministicKeyStore() }
    await expect(stampRequestBody(kit, 'abc', BODY)).rejects.toThrow(/stampRequestBody\(publicKey\)/)
    await expect(stampRequestBody(kit, PUBLIC_KEY, { a: 1 } as unknown as string)).rejects.toThrow(
      /stampRequestBody\(body\)/,
    )
    await expect(stampRequestBody({} as never, PUBLIC_KEY, BODY)).rejects.toThrow(/stampRequestBody\(kit\)/)
  })
})

describe('apiKeyStamper', () => {
  it('answers the X-Stamp header for the body it is given', async () => {
    const stamper = apiKeyStamper({ keyStore: deterministicKeyStore() }, PUBLIC_KEY)
    expect(await stamper(BODY)).toEqual({ stampHeaderName: 'X-Stamp', stampHeaderValue: EXPECTED_HEADER })
  })

  it('refuses a malformed key at once', () => {
    expect(() => apiKeyStamper({ keyStore: deterministicKeyStore() }, '04abc')).toThrow(/apiKeyStamper\(publicKey\)/)
  })
})
