// The invariants every run is held to, after the failure and again after the recovery: the session
// is none or the right one, no key is left that nothing references, one account at most per identity.
import { expect } from 'vitest'
import type { MockUser } from '../../mock/types'
import type { FlowRun, Identity } from './flow'
import type { World } from './world'

/** The accounts that answer to `identity` in the mock. */
export function accountsOf(world: World, identity: Identity): MockUser[] {
  const { state } = world.mock
  const users = Object.values(state.users)
  switch (identity.kind) {
    case 'email':
      return users.filter((user) => user.email === identity.email.toLowerCase())
    case 'phone':
      return users.filter((user) => user.phoneNumber === identity.phoneNumber)
    case 'passkey':
      return users.filter((user) => user.userName === identity.userName)
    case 'oauth': {
      const person = state.oauthIdentities.find(
        (candidate) => candidate.provider === identity.provider && candidate.name === identity.name,
      )
      if (person === undefined) throw new Error(`the mock has no ${identity.provider} identity ${identity.name}`)
      // The proxy's own tokens (X, Discord) prefix the provider's subject with the provider's name.
      const subjects = [person.sub, `${identity.provider}:${person.sub}`]
      return users.filter((user) =>
        user.oauthProviders.some((link) => link.provider === identity.provider && subjects.includes(link.subject)),
      )
    }
  }
}

function describeIdentity(identity: Identity): string {
  switch (identity.kind) {
    case 'email':
      return `email ${identity.email}`
    case 'phone':
      return `phone ${identity.phoneNumber}`
    case 'passkey':
      return `passkey user ${identity.userName}`
    case 'oauth':
      return `${identity.provider} subject of ${identity.name}`
  }
}

/** 3 and 4: no key that neither the session nor the documented recovery needs; one account at most per identity. */
async function checkKeysAndAccounts(world: World, run: FlowRun, when: string): Promise<void> {
  const session = world.kit.session.getSnapshot().session
  const keys = await world.kit.keyStore.list()
  const referenced = new Set([...(session === null ? [] : [session.publicKey]), ...run.neededKeys()])
  const unreferenced = keys.filter((key) => !referenced.has(key))
  const kept = run.keptKeys?.() ?? 0
  if (kept === 0)
    expect.soft(unreferenced, `${when}: keys that neither the session nor the recovery references`).toEqual([])
  else
    expect
      .soft(
        unreferenced.length,
        `${when}: keys besides the session's and the ${kept} the flow keeps for its next start`,
      )
      .toBeLessThanOrEqual(kept)
  for (const identity of run.identities) {
    expect
      .soft(accountsOf(world, identity).length, `${when}: accounts of the ${describeIdentity(identity)}`)
      .toBeLessThanOrEqual(1)
  }
}

/** 2-4 after the call failed: no session (or the one there was before, for a signed-in action). */
export async function checkAfterFailure(world: World, run: FlowRun): Promise<void> {
  const when = 'after the failure'
  const session = world.kit.session.getSnapshot().session
  if (run.sessionBefore === null) {
    expect.soft(session, `${when}: the session`).toBeNull()
  } else {
    expect
      .soft(
        session === null ? null : { userId: session.userId, publicKey: session.publicKey },
        `${when}: the session (the one before)`,
      )
      .toEqual({ userId: run.sessionBefore.userId, publicKey: run.sessionBefore.publicKey })
  }
  await checkKeysAndAccounts(world, run, when)
}

/** 2-4 once signed in: the session is the account's, bound to a key the key store holds. */
export async function checkSignedIn(world: World, run: FlowRun, when: string): Promise<void> {
  const session = world.kit.session.getSnapshot().session
  expect.soft(session, `${when}: the session`).not.toBeNull()
  if (session === null) return
  expect
    .soft(await world.kit.keyStore.has(session.publicKey), `${when}: the session's key is in the key store`)
    .toBe(true)
  // The proxy knows it: a live session of that user, bound to that key.
  const live = Object.values(world.mock.state.sessions).some(
    (issued) =>
      issued.userId === session.userId && issued.publicKey === session.publicKey && issued.revokedAt === undefined,
  )
  expect.soft(live, `${when}: the proxy issued a live session for the user and key`).toBe(true)
  const [identity] = run.identities
  if (identity !== undefined) {
    const accounts = accountsOf(world, identity)
    expect.soft(accounts.length, `${when}: accounts of the ${describeIdentity(identity)}`).toBe(1)
    expect.soft(session.userId, `${when}: the session's user`).toBe(accounts[0]?.userId)
  }
  if (run.keepsUser !== undefined) expect.soft(session.userId, `${when}: the signed-in user`).toBe(run.keepsUser)
  await checkKeysAndAccounts(world, run, when)
}
