// The receiver of the proxy's webhook (its FEATURE_NAME_WEBHOOK on this app's parent organization): every
// sign-up is an ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7 whose result names the new sub-organization,
// which this app then calls its own (ourOrganizations.ts). The mock signs each delivery with
// `X-Mock-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (the kit's README,
// "Webhooks"); checked over the raw body before anything is parsed, with WebCrypto (constant-time).
import { addOurOrganization } from './ourOrganizations'

export interface ProxyEventsOptions {
  /** The key the deliveries are signed with (the tenant's webhookSecret). */
  secret: string
  /** This app's parent organization: deliveries for any other are refused. */
  parentOrganizationId: string
  /** How old a delivery may be, in seconds. Default 300. */
  maxAgeSeconds?: number
  /** Milliseconds since the epoch. Default Date.now. */
  now?: () => number
}

const SIGNED_UP = 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7'

export function proxyEventsRoute({
  secret,
  parentOrganizationId,
  maxAgeSeconds = 300,
  now = Date.now,
}: ProxyEventsOptions): (request: Request) => Promise<Response> {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
  return async (request) => {
    const body = await request.text()
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(request.headers.get('X-Mock-Signature') ?? '')
    if (signature === null) return refuse(401, 'X-Mock-Signature: missing or not t=<seconds>,v1=<hex>')
    const [, timestamp = '', mac = ''] = signature
    const macBytes = Uint8Array.from(mac.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
    const signed = new TextEncoder().encode(`${timestamp}.${body}`)
    if (!(await crypto.subtle.verify('HMAC', await key, macBytes, signed))) {
      return refuse(401, 'X-Mock-Signature: does not match the body')
    }
    if (Math.abs(now() / 1000 - Number(timestamp)) > maxAgeSeconds) {
      return refuse(401, 'X-Mock-Signature: too old (a replay?)')
    }
    if (request.headers.get('X-Turnkey-Organization-Id') !== parentOrganizationId) {
      return refuse(403, 'not this app’s organization')
    }
    const activity = (JSON.parse(body) as { msg?: { activity?: Activity } }).msg?.activity
    const created = activity?.result?.createSubOrganizationResultV7?.subOrganizationId
    if (
      activity?.type === SIGNED_UP &&
      activity.status === 'ACTIVITY_STATUS_COMPLETED' &&
      activity.organizationId === parentOrganizationId &&
      typeof created === 'string'
    ) {
      addOurOrganization(created)
    }
    return new Response(null, { status: 204 })
  }
}

interface Activity {
  type?: string
  status?: string
  organizationId?: string
  result?: { createSubOrganizationResultV7?: { subOrganizationId?: unknown } }
}

function refuse(status: number, message: string): Response {
  return Response.json({ message }, { status })
}
