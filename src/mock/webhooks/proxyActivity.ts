// The activities production's auth proxy submits on the tenant's behalf, as a webhook sees them: the
// proxy's own calls to the key-management service (init and verify a code, create the sub-organization,
// log in). The mock records none of them as MockActivity (they take no stamp and cannot be replayed), but
// an organization's webhook hears of them as it would in production.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { decodeJwt } from 'jose'
import { protobufTimestamp } from '../publicApi/protobufTimestamp'
import type { MockProxyEndpoint, ResolvedMockTenant } from '../types'
import type { JsonObject } from '../validate'
import type { WebhookActivity } from './createWebhooks'

interface ProxyCall {
  tenant: ResolvedMockTenant
  /** The request body as read (an empty object for a bodyless call). */
  body: JsonObject
  /** The endpoint's answer. */
  result: unknown
  now: number
}

type Describe = (
  call: ProxyCall,
) => Pick<WebhookActivity, 'type' | 'organizationId'> & { intent: JsonObject; result: JsonObject }

/**
 * Per endpoint, the activity production records, or null for a read (config, account lookup). Secrets
 * (codes, verification tokens, sessions, OIDC tokens) are left out of intents and results: a test's
 * receiver has no use for them, and a log of webhooks should not hold credentials.
 */
const PROXY_ACTIVITIES: Readonly<Record<MockProxyEndpoint, Describe | null>> = {
  wallet_kit_config: null,
  wallet_kit_client_params: null,
  account: null,
  otp_init: ({ tenant, body, result }) => ({
    type: 'ACTIVITY_TYPE_INIT_OTP',
    organizationId: tenant.organizationId,
    intent: { initOtpIntent: { otpType: text(body['otpType']), contact: text(body['contact']) } },
    result: { initOtpResult: { otpId: text(member(result, 'otpId')) } },
  }),
  otp_verify: ({ tenant, body }) => ({
    type: 'ACTIVITY_TYPE_VERIFY_OTP',
    organizationId: tenant.organizationId,
    intent: { verifyOtpIntent: { otpId: text(body['otpId'] ?? body['otp_id']) } },
    result: { verifyOtpResult: {} },
  }),
  otp_init_v2: ({ tenant, body, result }) => ({
    type: 'ACTIVITY_TYPE_INIT_OTP_V2',
    organizationId: tenant.organizationId,
    intent: { initOtpIntentV2: { otpType: text(body['otpType']), contact: text(body['contact']) } },
    result: { initOtpResultV2: { otpId: text(member(result, 'otpId')) } },
  }),
  otp_verify_v2: ({ tenant, body }) => ({
    type: 'ACTIVITY_TYPE_VERIFY_OTP_V2',
    organizationId: tenant.organizationId,
    intent: { verifyOtpIntentV2: { otpId: text(body['otpId']) } },
    result: { verifyOtpResult: {} },
  }),
  otp_login_v2: ({ body, result }) => ({
    type: 'ACTIVITY_TYPE_OTP_LOGIN_V2',
    organizationId: sessionOrganization(result),
    intent: { otpLoginIntentV2: { publicKey: text(body['publicKey']) } },
    result: { otpLoginResult: {} },
  }),
  signup: subOrganizationCreated,
  signup_v2: subOrganizationCreated,
  otp_login: ({ body, result }) => ({
    type: 'ACTIVITY_TYPE_OTP_LOGIN',
    organizationId: sessionOrganization(result),
    intent: { otpLoginIntent: { publicKey: text(body['publicKey'] ?? body['public_key']) } },
    result: { otpLoginResult: {} },
  }),
  oauth_login: ({ body, result }) => ({
    type: 'ACTIVITY_TYPE_OAUTH_LOGIN',
    organizationId: sessionOrganization(result),
    intent: { oauthLoginIntent: { publicKey: text(body['publicKey'] ?? body['public_key']) } },
    result: { oauthLoginResult: {} },
  }),
  oauth2_authenticate: ({ tenant, body }) => ({
    type: 'ACTIVITY_TYPE_OAUTH2_AUTHENTICATE',
    organizationId: tenant.organizationId,
    intent: { oauth2AuthenticateIntent: { provider: text(body['provider']) } },
    result: { oauth2AuthenticateResult: {} },
  }),
}

function subOrganizationCreated({ tenant, body, result }: ProxyCall): ReturnType<Describe> {
  const wallet = member(result, 'wallet')
  return {
    type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    organizationId: tenant.organizationId,
    intent: { createSubOrganizationIntentV7: { subOrganizationName: text(body['organizationName']) } },
    result: {
      createSubOrganizationResultV7: {
        subOrganizationId: text(member(result, 'organizationId')),
        rootUserIds: [text(member(result, 'userId'))],
        ...(typeof wallet === 'object' && wallet !== null ? { wallet: wallet as JsonObject } : {}),
      },
    },
  }
}

/** The activity object a webhook carries for a /v1 call that succeeded, or undefined for a read. */
export function proxyActivity(endpoint: MockProxyEndpoint, call: ProxyCall): WebhookActivity | undefined {
  const describe = PROXY_ACTIVITIES[endpoint]
  if (describe === null) return undefined
  const { type, organizationId, intent, result } = describe(call)
  const at = protobufTimestamp(call.now)
  return {
    id: crypto.randomUUID(),
    organizationId,
    status: 'ACTIVITY_STATUS_COMPLETED',
    type,
    intent,
    result,
    votes: [],
    fingerprint: bytesToHex(sha256(new TextEncoder().encode(JSON.stringify(call.body)))),
    canApprove: false,
    canReject: false,
    createdAt: at,
    updatedAt: at,
  }
}

/** A login's session names the sub-organization it was issued in. */
function sessionOrganization(result: unknown): string {
  return text(decodeJwt(text(member(result, 'session')))['organization_id'])
}

function member(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}
