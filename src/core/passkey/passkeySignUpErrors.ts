import { isKitError, KitError } from '../errors'

/**
 * What a person is told when a passkey has no account behind it: its sign-up made the passkey on the
 * device, then failed before the account was made (the kit remembered it, see unfinishedPasskeySignUps).
 */
export const PASSKEY_WITHOUT_ACCOUNT_MESSAGE =
  "This passkey was created but its account was not. Create your account again; you can delete the unused passkey in your device's passkey settings."

/**
 * PASSKEY_SIGNUP_INCOMPLETE: signUpWithPasskey failed after the browser made the passkey (the sign-up's
 * answer lost, stamp_login failing, a timeout, ...). Whether the account exists is not known, so the
 * sign-up must not simply run again (a second account, a second passkey): recover with
 * `loginWithPasskey(kit, { allowCredentials: [error.credentialId] })`, which signs in if the sign-up was
 * processed and is refused with PasskeyWithoutAccountError if it was not. `cause` is the failure itself;
 * `status`, `proxy` and `retryAfterSeconds` are copied from it when it is a KitError.
 */
export class PasskeySignUpIncompleteError extends KitError {
  /** The new passkey's credential id (base64url): the one to log in with. */
  readonly credentialId: string

  constructor(credentialId: string, cause: unknown) {
    const underlying = isKitError(cause) ? cause : undefined
    const described = underlying
      ? `${underlying.code}: ${underlying.message}`
      : cause instanceof Error
        ? cause.message
        : String(cause)
    super(
      'PASSKEY_SIGNUP_INCOMPLETE',
      `signUpWithPasskey: the passkey ${credentialId} was created, then the sign-up failed (${described}); log in with it to learn whether its account exists`,
      {
        cause,
        status: underlying?.status,
        proxy: underlying?.proxy,
        retryAfterSeconds: underlying?.retryAfterSeconds,
        // The clock is what must change before the recovery can work: say so first.
        ...(underlying?.code === 'CLOCK_SKEW'
          ? { userMessage: `${underlying.userMessage} Then sign in with the passkey you just created.` }
          : {}),
      },
    )
    this.credentialId = credentialId
  }
}

/**
 * STAMP_REFUSED for a passkey whose sign-up this browser saw fail before its account was made: the
 * passkey is on the device, no account is behind it. The person should create their account again (and
 * may delete the unused passkey). `cause` is the refusal as loginWithPasskey would otherwise throw it.
 */
export class PasskeyWithoutAccountError extends KitError {
  /** The passkey used (base64url), which has no account. */
  readonly credentialId: string

  constructor(credentialId: string, refusal: KitError) {
    super(
      'STAMP_REFUSED',
      `loginWithPasskey: the passkey ${credentialId} was refused, and its sign-up had failed here: it has no account (${refusal.message})`,
      {
        cause: refusal,
        status: refusal.status,
        proxy: refusal.proxy,
        userMessage: PASSKEY_WITHOUT_ACCOUNT_MESSAGE,
      },
    )
    this.credentialId = credentialId
  }
}
