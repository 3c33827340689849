// auth-proxy-kit/wagmi: the kit's wallet as a wagmi connector. @wagmi/core and viem are optional peers,
// installed by the apps that import this entry.
export { authProxyKit, type AuthProxyKitParameters } from './authProxyKit'
