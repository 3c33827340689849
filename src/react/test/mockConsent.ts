import type { MockAuthProxy } from '../../mock'

/**
 * What a person does on the mock's consent page, done the way a browser does it: load the authorize
 * URL, find the form of the button labelled `choice` ("Continue as Ada Lovelace", "Cancel"), post it,
 * and follow nothing: the answer is the Location the page would send the browser to (the callback URL).
 */
export async function consent(proxy: MockAuthProxy, authorizeUrl: string, choice: string): Promise<string> {
  const page = await proxy.handle(new Request(authorizeUrl))
  const html = await page.text()
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${html}`)
  const document = new DOMParser().parseFromString(html, 'text/html')
  const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === choice)
  const form = button?.closest('form')
  if (!button || !form) throw new Error(`the consent page has no button "${choice}"`)
  const body = new URLSearchParams()
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="hidden"]'))
    body.append(input.name, input.value)
  body.append(button.name, button.value)
  const response = await proxy.handle(
    new Request(new URL(form.getAttribute('action') ?? '', authorizeUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    }),
  )
  const location = response.headers.get('Location')
  if (response.status !== 303 || location === null)
    throw new Error(`consent answered ${response.status} without a redirect`)
  return location
}

/**
 * A callback URL with its answer's `state` replaced, as an attacker's forged link would carry: in the
 * fragment for Google's and Apple's answers, in the query for the others.
 */
export function withState(callbackUrl: string, state: string): string {
  return withAnswer(callbackUrl, { state })
}

/** A callback URL with parameters of its answer replaced (`id_token`, `state`), where the answer is. */
export function withAnswer(callbackUrl: string, replaced: Record<string, string>): string {
  const url = new URL(callbackUrl)
  const inFragment = url.hash !== '' && url.hash !== '#_=_'
  const answer = inFragment ? new URLSearchParams(url.hash.slice(1)) : url.searchParams
  for (const [name, value] of Object.entries(replaced)) answer.set(name, value)
  if (inFragment) url.hash = answer.toString()
  return url.href
}

/** A parameter of a callback URL's answer, from the fragment or the query. */
export function answerParameter(callbackUrl: string, name: string): string | null {
  const url = new URL(callbackUrl)
  return new URLSearchParams(url.hash.slice(1)).get(name) ?? url.searchParams.get(name)
}
