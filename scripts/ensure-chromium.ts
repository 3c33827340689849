// Makes sure a Chromium the end-to-end suite can launch is on this machine. Playwright's own browser
// download does not work here (no internet but the npm registry and Debian's archive), so the suite
// uses Debian's through `executablePath` (see e2e/chromium.ts): its headless shell, which runs the suite
// on half the CPU, else its full Chromium. As root, what is missing is installed with apt-get; otherwise
// the command is printed.
import { execSync } from 'node:child_process'
import { findChromium, HEADLESS_SHELL } from '../e2e/chromium'

const found = findChromium()
if (process.env.CHROMIUM_PATH || found === HEADLESS_SHELL) {
  if (!found) {
    console.error(`e2e: CHROMIUM_PATH=${process.env.CHROMIUM_PATH}: no such file`)
    process.exit(1)
  }
  console.log(`e2e: using Chromium at ${found}`)
  process.exit(0)
}

// The full browser too when there is none: the bench times the first click in it.
const packages = found ? 'chromium-headless-shell' : 'chromium chromium-headless-shell'
const install = `apt-get install -y ${packages}`
if (process.getuid?.() !== 0) {
  if (found) {
    console.log(`e2e: using Chromium at ${found}; Debian's headless shell runs the suite on half the CPU:`)
    console.log(`  sudo ${install}`)
    process.exit(0)
  }
  console.error(
    `e2e: no Chromium found. Install Debian's with:\n  sudo sh -c 'apt-get update && ${install}'\nor set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  )
  process.exit(1)
}

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
console.log(`e2e: installing Debian's ${packages} (${install})`)
try {
  // The package lists are usually there already; `apt-get update` only when the install cannot find it.
  try {
    execSync(install, { stdio: 'inherit', env })
  } catch {
    execSync(`apt-get update && ${install}`, { stdio: 'inherit', env })
  }
} catch (error) {
  if (!found) throw error
  console.warn(`e2e: apt-get failed (${(error as Error).message}); using the full Chromium at ${found}`)
}
const installed = findChromium()
if (!installed) {
  console.error(`e2e: apt-get finished but no Chromium binary was found at ${HEADLESS_SHELL} or /usr/bin/chromium`)
  process.exit(1)
}
console.log(`e2e: using Chromium at ${installed}`)
