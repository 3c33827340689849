// Bundled for the browser by productionPasskey.spec.ts (esbuild, not committed output): production's own
// client (@turnkey/core 1.14) on a page, driven by the spec through page.evaluate. Every value crossing
// to the spec is plain JSON.
import { TurnkeyClient } from '@turnkey/core'

export interface ProductionClientConfig {
  /** The mock, on another origin than this page: the auth proxy and the public API both. */
  mockUrl: string
  configId: string
  /** The tenant's parent organization. */
  organizationId: string
  rpId: string
}

export interface PasskeyResult {
  sessionToken: string
  /** The credential signUpWithPasskey registered; production answers '' on log-in. */
  credentialId: string
  /** The session production's client stored. */
  session: { organizationId: string; userId: string; publicKey: string | undefined } | undefined
}

export interface ProductionPasskeyHarness {
  signUpWithPasskey(config: ProductionClientConfig): Promise<PasskeyResult>
  loginWithPasskey(config: ProductionClientConfig): Promise<PasskeyResult>
  /** whoami, stamped by the stored session's key. */
  whoami(config: ProductionClientConfig, organizationId: string): Promise<{ organizationId: string; userId: string }>
}

declare global {
  interface Window {
    productionPasskey: ProductionPasskeyHarness
  }
}

async function open(config: ProductionClientConfig): Promise<TurnkeyClient> {
  const client = new TurnkeyClient({
    apiBaseUrl: config.mockUrl,
    authProxyUrl: config.mockUrl,
    authProxyConfigId: config.configId,
    organizationId: config.organizationId,
    passkeyConfig: { rpId: config.rpId },
  })
  await client.init()
  return client
}

/** TurnkeyError says only "Failed to …"; the proxy's own message is in its cause. */
async function explained<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const causes: string[] = []
    for (let at: unknown = error; at instanceof Error; at = at.cause) causes.push(at.message)
    throw new Error(causes.join(' <- '), { cause: error })
  }
}

async function withSession(
  client: TurnkeyClient,
  result: { sessionToken: string; credentialId: string },
): Promise<PasskeyResult> {
  const session = await client.getSession()
  return {
    sessionToken: result.sessionToken,
    credentialId: result.credentialId,
    session: session && {
      organizationId: session.organizationId,
      userId: session.userId,
      publicKey: session.publicKey,
    },
  }
}

window.productionPasskey = {
  signUpWithPasskey: (config) =>
    explained(async () => {
      const client = await open(config)
      return withSession(client, await client.signUpWithPasskey({ passkeyDisplayName: 'Production client passkey' }))
    }),
  loginWithPasskey: (config) =>
    explained(async () => {
      const client = await open(config)
      return withSession(client, await client.loginWithPasskey())
    }),
  whoami: (config, organizationId) =>
    explained(async () => {
      const client = await open(config)
      const answer = await client.httpClient.getWhoami({ organizationId })
      return { organizationId: answer.organizationId, userId: answer.userId }
    }),
}
