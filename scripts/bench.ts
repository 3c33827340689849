// `npm run bench`: what the kit costs a host app, in bytes and in milliseconds. Offline, from a fresh clone.
//
// Size: the package's JavaScript is built as `npm run build` builds it (into .bench/lib), and small
// reference apps (bench/*) are built against it with Vite in production mode, as a host app that
// installed this checkout would be: how the package is split into files decides what a host's bundler
// can leave for later. Each app's JavaScript is gzipped (level 9) file by file, and what it adds over
// the React-only baseline is checked against the standing budgets (DESIGN.md). A budget exceeded makes
// the command fail.
//
// Time: the playground is built and served by Vite's preview server (the mock proxy mounted in it, no
// added latency) and driven in Debian's Chromium. Times are taken inside the page (event timestamps,
// performance.now()), not around Playwright's calls, which add their own round trips.
//
// Results go to stdout as tables and to .bench/results.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { cpus, platform, release } from 'node:os'
import { relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build, preview, type Alias } from 'vite'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = resolve(ROOT, '.bench')
const KB = 1000
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7))
/** Crypto is timed in batches: Chromium rounds performance.now() to 0.1 ms outside isolated pages. */
const CRYPTO_BATCHES = 9
const CRYPTO_BATCH_SIZE = 20
/** How long the pointer rests on the button before the click, in the prefetched first open. */
const HOVER_MS = 300
/** The e2e suite's port; the bench keeps off it so that both can run at once. */
const E2E_PORT = 5199
const SESSION_KEY = 'auth-proxy-kit:demo:session'

// Budgets in bytes of gzip JavaScript added over the baseline (DESIGN.md, "Standing budgets").
const BUDGETS = {
  headless: 15 * KB,
  dropinFirstLoad: 30 * KB,
  dropinTotal: 45 * KB,
} as const

// ---------------------------------------------------------------------------------------------------
// Size

/** The part of Rolldown's output chunk the bench reads (vite's build() returns Rolldown's output). */
interface Chunk {
  type: 'chunk'
  fileName: string
  name: string
  code: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  modules: Record<string, { renderedLength: number }>
}
interface Asset {
  type: 'asset'
  fileName: string
}

interface AppSize {
  /** gzip bytes of the entry chunk and every chunk it imports statically: what the page loads before it runs. */
  firstLoad: number
  /** gzip bytes of every chunk reachable from the entry, dynamic imports included. */
  total: number
  /**
   * gzip bytes of the first load plus the chunks that opening the sign-in UI loads: the chunks named in
   * `onOpen` (the modal, and the email flow it prefetches) with their static imports. Other methods'
   * code (OAuth, passkeys, WebAuthn) loads when its button is hovered, focused or pressed.
   */
  onOpen: number
  chunks: Array<{ file: string; gzip: number; raw: number; firstLoad: boolean }>
  /** Bytes of rendered (tree-shaken, not yet minified) code per package or kit folder, first load only. */
  firstLoadSources: Record<string, number>
}

const LIB = resolve(OUT, 'lib')
const kitAliases: Alias[] = [
  { find: 'auth-proxy-kit/styles.css', replacement: resolve(LIB, 'styles.css') },
  { find: 'auth-proxy-kit/core', replacement: resolve(LIB, 'core.js') },
  { find: /^auth-proxy-kit$/, replacement: resolve(LIB, 'index.js') },
]

/** The package's JavaScript and stylesheet, as `npm run build` makes them (declarations aside). */
async function buildPackage(): Promise<void> {
  await build({ configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'silent', build: { outDir: LIB, emptyOutDir: true, sourcemap: false } })
}

function gzipSize(text: string | Uint8Array): number {
  return gzipSync(text, { level: 9 }).length
}

/** Where a module comes from: its npm package, a folder of the kit, or the app itself. */
function sourceOf(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '')
  const inModules = clean.lastIndexOf('node_modules/')
  if (inModules >= 0) {
    const parts = clean.slice(inModules + 'node_modules/'.length).split('/')
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? clean)
  }
  const path = relative(ROOT, clean)
  if (path.startsWith('src/')) return `kit: ${path.split('/').slice(0, 2).join('/')}`
  // The built package mirrors src/ (one file per module).
  const built = relative(LIB, clean)
  if (!built.startsWith('..')) return `kit: src/${built.split('/').length > 1 ? built.split('/')[0] : built.replace(/\.js$/, '')}`
  if (path.startsWith('bench/')) return 'the app'
  return 'vite runtime'
}

async function buildApp(name: string, onOpen: readonly string[] = []): Promise<AppSize> {
  const result = await build({
    configFile: false,
    root: resolve(ROOT, 'bench', name),
    mode: 'production',
    logLevel: 'silent',
    publicDir: false,
    envFile: false,
    plugins: [react()],
    resolve: { alias: kitAliases },
    build: { outDir: resolve(OUT, 'apps', name), emptyOutDir: true, reportCompressedSize: false },
  })
  if (!Array.isArray(result) && !('output' in result)) throw new Error(`bench: the build of ${name} did not return its bundle`)
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) => one.output as Array<Chunk | Asset>)
  const chunks = new Map<string, Chunk>()
  for (const output of outputs) if (output.type === 'chunk') chunks.set(output.fileName, output)

  const reach = (withDynamic: boolean, from = [...chunks.values()].filter((chunk) => chunk.isEntry)): Set<string> => {
    const seen = new Set<string>()
    const stack = from.map((chunk) => chunk.fileName)
    while (stack.length > 0) {
      const file = stack.pop() as string
      const chunk = chunks.get(file)
      if (!chunk || seen.has(file)) continue
      seen.add(file)
      stack.push(...chunk.imports, ...(withDynamic ? chunk.dynamicImports : []))
    }
    return seen
  }
  const first = reach(false)
  const all = reach(true)
  const opened = [...chunks.values()].filter((chunk) => onOpen.includes(chunk.name))
  if (opened.length !== onOpen.length) {
    throw new Error(`bench: ${name} has no chunk for each of ${onOpen.join(', ')} (found ${opened.map((chunk) => chunk.name).join(', ')})`)
  }
  const openSet = new Set([...first, ...reach(false, opened)])
  const measured = [...all].map((file) => {
    const code = (chunks.get(file) as Chunk).code
    return { file, gzip: gzipSize(code), raw: Buffer.byteLength(code), firstLoad: first.has(file) }
  })
  const firstLoadSources: Record<string, number> = {}
  for (const file of first) {
    for (const [id, module] of Object.entries((chunks.get(file) as Chunk).modules)) {
      const source = sourceOf(id)
      firstLoadSources[source] = (firstLoadSources[source] ?? 0) + module.renderedLength
    }
  }
  return {
    firstLoad: measured.filter((chunk) => chunk.firstLoad).reduce((sum, chunk) => sum + chunk.gzip, 0),
    total: measured.reduce((sum, chunk) => sum + chunk.gzip, 0),
    onOpen: measured.filter((chunk) => openSet.has(chunk.file)).reduce((sum, chunk) => sum + chunk.gzip, 0),
    chunks: measured,
    firstLoadSources,
  }
}

interface SizeRow {
  name: string
  measured: number
  budget: number | undefined
}

const kb = (bytes: number) => (bytes / KB).toFixed(1)

function printSizeTable(rows: SizeRow[]): void {
  console.log('| what it adds (gzip, 1 KB = 1000 bytes) | measured | budget | margin |')
  console.log('| --- | ---: | ---: | ---: |')
  for (const row of rows) {
    const budget = row.budget === undefined ? '—' : `${kb(row.budget)} KB`
    const margin =
      row.budget === undefined
        ? '—'
        : row.measured <= row.budget
          ? `${kb(row.budget - row.measured)} KB under`
          : `**${kb(row.measured - row.budget)} KB OVER**`
    console.log(`| ${row.name} | ${kb(row.measured)} KB | ${budget} | ${margin} |`)
  }
}

/** Rendered bytes per source that the app's first load has and the baseline's has not (or has fewer of). */
function addedSources(app: AppSize, baseline: AppSize): Array<[string, number]> {
  return Object.entries(app.firstLoadSources)
    .map(([source, bytes]): [string, number] => [source, bytes - (baseline.firstLoadSources[source] ?? 0)])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1])
}

async function measureSize() {
  await buildPackage()
  const baseline = await buildApp('baseline')
  const headless = await buildApp('headless')
  const dropin = await buildApp('dropin', ['LoginDialog', 'signInRuntime'])
  const reactQuery = await buildApp('react-query')
  const css = readFileSync(resolve(ROOT, 'src/components/styles.css'))
  const cssGzip = gzipSize(css)

  const rows: SizeRow[] = [
    { name: '(a) headless: provider + useEmailOtp in a custom form, first load', measured: headless.firstLoad - baseline.firstLoad, budget: BUDGETS.headless },
    // Chunks loaded on first use (the email flow and the session engine, the OAuth redirect's completion on a
    // provider's answer): shown, not budgeted.
    ...(headless.total === headless.firstLoad
      ? []
      : [{ name: '(a) headless: total, with chunks loaded on first use', measured: headless.total - baseline.total, budget: undefined }]),
    { name: '(b) drop-in: provider + LoginButton, first load', measured: dropin.firstLoad - baseline.firstLoad, budget: BUDGETS.dropinFirstLoad },
    { name: '(b) drop-in: total once the modal is open (its code and the email flow, loaded on first use)', measured: dropin.onOpen - baseline.total, budget: BUDGETS.dropinTotal },
    { name: '(b) drop-in: every chunk, with the OAuth, passkey and WebAuthn code each method loads when used', measured: dropin.total - baseline.total, budget: undefined },
    { name: '(c) styles.css', measured: cssGzip, budget: undefined },
    { name: 'for reference: react-query alone (provider, useQuery, useMutation)', measured: reactQuery.total - baseline.total, budget: undefined },
  ]
  console.log(
    `\nSize: gzip -9 of each JavaScript file, summed; React 19 + ReactDOM baseline: ${kb(baseline.firstLoad)} KB. ` +
      'react-query is counted in (a) and (b).\n',
  )
  printSizeTable(rows)
  const dropinLazy = dropin.chunks.filter((chunk) => !chunk.firstLoad)
  console.log(
    `\nDrop-in chunks loaded on first use: ${dropinLazy.map((chunk) => `${chunk.file} ${kb(chunk.gzip)} KB`).join(', ') || 'none'}`,
  )
  console.log('What the drop-in first load adds, by source (rendered bytes before minification, a proportion only):')
  const added = addedSources(dropin, baseline)
  const addedTotal = added.reduce((sum, [, bytes]) => sum + bytes, 0)
  for (const [source, bytes] of added.slice(0, 12)) {
    console.log(`  ${source.padEnd(34)} ${kb(bytes).padStart(6)} KB  ${((100 * bytes) / addedTotal).toFixed(0).padStart(3)}%`)
  }

  const over = rows.filter((row) => row.budget !== undefined && row.measured > row.budget)
  return {
    over,
    results: {
      unit: 'bytes of gzip (level 9), each file compressed on its own; KB in tables = 1000 bytes',
      baseline,
      headless,
      dropin,
      reactQuery,
      css: { file: 'src/components/styles.css', gzip: cssGzip, raw: css.length },
      added: {
        headlessFirstLoad: headless.firstLoad - baseline.firstLoad,
        headlessTotal: headless.total - baseline.total,
        dropinFirstLoad: dropin.firstLoad - baseline.firstLoad,
        dropinTotal: dropin.onOpen - baseline.total,
        dropinEveryChunk: dropin.total - baseline.total,
        css: cssGzip,
        reactQuery: reactQuery.total - baseline.total,
      },
      budgets: BUDGETS,
      withinBudgets: over.length === 0,
    },
  }
}

// ---------------------------------------------------------------------------------------------------
// Time

interface Stats {
  median: number
  min: number
  max: number
  runs: number[]
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return { median, min: sorted[0] as number, max: sorted.at(-1) as number, runs: values }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port === E2E_PORT || port === 0 ? freePort().then(resolvePort, reject) : resolvePort(port)))
    })
  })
}

/** What the page records about itself; installed before any of the playground's code runs. */
interface PageProbe {
  marks: Record<string, number>
  crypto: { calls: Record<string, number>; ms: Record<string, number> }
}

declare global {
  interface Window {
    __bench?: PageProbe
  }
}

/** Runs in the page (serialized by Playwright): marks from event timestamps and performance.now(). */
function installProbe(sessionKey: string): void {
  const probe: PageProbe = { marks: {}, crypto: { calls: {}, ms: {} } }
  window.__bench = probe
  const { marks } = probe
  // Capture phase on document: runs before React's listeners on its root, and `timeStamp` is when the
  // browser created the event (same clock as performance.now()).
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button')
      if (button?.classList.contains('apk-login-button')) marks.openClick ??= event.timeStamp
      if (button?.textContent?.trim() === 'Continue with email') marks.emailSubmit ??= event.timeStamp
    },
    true,
  )
  document.addEventListener(
    'focusin',
    (event) => {
      const autocomplete = (event.target as Element).getAttribute?.('autocomplete')
      if (autocomplete === 'email') marks.emailFocused ??= performance.now()
      if (autocomplete === 'one-time-code') marks.codeFocused ??= performance.now()
    },
    true,
  )
  document.addEventListener(
    'input',
    (event) => {
      if ((event.target as Element).getAttribute?.('autocomplete') === 'one-time-code') marks.codeEntered = event.timeStamp
    },
    true,
  )
  // The modal's loading fallback (shown while its lazily loaded code is not ready).
  new MutationObserver(() => {
    if (marks.fallbackShown === undefined && document.querySelector('.apk-loading-dialog')) marks.fallbackShown = performance.now()
  }).observe(document, { childList: true, subtree: true })
  const setItem = Storage.prototype.setItem
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    setItem.call(this, key, value)
    if (key === sessionKey) marks.sessionStored ??= performance.now()
  }
  // Every WebCrypto call the page makes, counted and timed (until its promise settles).
  const subtle = SubtleCrypto.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  for (const name of ['generateKey', 'sign', 'verify', 'digest', 'importKey', 'exportKey', 'deriveBits']) {
    const original = subtle[name]
    if (typeof original !== 'function') continue
    subtle[name] = async function (this: SubtleCrypto, ...args: unknown[]) {
      const start = performance.now()
      try {
        return await original.apply(this, args)
      } finally {
        probe.crypto.calls[name] = (probe.crypto.calls[name] ?? 0) + 1
        probe.crypto.ms[name] = (probe.crypto.ms[name] ?? 0) + performance.now() - start
      }
    }
  }
}

async function resetProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = window.__bench as PageProbe
    for (const key of Object.keys(probe.marks)) delete probe.marks[key]
    probe.crypto.calls = {}
    probe.crypto.ms = {}
  })
}

async function waitForMark(page: Page, name: string): Promise<void> {
  await page.waitForFunction((mark) => window.__bench?.marks[mark] !== undefined, name, { timeout: 15_000 })
}

async function readProbe(page: Page): Promise<PageProbe> {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.__bench)) as PageProbe)
}

interface FlowRun {
  open: number
  emailToCode: number
  codeToSession: number
  crypto: PageProbe['crypto']
}

async function codeFor(page: Page, baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await page.request.get(`${baseUrl}/auth-proxy/__mock/outbox?contact=${encodeURIComponent(email)}`)
    const messages = (await response.json()) as Array<{ code: string }>
    if (messages[0]) return messages[0].code
    await new Promise((done) => setTimeout(done, 20))
  }
  throw new Error(`bench: no code in the mock's outbox for ${email}`)
}

/** Opens the modal and signs `email` in; every figure is a difference of two marks taken in the page. */
async function signInOnce(page: Page, baseUrl: string, email: string): Promise<FlowRun> {
  await resetProbe(page)
  await page.getByRole('button', { name: 'Log in' }).click()
  await waitForMark(page, 'emailFocused')
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await waitForMark(page, 'codeFocused')
  const code = await codeFor(page, baseUrl, email)
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code)
  await waitForMark(page, 'sessionStored')
  const { marks, crypto } = await readProbe(page)
  const at = (name: string) => marks[name] as number
  await dialog.getByRole('heading', { name: "You're signed in" }).waitFor()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await dialog.waitFor({ state: 'hidden' })
  return {
    open: at('emailFocused') - at('openClick'),
    emailToCode: at('codeFocused') - at('emailSubmit'),
    codeToSession: at('sessionStored') - at('codeEntered'),
    crypto,
  }
}

/** One visit: a new user signs up (first open of the modal), signs out, and signs in again (modal code loaded). */
async function visit(browser: Browser, baseUrl: string, index: number) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.addInitScript(installProbe, SESSION_KEY)
    await page.goto(`${baseUrl}/`)
    // Start from a settled page: the config fetched and the stored session checked.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/wallet_kit_config')),
    )
    await page.getByText(/Signed out/).waitFor()
    const email = `bench-${Date.now().toString(36)}-${index}@example.com`
    const newUser = await signInOnce(page, baseUrl, email)
    if (!(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY))) throw new Error('bench: no session stored')
    await page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Sign out' }).click()
    await page.getByText(/Signed out/).waitFor()
    const returning = await signInOnce(page, baseUrl, email)
    return { newUser, returning }
  } finally {
    await context.close()
  }
}

/**
 * A first open the way a mouse user makes it: the pointer rests on the button (which starts loading the
 * modal's code) and clicks once that code is in.
 */
async function openAfterHover(browser: Browser, baseUrl: string): Promise<{ open: number; fallbackShown: boolean }> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.addInitScript(installProbe, SESSION_KEY)
    await page.goto(`${baseUrl}/`)
    await page.getByText(/Signed out/).waitFor()
    const button = page.getByRole('button', { name: 'Log in' })
    await button.hover()
    // Every script the page fetched has arrived, the dialog's chunk included.
    await page.waitForFunction(() => {
      const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'))
      return scripts.length > 1 && scripts.every((entry) => (entry as PerformanceResourceTiming).responseEnd > 0)
    })
    await page.waitForTimeout(HOVER_MS)
    await resetProbe(page)
    await button.click()
    await waitForMark(page, 'emailFocused')
    const { marks } = await readProbe(page)
    return { open: (marks.emailFocused as number) - (marks.openClick as number), fallbackShown: marks.fallbackShown !== undefined }
  } finally {
    await context.close()
  }
}

/** WebCrypto on its own, in the page: P-256 key generation (non-extractable) and one ECDSA signature. */
async function cryptoCost(browser: Browser, baseUrl: string) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`)
    return await page.evaluate(
      async ({ batches, batchSize }) => {
        const keygen: number[] = []
        const sign: number[] = []
        // A login message is a few hundred bytes of JSON.
        const message = new TextEncoder().encode(JSON.stringify({ type: 'login', nonce: 'x'.repeat(200) }))
        const algorithm = { name: 'ECDSA', namedCurve: 'P-256' }
        for (let batch = 0; batch < batches; batch += 1) {
          let start = performance.now()
          const pairs: CryptoKeyPair[] = []
          for (let i = 0; i < batchSize; i += 1) pairs.push(await crypto.subtle.generateKey(algorithm, false, ['sign', 'verify']))
          keygen.push((performance.now() - start) / batchSize)
          start = performance.now()
          for (const pair of pairs) await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, message)
          sign.push((performance.now() - start) / batchSize)
        }
        return { keygen, sign }
      },
      { batches: CRYPTO_BATCHES, batchSize: CRYPTO_BATCH_SIZE },
    )
  } finally {
    await context.close()
  }
}

const ms = (value: number) => (value < 1 ? `${value.toFixed(2)} ms` : `${value.toFixed(1)} ms`)
const range = (s: Stats) => `${ms(s.median)} | ${ms(s.min)} – ${ms(s.max)}`

function callsOf(runs: FlowRun[]): Record<string, number> {
  // The same every run; should one differ, the largest count is shown (and all are in the JSON).
  const calls: Record<string, number> = {}
  for (const run of runs) for (const [name, count] of Object.entries(run.crypto.calls)) calls[name] = Math.max(calls[name] ?? 0, count)
  return calls
}

async function measureTime() {
  const executablePath = findChromium()
  if (!executablePath) {
    console.log(
      '\nTime: skipped, no Chromium found. Get Debian\'s with `npx tsx scripts/ensure-chromium.ts` ' +
        '(installs it when run as root, else prints the command), or set CHROMIUM_PATH. The size figures above stand.',
    )
    return { skipped: 'no Chromium found (npx tsx scripts/ensure-chromium.ts)' }
  }

  const outDir = resolve(OUT, 'playground')
  const configFile = resolve(ROOT, 'playground/vite.config.ts')
  await build({ configFile, configLoader: 'runner', logLevel: 'silent', build: { outDir, emptyOutDir: true } })
  const port = await freePort()
  const server = await preview({
    configFile,
    configLoader: 'runner',
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  })
  const baseUrl = `http://127.0.0.1:${port}`
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    const chromiumVersion = browser.version()
    // One visit first to warm up the server and the browser's own caches of code; not counted.
    await visit(browser, baseUrl, 0)
    const visits = []
    const hovered: Array<{ open: number; fallbackShown: boolean }> = []
    for (let index = 1; index <= RUNS; index += 1) {
      visits.push(await visit(browser, baseUrl, index))
      hovered.push(await openAfterHover(browser, baseUrl))
    }
    const micro = await cryptoCost(browser, baseUrl)

    const newUser = visits.map((run) => run.newUser)
    const returning = visits.map((run) => run.returning)
    const figures = {
      openFirst: stats(newUser.map((run) => run.open)),
      openFirstHovered: stats(hovered.map((run) => run.open)),
      openAgain: stats(returning.map((run) => run.open)),
      emailToCodeNew: stats(newUser.map((run) => run.emailToCode)),
      codeToSessionNew: stats(newUser.map((run) => run.codeToSession)),
      codeToSessionReturning: stats(returning.map((run) => run.codeToSession)),
      keygen: stats(micro.keygen),
      sign: stats(micro.sign),
    }
    const callsNew = callsOf(newUser)
    const callsReturning = callsOf(returning)
    const cryptoMsNew = stats(newUser.map((run) => Object.values(run.crypto.ms).reduce((a, b) => a + b, 0)))
    const cryptoMsReturning = stats(returning.map((run) => Object.values(run.crypto.ms).reduce((a, b) => a + b, 0)))

    console.log(
      `\nTime: ${RUNS} runs in Chromium ${chromiumVersion} (headless), playground production build on Vite's preview ` +
        'server, mock proxy with no added latency; timed in the page.\n',
    )
    console.log('| from → to | median | min – max |')
    console.log('| --- | ---: | ---: |')
    console.log(`| click "Log in" → email field focused, first open, click at once (modal code fetched) | ${range(figures.openFirst)} |`)
    console.log(`| click "Log in" → email field focused, first open after ${HOVER_MS} ms hover (code prefetched) | ${range(figures.openFirstHovered)} |`)
    console.log(`| click "Log in" → email field focused, modal code already loaded | ${range(figures.openAgain)} |`)
    console.log(`| "Continue with email" → code field focused (new key + otp_init) | ${range(figures.emailToCodeNew)} |`)
    console.log(`| code entered → session stored, new user | ${range(figures.codeToSessionNew)} |`)
    console.log(`| code entered → session stored, returning user | ${range(figures.codeToSessionReturning)} |`)
    const fallbacks = hovered.filter((run) => run.fallbackShown).length
    if (fallbacks > 0) {
      console.log(
        `\nnote: the modal's progress view showed on ${fallbacks} of ${hovered.length} first opens whose code was already ` +
          'prefetched: it should show only while that code is downloading (LoginModal renders a loaded dialog at once).',
      )
    }
    console.log(`\nWebCrypto in the page, per operation (${CRYPTO_BATCHES} batches of ${CRYPTO_BATCH_SIZE}):\n`)
    console.log('| operation | median | min – max |')
    console.log('| --- | ---: | ---: |')
    console.log(`| P-256 key generation (non-extractable) | ${range(figures.keygen)} |`)
    console.log(`| ECDSA P-256 / SHA-256 signature | ${range(figures.sign)} |`)
    const describe = (calls: Record<string, number>) =>
      Object.entries(calls)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')
    console.log(`\nWebCrypto calls per flow (counted in the page):`)
    console.log(`  new user:       ${describe(callsNew)}; ${ms(cryptoMsNew.median)} in WebCrypto (median)`)
    console.log(`  returning user: ${describe(callsReturning)}; ${ms(cryptoMsReturning.median)} in WebCrypto (median)`)

    return {
      chromium: chromiumVersion,
      runs: RUNS,
      ms: figures,
      cryptoPerFlow: {
        newUser: { calls: callsNew, ms: cryptoMsNew },
        returningUser: { calls: callsReturning, ms: cryptoMsReturning },
      },
      raw: { visits, prefetchedFirstOpens: hovered },
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

// ---------------------------------------------------------------------------------------------------

const started = performance.now()
mkdirSync(OUT, { recursive: true })
const size = await measureSize()
const time = await measureTime()
const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  os: `${platform()} ${release()}`,
}
writeFileSync(
  resolve(OUT, 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, size: size.results, time }, null, 2)}\n`,
)
console.log(
  `\nMachine: ${machine.cpus} × ${machine.cpu}, Node ${machine.node}, ${machine.os}. ` +
    `Results in ${relative(ROOT, resolve(OUT, 'results.json'))} (${((performance.now() - started) / 1000).toFixed(0)} s).`,
)
if (size.over.length > 0) {
  console.error(`\nbench: over budget: ${size.over.map((row) => row.name).join('; ')}`)
  process.exit(1)
}
