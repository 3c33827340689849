// A recording fetch for tests: answers from a script, keeps what was sent.

export interface RecordedCall {
  url: string
  method: string
  headers: Record<string, string>
  /** Parsed JSON body; undefined when none was sent. */
  body: unknown
  signal: AbortSignal | undefined
}

export type FakeAnswer = Response | Error | ((call: RecordedCall) => Response | Promise<Response>)

export interface FakeFetch {
  fetch: typeof fetch
  calls: RecordedCall[]
  /** The endpoint names called, in order (`otp_init`, ...). */
  endpoints(): string[]
}

/** Each call takes the answer scripted for its endpoint (a queue per endpoint, the last one repeats). */
export function fakeFetch(script: Record<string, FakeAnswer | FakeAnswer[]>): FakeFetch {
  const calls: RecordedCall[] = []
  const queues = new Map(
    Object.entries(script).map(([endpoint, answers]) => [endpoint, Array.isArray(answers) ? [...answers] : [answers]]),
  )
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value
    })
    // Keep the spelling the client used for the config id header, as well as the normalized form.
    if (init?.headers !== undefined && !(init.headers instanceof Headers) && !Array.isArray(init.headers)) {
      for (const name of Object.keys(init.headers))
        headers[`raw:${name}`] = (init.headers as Record<string, string>)[name] ?? ''
    }
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init?.signal ?? undefined,
    }
    calls.push(call)
    const endpoint = call.url.split('/v1/')[1] ?? ''
    const queue = queues.get(endpoint)
    if (queue === undefined || queue.length === 0) throw new Error(`fake fetch: no answer scripted for ${endpoint}`)
    const answer = queue.length > 1 ? queue.shift() : queue[0]
    if (answer instanceof Error) throw answer
    if (answer instanceof Response) return answer.clone()
    return answer!(call)
  }
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    endpoints: () => calls.map((call) => call.url.split('/v1/')[1] ?? call.url),
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function grpcError(code: number, message: string, status: number): Response {
  return json({ code, message, details: [] }, status)
}

/** Never answers until the request's signal aborts, then rejects like fetch does. */
export function hang(call: RecordedCall): Promise<Response> {
  return new Promise((_resolve, reject) => {
    call.signal?.addEventListener('abort', () =>
      reject(call.signal?.reason ?? new DOMException('aborted', 'AbortError')),
    )
  })
}

/**
 * A fetch that hands every request to the mock proxy's handler and records the endpoint it called
 * (`otp_init`, `wallet_kit_config`, …) in `endpoints`: what tests of whole flows against the mock assert on.
 */
export function recordingFetch(
  proxy: { handle(request: Request): Promise<Response> },
  endpoints: string[],
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    endpoints.push(new URL(request.url).pathname.replace(/^\/v1\//, ''))
    return proxy.handle(request)
  }
}
