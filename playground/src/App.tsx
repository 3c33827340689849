import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthPanel, AuthProxyProvider, LoginButton, SessionBadge, SignedOut, useLoginModal } from 'auth-proxy-kit'
import { useState } from 'react'
import { DevInbox } from './DevInbox'
import { LumenMark } from './LumenMark'
import { LookSelect } from './LookSelect'
import { ConfigIdSelect } from './ConfigIdSelect'
import { MOCK_PROXY_PATH, mockTurnstileScriptUrl } from './mockProxy'
import { NewestCodeToast } from './NewestCodeToast'
import { OAuthModeSelect } from './OAuthModeSelect'
import { createPageCodes, type PageCodes } from './pageCodes'
import { recordOtpIds } from './recordOtpIds'
import { SessionPanel } from './SessionPanel'
import { TestIdentities } from './TestIdentities'
import { ProviderPanel } from './ProviderPanel'
import { WalletPanel } from './WalletPanel'
import { useConfigIdChoice } from './useConfigIdChoice'
import { themeOf, useLookChoice } from './useLookChoice'
import { useOAuthModeChoice } from './useOAuthModeChoice'
import { useOutbox } from './useOutbox'
import { usePageColorScheme } from './usePageColorScheme'

/** The sign-in's mark: the playground plays Lumen, an app with its own logo (decorative, as the kit asks). */
const LOGO = <LumenMark />

/** The outbox, read once for the dev inbox and the toast (useOutbox says why once). */
function Outbox({ codes, view }: { codes: PageCodes; view: 'modal' | 'panel' }) {
  const outbox = useOutbox()
  // A code is for the sign-in on screen: with the modal closed (cancelled while a code showed), the toast
  // would only cover the header's "Log in". It comes back with the modal; the dev inbox keeps every code.
  const modalOpen = useLoginModal().isOpen
  return (
    <>
      <NewestCodeToast outbox={outbox.data} codes={codes} hidden={view === 'modal' && !modalOpen} />
      <DevInbox outbox={outbox} />
    </>
  )
}

export interface AppProps {
  /** The app's react-query client; its own by default (a test passes one to look into its cache). */
  queryClient?: QueryClient
}

export function App({ queryClient: given }: AppProps) {
  const [queryClient] = useState(() => given ?? new QueryClient())
  // No OAuth endpoints to pass: the mock's Vite plugin tells the page where its consent pages are, in the
  // dev server and in the e2e's build (enclaveKeyInBuild), as it does for any host app.
  const [proxyUrl] = useState(() => new URL(MOCK_PROXY_PATH, window.location.origin).href)
  // The codes this page asks for, known from the kit's own calls: the toast shows only those.
  const [codes] = useState(createPageCodes)
  const [kitFetch] = useState(() => recordOtpIds(codes.asked))
  const [configId, setConfigId] = useConfigIdChoice()
  const [oauthMode, setOAuthMode] = useOAuthModeChoice()
  const [look, setLook] = useLookChoice()
  const theme = themeOf(look.theme)
  usePageColorScheme(look.theme)
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={proxyUrl}
        configId={configId}
        fetch={kitFetch}
        oauthMode={oauthMode === 'auto' ? undefined : oauthMode}
        dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}
        captchaScriptUrl={mockTurnstileScriptUrl(proxyUrl)}
      >
        <header className="pg-header">
          <div className="pg-brand">
            <LumenMark className="pg-brand-mark" />
            <h1>auth-proxy-kit playground</h1>
          </div>
          {/* One height whatever it holds ("Log in", "Account", the badge, nothing): signing in moves nothing. */}
          <div className="pg-session-slot">
            {look.view === 'modal' ? (
              <LoginButton theme={theme} locale={look.locale} logo={LOGO} />
            ) : (
              <SessionBadge theme={theme} locale={look.locale} />
            )}
          </div>
          <div className="pg-controls">
            <ConfigIdSelect value={configId} onChange={setConfigId} />
            <OAuthModeSelect value={oauthMode} onChange={setOAuthMode} />
            <LookSelect value={look} onChange={setLook} />
          </div>
        </header>
        {look.view === 'panel' ? (
          <SignedOut>
            <div className="pg-inline-panel">
              <AuthPanel theme={theme} locale={look.locale} logo={LOGO} />
            </div>
          </SignedOut>
        ) : null}
        <main className="pg-main">
          <SessionPanel />
          <WalletPanel />
          <ProviderPanel />
          <Outbox codes={codes} view={look.view} />
          <TestIdentities />
        </main>
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
