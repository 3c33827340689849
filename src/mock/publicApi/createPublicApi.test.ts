import { describe, expect, it } from 'vitest'
import { createTestClientKey } from '../testing/clientKey'
import { setup, snapshot } from '../testing/harness'
import { apiKeyStamp, callPublic, passkeySignUp, sessionOf, stampLoginBody } from '../testing/publicApi'

const TENANTS = [{ configId: 'demo', organizationId: 'org-1', allowedOrigins: ['http://app.test'] }]

describe('the public API routes', () => {
  it('answers an unknown route with 5, listing the routes it serves', async () => {
    const { proxy } = setup()
    const answer = await callPublic(proxy, 'submit/create_users', '{}')
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({
      code: 5,
      message:
        'no such public API route: POST /public/v1/submit/create_users (this mock serves POST /public/v1/submit/stamp_login, /public/v1/submit/create_authenticators, /public/v1/submit/sign_raw_payloads, /public/v1/submit/sign_raw_payload, /public/v1/submit/sign_transaction, /public/v1/submit/create_wallet, /public/v1/submit/set_organization_feature, /public/v1/submit/remove_organization_feature, /public/v1/query/whoami, /public/v1/query/get_user, /public/v1/query/list_wallets, /public/v1/query/list_wallet_accounts)',
      details: [],
    })
  })

  it('answers POST only', async () => {
    const { proxy } = setup()
    const response = await proxy.handle(new Request('http://mock.test/public/v1/query/whoami'))
    expect(await response.json()).toEqual({
      code: 5,
      message: 'GET /public/v1/query/whoami: the public API answers POST only',
      details: [],
    })
  })

  it('serves under basePath, and nowhere else', async () => {
    const { proxy } = setup({ basePath: '/auth-proxy', tenants: TENANTS })
    const init = { method: 'POST', body: JSON.stringify({ organizationId: 'org-1' }) }
    const inside = await proxy.handle(new Request('http://mock.test/auth-proxy/public/v1/query/whoami', init))
    expect(await inside.json()).toMatchObject({ code: 16, message: expect.stringMatching(/^X-Stamp: missing/) })
    const outside = await proxy.handle(new Request('http://mock.test/public/v1/query/whoami', init))
    expect(outside.status).toBe(404)
  })

  it('needs no config id, and answers an allowed origin with CORS headers', async () => {
    const { proxy, clock } = setup({ tenants: TENANTS })
    const user = await passkeySignUp(proxy, { origin: 'http://app.test' })
    const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    const answer = await callPublic(proxy, 'submit/stamp_login', body, {
      origin: 'http://app.test',
      headers: { 'X-Stamp': await apiKeyStamp(user.clientKey, body) },
    })
    await sessionOf(answer)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    expect(answer.headers.get('Vary')).toBe('Origin')
  })

  it("refuses an origin the organization's tenant does not allow with 7, no CORS header and no change", async () => {
    const { proxy, clock } = setup({ tenants: TENANTS })
    const user = await passkeySignUp(proxy, { origin: 'http://app.test' })
    const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    const before = snapshot(proxy)
    const answer = await callPublic(proxy, 'submit/stamp_login', body, {
      origin: 'http://evil.test',
      headers: { 'X-Stamp': await apiKeyStamp(user.clientKey, body) },
    })
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({
      code: 7,
      message: `Origin: http://evil.test is not allowed for organization "${user.organizationId}" (config id "demo" allows: http://app.test)`,
      details: [],
    })
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(snapshot(proxy)).toBe(before)
  })

  it('answers a preflight for the stamp headers', async () => {
    const { proxy } = setup({ tenants: TENANTS })
    const response = await proxy.handle(
      new Request('http://mock.test/public/v1/submit/stamp_login', {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://app.test',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, x-stamp-webauthn',
        },
      }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    expect(response.headers.get('Access-Control-Allow-Headers')).toMatch(/X-Stamp, X-Stamp-WebAuthn/)
  })

  it.each([
    ['not JSON', new TextEncoder().encode('{"organizationId":'), /^request body: not valid JSON/],
    ['not UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), /^request body: not UTF-8 text$/],
    ['without organizationId', new TextEncoder().encode('{}'), /^organizationId: expected a string, got nothing$/],
  ])('refuses a body that is %s with 3', async (_name, body, message) => {
    const { proxy } = setup()
    const response = await proxy.handle(
      new Request('http://mock.test/public/v1/query/whoami', { method: 'POST', body }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 3, message: expect.stringMatching(message) })
  })
})
