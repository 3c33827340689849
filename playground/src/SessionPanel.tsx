import { formatCountdown, useLogout, useRefreshSession, useSession, useSessionTimeLeft } from 'auth-proxy-kit'

/** A session inspector: what the kit holds, decoded, with the time it has left. */
export function SessionPanel() {
  const { status, session, expiresSoon } = useSession()
  const logout = useLogout()
  const refresh = useRefreshSession()
  // The kit's own ticking countdown, in the kit's one format.
  const timeLeft = useSessionTimeLeft()
  return (
    <section className="pg-panel" aria-labelledby="pg-session-title">
      <h2 id="pg-session-title">Session</h2>
      {status === 'loading' && <p role="status">Loading the stored session…</p>}
      {status === 'signedOut' && (
        <p>
          Signed out. Use “Log in” to sign up or sign in with a code by email or SMS, a mock social account (Google and
          Apple on the demo tenant, every provider on the other), or a passkey.
        </p>
      )}
      {status === 'signedIn' && session && (
        <>
          <dl className="pg-claims">
            <dt>Status</dt>
            <dd data-testid="session-status">signed in{expiresSoon ? ' (expires soon)' : ''}</dd>
            <dt>Organization</dt>
            <dd>{session.organizationId}</dd>
            <dt>User</dt>
            <dd>{session.userId}</dd>
            <dt>Session type</dt>
            <dd>{session.claims.session_type}</dd>
            <dt>Expires</dt>
            <dd>{new Date(session.expiresAt).toLocaleTimeString()}</dd>
            <dt>Time left</dt>
            <dd>{timeLeft === null ? '…' : formatCountdown(timeLeft)}</dd>
            <dt>Public key</dt>
            <dd>
              <code className="pg-key">{session.publicKey}</code>
            </dd>
          </dl>
          <details>
            <summary>Decoded claims</summary>
            <pre>{JSON.stringify(session.claims, null, 2)}</pre>
          </details>
          <div className="pg-actions">
            <button
              type="button"
              className="pg-button"
              onClick={() => refresh.refreshSession()}
              disabled={refresh.isPending}
            >
              {refresh.isPending ? 'Refreshing…' : 'Refresh session'}
            </button>
            <button type="button" className="pg-button" onClick={() => logout.logout()} disabled={logout.isPending}>
              {logout.isPending ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
          <p role="status">
            {refresh.data
              ? `Refreshed: the session now ends at ${new Date(refresh.data.expiresAt).toLocaleTimeString()}.`
              : null}
          </p>
          {refresh.error ? <p role="alert">{refresh.error.message}</p> : null}
        </>
      )}
    </section>
  )
}
