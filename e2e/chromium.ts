import { existsSync } from 'node:fs'

/**
 * Debian's `chromium-headless-shell`: the same Blink and V8 as its `chromium`, without the browser's UI
 * layer. It is what Playwright itself runs headless tests on, and it ran this suite on half the CPU of the
 * full browser's headless mode (`npx playwright test --project kit`: 308 s where it took 520 s), the same
 * screenshots included.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
/** Debian's full Chromium, and what else may be there. */
export const FULL_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/**
 * The Chromium binary to launch: $CHROMIUM_PATH, else Debian's headless shell, else a full Chromium.
 * `full` skips the shell, for what should run on the browser people use (the bench's timings).
 */
export function findChromium({ full = false }: { full?: boolean } = {}): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined
  return (full ? FULL_CHROMIUM : [HEADLESS_SHELL, ...FULL_CHROMIUM]).find((path) => existsSync(path))
}

/** Flags for a headless Chromium on a closed network, as root: without the background-networking
 * switches it keeps trying to reach Google's hosts; without --no-sandbox it refuses to start as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
