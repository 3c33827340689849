import { useMutation, useQuery } from '@tanstack/react-query'
import { useKit, useSignTransaction } from 'auth-proxy-kit'
import { createViemAccount } from 'auth-proxy-kit/viem'
import { useId, useState } from 'react'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  formatEther,
  http,
  isAddress,
  parseEther,
  recoverTransactionAddress,
  serializeTransaction,
  type Hex,
} from 'viem'
import { LOCAL_CHAIN_URL, useLocalChain } from './useLocalChain'

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function localChain(id: number) {
  return defineChain({
    id,
    name: `Local chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [LOCAL_CHAIN_URL] } },
  })
}

/** The amount as wei, or the reason it is not one. */
function amountOf(text: string): { wei: bigint } | { error: string } {
  try {
    const wei = parseEther(text.trim())
    return wei > 0n ? { wei } : { error: 'Enter an amount above 0.' }
  } catch {
    return { error: 'Enter an amount in ETH, like 0.01.' }
  }
}

/**
 * "Send ETH": with a local node running (anvil, Hardhat or ganache on 127.0.0.1:8545), the kit's viem
 * account sends it there (viem fills nonce, gas and fees) and the page waits for the receipt; without
 * one, the kit signs a sample EIP-1559 transaction (useSignTransaction) and the page recovers its signer
 * with viem. Either way the signing prompt shows the transaction first.
 */
export function SignTransactionForm({ address }: { address: string }) {
  const id = useId()
  const kit = useKit()
  const { chainId, isChecking } = useLocalChain()
  const [to, setTo] = useState(RECIPIENT)
  const [amount, setAmount] = useState('0.01')
  const parsed = amountOf(amount)
  const validTo = isAddress(to)
  const signing = useSignTransaction()
  const sending = useMutation({
    mutationFn: async ({ wei }: { wei: bigint }) => {
      const chain = localChain(chainId as number)
      const account = createViemAccount(kit, { address: address as Hex })
      const wallet = createWalletClient({ account, chain, transport: http() })
      const hash = await wallet.sendTransaction({ to: to as Hex, value: wei, chain })
      const receipt = await createPublicClient({ chain, transport: http() }).waitForTransactionReceipt({ hash })
      return { hash, status: receipt.status, block: receipt.blockNumber }
    },
  })
  const signed = signing.data?.signedTransaction as Hex | undefined
  const signer = useQuery({
    queryKey: ['playground', 'recover-transaction', signed],
    enabled: signed !== undefined,
    queryFn: () => recoverTransactionAddress({ serializedTransaction: signed as never }),
  })
  const busy = signing.isPending || sending.isPending
  const error = signing.error?.userMessage ?? (sending.error ? sending.error.message : undefined)

  return (
    <form
      className="pg-sign"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        if (!('wei' in parsed) || !validTo) return
        if (chainId !== undefined) sending.mutate({ wei: parsed.wei })
        else {
          const transaction = {
            type: 'eip1559',
            chainId: 1,
            nonce: 0,
            to: to as Hex,
            value: parsed.wei,
            gas: 21_000n,
            maxFeePerGas: parseEther('30', 'gwei'),
            maxPriorityFeePerGas: parseEther('1', 'gwei'),
          } as const
          signing.signTransaction({
            account: { address, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
            unsignedTransaction: serializeTransaction(transaction),
            summary: transaction,
          })
        }
      }}
    >
      <h3 id={`${id}-title`}>{chainId !== undefined ? `Send ETH on local chain ${chainId}` : 'Sign a transaction'}</h3>
      <p className="pg-hint">
        {isChecking
          ? 'Looking for a local chain…'
          : chainId !== undefined
            ? 'A local node answers at 127.0.0.1:8545: the transaction is sent there.'
            : 'No node at 127.0.0.1:8545 (start anvil to send): the transaction is signed, not sent.'}
      </p>
      <label htmlFor={`${id}-to`}>To</label>
      <input
        id={`${id}-to`}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        aria-invalid={!validTo}
        spellCheck={false}
      />
      {!validTo ? <p role="alert">Enter an Ethereum address (0x and 40 hex digits).</p> : null}
      <label htmlFor={`${id}-amount`}>Amount (ETH)</label>
      <input
        id={`${id}-amount`}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        aria-invalid={'error' in parsed}
      />
      {'error' in parsed ? <p role="alert">{parsed.error}</p> : null}
      <button type="submit" className="pg-button" disabled={busy || isChecking || !validTo || 'error' in parsed}>
        {busy ? (sending.isPending ? 'Sending…' : 'Signing…') : chainId !== undefined ? 'Send' : 'Sign the transaction'}
      </button>
      {error ? <p role="alert">{error}</p> : null}
      {sending.data ? (
        <dl className="pg-result">
          <dt>Transaction</dt>
          <dd>
            <code className="pg-key" data-testid="transaction-hash">
              {sending.data.hash}
            </code>
          </dd>
          <dt>Receipt</dt>
          <dd
            role="status"
            data-testid="transaction-receipt"
          >{`${sending.data.status} in block ${sending.data.block}`}</dd>
        </dl>
      ) : null}
      {signed ? (
        <dl className="pg-result">
          <dt>Signed transaction</dt>
          <dd>
            <code className="pg-key" data-testid="signed-transaction">
              {signed}
            </code>
          </dd>
          <dt>Checked on this page (viem)</dt>
          <dd role="status" data-testid="transaction-verification">
            {signer.data === undefined
              ? 'Checking…'
              : signer.data.toLowerCase() === address.toLowerCase()
                ? `Verified: signed by ${signer.data}, ${formatEther(signing.variables?.summary?.value ?? 0n)} ETH to ${to}`
                : `Not verified: signed by ${signer.data}`}
          </dd>
        </dl>
      ) : null}
    </form>
  )
}
