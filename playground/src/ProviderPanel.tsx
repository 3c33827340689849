import { useKit } from 'auth-proxy-kit'
import { createEip1193Provider, type AuthProxyEip1193Provider } from 'auth-proxy-kit/viem'
import { useEffect, useId, useRef, useState } from 'react'
import { defineChain } from 'viem'
import { mainnet } from 'viem/chains'
import { LOCAL_CHAIN_URL } from './useLocalChain'

const LOCAL = defineChain({
  id: 31337,
  name: 'Local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [LOCAL_CHAIN_URL] } },
})

/**
 * The kit's EIP-1193 provider, as a dapp sees window.ethereum: its accounts and the events it emits,
 * followed live (sign in or out here or in another tab and watch accountsChanged and disconnect), and
 * "Connect", which asks eth_requestAccounts and so opens sign-in while no one is signed in.
 */
export function ProviderPanel() {
  const id = useId()
  const kit = useKit()
  // Made and destroyed by the effect (it follows the session while it lives); read by Connect.
  const provider = useRef<AuthProxyEip1193Provider>(undefined)
  const [accounts, setAccounts] = useState<readonly string[]>()
  const [events, setEvents] = useState<string[]>([])
  const [error, setError] = useState<string>()

  useEffect(() => {
    const created = createEip1193Provider({
      kit,
      chains: [LOCAL, mainnet],
    })
    const log = (line: string) => setEvents((seen) => [line, ...seen].slice(0, 5))
    const onAccounts = (...args: never[]) => {
      const list = args[0] as unknown as string[]
      setAccounts(list)
      log(`accountsChanged ${JSON.stringify(list)}`)
    }
    const onDisconnect = () => log('disconnect')
    created.on('accountsChanged', onAccounts).on('disconnect', onDisconnect)
    created.request({ method: 'eth_accounts' }).then(
      (list) => setAccounts(list as string[]),
      () => setAccounts([]),
    )
    provider.current = created
    return () => {
      created.removeListener('accountsChanged', onAccounts).removeListener('disconnect', onDisconnect)
      created.destroy()
      provider.current = undefined
    }
  }, [kit])

  return (
    <section className="pg-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>EIP-1193 provider</h2>
      <dl className="pg-claims">
        <dt>eth_accounts</dt>
        <dd data-testid="provider-accounts">{accounts === undefined ? '…' : JSON.stringify(accounts)}</dd>
        <dt>Events</dt>
        <dd>
          <ul className="pg-events" aria-label="Provider events" data-testid="provider-events">
            {events.length === 0 ? (
              <li>none yet</li>
            ) : (
              events.map((line, index) => <li key={`${index}-${line}`}>{line}</li>)
            )}
          </ul>
        </dd>
      </dl>
      <div className="pg-actions">
        <button
          type="button"
          className="pg-button"
          onClick={() => {
            setError(undefined)
            provider.current?.request({ method: 'eth_requestAccounts' }).then(
              (list) => setAccounts(list as string[]),
              // An EIP-1193 error's `details` is its cause's message: what went wrong, not just the code's name.
              (reason: unknown) => setError((reason as { details?: string }).details ?? String(reason)),
            )
          }}
        >
          Connect the provider
        </button>
      </div>
      {error ? <p role="alert">{error}</p> : null}
    </section>
  )
}
