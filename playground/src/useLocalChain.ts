import { useQuery } from '@tanstack/react-query'
import { hexToNumber, type Hex } from 'viem'

/**
 * A local node (anvil, Hardhat or ganache on 127.0.0.1:8545), reached through the playground's own
 * origin (playground/localChainProxy.ts: a strict CSP allows nothing else).
 */
export const LOCAL_CHAIN_URL = typeof location === 'undefined' ? '/local-chain' : `${location.origin}/local-chain`

/**
 * The chain id of a local node, if one is running (asked once per page with eth_chainId); undefined
 * while asking or when none answers, so the transaction form signs without sending.
 */
export function useLocalChain(url = LOCAL_CHAIN_URL): { chainId: number | undefined; isChecking: boolean } {
  const query = useQuery({
    queryKey: ['playground', 'local-chain', url],
    queryFn: async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const { result } = (await response.json()) as { result?: Hex }
      if (typeof result !== 'string') throw new Error('not an Ethereum node')
      return hexToNumber(result)
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  return { chainId: query.data, isChecking: query.isPending }
}
