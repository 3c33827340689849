import type { StoryLoader } from './csf'
import { loadMockProxy } from './loadMockProxy'

/**
 * Project-wide story settings, the part of a Storybook `.storybook/preview.ts` these stories need:
 * every story gets its own fresh mock proxy as `loaded.proxy` (a story's own loaders may replace it).
 */
export const preview: { loaders: StoryLoader[] } = {
  loaders: [loadMockProxy],
}
