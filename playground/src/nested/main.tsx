// A host page whose own modal (a Radix Dialog) holds the kit's LoginButton: the case of
// e2e/nestedDialog.spec.ts. Radix makes <body> ignore the pointer while its dialog is open and listens
// for Escape on the document; the kit's modal, opened on top, must still take clicks and own Escape.
import 'auth-proxy-kit/styles.css'
import * as RadixDialog from '@radix-ui/react-dialog'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton, SignedIn, SignedOut } from 'auth-proxy-kit'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { MOCK_PROXY_PATH } from '../mockProxy'
import './nested.css'

const queryClient = new QueryClient()

function NestedPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={new URL(MOCK_PROXY_PATH, window.location.origin).href}
        configId="demo"
        dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}
      >
        <main className="nested-page">
          <h1>Settings</h1>
          <RadixDialog.Root>
            <RadixDialog.Trigger className="nested-button">Account settings</RadixDialog.Trigger>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className="nested-overlay" />
              <RadixDialog.Content className="nested-content">
                <RadixDialog.Title>Account settings</RadixDialog.Title>
                <RadixDialog.Description>Sign in to manage your account.</RadixDialog.Description>
                <LoginButton />
                <SignedOut>
                  <p>You are signed out.</p>
                </SignedOut>
                <SignedIn>
                  <p>You are signed in.</p>
                </SignedIn>
                <RadixDialog.Close className="nested-button">Close settings</RadixDialog.Close>
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
        </main>
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('nested.html: #root is missing')
createRoot(root).render(
  <StrictMode>
    <NestedPage />
  </StrictMode>,
)
