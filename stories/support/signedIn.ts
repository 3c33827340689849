import { completeEmailOtp, completeSmsOtp, createKit, startEmailOtp, startSmsOtp, type Kit } from '../../src/core'
import { apiKeyStamper } from '../../src/core/stamp/stamper'
import { DEMO_CONFIG_ID, type MockAuthProxy } from '../../src/mock'
import type { SignupWallet } from '../../src/react'
import type { StoryLoader } from './csf'
import { loadMockProxy, storyProxyUrl } from './loadMockProxy'
import { memoryStores } from './MockProviders'

export interface SignedInOptions {
  /** Signed in by a code to this email, or (`phone`) by SMS to this E.164 number. */
  email?: string
  phone?: string
  /** The wallet the sign-up asks for (the provider's `wallet`); default the tenant's (Ethereum and Solana). */
  wallet?: SignupWallet
  /**
   * Wallets created after the sign-up, each by a stamped create_wallet (the kit's public API client and
   * session key), as an app that makes a second wallet for the person does.
   */
  moreWallets?: SignupWallet[]
  /** The network fails once the person is signed in (the wallet cannot be read). */
  offline?: boolean
  /** The mock answers this slowly once the person is signed in (the wallet is still loading). */
  latencyMs?: number
}

/**
 * A page opened by someone already signed in: the sign-up ran before the story (on the same stores,
 * against the story's mock), so the story opens on "Your account" with the session, the identity the
 * flow remembered, and a real wallet.
 */
export function loadSignedIn({
  email,
  phone,
  wallet,
  moreWallets = [],
  offline,
  latencyMs,
}: SignedInOptions): StoryLoader {
  return async () => {
    const { proxy } = (await loadMockProxy()) as { proxy: MockAuthProxy }
    const stores = memoryStores()
    const kit = createKit({
      proxyUrl: storyProxyUrl(),
      configId: DEMO_CONFIG_ID,
      fetch: proxy.fetch,
      ...stores,
      wallet,
      dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    })
    if (phone !== undefined) {
      const challenge = await startSmsOtp(kit, { phoneNumber: phone })
      await completeSmsOtp(kit, { challenge, code: lastCode(proxy, phone) })
    } else {
      const contact = email ?? 'ada@example.com'
      const challenge = await startEmailOtp(kit, { email: contact })
      await completeEmailOtp(kit, { challenge, code: lastCode(proxy, contact) })
    }
    for (const more of moreWallets) await createWallet(kit, more)
    kit.destroy()
    if (latencyMs !== undefined) proxy.setLatency(latencyMs)
    return { proxy, stores, offline }
  }
}

function lastCode(proxy: MockAuthProxy, contact: string): string {
  const code = proxy.outbox(contact)[0]?.code
  if (code === undefined) throw new Error(`the mock sent no code to ${contact}`)
  return code
}

/** ACTIVITY_TYPE_CREATE_WALLET in the signed-in person's organization, stamped by the session's key. */
async function createWallet(kit: Kit, wallet: SignupWallet): Promise<void> {
  const session = kit.session.getSnapshot().session
  if (session === null) throw new Error('createWallet: no session after the sign-up')
  await kit.publicApi.submit(
    'create_wallet',
    {
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
      timestampMs: String(kit.now()),
      organizationId: session.organizationId,
      parameters: { walletName: wallet.walletName, accounts: wallet.accounts },
    },
    apiKeyStamper(kit, session.publicKey),
  )
}
