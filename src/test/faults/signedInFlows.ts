// The signed-in person's actions on their wallet (issue 29, item 9): who they are, their wallets, and
// signing a message, EIP-712 typed data and a transaction, each stamped by the session's key. A failed
// action keeps the session; its documented recovery is the same action once more.
import { serializeTransaction } from 'viem'
import type { SigningAccount } from '../../core/signing/signingPrompt'
import { signMessage } from '../../core/signing/signMessage'
import { signTransaction } from '../../core/signing/signTransaction'
import { signTypedData } from '../../core/signing/signTypedData'
import { PERMIT } from '../../core/test/typedDataExamples'
import { getUser } from '../../core/wallet/getUser'
import { getWallets } from '../../core/wallet/getWallets'
import type { MockFaultTarget } from '../../mock/types'
import type { FlowDef } from './flow'
import { EMAIL, signInByEmail } from './otpFlows'
import type { World } from './world'

/** Signed in by email (the kit's default generation) with a wallet: its Ethereum account. */
async function signedInWithWallet(world: World): Promise<SigningAccount> {
  await signInByEmail(world)
  const [wallet] = await getWallets(world.kit)
  const account = wallet?.accounts.find((candidate) => candidate.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
  if (account === undefined) throw new Error('setup: the sign-up made no Ethereum account')
  world.advance(1)
  return account
}

function signedInAction(
  name: string,
  steps: MockFaultTarget[],
  action: (world: World, account: SigningAccount) => Promise<unknown>,
): FlowDef {
  return {
    name,
    steps,
    wallet: true,
    makesNoKey: true,
    // The transport's faults at each action once: the actions share their transport (a stamped query or
    // activity), so a fault at both of the wallets' queries would repeat the same run.
    eachFaultOnce: true,
    async prepare(world) {
      const account = await signedInWithWallet(world)
      const session = world.kit.session.getSnapshot().session
      if (session === null) throw new Error('setup: not signed in')
      return {
        call: () =>
          action(world, account).then(
            () => undefined,
            (error: unknown) => error,
          ),
        async recover() {
          await action(world, account)
          return {}
        },
        neededKeys: () => [],
        sessionBefore: session,
        identities: [{ kind: 'email', email: EMAIL }],
        keepsUser: session.userId,
        dispose: () => undefined,
      }
    },
  }
}

const TRANSACTION = serializeTransaction({
  type: 'eip1559',
  chainId: 10,
  nonce: 4,
  to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  value: 9n,
  gas: 21_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
})

export const SIGNED_IN_FLOWS: readonly FlowDef[] = [
  signedInAction('get user', ['query/get_user'], (world) => getUser(world.kit)),
  signedInAction('wallets', ['query/list_wallets', 'query/list_wallet_accounts'], (world) => getWallets(world.kit)),
  signedInAction('sign message', ['submit/sign_raw_payload'], (world, account) =>
    signMessage(world.kit, { account, message: 'Fault suite ✓' }),
  ),
  signedInAction('sign typed data', ['submit/sign_raw_payload'], (world, account) =>
    signTypedData(world.kit, { account, typedData: PERMIT }),
  ),
  signedInAction('sign transaction', ['submit/sign_transaction'], (world, account) =>
    signTransaction(world.kit, { account, unsignedTransaction: TRANSACTION }),
  ),
]
