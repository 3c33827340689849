// The passkey chunk (chunks.passkey): sign-up, log-in and adding a passkey, loaded when a passkey button is first used.
export { addPasskey, type AddPasskeyParameters, type AddPasskeyReturnType } from './addPasskey'
export type { PasskeyPromptParameters, SessionParameters } from './checkPasskeyInput'
export { loginWithPasskey, type LoginWithPasskeyParameters, type LoginWithPasskeyReturnType } from './loginWithPasskey'
export {
  PASSKEY_SIGNUP_API_KEY_SECONDS,
  signUpWithPasskey,
  type SignUpWithPasskeyParameters,
  type SignUpWithPasskeyReturnType,
} from './signUpWithPasskey'
// Every action here asks the public API, whose client createKit loads on first use
// (lazyPublicApiClient): exported here so that its code comes with this chunk, in parallel, rather than
// being fetched after it.
export { createPublicApiClient } from '../stamp/publicApiClient'
