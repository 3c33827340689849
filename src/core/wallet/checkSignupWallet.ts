import { invalidArgument } from '../assert'
import type { Kit } from '../contracts'
import type { SignupWallet } from '../types'

// The curve each address format's keys live on: an Ethereum address is a secp256k1 key's, a Solana one
// an ed25519 key's. A mismatched pair is refused here rather than by the proxy after the code was typed.
const CURVE_OF: Readonly<Record<string, string>> = {
  ADDRESS_FORMAT_ETHEREUM: 'CURVE_SECP256K1',
  ADDRESS_FORMAT_SOLANA: 'CURVE_ED25519',
}

// m, then hardened or plain indices: m/44'/60'/0'/0/0.
const BIP32_PATH = /^m(\/[0-9]{1,10}'?)+$/

/**
 * Checks the wallet an app asks every sign-up for (createKit({ wallet })): production's
 * `{walletName, accounts: [{curve, pathFormat, path, addressFormat}]}`. Returns a frozen copy, so that
 * what is sent is what was checked.
 */
export function checkSignupWallet(wallet: unknown, label: string): SignupWallet {
  if (typeof wallet !== 'object' || wallet === null || Array.isArray(wallet)) {
    throw invalidArgument(label, '{ walletName, accounts: [{ curve, pathFormat, path, addressFormat }] }', wallet)
  }
  const { walletName, accounts } = wallet as Partial<SignupWallet>
  if (typeof walletName !== 'string' || walletName.trim() === '')
    throw invalidArgument(`${label}.walletName`, 'a non-empty string', walletName)
  if (!Array.isArray(accounts) || accounts.length === 0)
    throw invalidArgument(`${label}.accounts`, 'a non-empty array of accounts', accounts)
  const checked = accounts.map((account: unknown, index) => {
    const at = `${label}.accounts[${index}]`
    if (typeof account !== 'object' || account === null) throw invalidArgument(at, 'an object', account)
    const { curve, pathFormat, path, addressFormat } = account as Record<string, unknown>
    if (typeof addressFormat !== 'string' || !(addressFormat in CURVE_OF)) {
      throw invalidArgument(`${at}.addressFormat`, Object.keys(CURVE_OF).join(' or '), addressFormat)
    }
    if (curve !== CURVE_OF[addressFormat])
      throw invalidArgument(`${at}.curve`, `${CURVE_OF[addressFormat]} for ${addressFormat}`, curve)
    if (pathFormat !== 'PATH_FORMAT_BIP32') throw invalidArgument(`${at}.pathFormat`, 'PATH_FORMAT_BIP32', pathFormat)
    if (typeof path !== 'string' || !BIP32_PATH.test(path))
      throw invalidArgument(`${at}.path`, "a BIP-32 path such as m/44'/60'/0'/0/0", path)
    return Object.freeze({ curve, pathFormat, path, addressFormat }) as SignupWallet['accounts'][number]
  })
  return Object.freeze({ walletName, accounts: Object.freeze(checked) as SignupWallet['accounts'] })
}

/**
 * The `wallet` field of a sign-up: `{ wallet }` with the app's wallet (createKit({ wallet })), checked, or
 * `{}` to let the proxy apply the tenant's default. The flows call it before their first request (a
 * bad wallet fails before a code is sent or a prompt opens) and again at the sign-up. Checked here, in
 * the flows' chunks, rather than in createKit: every page builds a kit, few pages sign anyone up.
 */
export function signupWallet(kit: Pick<Kit, 'wallet'>): { wallet?: SignupWallet | undefined } {
  return kit.wallet === undefined ? {} : { wallet: checkSignupWallet(kit.wallet, 'createKit({ wallet })') }
}
