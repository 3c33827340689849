import type { Kit } from '../contracts'
import { assertKit } from '../assertKit'

/** Signs out: removes the stored session (in every tab) and deletes its key. */
export async function logout(kit: Kit): Promise<void> {
  assertKit(kit, 'logout(kit)')
  await kit.session.logout()
}
