import { createMockAuthProxy } from '../../src/mock'
import type { StoryLoader } from './csf'

/** Where the stories' kit sends its calls; the mock's handler answers them (no network). */
export const STORY_PROXY_PATH = '/auth-proxy'

/** A fresh mock per story, ready to sign tokens. */
export const loadMockProxy: StoryLoader = async () => {
  const proxy = createMockAuthProxy({ basePath: STORY_PROXY_PATH })
  await proxy.ready
  return { proxy }
}
