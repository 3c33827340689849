import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type {
  AddPasskeyParameters,
  AddPasskeyReturnType,
  LoginWithPasskeyParameters,
  LoginWithPasskeyReturnType,
  SignUpWithPasskeyParameters,
  SignUpWithPasskeyReturnType,
} from '../core'
import type { KitError } from '../core/errors'
import { passkeyModule, signInModule } from '../core/lazyModules'
import { passkeysSupported } from '../core/passkey/passkeysSupported'
import { preloadWebAuthn } from '../core/passkey/webAuthnModule'
import { useAction } from './useAction'
import { useAuthProxyContext } from './useAuthProxyContext'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

export interface UsePasskeyParameters {
  /** The relying party; default the page's host. It must be the same at sign-up and every later login. */
  rpId?: string
  /** The site's name in the browser's prompt; default rpId, else the page's host. */
  rpName?: string
}

export type PasskeySignUpParameters = Pick<
  SignUpWithPasskeyParameters,
  'userName' | 'authenticatorName' | 'expirationSeconds' | 'invalidateExisting'
>
export type PasskeyLogInParameters = Pick<LoginWithPasskeyParameters, 'allowCredentials' | 'expirationSeconds' | 'invalidateExisting'>
export type PasskeyAddParameters = Pick<AddPasskeyParameters, 'userName' | 'authenticatorName'>

/** Which of the three a passkey flow is: a new account, a sign-in, or a passkey for the signed-in user. */
export type PasskeyAction = 'signUp' | 'logIn' | 'add'

export type UsePasskeyResult =
  | ({ action: 'signUp' } & SignUpWithPasskeyReturnType)
  | ({ action: 'logIn' } & LoginWithPasskeyReturnType)
  | ({ action: 'add' } & AddPasskeyReturnType)

export type UsePasskeyStatus = 'idle' | 'pending' | 'success' | 'error'

export interface UsePasskeyReturnType {
  /** Creates an account whose only credential is a new passkey, and signs in (no email needed). */
  signUp(parameters?: PasskeySignUpParameters): void
  /** Signs in with a passkey the person made here before. */
  logIn(parameters?: PasskeyLogInParameters): void
  /** Adds a passkey to the signed-in user (NOT_SIGNED_IN otherwise). */
  add(parameters?: PasskeyAddParameters): void
  /** Back to 'idle', forgetting an error or a result. */
  reset(): void
  /** Starts loading the passkey and WebAuthn code before the click (call it when a passkey button is hovered, focused or pressed). */
  preload(): void
  /** 'pending' from the click until the session is stored (the browser's prompt included). */
  status: UsePasskeyStatus
  isPending: boolean
  /** The current or last action. */
  action: PasskeyAction | undefined
  /**
   * The last failure. PASSKEY_CANCELLED when the person closed the prompt (or has no passkey here:
   * browsers do not tell the two apart), PASSKEY_UNSUPPORTED, STAMP_REFUSED for a passkey the API
   * does not know, or any proxy error.
   */
  error: KitError | null
  result: UsePasskeyResult | undefined
  /** False when this browser has no WebAuthn: offer another way in rather than a button that can only fail. */
  isSupported: boolean
}

type Variables =
  | { action: 'signUp'; parameters: PasskeySignUpParameters }
  | { action: 'logIn'; parameters: PasskeyLogInParameters }
  | { action: 'add'; parameters: PasskeyAddParameters }

const subscribeToNothing = () => () => {}

/** Passkey sign-up, log-in and add, over core's signUpWithPasskey / loginWithPasskey / addPasskey. */
export function usePasskey(parameters: UsePasskeyParameters = {}): UsePasskeyReturnType {
  const { kit } = useAuthProxyContext('usePasskey')
  const queryClient = useQueryClient()
  const { rpId, rpName } = parameters

  // Support never changes while the page lives; the server snapshot (false) keeps hydration stable.
  const isSupported = useSyncExternalStore(
    subscribeToNothing,
    () => passkeysSupported(kit.webauthn),
    () => false,
  )

  // The flows' code loads on first use (preload() fetches it with the WebAuthn helper ahead of the click).
  const mutation = useAction<UsePasskeyResult, Variables>(async (variables) => {
    const { addPasskey, loginWithPasskey, signUpWithPasskey } = await passkeyModule.load()
    const relyingParty = { ...(rpId === undefined ? {} : { rpId }), ...(rpName === undefined ? {} : { rpName }) }
    if (variables.action === 'add') {
      return { action: 'add', ...(await addPasskey(kit, { ...variables.parameters, ...relyingParty })) }
    }
    // Already in the cache when a passkey button is on screen: no request, and no wait before the prompt.
    const config = await queryClient.ensureQueryData(walletKitConfigQueryOptions(kit))
    if (variables.action === 'signUp') {
      return { action: 'signUp', ...(await signUpWithPasskey(kit, { ...variables.parameters, ...relyingParty, config })) }
    }
    const login = { ...variables.parameters, ...(rpId === undefined ? {} : { rpId }), config }
    return { action: 'logIn', ...(await loginWithPasskey(kit, login)) }
  })

  // One prompt at a time: a second WebAuthn call would cancel the first one's prompt.
  const mutate = (variables: Variables) => {
    if (!mutation.isPending) mutation.run(variables)
  }
  const preload = useCallback(() => {
    // Safari opens the prompt only close to the click: nothing should be left to download by then.
    for (const module of [passkeyModule, signInModule]) module.load().catch(() => undefined)
    preloadWebAuthn(kit.webauthn)
  }, [kit])
  const status: UsePasskeyStatus = mutation.isPending
    ? 'pending'
    : mutation.isSuccess
      ? 'success'
      : mutation.isError
        ? 'error'
        : 'idle'
  return {
    signUp: (signUpParameters = {}) => mutate({ action: 'signUp', parameters: signUpParameters }),
    logIn: (logInParameters = {}) => mutate({ action: 'logIn', parameters: logInParameters }),
    add: (addParameters = {}) => mutate({ action: 'add', parameters: addParameters }),
    reset: mutation.reset,
    preload,
    status,
    isPending: mutation.isPending,
    action: mutation.variables?.action,
    error: mutation.error,
    result: mutation.data,
    isSupported,
  }
}
