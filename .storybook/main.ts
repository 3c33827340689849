import type { StorybookConfig } from '@storybook/react-vite'

// The stories in stories/ run on the mock proxy's fetch handler in the browser: no network, no server.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
}
export default config
