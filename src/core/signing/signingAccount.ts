import { assertObject, invalidArgument } from '../assert'
import type { PublicAddressFormat } from '../publicApiTypes'
import type { SigningAccount } from './signingPrompt'

const FORMATS: readonly PublicAddressFormat[] = ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA']

/** Checks the account a signing action was given, and that its format is one of `formats`. */
export function checkSigningAccount(
  account: unknown,
  label: string,
  formats: readonly PublicAddressFormat[] = FORMATS,
): SigningAccount & { addressFormat: PublicAddressFormat } {
  assertObject(account, `${label}({ account })`)
  const { address, addressFormat } = account as Partial<SigningAccount>
  if (typeof address !== 'string' || address === '') {
    throw invalidArgument(`${label}({ account.address })`, 'the account address', address)
  }
  if (!formats.includes(addressFormat as PublicAddressFormat)) {
    throw invalidArgument(`${label}({ account.addressFormat })`, formats.join(' or '), addressFormat)
  }
  return { address, addressFormat: addressFormat as PublicAddressFormat }
}
