// The proxy's webhook: how this app learns which organizations are its own (server/proxyEvents.ts).
import { proxyEventsOptions } from '../../../server/env'
import { proxyEventsRoute } from '../../../server/proxyEvents'

const options = proxyEventsOptions()

export const POST = options
  ? proxyEventsRoute(options)
  : () => Response.json({ message: 'set AUTH_PROXY_WEBHOOK_SECRET and AUTH_PROXY_ORGANIZATION_ID' }, { status: 503 })
