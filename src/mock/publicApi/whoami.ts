import type { WhoamiResponse } from '../../core/publicApiTypes'
import type { PublicApiContext } from './context'
import { rememberQueryStamp } from './verifyQueryStamp'
import { verifyStamp } from './verifyStamp'

/**
 * The query `whoami` (`{organizationId}`, stamped): the user whose credential stamped the request, and
 * their sub-organization, also when the request names the tenant's parent organization. A query
 * changes nothing but a passkey's signature counter; like the others, its stamp is answered once.
 */
export async function whoami(context: PublicApiContext): Promise<WhoamiResponse> {
  const stamp = await verifyStamp(context)
  rememberQueryStamp(context, stamp)
  const { user } = stamp
  const organization = context.state.organizations[user.organizationId]
  return {
    organizationId: user.organizationId,
    organizationName: organization?.organizationName ?? '',
    userId: user.userId,
    username: user.userName ?? '',
  }
}
