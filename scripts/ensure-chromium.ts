// Makes sure a Chromium the end-to-end suite can launch is on this machine. Playwright's own browser
// download does not work here (no internet but the npm registry and Debian's archive), so the suite
// uses Debian's Chromium through `executablePath` (see e2e/chromium.ts).
import { execSync } from 'node:child_process'
import { findChromium } from '../e2e/chromium'

const found = findChromium()
if (found) {
  console.log(`e2e: using Chromium at ${found}`)
  process.exit(0)
}

const install = 'apt-get update && apt-get install -y chromium'
if (process.getuid?.() !== 0) {
  console.error(
    `e2e: no Chromium found. Install Debian's with:\n  sudo sh -c '${install}'\nor set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  )
  process.exit(1)
}

console.log(`e2e: no Chromium found; installing Debian's (${install})`)
execSync(install, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
const installed = findChromium()
if (!installed) {
  console.error('e2e: apt-get finished but no Chromium binary was found at /usr/bin/chromium')
  process.exit(1)
}
console.log(`e2e: installed Chromium at ${installed}`)
