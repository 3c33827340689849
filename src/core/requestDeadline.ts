/**
 * One AbortController for a request that ends at the caller's abort or after `timeoutMs`, whichever
 * comes first; `timedOut` tells the two apart. (AbortSignal.any/timeout would do this, but
 * AbortSignal.any is missing before Safari 17.4.) Call `end()` when the request is over.
 */
export interface RequestDeadline {
  readonly signal: AbortSignal
  readonly timedOut: boolean
  end(): void
}

export function startRequestDeadline(
  label: string,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): RequestDeadline {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException(`${label} timed out after ${timeoutMs} ms`, 'TimeoutError'))
  }, timeoutMs)
  const onCallerAbort = () => controller.abort(callerSignal?.reason)
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut
    },
    end() {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    },
  }
}
