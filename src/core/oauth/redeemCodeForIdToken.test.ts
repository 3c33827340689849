import { describe, expect, it } from 'vitest'
import { KitError } from '../errors'
import { redeemCodeForIdToken, type RedeemCodeForIdTokenParameters } from './redeemCodeForIdToken'

const TOKEN_URL = 'https://graph.facebook.com/v11.0/oauth/access_token'
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln'

interface Sent {
  url: string
  method: string | undefined
  contentType: string | null
  form: Record<string, string>
  signal: AbortSignal | undefined
}

/** A token endpoint: records what it is sent, answers with `answer`. */
function endpoint(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const call: Sent = {
      url: String(input),
      method: init?.method,
      contentType: new Headers(init?.headers).get('Content-Type'),
      form: Object.fromEntries(new URLSearchParams(String(init?.body))),
      signal: init?.signal ?? undefined,
    }
    sent.push(call)
    return answer(call)
  }
  return { fetch, sent }
}

function parameters(
  fetch: typeof globalThis.fetch,
  overrides: Partial<RedeemCodeForIdTokenParameters> = {},
): RedeemCodeForIdTokenParameters {
  return {
    label: "completeOAuth: Facebook's token endpoint",
    tokenUrl: TOKEN_URL,
    clientId: 'fb-client',
    redirectUri: 'https://app.example.com/cb',
    code: 'fb-code',
    codeVerifier: 'v'.repeat(43),
    fetch,
    timeoutMs: 1000,
    ...overrides,
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

async function caught(promise: Promise<unknown>): Promise<KitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  return error
}

describe('redeemCodeForIdToken', () => {
  it('POSTs the form production sends Facebook and resolves with the answer’s id_token', async () => {
    const { fetch, sent } = endpoint(() =>
      json({ access_token: 'at', token_type: 'bearer', expires_in: 5183944, id_token: ID_TOKEN }),
    )
    await expect(redeemCodeForIdToken(parameters(fetch))).resolves.toBe(ID_TOKEN)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      url: TOKEN_URL,
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      form: {
        client_id: 'fb-client',
        redirect_uri: 'https://app.example.com/cb',
        code_verifier: 'v'.repeat(43),
        code: 'fb-code',
        grant_type: 'authorization_code',
      },
    })
  })

  it('turns Facebook’s error answer into OAUTH_PROVIDER_ERROR with its message, keeping the body as the cause', async () => {
    const body = {
      error: {
        message: 'This authorization code has been used.',
        type: 'OAuthException',
        code: 100,
        fbtrace_id: 'mock',
      },
    }
    const { fetch } = endpoint(() => json(body, 400))
    const error = await caught(redeemCodeForIdToken(parameters(fetch)))
    expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(error.message).toBe(
      "completeOAuth: Facebook's token endpoint: This authorization code has been used. (HTTP 400)",
    )
    expect(error.status).toBe(400)
    expect(error.cause).toEqual(body)
    expect(error.userMessage).toBe('The sign-in provider reported a problem. Please try again.')
  })

  it('reads an RFC 6749 error answer too, and names the status of an answer it cannot read', async () => {
    const rfc = await caught(
      redeemCodeForIdToken(
        parameters(endpoint(() => json({ error: 'invalid_grant', error_description: 'bad verifier' }, 400)).fetch),
      ),
    )
    expect(rfc.message).toBe("completeOAuth: Facebook's token endpoint: invalid_grant: bad verifier (HTTP 400)")
    const html = await caught(
      redeemCodeForIdToken(parameters(endpoint(() => new Response('<h1>Bad gateway</h1>', { status: 502 })).fetch)),
    )
    expect(html).toMatchObject({ code: 'OAUTH_PROVIDER_ERROR', status: 502, cause: '<h1>Bad gateway</h1>' })
    expect(html.message).toBe("completeOAuth: Facebook's token endpoint: HTTP 502")
  })

  it('is OAUTH_PROVIDER_ERROR when the answer has no id_token (openid not granted)', async () => {
    const error = await caught(
      redeemCodeForIdToken(parameters(endpoint(() => json({ access_token: 'at', token_type: 'bearer' })).fetch)),
    )
    expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(error.message).toMatch(/the answer has no id_token \(HTTP 200; is the openid scope granted\?\)/)
  })

  it('is OAUTH_PROVIDER_ERROR when the endpoint cannot be reached (CORS, offline)', async () => {
    const error = await caught(
      redeemCodeForIdToken(
        parameters(async () => {
          throw new TypeError('Failed to fetch')
        }),
      ),
    )
    expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(error.message).toBe("completeOAuth: Facebook's token endpoint: request failed (Failed to fetch)")
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('gives up after timeoutMs with OAUTH_PROVIDER_ERROR, aborting the request', async () => {
    const { fetch, sent } = endpoint(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(call.signal?.reason))
        }),
    )
    const error = await caught(redeemCodeForIdToken(parameters(fetch, { timeoutMs: 20 })))
    expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(error.message).toBe("completeOAuth: Facebook's token endpoint: no answer within 20 ms")
    expect(sent[0]?.signal?.aborted).toBe(true)
  })

  it('is ABORTED when the caller’s signal fires, before or during the request', async () => {
    const before = new AbortController()
    before.abort()
    const idle = endpoint(() => json({ id_token: ID_TOKEN }))
    expect((await caught(redeemCodeForIdToken(parameters(idle.fetch, { signal: before.signal })))).code).toBe('ABORTED')
    expect(idle.sent).toHaveLength(0)

    const during = new AbortController()
    const { fetch } = endpoint(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(call.signal?.reason))
          during.abort()
        }),
    )
    expect((await caught(redeemCodeForIdToken(parameters(fetch, { signal: during.signal })))).code).toBe('ABORTED')
  })
})
