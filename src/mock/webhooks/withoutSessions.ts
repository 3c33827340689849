// A public API activity as a webhook carries it: what the API answered, minus the sessions it issued.
// stamp_login (a passkey's log-in, and the current generation's OTP and OAuth log-ins) answers
// `result.stampLoginResult.session`, a bearer credential for the account: a receiver has no use for it,
// and a log of webhooks should not hold one (the proxy's own activities leave theirs out the same way,
// proxyActivity.ts).
import type { WebhookActivity } from './createWebhooks'

/** `activity` with every `session` member of its result's entries removed; the rest as answered. */
export function withoutSessions(activity: WebhookActivity): WebhookActivity {
  const { result } = activity
  if (typeof result !== 'object' || result === null) return activity
  const entries = Object.entries(result as Record<string, unknown>).map(([name, value]) => {
    if (typeof value !== 'object' || value === null || !('session' in value)) return [name, value]
    const { session: _session, ...rest } = value as Record<string, unknown>
    return [name, rest]
  })
  return { ...activity, result: Object.fromEntries(entries) }
}
