// A Server Component: it imports the kit's client components (each carries 'use client') and calls
// darkTheme() here, on the server; the theme is plain data, so it may be passed to a client component.
import { LoginButton, SessionBadge, SignedIn, SignedOut, darkTheme } from 'auth-proxy-kit'
import 'auth-proxy-kit/styles.css'
import type { Metadata } from 'next'
import Link from 'next/link'
import type { ReactNode } from 'react'
import './globals.css'
import { Providers } from './providers'

export const metadata: Metadata = {
  title: 'auth-proxy-kit on Next.js',
  description: 'Wallet sign-in through an auth proxy, in the Next.js App Router',
}

const theme = darkTheme({ accent: '#5fd4a0', accentText: '#062016', radius: 6 })

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>
          <header>
            <nav aria-label="Main">
              <Link href="/">Home</Link>
              <Link href="/custom">Custom form</Link>
            </nav>
            <LoginButton theme={theme} />
          </header>
          {/* Rendered by the server as nothing (the session is 'loading' there), then by the browser. */}
          <SignedIn>
            <p>You are signed in.</p>
            <SessionBadge theme={theme} />
          </SignedIn>
          <SignedOut>
            <p>You are signed out.</p>
          </SignedOut>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  )
}
