import { recoverTransactionAddress, serializeTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { signedInWallet } from '../test/walletApi'
import type { SigningRequest } from './signingPrompt'
import { sendTransaction, type RpcTransport } from './sendTransaction'

const UNSIGNED = serializeTransaction({
  type: 'eip1559',
  chainId: 31337,
  nonce: 0,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: 1n,
  gas: 21_000n,
  maxFeePerGas: 2n,
  maxPriorityFeePerGas: 1n,
})
const HASH = `0x${'ab'.repeat(32)}` as const

function transport(answer: (params: readonly unknown[] | undefined) => Promise<unknown>) {
  const calls: { method: string; params?: readonly unknown[] }[] = []
  const request: RpcTransport['request'] = async (args) => {
    calls.push(args)
    return answer(args.params)
  }
  return { calls, transport: { request } }
}

describe('sendTransaction', () => {
  it("signs, then broadcasts the signed transaction with eth_sendRawTransaction through the app's transport", async () => {
    const { keys, kit } = await signedInWallet()
    const seen: SigningRequest[] = []
    kit.signingPrompt.current = async (request) => void seen.push(request)
    const rpc = transport(async () => HASH)

    const sent = await sendTransaction(kit, {
      account: keys.ethereum,
      unsignedTransaction: UNSIGNED,
      transport: rpc.transport,
    })

    expect(rpc.calls).toEqual([{ method: 'eth_sendRawTransaction', params: [sent.signedTransaction] }])
    expect(await recoverTransactionAddress({ serializedTransaction: sent.signedTransaction as never })).toBe(
      keys.ethereum.address,
    )
    expect(sent).toMatchObject({ address: keys.ethereum.address, hash: HASH })
    expect(seen[0]).toMatchObject({ kind: 'transaction', chain: 'ethereum', send: true })
  })

  it("is RPC_ERROR with the node's error as cause when the broadcast fails, and when the answer is no hash", async () => {
    const refusal = Object.assign(new Error('nonce too low'), { code: -32000 })
    for (const [answer, message] of [
      [async () => Promise.reject(refusal), /eth_sendRawTransaction failed: nonce too low/],
      [async () => '0x1234', /answered "0x1234", not a transaction hash/],
    ] as const) {
      const { keys, kit } = await signedInWallet()
      const error = await sendTransaction(kit, {
        account: keys.ethereum,
        unsignedTransaction: UNSIGNED,
        transport: transport(answer).transport,
      }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'RPC_ERROR', message: expect.stringMatching(message) })
    }
    const { keys, kit } = await signedInWallet()
    const error = await sendTransaction(kit, {
      account: keys.ethereum,
      unsignedTransaction: UNSIGNED,
      transport: transport(async () => Promise.reject(refusal)).transport,
    }).catch((e: unknown) => e as Error)
    expect((error as Error).cause).toBe(refusal)
  })

  it('refuses a missing transport and a Solana account before signing (CONFIG_INVALID)', async () => {
    const { keys, fake, kit } = await signedInWallet()
    await expect(
      sendTransaction(kit, { account: keys.ethereum, unsignedTransaction: UNSIGNED } as never),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/transport/) })
    await expect(
      sendTransaction(kit, {
        account: keys.solana,
        unsignedTransaction: UNSIGNED,
        transport: transport(async () => HASH).transport,
      }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/addressFormat/) })
    expect(fake.calls).toHaveLength(0)
  })
})
