// Passkeys, the soft authenticator in place of the browser's: sign-up, log-in, adding one while
// signed in, and refreshing a session (stamp_login stamped by the session's key).
import type { Session } from '../../core/contracts'
import { isKitError } from '../../core/errors'
import { addPasskey, loginWithPasskey, signUpWithPasskey } from '../../core/flows/passkey'
import { refreshSession } from '../../core/wallet/refreshSession'
import type { FlowDef } from './flow'
import { RELYING_PARTY, type World } from './world'

const PASSKEY_USER = 'Ada Passkey'

/** The credential id a PASSKEY_SIGNUP_INCOMPLETE error carries for the recovery login. */
function incompleteCredentialId(error: unknown): string | undefined {
  if (!isKitError(error) || (error.code as string) !== 'PASSKEY_SIGNUP_INCOMPLETE') return undefined
  const { credentialId } = error as { credentialId?: unknown }
  if (typeof credentialId !== 'string' || credentialId === '') {
    throw new Error('PASSKEY_SIGNUP_INCOMPLETE without a credentialId to sign in with')
  }
  return credentialId
}

function signUp(world: World) {
  return signUpWithPasskey(world.kit, { ...RELYING_PARTY, userName: PASSKEY_USER })
}

export const passkeySignup: FlowDef = {
  name: 'passkey sign-up',
  steps: ['signup', 'submit/stamp_login'],
  passkeySignup: true,
  async prepare(world) {
    return {
      call: () => signUp(world).then(() => undefined, (error: unknown) => error),
      async recover(error) {
        const credentialId = incompleteCredentialId(error)
        if (credentialId === undefined) {
          // Nothing was made: sign up again.
          await signUp(world)
          return {}
        }
        // "Sign in with the passkey you just created"; a passkey with no account behind it: sign up again.
        try {
          await loginWithPasskey(world.kit, { rpId: RELYING_PARTY.rpId, allowCredentials: [credentialId] })
        } catch (loginError) {
          if (!isKitError(loginError, 'STAMP_REFUSED')) throw loginError
          world.advance(1)
          await signUp(world)
        }
        return {}
      },
      neededKeys: () => [],
      sessionBefore: null,
      identities: [{ kind: 'passkey', userName: PASSKEY_USER }],
      dispose: () => undefined,
    }
  },
}

/** Signed in with a new passkey account, for the flows that start signed in (or from one). */
export async function signedUpWithPasskey(world: World): Promise<Session> {
  const { session } = await signUp(world)
  world.advance(1)
  return session
}

export const passkeyLogin: FlowDef = {
  name: 'passkey log-in',
  steps: ['submit/stamp_login'],
  async prepare(world) {
    await signedUpWithPasskey(world)
    await world.kit.session.logout()
    const login = () => loginWithPasskey(world.kit, { rpId: RELYING_PARTY.rpId })
    return {
      call: () => login().then(() => undefined, (error: unknown) => error),
      async recover() {
        await login()
        return {}
      },
      neededKeys: () => [],
      sessionBefore: null,
      identities: [{ kind: 'passkey', userName: PASSKEY_USER }],
      dispose: () => undefined,
    }
  },
}

export const passkeyAdd: FlowDef = {
  name: 'add a passkey',
  steps: ['submit/create_authenticators'],
  async prepare(world) {
    const session = await signedUpWithPasskey(world)
    const add = () => addPasskey(world.kit, RELYING_PARTY)
    return {
      call: () => add().then(() => undefined, (error: unknown) => error),
      async recover() {
        await add()
        return {}
      },
      neededKeys: () => [],
      sessionBefore: session,
      identities: [{ kind: 'passkey', userName: PASSKEY_USER }],
      keepsUser: session.userId,
      dispose: () => undefined,
    }
  },
}

export const refresh: FlowDef = {
  name: 'refresh',
  steps: ['submit/stamp_login'],
  async prepare(world) {
    const session = await signedUpWithPasskey(world)
    return {
      call: () => refreshSession(world.kit).then(() => undefined, (error: unknown) => error),
      async recover() {
        await refreshSession(world.kit)
        return {}
      },
      neededKeys: () => [],
      sessionBefore: session,
      identities: [{ kind: 'passkey', userName: PASSKEY_USER }],
      keepsUser: session.userId,
      dispose: () => undefined,
    }
  },
}
