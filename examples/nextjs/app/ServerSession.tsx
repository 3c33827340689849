// A Server Component: who is signed in, read on the server from the session cookie the kit sets (the
// providers pass createSessionCookie()) and checked with auth-proxy-kit/server, so the first HTML already
// says it. The kit's own components render 'loading' on the server (the session is in the browser); this is
// what an app's server renders instead, with no flash.
import { DEFAULT_SESSION_COOKIE, isSessionTokenError, verifySessionToken } from 'auth-proxy-kit/server'
import { cookies } from 'next/headers'
import { sessionOptions } from '../server/env'

export async function ServerSession() {
  const userId = await signedInUser((await cookies()).get(DEFAULT_SESSION_COOKIE)?.value)
  return (
    <p data-testid="server-session">
      {userId === undefined ? 'The server sees no one signed in.' : `The server sees user ${userId} signed in.`}
    </p>
  )
}

/** The user of a session the server verified; a cookie anyone could have written counts for nothing else. */
async function signedInUser(token: string | undefined): Promise<string | undefined> {
  if (token === undefined) return undefined
  try {
    return (await verifySessionToken(token, sessionOptions())).userId
  } catch (error) {
    if (!isSessionTokenError(error)) throw error
    return undefined
  }
}
