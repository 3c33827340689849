import type { NextConfig } from 'next'

// Next's defaults, with Cache Components on (`cacheComponents`): every page is prerendered, so the kit's
// components must render the same on the server as in the browser's first pass (they do: the session
// reads as 'loading' until the browser has read its storage). Next 16.4 asks new projects to turn on
// Partial Prefetching with it (and warns at each build otherwise).
//
// The app's root is this folder, not the repository's (whose package-lock.json Next would otherwise pick,
// with a warning, once `npm install` has written one here too).
const nextConfig: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
}

export default nextConfig
