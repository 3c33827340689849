// A session for a test kit without a sign-in flow: a key it holds and a token shaped like the proxy's.
import { act } from '@testing-library/react'
import type { Kit, Session, SignInIdentity } from '../../core'
import { sessionToken } from '../../core/test/tokens'
import { WALLET_ORG, WALLET_USER } from '../../core/test/walletApi'

export interface TestSessionOptions {
  userId?: string
  organizationId?: string
  /** Default 15 minutes from the kit's clock. */
  lifetimeMs?: number
  /** Default a new key. */
  publicKey?: string
  identity?: SignInIdentity
}

export async function setTestSession(kit: Kit, options: TestSessionOptions = {}): Promise<Session> {
  const { userId = WALLET_USER, organizationId = WALLET_ORG, lifetimeMs = 15 * 60_000, identity } = options
  const publicKey = options.publicKey ?? (await kit.keyStore.create())
  const token = await sessionToken({
    exp: Math.floor((kit.now() + lifetimeMs) / 1000),
    public_key: publicKey,
    user_id: userId,
    organization_id: organizationId,
  })
  let session: Session | undefined
  await act(async () => {
    await kit.session.ready
    session = await kit.session.set(token, identity === undefined ? {} : { identity })
  })
  return session as Session
}
