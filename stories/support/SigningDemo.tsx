import type { TransactionSerializable } from 'viem'
import { serializeTransaction } from 'viem'
import { LoginModal, type LoginModalProps } from '../../src/components'
import type { TransactionSummary, TypedDataDefinition } from '../../src/core'
import { useSendTransaction, useSignMessage, useSignTypedData, useWallets } from '../../src/react'

/** What the story's app asks to sign, and the label of its button. */
export type SigningDemoRequest = { label: string } & (
  | { kind: 'message'; message: string }
  | { kind: 'typedData'; typedData: TypedDataDefinition }
  | { kind: 'transaction'; transaction: TransactionSerializable & TransactionSummary }
)

export type SigningDemoProps = Omit<LoginModalProps, 'open' | 'onOpenChange'> & { request: SigningDemoRequest }

/** An app's "hash" for sendTransaction: the story's transport broadcasts nowhere. */
const transport = { request: async () => `0x${'ab'.repeat(32)}` }

/**
 * A signed-in app: a button that asks the kit's signing hooks for a signature with the person's Ethereum
 * account, and the modal, closed, mounted as LoginButton mounts it: its signing prompt is what asks.
 */
export function SigningDemo({ request, ...modal }: SigningDemoProps) {
  const wallets = useWallets()
  const account = wallets.data
    ?.flatMap((wallet) => wallet.accounts)
    .find((one) => one.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
  const message = useSignMessage()
  const typedData = useSignTypedData()
  const send = useSendTransaction()
  const ask = () => {
    if (account === undefined) return
    if (request.kind === 'message') message.signMessage({ account, message: request.message })
    else if (request.kind === 'typedData') typedData.signTypedData({ account, typedData: request.typedData })
    else
      send.sendTransaction({
        account,
        unsignedTransaction: serializeTransaction(request.transaction),
        summary: request.transaction,
        transport,
      })
  }
  return (
    <>
      <button type="button" disabled={account === undefined} onClick={ask}>
        {request.label}
      </button>
      <LoginModal {...modal} />
    </>
  )
}
