// Passkeys, the soft authenticator in place of the browser's: sign-up, log-in, adding one while
// signed in, and refreshing a session (stamp_login stamped by the session's key).
import type { Session } from '../../core/contracts'
import { isKitError, isPasskeySignUpIncomplete } from '../../core/errors'
import { addPasskey, loginWithPasskey, signUpWithPasskey } from '../../core/passkey/passkeyActions'
import { refreshSession } from '../../core/wallet/refreshSession'
import type { FlowDef, FlowRun } from './flow'
import { RELYING_PARTY, type World } from './world'

const PASSKEY_USER = 'Ada Passkey'

function signUp(world: World) {
  return signUpWithPasskey(world.kit, { ...RELYING_PARTY, userName: PASSKEY_USER })
}

export const passkeySignup: FlowDef = {
  name: 'passkey sign-up',
  steps: ['signup_v2', 'submit/stamp_login'],
  passkeySignup: true,
  async prepare(world) {
    return {
      call: () =>
        signUp(world).then(
          () => undefined,
          (error: unknown) => error,
        ),
      async recover(error) {
        if (isKitError(error, 'PASSKEY_SIGNUP_INCOMPLETE') && !isPasskeySignUpIncomplete(error)) {
          throw new Error('PASSKEY_SIGNUP_INCOMPLETE without a credentialId to sign in with')
        }
        const credentialId = isPasskeySignUpIncomplete(error) ? error.credentialId : undefined
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

/**
 * A passkey flow whose documented recovery is the same action once more (log-in, add a passkey,
 * refresh): signed in as the passkey user afterwards, the same user when it started signed in.
 */
function tryAgain(action: () => Promise<unknown>, sessionBefore: Session | null): FlowRun {
  return {
    call: () =>
      action().then(
        () => undefined,
        (error: unknown) => error,
      ),
    async recover() {
      await action()
      return {}
    },
    neededKeys: () => [],
    sessionBefore,
    identities: [{ kind: 'passkey', userName: PASSKEY_USER }],
    ...(sessionBefore === null ? {} : { keepsUser: sessionBefore.userId }),
    dispose: () => undefined,
  }
}

export const passkeyLogin: FlowDef = {
  name: 'passkey log-in',
  steps: ['submit/stamp_login'],
  async prepare(world) {
    await signedUpWithPasskey(world)
    await world.kit.session.logout()
    return tryAgain(() => loginWithPasskey(world.kit, { rpId: RELYING_PARTY.rpId }), null)
  },
}

export const passkeyAdd: FlowDef = {
  name: 'add a passkey',
  steps: ['submit/create_authenticators'],
  async prepare(world) {
    const session = await signedUpWithPasskey(world)
    return tryAgain(() => addPasskey(world.kit, RELYING_PARTY), session)
  },
}

export const refresh: FlowDef = {
  name: 'refresh',
  steps: ['submit/stamp_login'],
  makesNoKey: true,
  async prepare(world) {
    const session = await signedUpWithPasskey(world)
    return tryAgain(() => refreshSession(world.kit), session)
  },
}
