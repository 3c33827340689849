// Bundled for the browser by productionReactKit.spec.ts (esbuild, in memory): a small app built on
// production's own React kit (@turnkey/react-wallet-kit 2.4.3, with its @turnkey/core 2.8.1) as a Turnkey
// customer would write it, pointed at the mock. The person signs in through the kit's own modal
// (handleLogin) and signs through its own signing modal (handleSignMessage); the hook itself is left on
// `window`, for the spec to call as a customer's own code does (the OAuth handlers, the queries,
// signMessage) and to read the session from.
import '@turnkey/react-wallet-kit/styles.css'
import { useLayoutEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { AuthState, ClientState, TurnkeyProvider, useTurnkey } from '@turnkey/react-wallet-kit'
import { MESSAGE_TO_SIGN, ethereumSignature, pageConfigFrom, type AuthEvent } from './reactKitPage'

export type ProductionReactKit = ReturnType<typeof useTurnkey>

declare global {
  interface Window {
    /** The hook's value as the app's last render saw it. */
    productionReactKit?: ProductionReactKit
    productionReactKitEvents: AuthEvent[]
    productionReactKitErrors: string[]
  }
}

function SignedIn({ kit }: { kit: ProductionReactKit }) {
  const [signature, setSignature] = useState<string>()
  const accounts = kit.wallets.flatMap((wallet) => wallet.accounts)
  const ethereum = accounts.find((account) => account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM')
  const sign = async () => {
    if (ethereum === undefined) throw new Error('no Ethereum account to sign with')
    // successPageDuration 0: the kit closes its modal as soon as it signed, rather than after 2 s.
    const result = await kit.handleSignMessage({
      message: MESSAGE_TO_SIGN,
      walletAccount: ethereum,
      addEthereumPrefix: true,
      successPageDuration: 0,
    })
    setSignature(ethereumSignature(result))
  }
  return (
    <main>
      <h1>Signed in</h1>
      <section aria-label="Account">
        <p>User {kit.user?.userId}</p>
        <p>Email {kit.user?.userEmail}</p>
        <p>Phone {kit.user?.userPhoneNumber}</p>
        <p>Organization {kit.session?.organizationId}</p>
      </section>
      <section aria-label="Wallet accounts">
        <ul>
          {accounts.map((account) => (
            <li key={account.address}>
              {account.addressFormat} {account.address}
            </li>
          ))}
        </ul>
      </section>
      <button type="button" onClick={() => void sign().catch(report)}>
        Sign a message
      </button>
      {signature !== undefined && <output aria-label="Signature">{signature}</output>}
      <button type="button" onClick={() => void kit.logout().catch(report)}>
        Log out
      </button>
    </main>
  )
}

function App() {
  const kit = useTurnkey()
  // Before paint: once the page shows a state, the hook on `window` is the one that rendered it.
  useLayoutEffect(() => {
    window.productionReactKit = kit
  }, [kit])
  if (kit.clientState === ClientState.Error) return <p role="alert">The Turnkey client failed to start</p>
  if (kit.clientState !== ClientState.Ready) return <p role="status">Loading</p>
  if (kit.authState === AuthState.Authenticated) return <SignedIn kit={kit} />
  return (
    <main>
      <h1>Signed out</h1>
      <button type="button" onClick={() => void kit.handleLogin().catch(report)}>
        Log in or sign up
      </button>
    </main>
  )
}

function report(error: unknown): void {
  window.productionReactKitErrors.push(error instanceof Error ? error.message : String(error))
}

window.productionReactKitEvents = []
window.productionReactKitErrors = []
const page = pageConfigFrom(location.search)
const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'))
createRoot(container).render(
  <TurnkeyProvider
    config={{
      organizationId: page.organizationId,
      authProxyConfigId: page.configId,
      authProxyUrl: page.mockUrl,
      apiBaseUrl: page.mockUrl,
      passkeyConfig: { rpId: location.hostname },
    }}
    callbacks={{
      onAuthenticationSuccess: ({ action, method }) => {
        window.productionReactKitEvents.push({ action: String(action), method })
      },
      onError: (error) => report(error),
    }}
  >
    <App />
  </TurnkeyProvider>,
)
