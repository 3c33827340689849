// The text of a code's message. The production proxy reads the tenant's SMS template as a Go template
// and puts the code where it says `{{.OtpCode}}`; the mock does the same, and also fills in
// `{{.AppName}}` (the tenant's app name), in SMS texts and email subjects alike.

/** Where the code goes in a tenant's smsTemplate. */
export const SMS_CODE_PLACEHOLDER = '{{.OtpCode}}'
/** Where the tenant's app name goes. */
export const APP_NAME_PLACEHOLDER = '{{.AppName}}'
/** The text when the tenant sets no template. */
export const DEFAULT_SMS_TEMPLATE = `Your verification code is ${SMS_CODE_PLACEHOLDER}`

// Go templates allow spaces inside the braces: `{{ .OtpCode }}` is the same action.
const ACTION_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g
const FIELDS = { '.OtpCode': 'code', '.AppName': 'appName' } as const
/** Ten segments of 160 characters: far beyond any code text, short of a mistake pasted in whole. */
export const MAX_SMS_TEMPLATE_LENGTH = 1600

export interface MessageValues {
  code: string
  appName: string
}

/**
 * What is wrong with a template, or undefined: an action other than `{{.OtpCode}}` and `{{.AppName}}`
 * would fail in the production proxy's Go template (a typo like `{{.Code}}` sends no code), and an SMS
 * template without the code is useless.
 */
export function messageTemplateProblem(template: string, { needsCode }: { needsCode: boolean }): string | undefined {
  if (template.length > MAX_SMS_TEMPLATE_LENGTH)
    return `at most ${MAX_SMS_TEMPLATE_LENGTH} characters, got ${template.length}`
  for (const [action, field] of template.matchAll(ACTION_PATTERN)) {
    if (!Object.hasOwn(FIELDS, field ?? '')) {
      return `only the placeholders ${SMS_CODE_PLACEHOLDER} and ${APP_NAME_PLACEHOLDER}, got ${action} in ${JSON.stringify(template)}`
    }
  }
  if (needsCode && !templateHasCode(template)) {
    return `a text containing ${SMS_CODE_PLACEHOLDER} where the code goes (like "Your code is ${SMS_CODE_PLACEHOLDER}"), got ${JSON.stringify(template)}`
  }
  return undefined
}

function templateHasCode(template: string): boolean {
  return [...template.matchAll(ACTION_PATTERN)].some(([, field]) => field === '.OtpCode')
}

/** The template with each placeholder filled in. */
export function renderMessageText(template: string, values: MessageValues): string {
  return template.replace(ACTION_PATTERN, (action, field: string) =>
    Object.hasOwn(FIELDS, field) ? values[FIELDS[field as keyof typeof FIELDS]] : action,
  )
}
