import { useLogout, useSession } from 'auth-proxy-kit'

/** Who is signed in, from the session alone (no request), and a way out. */
export function SessionLine() {
  const { status, session } = useSession()
  const { logout, isPending } = useLogout()
  if (status === 'loading') return <p>Checking your session…</p>
  if (status === 'signedOut' || !session) return <p>Signed out</p>
  return (
    <p>
      Signed in as {session.identity?.contact ?? session.userId}{' '}
      <button type="button" onClick={() => logout()} disabled={isPending}>
        Sign out
      </button>
    </p>
  )
}
