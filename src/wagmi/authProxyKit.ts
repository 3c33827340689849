import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { getAddress, hexToNumber, numberToHex, SwitchChainError, type Address, type Hex } from 'viem'
import type { Kit } from '../core/createKit'
import { createEip1193Provider, type AuthProxyEip1193Provider } from '../viem/createEip1193Provider'

export interface AuthProxyKitParameters {
  /** The kit the app's AuthProxyProvider runs on (createKit from auth-proxy-kit/core, passed as its `kit`). */
  kit: Kit
  /**
   * How connecting signs a person in while no one is: open the login modal and resolve once they
   * signed in (see docs/wallet-signing.md). Default kit.signInPrompt, which the drop-in
   * LoginModal fills while mounted; with neither, connecting while signed out fails with 4100.
   */
  connect?: (() => Promise<void>) | undefined
  /** Whether wagmi's disconnect also signs out of the kit (default true: the wallet is the session). */
  signOutOnDisconnect?: boolean | undefined
}

authProxyKit.type = 'authProxyKit' as const

/**
 * A wagmi connector for the wallet behind the kit's sign-in: useAccount, useSignMessage,
 * useSignTypedData, useSendTransaction work unchanged, each signature asked of the API through the kit
 * (and its signing prompt). Connecting opens sign-in when no one is signed in; signing out (in any tab)
 * disconnects; reconnecting on load needs no prompt while the session lives.
 */
export function authProxyKit(parameters: AuthProxyKitParameters) {
  const { kit, signOutOnDisconnect = true } = parameters
  type Properties = {
    connect<withCapabilities extends boolean = false>(parameters?: {
      chainId?: number | undefined
      isReconnecting?: boolean | undefined
      withCapabilities?: withCapabilities | boolean | undefined
    }): Promise<{
      accounts: withCapabilities extends true
        ? readonly { address: Address; capabilities: Record<string, unknown> }[]
        : readonly Address[]
      chainId: number
    }>
  }

  return createConnector<AuthProxyEip1193Provider, Properties>((config) => {
    let provider: AuthProxyEip1193Provider | undefined
    let listening = false
    const getProvider = async () => {
      provider ??= createEip1193Provider({
        kit,
        chains: config.chains,
        transports: config.transports ?? {},
        ...(parameters.connect ? { connect: parameters.connect } : {}),
      })
      return provider
    }
    const accountsOf = (list: unknown): Address[] => (list as string[]).map((address) => getAddress(address))

    return {
      id: 'authProxyKit',
      name: 'Auth Proxy Kit',
      type: authProxyKit.type,
      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const wallet = await getProvider()
        const accounts = accountsOf(
          await wallet.request({ method: isReconnecting ? 'eth_accounts' : 'eth_requestAccounts' }),
        )
        if (accounts.length === 0) throw new Error('authProxyKit: no one is signed in')
        let current = await this.getChainId()
        if (chainId !== undefined && chainId !== current) current = (await this.switchChain!({ chainId })).id
        if (!listening) {
          wallet.on('accountsChanged', this.onAccountsChanged.bind(this))
          wallet.on('chainChanged', this.onChainChanged.bind(this))
          wallet.on('disconnect', this.onDisconnect.bind(this))
          listening = true
        }
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: current,
        }
      },
      async disconnect() {
        if (signOutOnDisconnect) await kit.session.logout()
      },
      async getAccounts() {
        return accountsOf(await (await getProvider()).request({ method: 'eth_accounts' }))
      },
      async getChainId() {
        return hexToNumber((await (await getProvider()).request({ method: 'eth_chainId' })) as Hex)
      },
      async getProvider() {
        return getProvider()
      },
      async isAuthorized() {
        return (await this.getAccounts()).length > 0
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId)
        if (chain === undefined) throw new SwitchChainError(new ChainNotConfiguredError())
        await (
          await getProvider()
        ).request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accountsOf(accounts) })
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
