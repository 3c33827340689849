import { KitError } from '../errors'
// The one place that names `hpke` at run time. It is imported dynamically so that bundlers split it into
// its own chunk: an app pays for it when the first code is sealed, not with the OTP flow's chunk (the
// contact step, most of a sign-in's waiting, needs none of it).

/** The parts of `hpke` sealOtpCode uses. */
export type HpkeModule = Pick<
  typeof import('hpke'),
  'CipherSuite' | 'KEM_DHKEM_P256_HKDF_SHA256' | 'KDF_HKDF_SHA256' | 'AEAD_AES_256_GCM'
>

/** `hpke`, loaded on first use. */
export async function loadHpke(): Promise<HpkeModule> {
  try {
    return await import('hpke')
  } catch (cause) {
    // Offline after a deploy, or a blocked script: the code cannot be sealed, so nothing is sent.
    throw new KitError('LOAD_FAILED', 'OTP: the encryption code (hpke) could not be loaded', { cause })
  }
}
