import { invalidArgument } from '../assert'
import type { Kit } from '../createKit'
import { PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY } from './targetBundle'

/** The enclave key the kit trusts with the current generation's code targets: production's, unless createKit was told another. */
export function trustedSignerKey(kit: Kit): string {
  const key = kit.otp.signerPublicKey ?? PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY
  if (!/^04[0-9a-fA-F]{128}$/.test(key)) {
    throw invalidArgument(
      'createKit({ dangerouslyOverrideSignerPublicKey })',
      "an uncompressed P-256 public key in hex (130 digits, 04 first), such as the mock's enclaveSignerPublicKey",
      key,
    )
  }
  return key
}
