// A captured query refused by what its stamp means, however it is re-encoded (issue 29, item 4): the nine
// re-encodings an attacker tried, whoami (which had no replay check), and a synced passkey (no counter).
import { p256 } from '@noble/curves/nist.js'
import { base64url } from 'jose'
import { describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { setup } from '../testing/harness'
import { createSoftAuthenticator } from '../testing/softAuthenticator'
import { apiKeyStamp, callPublic, ORIGIN, passkeySignUp, signedInEmailUser } from '../testing/publicApi'

interface Stamp {
  publicKey: string
  scheme: string
  signature: string
}

const decode = (header: string): Stamp => JSON.parse(new TextDecoder().decode(base64url.decode(header))) as Stamp
const encode = (value: unknown, text = JSON.stringify(value)) => base64url.encode(text)

/** The other DER signature of the same act of signing: s replaced by n − s. */
function twin(derHex: string): string {
  const signature = p256.Signature.fromBytes(Buffer.from(derHex, 'hex'), 'der')
  return new p256.Signature(signature.r, p256.Point.Fn.ORDER - signature.s).toHex('der')
}

/** Nine ways of writing one X-Stamp that each still verify. */
const REENCODINGS: Record<string, (header: string) => string> = {
  'base64url padding "="': (header) => `${header}=`,
  'base64url padding "=="': (header) => `${header}==`,
  "the signature's high-S twin": (header) => encode({ ...decode(header), signature: twin(decode(header).signature) }),
  'the signature in upper-case hex': (header) =>
    encode({ ...decode(header), signature: decode(header).signature.toUpperCase() }),
  'the key in upper-case hex': (header) =>
    encode({ ...decode(header), publicKey: decode(header).publicKey.toUpperCase() }),
  'the key uncompressed': (header) =>
    encode({ ...decode(header), publicKey: p256.Point.fromHex(decode(header).publicKey).toHex(false) }),
  'the members in another order': (header) => {
    const { publicKey, scheme, signature } = decode(header)
    return encode({ signature, scheme, publicKey })
  },
  'whitespace in the JSON': (header) => encode(null, JSON.stringify(decode(header), null, 2)),
  'a member production does not define': (header) => encode({ ...decode(header), note: 'again' }),
}

describe('a query stamp is answered once, by meaning', () => {
  it.each(Object.entries(REENCODINGS))(
    'refuses a replay re-encoded with %s (16), and answers that encoding when it is new',
    async (_, reencode) => {
      const { proxy } = setup()
      const ada = await signedInEmailUser(proxy, 'ada@example.com')
      const body = JSON.stringify({ organizationId: ada.organizationId, userId: ada.userId })
      const stamp = await apiKeyStamp(ada.sessionKey, body)
      expect((await callPublic(proxy, 'query/get_user', body, { headers: { 'X-Stamp': stamp } })).status).toBe(200)
      const replay = await callPublic(proxy, 'query/get_user', body, { headers: { 'X-Stamp': reencode(stamp) } })
      expect({ status: replay.status, body: replay.body }).toMatchObject({
        status: 401,
        body: { code: 16, message: expect.stringMatching(/^X-Stamp: this signature already stamped a query at /) },
      })
      // The encoding itself is one the mock reads: a fresh stamp written so is answered.
      const fresh = reencode(await apiKeyStamp(ada.sessionKey, body))
      expect((await callPublic(proxy, 'query/get_user', body, { headers: { 'X-Stamp': fresh } })).status).toBe(200)
    },
  )

  it('answers a high-S signature when it is new, as production must (its WebCrypto stamper sends them)', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = JSON.stringify({ organizationId: ada.organizationId })
    const stamp = decode(await apiKeyStamp(ada.sessionKey, body))
    const low = p256.Signature.fromBytes(Buffer.from(stamp.signature, 'hex'), 'der').hasHighS()
      ? twin(stamp.signature)
      : stamp.signature
    const high = encode({ ...stamp, signature: twin(low) })
    expect(p256.Signature.fromBytes(Buffer.from(decode(high).signature, 'hex'), 'der').hasHighS()).toBe(true)
    expect((await callPublic(proxy, 'query/list_wallets', body, { headers: { 'X-Stamp': high } })).status).toBe(200)
  })

  it('refuses a replayed whoami (16), which had no replay check', async () => {
    const { proxy } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const body = JSON.stringify({ organizationId: ada.organizationId })
    const headers = { 'X-Stamp': await apiKeyStamp(ada.sessionKey, body) }
    expect((await callPublic(proxy, 'query/whoami', body, { headers })).status).toBe(200)
    expect((await callPublic(proxy, 'query/whoami', body, { headers })).body).toMatchObject({
      code: 16,
      message: expect.stringMatching(/^X-Stamp: this signature already stamped a query at /),
    })
  })

  it('refuses a replayed query of a synced passkey (its counter stays 0), which the counter cannot catch', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy, {
      authenticator: createSoftAuthenticator({ origin: ORIGIN, counts: false }),
    })
    const body = JSON.stringify({ organizationId: DEMO_ORGANIZATION_ID })
    const headers = { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) }
    expect((await callPublic(proxy, 'query/whoami', body, { headers })).status).toBe(200)
    clock.advance(60 * 60 * 1000)
    expect((await callPublic(proxy, 'query/whoami', body, { headers })).body).toMatchObject({
      code: 16,
      message: expect.stringMatching(/^X-Stamp-WebAuthn: this signature already stamped a query at /),
    })
    // A new assertion of the same body is a new request.
    const again = { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) }
    expect((await callPublic(proxy, 'query/whoami', body, { headers: again })).status).toBe(200)
  })
})
