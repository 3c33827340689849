// Who is calling: only a signed-in caller of this app gets an answer (server/meRoute.ts).
import { sessionOptions } from '../../../server/env'
import { meRoute } from '../../../server/meRoute'

export const GET = meRoute(sessionOptions())
