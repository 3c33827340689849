// The package's `auth-proxy-kit/mock/vite` entry (the mock inside Vite's dev and preview servers): checks
// the mock's optional peers first, as ./entry.ts does, then loads the plugin. Types: ./vite's declarations.
import { requireMockPeers } from './requireMockPeers'

await requireMockPeers('auth-proxy-kit/mock/vite')
const vite = await import('./vite')

export const { mockAuthProxyPlugin } = vite
