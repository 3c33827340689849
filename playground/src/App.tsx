import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthPanel, AuthProxyProvider, LoginButton, SessionBadge, SignedOut } from 'auth-proxy-kit'
import { useState } from 'react'
import { DevInbox } from './DevInbox'
import { LookSelect } from './LookSelect'
import { ConfigIdSelect } from './ConfigIdSelect'
import { MOCK_PROXY_PATH, mockOAuthEndpoints } from './mockProxy'
import { OAuthModeSelect } from './OAuthModeSelect'
import { SessionPanel } from './SessionPanel'
import { TestIdentities } from './TestIdentities'
import { WalletPanel } from './WalletPanel'
import { useConfigIdChoice } from './useConfigIdChoice'
import { themeOf, useLookChoice } from './useLookChoice'
import { useOAuthModeChoice } from './useOAuthModeChoice'

export function App() {
  const [queryClient] = useState(() => new QueryClient())
  const [proxyUrl] = useState(() => new URL(MOCK_PROXY_PATH, window.location.origin).href)
  const [oauthEndpoints] = useState(() => mockOAuthEndpoints(proxyUrl))
  const [configId, setConfigId] = useConfigIdChoice()
  const [oauthMode, setOAuthMode] = useOAuthModeChoice()
  const [look, setLook] = useLookChoice()
  const theme = themeOf(look.theme)
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={proxyUrl}
        configId={configId}
        {...oauthEndpoints}
        oauthMode={oauthMode === 'auto' ? undefined : oauthMode}
      >
        <header className="pg-header">
          <h1>auth-proxy-kit playground</h1>
          <div className="pg-header-actions">
            <ConfigIdSelect value={configId} onChange={setConfigId} />
            <OAuthModeSelect value={oauthMode} onChange={setOAuthMode} />
            <LookSelect value={look} onChange={setLook} />
            {look.view === 'modal' ? (
              <LoginButton theme={theme} locale={look.locale} />
            ) : (
              <SessionBadge theme={theme} locale={look.locale} />
            )}
          </div>
        </header>
        {look.view === 'panel' ? (
          <SignedOut>
            <div className="pg-inline-panel">
              <AuthPanel theme={theme} locale={look.locale} />
            </div>
          </SignedOut>
        ) : null}
        <main className="pg-main">
          <SessionPanel />
          <WalletPanel />
          <DevInbox />
          <TestIdentities />
        </main>
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
