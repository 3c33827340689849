/**
 * The short form of an address, as wallets show one: the start and the end with an ellipsis between.
 * Ethereum keeps its `0x` and four characters each side (`0x1234…abcd`); other formats (Solana's
 * base58) four each side (`AbCd…WxYz`). An address too short to gain from it comes back whole.
 */
export function shortAddress(address: string): string {
  const head = address.startsWith('0x') ? 6 : 4
  const tail = 4
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}

const CHAINS: Readonly<Record<string, string>> = {
  ADDRESS_FORMAT_ETHEREUM: 'Ethereum',
  ADDRESS_FORMAT_SOLANA: 'Solana',
}

/**
 * The chain an address format belongs to, by its own name (not translated). A format the kit does not
 * know shows as its production name without the prefix (`ADDRESS_FORMAT_COSMOS` → `COSMOS`).
 */
export function chainName(addressFormat: string): string {
  return CHAINS[addressFormat] ?? addressFormat.replace(/^ADDRESS_FORMAT_/, '')
}
