// Webhooks (production's organization feature FEATURE_NAME_WEBHOOK): every new activity of an
// organization, and of its sub-organizations, is POSTed to the URL the organization set. Deliveries are
// made in the background (never delaying the proxy's answer), signed with an HMAC per organization,
// retried with backoff, and bounded: a timeout per attempt, a cap on those waiting, a cap on the log.
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { isoTime } from '../endpoints/context'
import type {
  MockState,
  MockWebhookDelivery,
  MockWebhookEndpoint,
  MockWebhookOptions,
  MockWebhooks,
  ResolvedMockTenant,
} from '../types'

/** Production's event type for activity notifications (its Webhooks V2 `X-Turnkey-Event-Type`). */
export const WEBHOOK_EVENT_TYPE = 'ACTIVITY_UPDATES'
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as Stripe signs its webhooks. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Mock-Signature'

export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000]
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000
export const DEFAULT_WEBHOOK_MAX_PENDING = 100
export const DEFAULT_WEBHOOK_MAX_LOG = 200

/** An activity object as the public API answers it (`activity` of a submit's answer). */
export interface WebhookActivity {
  id: string
  organizationId: string
  type: string
  [member: string]: unknown
}

export interface WebhookDispatcher extends MockWebhooks {
  /**
   * Queues a delivery of `activity` to its organization's URL and to its parent organization's, where
   * set. Cancels first what waits for a URL that is no longer set (remove_organization_feature).
   */
  notify(activity: WebhookActivity): void
}

export interface WebhooksOptions extends MockWebhookOptions {
  state: MockState
  tenants: readonly ResolvedMockTenant[]
  now: () => number
}

interface Waiting {
  delivery: MockWebhookDelivery
  /** Ends the wait for a retry early, when the delivery is dropped or cancelled. */
  wake?: (() => void) | undefined
  /** Aborts the attempt in flight. */
  abort?: AbortController | undefined
}

export function createWebhooks(options: WebhooksOptions): WebhookDispatcher {
  const { state, tenants, now } = options
  const retryDelaysMs = checkDelays(options.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS)
  const timeoutMs = checkCount(options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS, 'webhooks.timeoutMs', 1)
  const maxPending = checkCount(options.maxPending ?? DEFAULT_WEBHOOK_MAX_PENDING, 'webhooks.maxPending', 1)
  const maxLog = checkCount(options.maxLog ?? DEFAULT_WEBHOOK_MAX_LOG, 'webhooks.maxLog', 1)
  if (maxLog < maxPending) {
    throw new TypeError(`webhooks.maxLog: expected at least webhooks.maxPending (${maxPending}), got ${maxLog}`)
  }
  // window.fetch throws 'Illegal invocation' when `this` is not the window: call it as a plain function.
  const send: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  const secrets = new Map<string, string>()
  for (const tenant of tenants) {
    if (tenant.webhookSecret !== undefined && !secrets.has(tenant.organizationId)) {
      secrets.set(tenant.organizationId, tenant.webhookSecret)
    }
    if (tenant.webhookUrl !== undefined && state.features[tenant.organizationId] === undefined) {
      state.features[tenant.organizationId] = [{ name: 'FEATURE_NAME_WEBHOOK', value: tenant.webhookUrl }]
    }
  }
  /** Oldest first. */
  const log: MockWebhookDelivery[] = []
  const waiting = new Map<string, Waiting>()
  let settledWaiters: Array<() => void> = []

  function secret(organizationId: string): string {
    let key = secrets.get(organizationId)
    if (key === undefined) {
      key = `whsec_${bytesToHex(crypto.getRandomValues(new Uint8Array(24)))}`
      secrets.set(organizationId, key)
    }
    return key
  }

  function urlOf(organizationId: string): string | undefined {
    return state.features[organizationId]?.find((feature) => feature.name === 'FEATURE_NAME_WEBHOOK')?.value
  }

  function finish(entry: Waiting, status: MockWebhookDelivery['status'], lastError?: string): void {
    entry.delivery.status = status
    if (lastError !== undefined) entry.delivery.lastError = lastError
    waiting.delete(entry.delivery.id)
    entry.abort?.abort()
    entry.wake?.()
    if (waiting.size === 0) {
      const waiters = settledWaiters
      settledWaiters = []
      for (const resolve of waiters) resolve()
    }
  }

  /** What waits for a URL its organization no longer has is cancelled: removing the feature stops deliveries. */
  function cancelStale(): void {
    for (const entry of [...waiting.values()]) {
      const url = urlOf(entry.delivery.organizationId)
      if (url !== entry.delivery.url) {
        finish(
          entry,
          'cancelled',
          `FEATURE_NAME_WEBHOOK of organization ${entry.delivery.organizationId} was ${url === undefined ? 'removed' : `changed to ${url}`}`,
        )
      }
    }
  }

  function trimLog(): void {
    while (log.length > maxLog) {
      const index = log.findIndex((delivery) => delivery.status !== 'pending')
      // maxLog >= maxPending: there is always a finished one to drop.
      log.splice(index === -1 ? 0 : index, 1)
    }
  }

  function enqueue(organizationId: string, url: string, activity: WebhookActivity): void {
    const delivery: MockWebhookDelivery = {
      id: crypto.randomUUID(),
      organizationId,
      url,
      activityId: activity.id,
      activityType: activity.type,
      activityOrganizationId: activity.organizationId,
      attempts: 0,
      status: 'pending',
      createdAt: isoTime(now()),
    }
    const entry: Waiting = { delivery }
    log.push(delivery)
    waiting.set(delivery.id, entry)
    if (waiting.size > maxPending) {
      const [oldest] = waiting.values()
      if (oldest !== undefined)
        finish(
          oldest,
          'dropped',
          `dropped unsent: more than ${maxPending} deliveries (webhooks.maxPending) were waiting`,
        )
    }
    trimLog()
    const body = JSON.stringify({ type: WEBHOOK_EVENT_TYPE, msg: { activity } })
    // Started on a later turn: the proxy answers first, and a receiver that is the caller itself is not waited on.
    setTimeout(() => void deliver(entry, body), 0)
  }

  async function deliver(entry: Waiting, body: string): Promise<void> {
    const { delivery } = entry
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt += 1) {
      if (delivery.status !== 'pending') return
      if (attempt > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, retryDelaysMs[attempt - 1])
          entry.wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        entry.wake = undefined
        if (delivery.status !== 'pending') return
      }
      delivery.attempts += 1
      const error = await attemptOnce(entry, body)
      if (delivery.status !== 'pending') return
      if (error === undefined) {
        delivery.deliveredAt = isoTime(now())
        finish(entry, 'delivered')
        return
      }
      delivery.lastError = error
    }
    finish(entry, 'failed')
  }

  /** One POST; answers why it failed, or undefined for a 2xx answer. */
  async function attemptOnce(entry: Waiting, body: string): Promise<string | undefined> {
    const { delivery } = entry
    const abort = new AbortController()
    entry.abort = abort
    let timedOut = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // Raced as well as aborted: an injected fetch that ignores its signal cannot hold a delivery forever.
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        timedOut = true
        abort.abort()
        reject(new Error('timeout'))
      }, timeoutMs)
    })
    try {
      const timestamp = Math.floor(now() / 1000)
      const sent = send(delivery.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Turnkey-Organization-Id': delivery.organizationId,
          'X-Turnkey-Event-Type': WEBHOOK_EVENT_TYPE,
          'X-Turnkey-Event-Id': delivery.id,
          'X-Turnkey-Timestamp': String(now()),
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret(delivery.organizationId), timestamp, body),
        },
        body,
        signal: abort.signal,
      })
      // Lost to the timeout, its rejection (the abort) is nobody's to handle.
      sent.catch(() => undefined)
      const response = await Promise.race([sent, timeout])
      delivery.lastStatus = response.status
      // Read to the end (within the time left), so that the connection is free for the next delivery.
      await Promise.race([response.arrayBuffer(), timeout]).catch(() => undefined)
      return response.ok ? undefined : `HTTP ${response.status}`
    } catch (error) {
      if (timedOut) return `timeout after ${timeoutMs} ms`
      return error instanceof Error ? `${error.message}${describeCause(error.cause)}` : String(error)
    } finally {
      clearTimeout(timer)
      entry.abort = undefined
    }
  }

  return {
    notify(activity) {
      cancelStale()
      const parentId = state.organizations[activity.organizationId]?.parentOrganizationId
      const targets =
        parentId === undefined || parentId === activity.organizationId
          ? [activity.organizationId]
          : [activity.organizationId, parentId]
      for (const organizationId of targets) {
        const url = urlOf(organizationId)
        if (url !== undefined) enqueue(organizationId, url, activity)
      }
    },
    list: () => structuredClone(log).reverse(),
    endpoints() {
      const endpoints: MockWebhookEndpoint[] = []
      for (const organizationId of Object.keys(state.features)) {
        const url = urlOf(organizationId)
        if (url !== undefined) endpoints.push({ organizationId, url, secret: secret(organizationId) })
      }
      return endpoints
    },
    secret,
    settled: () =>
      waiting.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => settledWaiters.push(resolve)),
  }
}

/** The X-Mock-Signature value: docs/mock.md, "Webhooks", shows how a receiver checks it. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const mac = hmac(sha256, new TextEncoder().encode(secret), new TextEncoder().encode(`${timestamp}.${body}`))
  return `t=${timestamp},v1=${bytesToHex(mac)}`
}

/** undici reports the reason (ECONNREFUSED) as the cause of a bare 'fetch failed'. */
function describeCause(cause: unknown): string {
  if (cause instanceof Error)
    return ` (${'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message})`
  return ''
}

function checkDelays(delays: readonly number[]): number[] {
  if (!Array.isArray(delays) || !delays.every((delay) => Number.isInteger(delay) && delay >= 0)) {
    throw new TypeError(
      `webhooks.retryDelaysMs: expected a list of whole milliseconds >= 0, got ${JSON.stringify(delays)}`,
    )
  }
  return [...delays]
}

function checkCount(value: number, name: string, min: number): number {
  if (!Number.isInteger(value) || value < min)
    throw new TypeError(`${name}: expected a whole number >= ${min}, got ${value}`)
  return value
}
