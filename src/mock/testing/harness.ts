// Calling the mock through its handler the way the kit does, and the sign-in steps most tests need.
import type { OtpLoginRequest, ProxyEndpoint, SignupRequest, SignupResponse } from '../../core/types'
import { createMockAuthProxy } from '../handler'
import type { MockAuthProxy, MockAuthProxyOptions } from '../types'
import { createTestClientKey, loginMessage, signupMessage, tokenIdOf, type TestClientKey } from './clientKey'

export const START = Date.parse('2030-01-01T00:00:00.000Z')

export interface TestClock {
  now: () => number
  advance(ms: number): void
}

export function createTestClock(start = START): TestClock {
  let time = start
  return { now: () => time, advance: (ms) => (time += ms) }
}

export interface CallOptions {
  configId?: string | null
  origin?: string
  /** Sent as is, instead of JSON.stringify(body). */
  rawBody?: string
  headers?: Record<string, string>
}

export interface Answer {
  status: number
  body: unknown
  headers: Headers
}

export async function call(
  proxy: MockAuthProxy,
  endpoint: ProxyEndpoint | string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers }
  const configId = options.configId === undefined ? 'demo' : options.configId
  if (configId !== null) headers['X-Auth-Proxy-Config-ID'] = configId
  if (options.origin !== undefined) headers['Origin'] = options.origin
  const init: RequestInit = { method: 'POST', headers }
  if (options.rawBody !== undefined) init.body = options.rawBody
  else if (body !== undefined) init.body = JSON.stringify(body)
  const response = await proxy.handle(new Request(`http://mock.test/v1/${endpoint}`, init))
  const text = await response.text()
  return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers }
}

/** The fields of a successful answer; fails the test with the proxy's message otherwise. */
export async function ok<T = Record<string, unknown>>(answer: Promise<Answer> | Answer): Promise<T> {
  const { status, body } = await answer
  if (status !== 200) throw new Error(`expected 200, got ${status}: ${JSON.stringify(body)}`)
  return body as T
}

export function snapshot(proxy: MockAuthProxy): string {
  return JSON.stringify(proxy.state)
}

export interface Setup {
  proxy: MockAuthProxy
  clock: TestClock
}

export function setup(options: MockAuthProxyOptions = {}): Setup {
  const clock = createTestClock()
  // Strict by default: the mock's tests pin production's behaviour, and production defines every member.
  const proxy = createMockAuthProxy({ now: clock.now, strictFields: true, ...options })
  return { proxy, clock }
}

/** otp_init for an email; answers the otpId and the code from the outbox. */
export async function sendCode(
  proxy: MockAuthProxy,
  email: string,
  extra: Record<string, unknown> = {},
  configId = 'demo',
): Promise<{ otpId: string; code: string }> {
  const { otpId } = await ok<{ otpId: string }>(
    call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: email, ...extra }, { configId }),
  )
  const message = proxy.outbox().find((item) => item.otpId === otpId)
  if (message === undefined) throw new Error('no outbox message for the otpId')
  return { otpId, code: message.code }
}

export interface Verified {
  key: TestClientKey
  verificationToken: string
  tokenId: string
}

/** otp_init + otp_verify with a fresh client key. */
export async function verifyEmail(proxy: MockAuthProxy, email: string, configId = 'demo'): Promise<Verified> {
  const key = await createTestClientKey()
  const { otpId, code } = await sendCode(proxy, email, {}, configId)
  const { verificationToken } = await ok<{ verificationToken: string }>(
    call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey }, { configId }),
  )
  return { key, verificationToken, tokenId: tokenIdOf(verificationToken) }
}

export function emptySignup(email: string, verificationToken: string): SignupRequest {
  return { userEmail: email, verificationToken, apiKeys: [], authenticators: [], oauthProviders: [] }
}

/** A signup request signed as the kit signs it. */
export async function signedSignup(email: string, verified: Verified): Promise<SignupRequest> {
  const request = emptySignup(email, verified.verificationToken)
  request.clientSignature = await verified.key.clientSignature(signupMessage(request, verified.tokenId))
  return request
}

/** An otp_login request for a session bound to `sessionKey`, signed by the token's key. */
export async function signedLogin(verified: Verified, sessionKey: string): Promise<OtpLoginRequest> {
  return {
    verificationToken: verified.verificationToken,
    publicKey: sessionKey,
    clientSignature: await verified.key.clientSignature(loginMessage(sessionKey, verified.tokenId)),
  }
}

/** The kit's flow for a new email user, up to a signed-up account. */
export async function signUp(proxy: MockAuthProxy, email: string): Promise<Verified & SignupResponse> {
  const verified = await verifyEmail(proxy, email)
  const response = await ok<SignupResponse>(call(proxy, 'signup', await signedSignup(email, verified)))
  return { ...verified, ...response }
}
