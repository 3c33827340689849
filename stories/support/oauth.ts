import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { createKit, startOAuth, type OAuthProviderName } from '../../src/core'
import { DEMO_CONFIG_ID, mockOAuthEndpoints, type MockAuthProxy } from '../../src/mock'
import {
  fakeOAuthWindow,
  type FakeOAuthWindow,
  type FakeOAuthWindowOptions,
} from '../../src/react/test/fakeOAuthWindow'
import { consent } from '../../src/react/test/mockConsent'
import { savePendingOAuthRedirect } from '../../src/core/oauth/pendingOAuthRedirect'
import type { StoryLoaded, StoryLoader } from './csf'
import { loadMockProxy, storyProxyUrl } from './loadMockProxy'
import { memoryStores } from './MockProviders'
import { dialogOf } from './steps'

// OAuth in stories: the window is a fake (a story cannot open real popups in a test runner), and the
// mock's consent page is driven the way a browser submits it.

/** A page whose popups the story drives (or that blocks them). */
export function loadOAuthWindow(options: FakeOAuthWindowOptions = {}): StoryLoader {
  return async () => ({ oauthWindow: fakeOAuthWindow(options) })
}

/** Clicks "Continue with <Provider>" in the open dialog. */
export async function clickProvider(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  const dialog = await dialogOf(canvasElement)
  const button = await within(dialog).findByRole('button', { name: `Continue with ${name}` })
  await userEvent.setup().click(button)
  return dialog
}

/** Waits for the popup to be on the mock's consent page, then answers it with the button `choice`. */
export async function answerInPopup(loaded: StoryLoaded, provider: OAuthProviderName, choice: string): Promise<void> {
  const page = loaded.oauthWindow as FakeOAuthWindow
  const authorize = `${storyProxyUrl()}/__mock/oauth/${provider}/authorize`
  const deadline = Date.now() + 3000
  while (!page.popup().location.href.startsWith(authorize)) {
    if (Date.now() > deadline) throw new Error('the popup never reached the provider')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  page.popup().location.href = await consent(loaded.proxy, page.popup().location.href, choice)
}

/**
 * The page a provider sends back to: a Google sign-in was started by redirect (on the same stores),
 * answered with the consent button `choice`, and the story's page is at the callback URL (Google's
 * answer: the id_token, or the error, in the fragment).
 */
export function loadRedirectReturn(choice: string, latencyMs = 0): StoryLoader {
  return async () => {
    const { proxy } = (await loadMockProxy()) as { proxy: MockAuthProxy }
    const stores = memoryStores()
    const leaving = fakeOAuthWindow()
    const kit = createKit({
      proxyUrl: storyProxyUrl(),
      configId: DEMO_CONFIG_ID,
      fetch: proxy.fetch,
      ...stores,
      ...mockOAuthEndpoints(storyProxyUrl()),
      location: leaving.location,
    })
    const { authorizeUrl } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    // What the kit's redirect sign-in leaves in the tab: the provider it left for (the retry goes back to it).
    savePendingOAuthRedirect(stores.flowStorage, DEMO_CONFIG_ID, 'google', Date.now())
    kit.destroy()
    const callbackUrl = await consent(proxy, authorizeUrl, choice)
    proxy.setLatency(latencyMs)
    return { proxy, stores, oauthWindow: fakeOAuthWindow({ href: callbackUrl }), oauthMode: 'redirect' }
  }
}
