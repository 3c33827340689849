// The Turnstile script, loaded once per page and URL when a captcha tenant's form first shows it: never
// in a first load (this module is in the captcha widget's own chunk).

/** What the kit uses of Cloudflare's `window.turnstile` (the mock's test widget has the same). */
export interface TurnstileApi {
  render(container: HTMLElement, params: TurnstileRenderParams): string | undefined
  remove(widgetId: string): void
}

export interface TurnstileRenderParams {
  sitekey: string
  callback(token: string): void
  'expired-callback'(): void
  'error-callback'(): boolean
  theme?: 'light' | 'dark' | 'auto' | undefined
  language?: string | undefined
}

declare global {
  interface Window {
    turnstile?: TurnstileApi | undefined
  }
}

const loads = new Map<string, Promise<TurnstileApi>>()

/**
 * `window.turnstile`, from the page (an app or a test that loaded it already) or the script at `url`
 * (explicit rendering: the kit renders into its own element). A failed load is forgotten, so that Try
 * again loads it anew.
 */
export function loadTurnstile(url: string): Promise<TurnstileApi> {
  if (window.turnstile !== undefined) return Promise.resolve(window.turnstile)
  const known = loads.get(url)
  if (known !== undefined) return known
  const loading = new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = explicit(url)
    script.async = true
    script.addEventListener('load', () => {
      if (window.turnstile !== undefined) resolve(window.turnstile)
      else fail(new Error(`${url} loaded, but defined no window.turnstile`))
    })
    script.addEventListener('error', () => fail(new Error(`${url} could not be loaded`)))
    function fail(error: Error) {
      loads.delete(url)
      script.remove()
      reject(error)
    }
    document.head.append(script)
  })
  loads.set(url, loading)
  return loading
}

/** `render=explicit`: no widget appears by itself on elements of Cloudflare's class; the kit renders its one. */
function explicit(url: string): string {
  const parsed = new URL(url, document.baseURI)
  if (!parsed.searchParams.has('render')) parsed.searchParams.set('render', 'explicit')
  return parsed.href
}
