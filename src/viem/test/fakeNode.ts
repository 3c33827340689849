// A chain for the viem and wagmi tests: its definition, and a node answering what viem asks to fill and
// send a transaction, keeping the raw transactions it was sent and the methods it was asked.
import { custom, defineChain, keccak256, type Hex } from 'viem'

export const LOCAL_CHAIN = defineChain({
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

const ANSWERS: Readonly<Record<string, unknown>> = {
  eth_chainId: '0x7a69',
  eth_getTransactionCount: '0x3',
  eth_estimateGas: '0x5208',
  eth_maxPriorityFeePerGas: '0x3b9aca00',
  eth_getBlockByNumber: {
    number: '0x10',
    baseFeePerGas: '0x7',
    timestamp: '0x1',
    hash: `0x${'11'.repeat(32)}`,
    transactions: [],
  },
  eth_blockNumber: '0x10',
}

export function fakeNode() {
  const sent: Hex[] = []
  const calls: string[] = []
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      calls.push(method)
      if (method === 'eth_sendRawTransaction') {
        const raw = (params as Hex[])[0] as Hex
        sent.push(raw)
        return keccak256(raw)
      }
      if (method in ANSWERS) return ANSWERS[method]
      throw new Error(`fake node: ${method}`)
    },
  })
  return { sent, calls, transport }
}
