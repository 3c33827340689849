/** A fetch in front of another that keeps some requests until the test lets them go. */
export interface HeldRequests {
  /** Sends each request on to `send`, those to a held endpoint only once release() is called. */
  fetch: typeof globalThis.fetch
  /** Lets every held request go, and every later one at once. */
  release(): void
}

/**
 * Holds the requests to `endpoints` (names as renderWithProxy's `requests` lists them: `wallet_kit_config`,
 * `account`, ...) until the test calls release(): a progress state stays on screen for as long as the test
 * looks at it, on a quiet machine or a busy one. (A mock latency only makes that likely: a slow render
 * outlasts it.) A request whose signal aborts while held rejects as fetch does.
 */
export function holdRequests(send: typeof globalThis.fetch, endpoints: readonly string[]): HeldRequests {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (endpoints.includes(new URL(url).pathname.replace(/^\/v1\//, ''))) {
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
      await new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason)
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
        void released.then(resolve)
      })
    }
    return send(input, init)
  }
  return { fetch, release }
}
