// The playground's typed-data and transaction forms against the strict mock, in jsdom: a local chain
// (eth_chainId at 127.0.0.1:8545) is a stubbed fetch, absent or a small fake node.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keccak256, parseTransaction, type Hex } from 'viem'
import type { MockAuthProxy } from '../../src/mock'
import { MockProviders, type StoryStores } from '../../stories/support/MockProviders'
import { loadSignedIn } from '../../stories/support/signedIn'
import { SignTransactionForm } from './SignTransactionForm'
import { SignTypedDataForm } from './SignTypedDataForm'
import { LOCAL_CHAIN_URL } from './useLocalChain'

afterEach(() => vi.unstubAllGlobals())

/** fetch for the local chain's URL: `node` answers JSON-RPC, or (without one) the connection is refused. */
function stubLocalChain(node?: (method: string, params: unknown[]) => unknown) {
  const real = globalThis.fetch
  const sent: Hex[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input instanceof Request ? input.url : input).startsWith(LOCAL_CHAIN_URL)) return real(input, init)
    if (node === undefined) throw new TypeError('Failed to fetch')
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }
    if (body.method === 'eth_sendRawTransaction') sent.push(body.params[0] as Hex)
    return Response.json({ jsonrpc: '2.0', id: body.id, result: node(body.method, body.params) })
  })
  return { sent }
}

async function renderSignedIn(form: (address: string) => ReactElement) {
  const loaded = await loadSignedIn({ email: 'ada@example.com' })()
  const proxy = loaded.proxy as MockAuthProxy
  const organization = Object.values(proxy.state.organizations).find((org) => org.wallets.length > 0)
  const address =
    organization?.wallets[0]?.accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')?.address ?? ''
  render(
    <MockProviders proxy={proxy} stores={loaded.stores as StoryStores}>
      {form(address)}
    </MockProviders>,
  )
  return { address }
}

describe('the playground signing forms', () => {
  it('signs the permit; the page verifies it with viem', async () => {
    const { address } = await renderSignedIn((address) => <SignTypedDataForm address={address} />)
    await userEvent.click(screen.getByRole('button', { name: 'Sign the permit' }))
    expect(await screen.findByText(`Verified: signed by ${address}`)).toBeTruthy()
    expect(screen.getByTestId('typed-data-signature').textContent).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('without a local chain, signs a sample transaction the page recovers with viem, and checks the fields first', async () => {
    stubLocalChain()
    const { address } = await renderSignedIn((address) => <SignTransactionForm address={address} />)
    expect(await screen.findByText(/No node at 127\.0\.0\.1:8545/)).toBeTruthy()
    const send = screen.getByRole('button', { name: 'Sign the transaction' })

    const amount = screen.getByRole('textbox', { name: 'Amount (ETH)' })
    await userEvent.clear(amount)
    await userEvent.type(amount, 'lots')
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount in ETH, like 0.01.')
    expect((send as HTMLButtonElement).disabled).toBe(true)
    await userEvent.clear(amount)
    await userEvent.type(amount, '0.5')

    await userEvent.click(send)
    const verified = await screen.findByTestId('transaction-verification')
    await waitFor(() => expect(verified.textContent).toMatch(/^Verified: signed by /))
    expect(verified.textContent?.toLowerCase()).toContain(address.toLowerCase())
    expect(verified.textContent).toContain('0.5 ETH')
    expect(parseTransaction(screen.getByTestId('signed-transaction').textContent as Hex).value).toBe(5n * 10n ** 17n)
  })

  it('with a local chain, sends there through viem and shows the receipt', async () => {
    const { sent } = stubLocalChain((method, params) => {
      switch (method) {
        case 'eth_chainId':
          return '0x7a69'
        case 'eth_getTransactionCount':
          return '0x0'
        case 'eth_estimateGas':
          return '0x5208'
        case 'eth_maxPriorityFeePerGas':
          return '0x1'
        case 'eth_getBlockByNumber':
          return {
            number: '0x2',
            baseFeePerGas: '0x1',
            timestamp: '0x1',
            hash: `0x${'33'.repeat(32)}`,
            transactions: [],
          }
        case 'eth_blockNumber':
          return '0x2'
        case 'eth_sendRawTransaction':
          return keccak256(params[0] as Hex)
        case 'eth_getTransactionReceipt':
          return {
            transactionHash: keccak256(sent[0] as Hex),
            blockNumber: '0x2',
            blockHash: `0x${'33'.repeat(32)}`,
            status: '0x1',
            logs: [],
            type: '0x2',
            gasUsed: '0x5208',
            cumulativeGasUsed: '0x5208',
            effectiveGasPrice: '0x2',
            from: '0x0000000000000000000000000000000000000000',
            to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
            contractAddress: null,
            logsBloom: `0x${'00'.repeat(256)}`,
            transactionIndex: '0x0',
          }
        default:
          throw new Error(`fake node: ${method}`)
      }
    })
    await renderSignedIn((address) => <SignTransactionForm address={address} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }))
    expect((await screen.findByTestId('transaction-receipt')).textContent).toBe('success in block 2')
    expect(sent).toHaveLength(1)
    expect(screen.getByTestId('transaction-hash').textContent).toBe(keccak256(sent[0] as Hex))
  })
})
