// TEMPORARY stand-in for the mock's fault plan (FAULTAPI.md), at the fetch level, until it lands on
// main; replaced by `mock.faults` then.
import type { MockAuthProxy } from '../../mock/types'

export type MockFault =
  | { kind: 'error'; code: number; message?: string; retryAfterSeconds?: number }
  | { kind: 'page'; status: number; body?: string; contentType?: string; retryAfter?: string }
  | { kind: 'drop'; after?: boolean }
  | { kind: 'late'; ms: number }
  | { kind: 'truncate' }
  | { kind: 'contentType'; contentType?: string }

export interface MockFaultRule {
  endpoint: string
  call?: number
  times?: number
  fault: MockFault
}

const STATUS: Record<number, number> = { 3: 400, 4: 504, 5: 404, 6: 409, 7: 403, 8: 429, 9: 400, 13: 500, 14: 503, 16: 401 }

/** The mock's fetch with faults applied by rule. */
export function faultingFetch(mock: MockAuthProxy): { fetch: typeof fetch; add(rule: MockFaultRule): void } {
  const rules: Array<MockFaultRule & { seen: number; hits: number }> = []
  const endpointOf = (url: string): string | undefined => {
    const path = new URL(url).pathname
    const v1 = /^\/v1\/([a-z0-9_]+)$/.exec(path)
    if (v1) return v1[1]
    const api = /^\/public\/v1\/((?:submit|query)\/[a-z_]+)$/.exec(path)
    return api?.[1]
  }
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const endpoint = endpointOf(request.url)
    let fault: MockFault | undefined
    for (const rule of rules) {
      if (rule.endpoint !== endpoint) continue
      rule.seen += 1
      const first = rule.call ?? 1
      const times = rule.times ?? (rule.call === undefined ? Infinity : 1)
      if (fault === undefined && rule.seen >= first && rule.seen < first + times) {
        fault = rule.fault
        rule.hits += 1
      }
    }
    if (fault === undefined) return mock.handle(request)
    switch (fault.kind) {
      case 'error': {
        const headers = new Headers({ 'Content-Type': 'application/json' })
        const details: unknown[] = []
        if (fault.retryAfterSeconds !== undefined) {
          headers.set('Retry-After', String(fault.retryAfterSeconds))
          details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${fault.retryAfterSeconds}s` })
        }
        return new Response(JSON.stringify({ code: fault.code, message: fault.message ?? 'injected', details }), {
          status: STATUS[fault.code] ?? 500,
          headers,
        })
      }
      case 'page': {
        const headers = new Headers({ 'Content-Type': fault.contentType ?? 'text/html; charset=utf-8' })
        if (fault.retryAfter !== undefined) headers.set('Retry-After', fault.retryAfter)
        return new Response(fault.body ?? '<html><body>Gateway</body></html>', { status: fault.status, headers })
      }
      case 'drop':
        if (fault.after) await mock.handle(request)
        throw new TypeError('fetch failed')
      case 'late': {
        const answer = await mock.handle(request)
        await new Promise((resolve) => setTimeout(resolve, fault.ms))
        return answer
      }
      case 'truncate': {
        const answer = await mock.handle(request)
        const text = await answer.text()
        return new Response(text.slice(0, Math.floor(text.length / 2)), { status: answer.status, headers: answer.headers })
      }
      case 'contentType': {
        const answer = await mock.handle(request)
        const headers = new Headers(answer.headers)
        headers.set('Content-Type', fault.contentType ?? 'text/html; charset=utf-8')
        return new Response(await answer.text(), { status: answer.status, headers })
      }
    }
  }
  return {
    fetch: fetchImpl,
    add(rule) {
      rules.push({ ...rule, seen: 0, hits: 0 })
    },
  }
}
