import type { AuthProxyEip1193Provider } from './createEip1193Provider'

/** EIP-6963's description of a wallet: how a dapp's wallet list shows it. */
export interface Eip6963ProviderInfo {
  /** A UUIDv4, new for each page load (default: crypto.randomUUID()). */
  uuid?: string | undefined
  name: string
  /** A data: URI of a square image (96 px or more). */
  icon: string
  /** Reverse-DNS id of the wallet, stable across loads (com.example.wallet). */
  rdns: string
}

/**
 * Announces `provider` to the page's dapps by EIP-6963 (multi-injected provider discovery): once now,
 * and again each time a dapp asks (`eip6963:requestProvider`), so that wagmi's and RainbowKit's wallet
 * lists show it beside the browser's extensions. Returns a function that stops answering.
 */
export function announceProvider(
  provider: AuthProxyEip1193Provider,
  info: Eip6963ProviderInfo,
  target: Window = window,
): () => void {
  const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), ...info }), provider })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  announce()
  target.addEventListener('eip6963:requestProvider', announce)
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
