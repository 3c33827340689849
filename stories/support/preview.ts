import { configure } from '@testing-library/dom'
import type { StoryLoader } from './csf'
import { loadMockProxy } from './loadMockProxy'

/**
 * Project-wide story settings, the part of a Storybook `.storybook/preview.ts` these stories need:
 * every story gets its own fresh mock proxy as `loaded.proxy` (a story's own loaders may replace it).
 */
// The play functions' findBy* and waitFor wait up to 5 s, as the component tests do (src/test/setupDom.ts):
// a sign-in against the mock can pass Testing Library's 1 s default on CI's two shared cores.
configure({ asyncUtilTimeout: 5_000 })

export const preview: { loaders: StoryLoader[] } = {
  loaders: [loadMockProxy],
}
