import { Suspense } from 'react'
import { CallBackend } from './CallBackend'
import { ServerSession } from './ServerSession'

export default function Home() {
  return (
    <>
      <h1>auth-proxy-kit on Next.js</h1>
      <p>
        &ldquo;Log in&rdquo; opens the kit&apos;s modal. The codes the mock proxy &ldquo;sends&rdquo; are in its outbox
        (see the README).
      </p>
      {/* Read per request (the cookie): outside the prerendered shell, streamed in the same response. */}
      <Suspense fallback={null}>
        <ServerSession />
      </Suspense>
      <CallBackend />
    </>
  )
}
