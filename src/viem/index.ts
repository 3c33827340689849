// auth-proxy-kit/viem: the signed-in wallet for code written against viem (and, through the EIP-1193
// provider, anything that takes window.ethereum). viem is an optional peer, installed by the apps that
// import this entry; the kit's other entries never load it.
export { createViemAccount, type CreateViemAccountParameters } from './createViemAccount'
export { getViemAccount } from './getViemAccount'
export {
  createEip1193Provider,
  type AuthProxyEip1193Provider,
  type CreateEip1193ProviderOptions,
  type ProviderEvent,
  type ProviderListener,
} from './createEip1193Provider'
export { announceProvider, type Eip6963ProviderInfo } from './announceProvider'
export { toProviderError } from './providerErrors'
