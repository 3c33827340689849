// Reading the form bodies the provider endpoints take (the consent form, Facebook's token request). A
// form of a few parameters is small: anything larger is refused before it is buffered in full.
import { MockError } from './http'
import { readBodyBytes } from './requestBody'

/** Far beyond any authorize request (each parameter is capped at 2,048 characters). */
export const MAX_FORM_BYTES = 64 * 1024

export async function readForm(request: Request): Promise<URLSearchParams> {
  const contentType = request.headers.get('Content-Type') ?? ''
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const got = contentType === '' ? 'no Content-Type' : contentType
    throw new MockError(3, `request body: expected a form (application/x-www-form-urlencoded), got ${got}`)
  }
  const bytes = await readBodyBytes(request, MAX_FORM_BYTES, tooLarge)
  return new URLSearchParams(new TextDecoder().decode(bytes))
}

function tooLarge(): MockError {
  return new MockError(
    8,
    `request body: larger than ${MAX_FORM_BYTES} bytes; a form of OAuth parameters is far smaller`,
  )
}
