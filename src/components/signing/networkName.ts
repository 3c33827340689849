/** Chains a person knows by name, with the coin a transaction's value is in: a few, the rest by id. */
const CHAINS: Readonly<Record<string, readonly [name: string, coin: string]>> = {
  1: ['Ethereum', 'ETH'],
  10: ['OP Mainnet', 'ETH'],
  56: ['BNB Smart Chain', 'BNB'],
  100: ['Gnosis', 'xDAI'],
  137: ['Polygon', 'POL'],
  324: ['zkSync Era', 'ETH'],
  8453: ['Base', 'ETH'],
  42161: ['Arbitrum One', 'ETH'],
  43114: ['Avalanche C-Chain', 'AVAX'],
  59144: ['Linea', 'ETH'],
  534352: ['Scroll', 'ETH'],
  11155111: ['Sepolia', 'ETH'],
  84532: ['Base Sepolia', 'ETH'],
  17000: ['Holesky', 'ETH'],
}

/** "Base (8453)" for a chain the kit knows, else the id alone (a name guessed wrong would mislead). */
export function networkName(chainId: number | bigint): string {
  const known = CHAINS[String(chainId)]
  return known ? `${known[0]} (${chainId})` : String(chainId)
}

/** The coin of a chain's native value, in 18 decimals on every EVM chain: ETH unless the kit knows another. */
export function networkCoin(chainId: number | bigint | undefined): string {
  return (chainId === undefined ? undefined : CHAINS[String(chainId)]?.[1]) ?? 'ETH'
}
