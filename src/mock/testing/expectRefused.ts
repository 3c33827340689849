// A refusal is all of production's answer: the HTTP status its gateway gives the gRPC code, the body
// {code, message, details: []}, and nothing done. One helper, so that no test of a refusal checks less
// of it than another, and a request the mock wrongly takes fails every one of them.
import { expect } from 'vitest'
import type { MockAuthProxy } from '../types'
import { snapshot, type Answer } from './harness'

// Written out rather than read from the mock's GRPC_HTTP_STATUS, so that a wrong status there fails here.
const REFUSAL_STATUS = { 3: 400, 5: 404, 6: 409, 7: 403, 9: 400, 16: 401 } as const

/** The gRPC codes the mock's tests expect a refusal with; another needs its HTTP status added above. */
export type RefusalCode = keyof typeof REFUSAL_STATUS

/**
 * Sends a request the mock must refuse, and expects the answer `{code, message, details: []}` with the
 * code's HTTP status, and the state as it was before `send`.
 */
export async function expectRefused(
  proxy: MockAuthProxy,
  send: () => Promise<Answer>,
  code: RefusalCode,
  message: string | RegExp,
): Promise<void> {
  const before = snapshot(proxy)
  const answer = await send()
  // One comparison, so that a wrong answer shows its status and its body together.
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: REFUSAL_STATUS[code],
    body: { code, message: typeof message === 'string' ? message : expect.stringMatching(message), details: [] },
  })
  expect(snapshot(proxy)).toBe(before)
}
