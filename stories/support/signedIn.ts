import { completeEmailOtp, completeSmsOtp, createKit, startEmailOtp, startSmsOtp } from '../../src/core'
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
export function loadSignedIn({ email, phone, wallet, offline, latencyMs }: SignedInOptions): StoryLoader {
  return async () => {
    const { proxy } = (await loadMockProxy()) as { proxy: MockAuthProxy }
    const stores = memoryStores()
    const kit = createKit({ proxyUrl: storyProxyUrl(), configId: DEMO_CONFIG_ID, fetch: proxy.fetch, ...stores, wallet })
    if (phone !== undefined) {
      const challenge = await startSmsOtp(kit, { phoneNumber: phone })
      await completeSmsOtp(kit, { challenge, code: lastCode(proxy, phone) })
    } else {
      const contact = email ?? 'ada@example.com'
      const challenge = await startEmailOtp(kit, { email: contact })
      await completeEmailOtp(kit, { challenge, code: lastCode(proxy, contact) })
    }
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
