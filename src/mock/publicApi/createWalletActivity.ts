import type { Activity, CreateWalletParameters } from '../../core/publicApiTypes'
import { MAX_WALLET_ACCOUNTS } from '../endpoints/signup'
import { MockError } from '../http'
import { createWallet, MNEMONIC_LENGTHS, newWalletSeed, type MnemonicLength } from '../wallets/createWallet'
import { checkAccountSpec, type CheckedAccountSpec } from '../wallets/deriveAccount'
import { assertMayAct, assertNotReplayed, completedActivity, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { readEnvelope } from './readEnvelope'
import { assertOwnOrganization } from './verifyQueryStamp'
import { verifyStamp } from './verifyStamp'

/**
 * ACTIVITY_TYPE_CREATE_WALLET (production's v1CreateWalletIntent): a new wallet in the stamping user's
 * organization, from a fresh mnemonic of `mnemonicLength` words (12 when left out), with the accounts
 * asked for derived as a sign-up's are (an empty list is production's wallet without accounts yet).
 * Stamped X-Stamp by a read-write session's key or an API key of the organization; answers
 * createWalletResult `{walletId, addresses}`, the addresses in the order of `accounts`.
 */
export async function createWalletActivity(
  context: PublicApiContext,
): Promise<{ activity: Activity<'create_wallet'> }> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_CREATE_WALLET')
  const walletName = parameters.nonEmptyString('walletName')
  const items = parameters.objects('accounts')
  if (items.length > MAX_WALLET_ACCOUNTS) {
    throw new MockError(3, `${parameters.name('accounts')}: ${items.length} accounts; at most ${MAX_WALLET_ACCOUNTS}`)
  }
  const accounts = items.map((account): CheckedAccountSpec => {
    // Production's optional account label: checked as text; this mock's accounts do not carry one.
    account.optionalString('name')
    return checkAccountSpec(
      {
        curve: account.nonEmptyString('curve'),
        pathFormat: account.nonEmptyString('pathFormat'),
        path: account.nonEmptyString('path'),
        addressFormat: account.nonEmptyString('addressFormat'),
      },
      account.path,
    )
  })
  const mnemonicLength = readMnemonicLength(
    parameters.optionalInteger('mnemonicLength'),
    parameters.name('mnemonicLength'),
  )
  assertNotReplayed(context)

  const stamp = await verifyStamp(context)
  // The last wait: from here to the writes, nothing else runs.
  const seed = await newWalletSeed(mnemonicLength)
  assertOwnOrganization(context, stamp)
  assertMayAct(stamp)
  const organization = context.state.organizations[stamp.user.organizationId]
  if (organization === undefined)
    throw new Error(`organization ${stamp.user.organizationId} of a verified stamp is not in the state`)
  // Derived before anything is written: a refusal below changes nothing.
  const wallet = createWallet(stamp.user.organizationId, { walletName, accounts }, context.now(), seed)
  const record = recordActivity(context, 'ACTIVITY_TYPE_CREATE_WALLET', stamp)
  organization.wallets.push(wallet)
  const intent: CreateWalletParameters = {
    walletName,
    accounts,
    ...(parameters.has('mnemonicLength') ? { mnemonicLength } : {}),
  }
  return completedActivity<'create_wallet'>(
    { ...record, type: 'ACTIVITY_TYPE_CREATE_WALLET' },
    { createWalletIntent: intent },
    { createWalletResult: { walletId: wallet.walletId, addresses: wallet.accounts.map((account) => account.address) } },
  )
}

function readMnemonicLength(value: number | undefined, field: string): MnemonicLength {
  if (value === undefined) return 12
  const length = MNEMONIC_LENGTHS.find((known) => known === value)
  if (length === undefined)
    throw new MockError(3, `${field}: expected one of ${MNEMONIC_LENGTHS.join(', ')} (words), got ${value}`)
  return length
}
