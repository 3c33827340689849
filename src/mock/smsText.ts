// The text of an SMS code. The production proxy reads smsCustomization.template as a Go template and
// puts the code where it says `{{.OtpCode}}`; the mock does the same for that one field.
import { MockError } from './http'

/** Where the code goes in smsCustomization.template. */
export const SMS_CODE_PLACEHOLDER = '{{.OtpCode}}'
/** The text when the request gives no template. */
export const DEFAULT_SMS_TEMPLATE = `Your verification code is ${SMS_CODE_PLACEHOLDER}`

// Go templates allow spaces inside the braces: `{{ .OtpCode }}` is the same action.
const PLACEHOLDER_PATTERN = /\{\{\s*\.OtpCode\s*\}\}/g
/** Ten segments of 160 characters: far beyond any code text, short of a mistake pasted in whole. */
const MAX_TEMPLATE_LENGTH = 1600

/** Refuses a template that would send a text without the code (or an absurdly long one). */
export function checkSmsTemplate(template: string, field: string): string {
  if (template.length > MAX_TEMPLATE_LENGTH) {
    throw new MockError(3, `${field}: expected at most ${MAX_TEMPLATE_LENGTH} characters, got ${template.length}`)
  }
  if (!new RegExp(PLACEHOLDER_PATTERN.source).test(template)) {
    throw new MockError(
      3,
      `${field}: expected a text containing ${SMS_CODE_PLACEHOLDER} where the code goes (like "Your code is ${SMS_CODE_PLACEHOLDER}"), got ${JSON.stringify(template)}`,
    )
  }
  return template
}

export function renderSmsText(template: string, code: string): string {
  return template.replace(PLACEHOLDER_PATTERN, code)
}
