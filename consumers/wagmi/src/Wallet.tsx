import { authProxyKit } from 'auth-proxy-kit/wagmi'
import { useEffect } from 'react'
import { BaseError, formatEther, parseEther, type Address } from 'viem'
import {
  useBalance,
  useBlockNumber,
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useSendTransaction,
  useSignTypedData,
  useWaitForTransactionReceipt,
} from 'wagmi'
import { permit, RECIPIENT } from './permit'

/** What a failed wagmi action says: viem's short message (for a refusal, "User rejected the request."). */
function errorText(error: Error): string {
  return error instanceof BaseError ? error.shortMessage : error.message
}

/** Connect (through the kit's sign-in while no one is signed in), the account, Disconnect (signing out). */
export function Connection() {
  // useConnection is wagmi 3's name for useAccount.
  const { address, status, chainId } = useConnection()
  const connectors = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const connector = connectors.find((candidate) => candidate.type === authProxyKit.type)
  return (
    <section aria-label="Connection">
      <h2>Connection</h2>
      <p>
        Status: <output aria-label="Status">{status}</output>
      </p>
      <p>
        Address: <output aria-label="Address">{address ?? 'none'}</output>
      </p>
      <p>Chain: {chainId ?? 'none'}</p>
      <button
        type="button"
        disabled={connector === undefined || status === 'connected' || connect.isPending}
        onClick={() => connector && connect.mutate({ connector })}
      >
        Connect
      </button>{' '}
      <button type="button" disabled={status !== 'connected'} onClick={() => disconnect.mutate()}>
        Disconnect
      </button>
      {connect.error && <p role="alert">Connect failed: {errorText(connect.error)}</p>}
    </section>
  )
}

/** Signs an EIP-2612 permit with useSignTypedData; the signature (or why there is none) is shown. */
export function SignPermit() {
  const { address } = useConnection()
  const sign = useSignTypedData()
  return (
    <section aria-label="Typed data">
      <h2>Typed data</h2>
      <button
        type="button"
        disabled={!address || sign.isPending}
        onClick={() => address && sign.mutate(permit(address))}
      >
        Sign typed data
      </button>
      <p>
        Signature: <output aria-label="Signature">{sign.data ?? ''}</output>
      </p>
      {sign.error && <p role="alert">Not signed: {errorText(sign.error)}</p>}
    </section>
  )
}

/** Sends 0.01 ETH to RECIPIENT, waits for its receipt, and shows both balances as blocks come. */
export function SendEther() {
  const { address } = useConnection()
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data })
  const sender = useBalance({ address })
  const recipient = useBalance({ address: RECIPIENT })
  // wagmi's way to keep reads fresh: refetch the balances on each new block (a local node mines one per
  // transaction, the test's funding included).
  const { data: blockNumber } = useBlockNumber({ watch: true })
  const { refetch: refetchSender } = sender
  const { refetch: refetchRecipient } = recipient
  useEffect(() => {
    if (blockNumber === undefined) return
    // A refetch runs even a disabled query: the sender's has no address to ask about while disconnected.
    if (address) void refetchSender()
    void refetchRecipient()
  }, [blockNumber, address, refetchSender, refetchRecipient])
  return (
    <section aria-label="Send">
      <h2>Send</h2>
      <button
        type="button"
        disabled={!address || send.isPending}
        onClick={() => send.mutate({ to: RECIPIENT, value: parseEther('0.01') })}
      >
        Send 0.01 ETH
      </button>
      <p>
        Transaction: <output aria-label="Transaction">{send.data ?? ''}</output>
      </p>
      <p>
        Receipt: <output aria-label="Receipt">{receipt.data?.status ?? (send.data ? 'pending' : '')}</output>
      </p>
      <Balance label="Sender balance" address={address} value={sender.data?.value} />
      <Balance label="Recipient balance" address={RECIPIENT} value={recipient.data?.value} />
      {send.error && <p role="alert">Not sent: {errorText(send.error)}</p>}
      {receipt.error && <p role="alert">No receipt: {errorText(receipt.error)}</p>}
    </section>
  )
}

function Balance({
  label,
  address,
  value,
}: {
  label: string
  address: Address | undefined
  value: bigint | undefined
}) {
  return (
    <p>
      {label} ({address ?? 'none'}):{' '}
      <output aria-label={label}>{value === undefined ? '' : `${formatEther(value)} ETH`}</output>
    </p>
  )
}
