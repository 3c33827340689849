import type { Preview } from '@storybook/react-vite'
import '../src/components/styles.css'
import { preview as project } from '../stories/support/preview'

// The same loaders as the Vitest runner (stories/stories.test.tsx): each story gets a fresh mock proxy.
const preview: Preview = {
  loaders: project.loaders,
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
