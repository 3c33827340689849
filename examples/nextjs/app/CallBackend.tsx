'use client'
// A call to this app's own backend (app/api/me) with the session as a bearer token: the backend checks it
// with auth-proxy-kit/server and answers who is calling, or refuses.
import { useSession } from 'auth-proxy-kit'
import { useState } from 'react'

interface Me {
  userId?: string
  organizationId?: string
  code?: string
}

export function CallBackend() {
  const { session } = useSession()
  const [answer, setAnswer] = useState<string>()

  async function callBackend() {
    setAnswer('Calling your backend…')
    try {
      const response = await fetch('/api/me', {
        headers: session ? { Authorization: `Bearer ${session.token}` } : {},
      })
      const me = (await response.json()) as Me
      setAnswer(
        response.ok
          ? `Your backend says: user ${me.userId} of organization ${me.organizationId}.`
          : `Your backend refused the call (${response.status} ${me.code ?? ''}).`,
      )
    } catch (error) {
      setAnswer(`Your backend could not be reached: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return (
    <section aria-label="Your backend">
      <button type="button" onClick={() => void callBackend()}>
        Call my backend
      </button>
      <p role="status">{answer}</p>
    </section>
  )
}
