// The flows the suite runs, each as an app runs it through core, with the step names its requests
// reach (the mock's fault targets) and the recovery its documentation gives after a failure.
import type { Session } from '../../core/contracts'
import { isKitError } from '../../core/errors'
import { completeOAuth, oauthPopupLogin, oauthRedirectLogin } from '../../core/flows/oauth'
import { addPasskey, loginWithPasskey, signUpWithPasskey } from '../../core/flows/passkey'
import type { OAuthProviderName } from '../../core/oauth/providers'
import { createOtpFlow, type OtpFlow, type OtpFlowSnapshot } from '../../core/otp/createOtpFlow'
import { fakeStorage } from '../../core/test/fakes'
import { refreshSession } from '../../core/wallet/refreshSession'
import type { MockOAuthProvider } from '../../mock/oauthProviders'
import { consentForms } from '../../mock/testing/oauth'
import type { MockAuthProxy, MockFaultTarget } from '../../mock/types'
import { RELYING_PARTY, type World } from './world'

/** Who an account is, as the mock finds it: at most one account may answer to each. */
export type Identity =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phoneNumber: string }
  | { kind: 'oauth'; provider: MockOAuthProvider; name: string }
  | { kind: 'passkey'; userName: string }

export interface Recovery {
  /** OTP: whether the code the person already had was enough (no new code was asked for). */
  sameCode?: boolean
  /** OTP: how many times starting again (after the countdown the flow showed) was refused. */
  refusedRestarts?: number
}

/** One flow, prepared up to the call under test. */
export interface FlowRun {
  /** The call under test, to the end of the sign-in; resolves with its failure, or undefined when signed in. */
  call(): Promise<unknown>
  /** The documented recovery after `error`; it ends signed in, or the run fails. */
  recover(error: unknown): Promise<Recovery>
  /** Keys besides the session's that the documented recovery still needs (an OTP challenge's). */
  neededKeys(): string[]
  /**
   * How many keys the flow keeps for its recovery without naming them: after an OTP send whose answer
   * was lost (`maybeSent`), the key the next start uses again.
   */
  keptKeys?(): number
  /** OTP: the countdown the flow shows (retrySecondsLeft), to compare with the wait the answer announced. */
  countdown?(): number
  /** The session there was before the call (a signed-in action keeps it when it fails). */
  sessionBefore: Session | null
  /** The account the flow signs in to, and the others it touches. */
  identities: Identity[]
  /** A signed-in action: after it (and its recovery) the session is the same user's. */
  keepsUser?: string
  dispose(): void
}

export interface FlowDef {
  name: string
  /** The fault targets its requests reach, in order. */
  steps: MockFaultTarget[]
  /** Passkey sign-up: a failure after the account exists is PASSKEY_SIGNUP_INCOMPLETE. */
  passkeySignup?: boolean
  prepare(world: World, step: MockFaultTarget): Promise<FlowRun>
}

const EMAIL = 'ada@example.com'
const PHONE = '+447700900123'
const PASSKEY_USER = 'Ada Passkey'
const OAUTH_PERSON = 'Ada Lovelace'

// ---------------------------------------------------------------------------------------------
// OTP (createOtpFlow, as the UI runs it)

function latestCode(mock: MockAuthProxy, contact: string): string {
  const message = mock.outbox(contact)[0]
  if (message === undefined) throw new Error(`no code was sent to ${contact}`)
  return message.code
}

/** Waits out (by moving the clocks) what the snapshot says to wait for: a rate limit's countdown. */
function waitOut(world: World, snapshot: OtpFlowSnapshot): void {
  const { error } = snapshot
  const announced = error?.code === 'RATE_LIMITED' ? (error.retryAfterSeconds ?? 30) : 0
  const seconds = Math.max(snapshot.retrySecondsLeft, announced)
  if (seconds > 0) world.advance(seconds)
}

/** Signs in once by a code, cleanly (a returning user's first visit), and signs out again. */
async function signUpByCode(world: World, otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS', contact: string): Promise<void> {
  const flow = createOtpFlow(world.kit, { otpType })
  await flow.start(contact)
  await flow.verify(latestCode(world.mock, contact))
  const { step, error } = flow.getSnapshot()
  flow.destroy()
  if (step !== 'done') throw new Error(`setup: the first sign-in by code failed: ${error?.code ?? step}`)
  await world.kit.session.logout()
  world.advance(60)
}

function otpFlowDef(name: string, otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS', returning: boolean): FlowDef {
  const contact = otpType === 'OTP_TYPE_EMAIL' ? EMAIL : PHONE
  const identity: Identity = otpType === 'OTP_TYPE_EMAIL' ? { kind: 'email', email: EMAIL } : { kind: 'phone', phoneNumber: PHONE }
  return {
    name,
    steps: returning ? ['otp_init', 'otp_verify', 'account', 'otp_login'] : ['otp_init', 'otp_verify', 'account', 'signup', 'otp_login'],
    async prepare(world, step) {
      if (returning) await signUpByCode(world, otpType, contact)
      const flow: OtpFlow = createOtpFlow(world.kit, { otpType })
      let code: string | undefined
      if (step !== 'otp_init') {
        await flow.start(contact)
        if (flow.getSnapshot().step !== 'code') throw new Error(`setup: no code was sent: ${flow.getSnapshot().error?.code}`)
        code = latestCode(world.mock, contact)
      }
      const outcome = () => {
        const snapshot = flow.getSnapshot()
        return snapshot.step === 'done' ? undefined : (snapshot.error ?? new Error(`the flow stopped at ${snapshot.step} without an error`))
      }
      return {
        async call() {
          if (code === undefined) {
            await flow.start(contact)
            if (flow.getSnapshot().step !== 'code') return outcome()
            code = latestCode(world.mock, contact)
          }
          await flow.verify(code)
          return outcome()
        },
        async recover() {
          // A failed send: start again, after the countdown when there is one.
          let refusedRestarts = 0
          for (let attempt = 0; attempt < 4 && flow.getSnapshot().step === 'contact'; attempt += 1) {
            waitOut(world, flow.getSnapshot())
            await flow.start(contact)
            if (flow.getSnapshot().step === 'code') code = latestCode(world.mock, contact)
            else refusedRestarts += 1
          }
          let sameCode = true
          let needsNewCode = false
          for (let attempt = 0; attempt < 6 && flow.getSnapshot().step === 'code'; attempt += 1) {
            const snapshot = flow.getSnapshot()
            waitOut(world, snapshot)
            if (snapshot.needsNewCode || needsNewCode) {
              const before = flow.getSnapshot()
              if (!before.canResend && before.resendSecondsLeft > 0) world.advance(before.resendSecondsLeft)
              await flow.resend()
              if (flow.getSnapshot().error !== null) {
                needsNewCode = true
                continue
              }
              needsNewCode = false
              sameCode = false
              code = latestCode(world.mock, contact)
            }
            // Same code: it resumes after otp_verify (the flow keeps the verification token).
            await flow.verify(code as string)
          }
          return { sameCode, refusedRestarts }
        },
        neededKeys() {
          const { challenge } = flow.getSnapshot()
          return challenge === undefined ? [] : [challenge.publicKey]
        },
        keptKeys: () => (flow.getSnapshot().maybeSent ? 1 : 0),
        countdown: () => flow.getSnapshot().retrySecondsLeft,
        sessionBefore: null,
        identities: [identity],
        dispose: () => flow.destroy(),
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------
// OAuth (core's redirect and popup flows, on the mock's consent page)

/** A person on the mock's consent page: loads the authorize URL, continues as `person`, and is sent back. */
async function consent(mock: MockAuthProxy, authorizeUrl: string, person: string): Promise<string> {
  const page = await mock.handle(new Request(authorizeUrl))
  const html = await page.text()
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}`)
  const form = consentForms(html).find((candidate) => candidate.label === `Continue as ${person}`)
  if (form === undefined) throw new Error(`the consent page offers no "${person}"`)
  const answer = await mock.handle(
    new Request(new URL(form.action, authorizeUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields),
    }),
  )
  const location = answer.headers.get('Location')
  if (answer.status !== 303 || location === null) throw new Error(`consent answered ${answer.status} without a redirect`)
  return location
}

async function signInWithRedirect(world: World, provider: OAuthProviderName): Promise<void> {
  let authorizeUrl = ''
  const page = { location: { assign: (url: string) => void (authorizeUrl = url) } }
  await oauthRedirectLogin(world.kit, page, { provider, flowStorage: fakeStorage() })
  // The provider sends the browser back to a new page, which completes the redirect sign-in.
  const callbackUrl = await consent(world.mock, authorizeUrl, OAUTH_PERSON)
  await completeOAuth(world.kit, { callbackUrl, mode: 'redirect' })
}

/** A popup window: cross-origin (unreadable) while on the provider, then back on the redirect URI. */
function fakePopup(mock: MockAuthProxy) {
  let href = 'about:blank'
  let away = false
  let closed = false
  return {
    get closed() {
      return closed
    },
    close() {
      closed = true
    },
    location: {
      get href(): string {
        if (away) throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
        return href
      },
      set href(url: string) {
        away = true
        void consent(mock, url, OAUTH_PERSON).then(
          (callbackUrl) => {
            href = callbackUrl
            away = false
          },
          () => {
            closed = true
          },
        )
      },
    },
  }
}

async function signInWithPopup(world: World, provider: OAuthProviderName): Promise<void> {
  await oauthPopupLogin(world.kit, fakePopup(world.mock), { provider, pollMs: 2 })
}

function oauthFlowDef(name: string, mode: 'redirect' | 'popup', provider: 'x' | 'discord'): FlowDef {
  const signIn = mode === 'redirect' ? signInWithRedirect : signInWithPopup
  return {
    name,
    steps: ['oauth2_authenticate', 'account', 'signup', 'oauth_login'],
    async prepare(world) {
      return {
        call: () => signIn(world, provider).then(() => undefined, (error: unknown) => error),
        async recover() {
          // Start again.
          await signIn(world, provider)
          return {}
        },
        neededKeys: () => [],
        sessionBefore: null,
        identities: [{ kind: 'oauth', provider, name: OAUTH_PERSON }],
        dispose: () => undefined,
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Passkeys (the soft authenticator in place of the browser's)

/** The credential id a PASSKEY_SIGNUP_INCOMPLETE error carries for the recovery login. */
export function incompleteCredentialId(error: unknown): string | undefined {
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

const passkeySignup: FlowDef = {
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
async function signedUpWithPasskey(world: World): Promise<Session> {
  const { session } = await signUp(world)
  world.advance(1)
  return session
}

const passkeyLogin: FlowDef = {
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

const passkeyAdd: FlowDef = {
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

const refresh: FlowDef = {
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

export const FLOWS: readonly FlowDef[] = [
  otpFlowDef('email new user', 'OTP_TYPE_EMAIL', false),
  otpFlowDef('email returning user', 'OTP_TYPE_EMAIL', true),
  otpFlowDef('SMS new user', 'OTP_TYPE_SMS', false),
  otpFlowDef('SMS returning user', 'OTP_TYPE_SMS', true),
  oauthFlowDef('OAuth redirect (X)', 'redirect', 'x'),
  oauthFlowDef('OAuth popup (Discord)', 'popup', 'discord'),
  passkeySignup,
  passkeyLogin,
  passkeyAdd,
  refresh,
]

/** The ways into a session that logout must leave nothing of. */
export const SIGN_INS: ReadonlyArray<{ name: string; signIn(world: World): Promise<void> }> = [
  {
    name: 'email',
    async signIn(world) {
      const flow = createOtpFlow(world.kit, { otpType: 'OTP_TYPE_EMAIL' })
      await flow.start(EMAIL)
      await flow.verify(latestCode(world.mock, EMAIL))
      flow.destroy()
    },
  },
  { name: 'OAuth redirect', signIn: (world) => signInWithRedirect(world, 'x') },
  { name: 'passkey', signIn: (world) => signedUpWithPasskey(world).then(() => undefined) },
]
