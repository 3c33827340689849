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
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')) body.append(input.name, input.value)
  body.append(button.name, button.value)
  const response = await proxy.handle(
    new Request(new URL(form.getAttribute('action') ?? '', authorizeUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    }),
  )
  const location = response.headers.get('Location')
  if (response.status !== 303 || location === null) throw new Error(`consent answered ${response.status} without a redirect`)
  return location
}

/** A callback URL with its `state` replaced, as an attacker's forged link would carry. */
export function withState(callbackUrl: string, state: string): string {
  const url = new URL(callbackUrl)
  url.searchParams.set('state', state)
  return url.href
}
