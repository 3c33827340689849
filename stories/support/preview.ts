import { configure } from '@testing-library/dom'
import type { StoryLoader } from './csf'
import { loadMockProxy } from './loadMockProxy'

/**
 * Project-wide story settings, the part of a Storybook `.storybook/preview.ts` these stories need:
 * every story gets its own fresh mock proxy as `loaded.proxy` (a story's own loaders may replace it).
 */
// The play functions' findBy* and waitFor give up only on a hang (Testing Library's 1 s default is a quiet
// machine's): a sign-in against the mock on two shared cores, under load, takes several seconds.
configure({ asyncUtilTimeout: 30_000 })

export const preview: { loaders: StoryLoader[] } = {
  loaders: [loadMockProxy],
}
