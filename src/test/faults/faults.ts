// The faults the suite injects, each once (the first call to the step's endpoint after the rule is
// added), and what the kit must make of each: the stable KitError code a caller switches on.
import type { MockFault } from '../../mock/types'

export interface FaultCase {
  /** Names the run and the summary's column. */
  name: string
  fault: MockFault
  /** The request took effect on the proxy before the kit lost or misread its answer. */
  processed: boolean
  /**
   * What the kit's transport (src/core/postJson.ts) makes of it, at an endpoint that neither retries
   * nor refines it. `retryAfterSeconds`: the wait the answer announced, which the kit must pass on.
   */
  expected: { code: string; retryAfterSeconds?: number } | 'success'
  /**
   * Where the kit sends once more by itself after this one-shot fault, and so succeeds: the read-only
   * account lookup (client.ts retriedOnce: no answer, or HTTP 503), and a public API activity whose answer
   * was lost (stamp/publicApiClient.ts isLostAnswer: no answer, or a gateway's 502/503/504; the very
   * same bytes and stamp, which the API answers with the same activity).
   */
  absorbedBy: ReadonlyArray<'account' | 'submit'>
}

/**
 * How long the kit waits for an answer in the runs of the `late` fault (everywhere else: its default),
 * and how late the answer is. Both are on fake timers (faultSuite.test.ts): the test moves them on once
 * the mock holds the late answer, so that the kit gives up first however slow the machine is.
 */
export const LATE_TIMEOUT_MS = 300
const LATE_MS = 900

export const FAULTS: readonly FaultCase[] = [
  // A proxy error body: gRPC 13 INTERNAL has no code of its own.
  {
    name: 'error 13',
    fault: { kind: 'error', code: 13 },
    processed: false,
    expected: { code: 'PROXY_ERROR' },
    absorbedBy: [],
  },
  // gRPC 14 UNAVAILABLE (HTTP 503) says what a gateway's 503 page says: the service cannot be reached
  // now, try again. The same HTTP status cannot mean two codes (postJson: 503 page → PROXY_UNAVAILABLE),
  // and the account lookup retries both alike.
  {
    name: 'error 14',
    fault: { kind: 'error', code: 14 },
    processed: false,
    expected: { code: 'PROXY_UNAVAILABLE' },
    absorbedBy: ['account'],
  },
  {
    name: 'error 8 retry 12s',
    fault: { kind: 'error', code: 8, retryAfterSeconds: 12 },
    processed: false,
    expected: { code: 'RATE_LIMITED', retryAfterSeconds: 12 },
    absorbedBy: [],
  },
  {
    name: 'page 502',
    fault: { kind: 'page', status: 502 },
    processed: false,
    expected: { code: 'PROXY_UNAVAILABLE' },
    absorbedBy: ['account', 'submit'],
  },
  {
    name: 'page 503',
    fault: { kind: 'page', status: 503 },
    processed: false,
    expected: { code: 'PROXY_UNAVAILABLE' },
    absorbedBy: ['account', 'submit'],
  },
  {
    name: 'page 429 retry 7',
    fault: { kind: 'page', status: 429, retryAfter: '7' },
    processed: false,
    expected: { code: 'RATE_LIMITED', retryAfterSeconds: 7 },
    absorbedBy: [],
  },
  {
    name: 'drop before',
    fault: { kind: 'drop' },
    processed: false,
    expected: { code: 'PROXY_UNAVAILABLE' },
    absorbedBy: ['account', 'submit'],
  },
  {
    name: 'drop after',
    fault: { kind: 'drop', after: true },
    processed: true,
    expected: { code: 'PROXY_UNAVAILABLE' },
    absorbedBy: ['account', 'submit'],
  },
  {
    name: 'late',
    fault: { kind: 'late', ms: LATE_MS },
    processed: true,
    expected: { code: 'PROXY_TIMEOUT' },
    absorbedBy: ['account', 'submit'],
  },
  // Status 200 kept, the JSON cut in half: postJson cannot parse it (not retried: the answer came).
  {
    name: 'truncate',
    fault: { kind: 'truncate' },
    processed: true,
    expected: { code: 'PROXY_BAD_RESPONSE' },
    absorbedBy: [],
  },
  // postJson reads the body as text and parses it whatever the Content-Type says (a browser's fetch does
  // not care either), so a JSON answer labelled text/html is still the proxy's answer: the flow succeeds.
  { name: 'contentType', fault: { kind: 'contentType' }, processed: true, expected: 'success', absorbedBy: [] },
]
