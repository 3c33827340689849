import { createMockAuthProxy } from '../../src/mock'
import type { StoryLoader } from './csf'

/** Where the stories' kit sends its calls; the mock's handler answers them (no network). */
export const STORY_PROXY_PATH = '/auth-proxy'

/** The same, absolute (authorize URLs must be): on the page the story runs in. */
export function storyProxyUrl(): string {
  return new URL(STORY_PROXY_PATH, globalThis.location?.origin ?? 'http://localhost').href
}

/** A fresh mock per story, ready to sign tokens. */
export const loadMockProxy: StoryLoader = async () => {
  const proxy = createMockAuthProxy({ strictFields: true, basePath: STORY_PROXY_PATH })
  await proxy.ready
  return { proxy }
}
