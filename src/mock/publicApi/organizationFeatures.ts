import { isoTime } from '../endpoints/context'
import { MockError } from '../http'
import type { MockActivity, MockActivityType, MockFeature, MockFeatureName } from '../types'
import { isAbsoluteHttpUrl } from '../validate'
import { assertMayAct, assertNotReplayed, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { protobufTimestamp } from './protobufTimestamp'
import { readApiKeyStamp } from './readApiKeyStamp'
import { readEnvelope } from './readEnvelope'
import { assertOwnOrganization } from './verifyQueryStamp'
import { verifyStamp } from './verifyStamp'

/** Production's v1FeatureName, whole: any of them may be set; the mock acts on FEATURE_NAME_WEBHOOK. */
export const FEATURE_NAMES: readonly MockFeatureName[] = [
  'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY',
  'FEATURE_NAME_WEBAUTHN_ORIGINS',
  'FEATURE_NAME_EMAIL_AUTH',
  'FEATURE_NAME_EMAIL_RECOVERY',
  'FEATURE_NAME_WEBHOOK',
  'FEATURE_NAME_SMS_AUTH',
  'FEATURE_NAME_OTP_EMAIL_AUTH',
  'FEATURE_NAME_AUTH_PROXY',
  'FEATURE_NAME_SOLANA_RENT_PREFUND_ENABLED',
  'FEATURE_NAME_SWAP_CONFIG',
  'FEATURE_NAME_EARN_CONFIG',
]

interface FeatureActivity {
  activity: {
    id: string
    organizationId: string
    status: 'ACTIVITY_STATUS_COMPLETED'
    type: MockActivityType
    intent: Record<string, { name: MockFeatureName; value?: string | undefined }>
    result: Record<string, { features: MockFeature[] }>
    votes: unknown[]
    fingerprint: string
    canApprove: false
    canReject: false
    createdAt: ReturnType<typeof protobufTimestamp>
    updatedAt: ReturnType<typeof protobufTimestamp>
  }
}

/**
 * ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE (production's v1SetOrganizationFeatureIntent `{name, value}`):
 * sets (or replaces) one feature of the organization and answers the organization's features. For
 * FEATURE_NAME_WEBHOOK the value must be an absolute http(s) URL: from then on every new activity of
 * the organization and of its sub-organizations is POSTed there.
 */
export async function setOrganizationFeature(context: PublicApiContext): Promise<FeatureActivity> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE')
  const name = parameters.oneOf('name', FEATURE_NAMES)
  const value = parameters.string('value')
  if (name === 'FEATURE_NAME_WEBHOOK' && !isAbsoluteHttpUrl(value)) {
    throw new MockError(
      3,
      `${parameters.name('value')}: expected the webhook's absolute http(s) URL (without a fragment) for FEATURE_NAME_WEBHOOK, got ${JSON.stringify(value)}`,
    )
  }
  const record = await authorizeFeatureChange(context, 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE')
  const features = (context.state.features[context.scope.organizationId] ?? []).filter(
    (feature) => feature.name !== name,
  )
  features.push({ name, value })
  context.state.features[context.scope.organizationId] = features
  return featureActivity(
    context,
    record,
    { setOrganizationFeatureIntent: { name, value } },
    'setOrganizationFeatureResult',
  )
}

/**
 * ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE (v1RemoveOrganizationFeatureIntent `{name}`): removes the
 * feature and answers the features left. Removing FEATURE_NAME_WEBHOOK stops deliveries, those waiting
 * for a retry included. Removing a feature that is not set changes nothing and succeeds.
 */
export async function removeOrganizationFeature(context: PublicApiContext): Promise<FeatureActivity> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE')
  const name = parameters.oneOf('name', FEATURE_NAMES)
  const record = await authorizeFeatureChange(context, 'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE')
  const left = (context.state.features[context.scope.organizationId] ?? []).filter((feature) => feature.name !== name)
  if (left.length === 0) delete context.state.features[context.scope.organizationId]
  else context.state.features[context.scope.organizationId] = left
  return featureActivity(
    context,
    record,
    { removeOrganizationFeatureIntent: { name } },
    'removeOrganizationFeatureResult',
  )
}

const STAMP_HEADERS = ['X-Stamp', 'X-Stamp-WebAuthn', 'X-Stamp-Attested']

/**
 * Who may change an organization's features, as in production where its root quorum must approve:
 * for a tenant's (parent) organization, one of its root user's API keys (the tenant's
 * `rootApiPublicKeys`), never a sub-organization's user; for a sub-organization, its own user (an API
 * key or a read-write session's key or a passkey). Checks, then records the activity; writes nothing
 * when it throws.
 */
async function authorizeFeatureChange(context: PublicApiContext, type: MockActivityType): Promise<MockActivity> {
  const { scope, headers, tenant } = context
  assertNotReplayed(context)
  if (scope.organizationId !== tenant.organizationId) {
    const stamp = await verifyStamp(context)
    assertOwnOrganization(context, stamp)
    assertMayAct(stamp)
    return recordActivity(context, type, stamp)
  }
  const stampHeader = headers.get('X-Stamp')
  const given = STAMP_HEADERS.filter((header) => headers.get(header) !== null)
  if (stampHeader !== null && given.length === 1) {
    const { publicKey } = readApiKeyStamp(stampHeader, context.bodyBytes)
    if (tenant.rootApiPublicKeys.includes(publicKey)) return recordRootActivity(context, type)
  }
  // Not a root key: a user of one of the tenant's sub-organizations is known (7), anything else is not (16).
  const stamp = await verifyStamp(context)
  throw new MockError(
    7,
    `organizationId: "${scope.organizationId}" is not the organization of the stamping user (theirs is "${stamp.user.organizationId}"); a session reaches only its own organization; the features of config id "${tenant.configId}"'s parent organization are changed by its root user's API keys (the tenant's rootApiPublicKeys)`,
  )
}

/** The parent organization's root user is not one of the mock's users: the activity names it `root:<configId>`. */
function recordRootActivity(context: PublicApiContext, type: MockActivityType): MockActivity {
  assertNotReplayed(context)
  const activity: MockActivity = {
    activityId: crypto.randomUUID(),
    type,
    organizationId: context.scope.organizationId,
    userId: `root:${context.tenant.configId}`,
    stampedWith: 'API_KEY',
    fingerprint: context.fingerprint,
    createdAt: isoTime(context.now()),
  }
  context.state.activities[activity.activityId] = activity
  return activity
}

function featureActivity(
  context: PublicApiContext,
  record: MockActivity,
  intent: FeatureActivity['activity']['intent'],
  resultName: string,
): FeatureActivity {
  const at = protobufTimestamp(Date.parse(record.createdAt))
  const features = structuredClone(context.state.features[context.scope.organizationId] ?? [])
  return {
    activity: {
      id: record.activityId,
      organizationId: context.scope.organizationId,
      status: 'ACTIVITY_STATUS_COMPLETED',
      type: record.type,
      intent,
      result: { [resultName]: { features } },
      votes: [],
      fingerprint: record.fingerprint,
      canApprove: false,
      canReject: false,
      createdAt: at,
      updatedAt: at,
    },
  }
}
