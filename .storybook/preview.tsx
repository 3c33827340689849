import type { Preview } from '@storybook/react-vite'
import '../src/components/styles.css'
import type { StoryParameters } from '../stories/support/csf'
import { expectStoryState } from '../stories/support/expectState'
import { preview as project } from '../stories/support/preview'

// Each story gets a fresh mock proxy (project.loaders); after its play function, the states it claims
// are checked on the page (e2e/stories.spec.ts fails a story whose check threw).
const preview: Preview = {
  loaders: project.loaders,
  afterEach: ({ parameters }) => expectStoryState(parameters as StoryParameters),
  parameters: {
    layout: 'padded',
    viewport: {
      options: {
        mobile: { name: 'Narrow mobile (360 × 740)', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        desktop: { name: 'Desktop (1280 × 800)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
}
export default preview
