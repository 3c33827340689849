// The words an app hands to the provider and to each component: types both layers read, so that the
// provider carries them without importing the components. The dictionaries are components/locales/.
import type { KitErrorCode } from '../core'
import type { PluralLabel } from './PluralLabel'

/**
 * Every string the components show. Values are plain text with `{name}` placeholders (not functions) so
 * that a locale can be loaded as JSON later.
 */
/**
 * The signing prompt's copy (LoginModal's `signingPrompt`). Its English is in the prompt's own chunk,
 * loaded with the prompt on the first signature; French is in auth-proxy-kit/locales/fr; `labels`
 * overrides either.
 */
export interface SigningLabels {
  /** The signing prompt's title: the drop-in modal asks before each signature (LoginModal's `signingPrompt`). */
  signatureRequest: string
  /** The signing prompt's primary button; `cancel` is the other. */
  sign: string
  /** Above a message's text, and above typed data's fields. */
  signingMessage: string
  /** Typed data: the domain's name (the app or contract that asks, in its own words). */
  signingDomain: string
  /** The chain, by name where the kit knows it, and its id. */
  signingNetwork: string
  /** Typed data: the domain's verifying contract. */
  signingContract: string
  /** Typed data: the primary type (`Permit`, `Order`, ...). */
  signingType: string
  /** A transaction's recipient (the contract it calls, or the person paid). */
  signingTo: string
  /** A transaction's value, in the chain's coin (ETH). */
  signingAmount: string
  /** A transaction's call data, by its size (`signingBytes`). */
  signingData: string
  /** `{count}`: a size in bytes, one form per plural category of `locale`. */
  signingBytes: PluralLabel
  /** A transaction's most it pays per unit of gas (maxFeePerGas, or a legacy gasPrice), in gwei. */
  signingMaxFee: string
  /** An EIP-1559 transaction's tip per unit of gas (maxPriorityFeePerGas), in gwei. */
  signingPriorityFee: string
  /** `{chain}` ("Solana", "Ethereum"), `{size}` (`signingBytes`): a transaction the kit has no fields of. */
  signingTransaction: string
  /** Under a transaction that sendTransaction will broadcast once signed. */
  signingSends: string
}

export interface LoginLabels extends Partial<SigningLabels> {
  /**
   * The language of these strings, a BCP 47 tag ('en', 'pt-BR'): it picks plural forms, names the
   * countries in the phone step, and is the `lang` of the modal and the panel, for screen readers.
   */
  locale: string
  logIn: string
  /** LoginButton's label once signed in, and the signing prompt's row naming the account that signs. */
  account: string
  /** The button's accessible name while a stored session is being checked. */
  checkingSession: string
  dialogTitle: string
  /** The title while the code sent by email is asked for. */
  codeTitleEmail: string
  /** The title while the code sent by SMS is asked for. */
  codeTitlePhone: string
  /** The title of the phone's own step (opened from the list of methods). */
  phoneTitle: string
  /** Before "Create one", under "Sign in with a passkey". */
  noPasskeyYet: string
  /** The button that creates a passkey (an account with it), under "Sign in with a passkey". */
  createOne: string
  /** `{provider}`: the person closed or refused the provider's sign-in. */
  providerCancelled: string
  /** `{provider}`: the provider's window was closed before the sign-in finished. */
  providerPopupClosed: string
  /** `{provider}`: the browser blocked the provider's window. */
  providerPopupBlocked: string
  /** `{provider}`, `{message}`: any other failure of a sign-in with a provider. */
  providerFailed: string
  close: string
  loading: string
  loadingConfig: string
  tryAgain: string
  noMethods: string
  emailLabel: string
  emailPlaceholder: string
  continueWithEmail: string
  sendingCode: string
  /** The captcha (a tenant with a Turnstile site key) has not given its token yet: the send button waits. */
  captchaChecking: string
  /** The captcha widget's name for assistive technology (its region). */
  captchaRegion: string
  /** The captcha's script could not be loaded (offline, blocked): a Try again button follows. */
  captchaLoadFailed: string
  /** `{email}` */
  codeSentTo: string
  codeLabel: string
  verify: string
  verifying: string
  resendCode: string
  /** `{time}`: a countdown, "0:30" (formatCountdown), as every other wait in the modal; after "Resend code". */
  resendIn: string
  sendingNewCode: string
  newCodeSent: string
  sendNewCode: string
  useDifferentEmail: string
  /** `{time}` as m:ss */
  codeExpiresIn: string
  /** Between the email form and the social buttons. */
  or: string
  /** `{provider}`, e.g. "Continue with Google" */
  continueWithProvider: string
  /** `{provider}`: while the sign-in popup is open */
  waitingForProvider: string
  popupHint: string
  /** `{provider}`: while the page leaves for the provider */
  redirectingToProvider: string
  cancel: string
  /** While the provider's answer is exchanged after a redirect */
  signingIn: string
  /** Offered when the browser blocked the popup: sign in by redirect instead */
  continueInThisWindow: string
  signInWithPasskey: string
  /** Signs up: a new account whose only credential is a new passkey */
  createPasskey: string
  /** While the browser's passkey prompt is open (and the sign-in that follows it) */
  waitingForPasskey: string
  passkeyPromptHint: string
  /** The person closed the passkey prompt (or has no passkey here: browsers do not say which) */
  passkeyCancelled: string
  /** In place of the passkey buttons, in a browser without WebAuthn */
  passkeysUnsupported: string
  /**
   * After a passkey sign-up failed once the passkey was made: the primary action (log in with that
   * passkey: it signs in if the account was made), and the secondary (back to every way to sign in).
   */
  signInWithNewPasskey: string
  startOver: string
  /** A passkey refused whose sign-up failed here: no account behind it. Then the offer to sign up again. */
  passkeyWithoutAccount: string
  createAccountAgain: string
  /** In the signed-in view */
  addPasskey: string
  passkeyAdded: string
  /** The signed-in view's heading while who is signed in is not known yet. */
  signedInHeading: string
  /** The dialog's and the panel's title once signed in. */
  accountTitle: string
  /** Under the person's name: how they signed in. */
  signedInWithEmail: string
  signedInWithPhone: string
  signedInWithPasskey: string
  /** `{provider}`, e.g. "Signed in with Google" */
  signedInWithProvider: string
  /** Above the wallet's addresses. */
  walletHeading: string
  /** While the wallets are being read. */
  loadingWallet: string
  /** A signed-in user without a wallet. */
  noWallet: string
  /** `{chain}` ("Ethereum", "Solana"): the copy button's name beside an address. */
  copyAddress: string
  /** `{chain}`: the button beside an address that shows it whole, under its row (and hides it again). */
  showFullAddress: string
  /** Said for about two seconds once the address is on the clipboard. */
  copied: string
  /** The browser refused the clipboard (an insecure page, a denied permission). */
  copyFailed: string
  /** Passkey sign-up's name step: the field's label, its hint, and what an empty name is told. */
  passkeyNameLabel: string
  passkeyNameHint: string
  passkeyNameRequired: string
  /** Submits the passkey name step: the browser's prompt opens next. */
  continueToPasskey: string
  signOut: string
  signingOut: string
  done: string
  /** Opens the phone step from the list of methods. */
  continueWithPhone: string
  countryLabel: string
  phoneLabel: string
  /** Under the phone field. */
  phoneHint: string
  /** Submits the phone step. */
  sendCode: string
  /** Back from the phone step to every method. */
  otherMethods: string
  /** `{phone}`, shown grouped as the country's mobile numbers are (+44 7700 900123) */
  codeSentToPhone: string
  useDifferentPhone: string
  /** When the proxy refuses to send another code for now (RATE_LIMITED). */
  tooManyCodes: string
  /** `{time}` as m:ss, counting down */
  askAgainIn: string
  askAgainNow: string
  /** When asking for a code got no answer (the network failed): the code may have been sent; askAgainIn follows. */
  codeMaybeSent: string
  /** When the proxy refuses to check codes for now (RATE_LIMITED at verify). */
  tooManyTries: string
  /** `{time}` as m:ss, counting down to when Verify works again */
  tryAgainIn: string
  /**
   * `{count}`: after the app's or the locale's message for a wrong code (errors.OTP_CODE_INVALID), when
   * the proxy said how many tries are left; one form per plural category of `locale`.
   */
  attemptsLeft: PluralLabel
  tryAgainNow: string
  /** Under the code field once the code was accepted but signing in failed after (Verify resumes). */
  codeAccepted: string
  /** SessionBadge and the signed-in view: `{name}`, the person's email, phone or name (the app's `name` on the badge). */
  signedInAs: string
  /** SessionBadge: `{time}` as m:ss or h:mm:ss, counting down to the session's end. */
  sessionEndsIn: string
  /** Overrides of the kit's user messages by error code; the kit's English text otherwise. */
  errors: Partial<Record<KitErrorCode, string>>
}

/** What `labels` accepts: any subset, error messages merged one by one. */
export type LoginLabelsOverride = Partial<LoginLabels>
