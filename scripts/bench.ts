// `npm run bench`: what the kit costs a host app, in bytes and in milliseconds, measured on what a user
// installs. Not part of `npm test` (times are not pass/fail material for CI; budgets here are).
//
// Size: `npm run build`, then `npm pack`; the tarball is installed (with react, react-dom and
// react-query) into two fresh minimal Vite hosts under .bench/hosts, one `"type": "module"` and one
// `"type": "commonjs"`. The apps of bench/ are built in each with Vite in production mode: the baseline
// (React + react-query: provider, one useQuery, one useMutation), headless (+ the kit's provider and
// useEmailOtp in the app's own form) and drop-in (+ the provider and <LoginButton>). Each JavaScript file
// is gzipped (level 9) on its own. A first load is the entry chunk and its static imports; the first
// modal open total is every script the drop-in page has fetched once its modal is open and settled
// (first load, the idle prefetch, the dialog and what it loads at once), recorded in Chromium.
// The kit's own bytes (each over the baseline) are held to DESIGN.md's standing budgets in both hosts.
//
// Time: the ESM host's drop-in app, served on its own origin, with the mock proxy (src/mock/node.ts) on
// another, so that CORS preflights count; Debian's Chromium, without throttling and at 4× CPU on a
// slow-4G profile (DevTools protocol), runs interleaved. Times are taken inside the page, from the
// event's timestamp to the frame after the awaited element appeared.
//
// `npm run bench -- --readme` rewrites README's "Size and speed" figures from .bench/results.json
// (between the bench markers) without measuring; `--no-time` measures sizes only.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { cpus, platform, release } from 'node:os'
import { extname, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium'
import { DEMO_TENANT } from '../src/mock/tenants'
import { startMockAuthProxy } from '../src/mock/node'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = resolve(ROOT, '.bench')
const RESULTS = resolve(OUT, 'results.json')
const README = resolve(ROOT, 'README.md')
const KB = 1000
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7))
/** Ports of this bench (kept off the e2e suite's): the two hosts' drop-in apps and the mock proxy. */
const PORTS = {
  esm: Number(process.env.BENCH_PORT_ESM ?? 5271),
  cjs: Number(process.env.BENCH_PORT_CJS ?? 5272),
  mock: Number(process.env.BENCH_PORT_MOCK ?? 5273),
}
/** How long the network must be quiet for the page to count as settled (as a person waits before a click). */
const QUIET_MS = 1000

// Budgets: gzip bytes of JavaScript over the baseline (DESIGN.md, "Standing budgets"), and one time.
const BUDGETS = {
  dropinFirstLoad: 12 * KB,
  headlessFirstLoad: 8 * KB,
  modalOpenTotal: 40 * KB,
  /** Median, throttled (4× CPU, slow 4G): click on "Log in" → the email field painted. */
  firstOpenThrottledMs: 150,
} as const

const HOSTS = ['esm', 'cjs'] as const
type HostKind = (typeof HOSTS)[number]
const HOST_TYPE: Record<HostKind, 'module' | 'commonjs'> = { esm: 'module', cjs: 'commonjs' }
const APPS = ['baseline', 'headless', 'dropin'] as const
type AppName = (typeof APPS)[number]

/** Slow 4G as DESIGN.md states it: 150 ms RTT, 1.6 Mbit/s down, 0.75 Mbit/s up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) | 0,
  uploadThroughput: (0.75e6 / 8) | 0,
}
const PROFILES = {
  none: { cpu: 1, network: undefined },
  throttled: { cpu: 4, network: SLOW_4G },
} as const
type ProfileName = keyof typeof PROFILES

// ---------------------------------------------------------------------------------------------------
// Size

/** The part of Rolldown's output chunk the bench reads. */
interface Chunk {
  type: 'chunk'
  fileName: string
  code: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
}
interface Asset {
  type: 'asset'
  fileName: string
}

interface FileSize {
  file: string
  gzip: number
  raw: number
  firstLoad: boolean
}

interface AppSize {
  /** gzip bytes of the entry chunk and every chunk it imports statically. */
  firstLoad: number
  /** gzip bytes of every chunk reachable from the entry, dynamic imports included. */
  total: number
  files: FileSize[]
}

interface ModalOpen {
  /** gzip bytes of every script the page fetched by the time the modal was open and the network quiet. */
  total: number
  /** Of which fetched before the click (first load and the idle prefetch). */
  beforeClick: number
  files: Array<{ file: string; gzip: number; beforeClick: boolean }>
}

interface HostSizes {
  type: 'module' | 'commonjs'
  apps: Record<AppName, AppSize>
  modalOpen?: ModalOpen
  /** The kit's bytes over the baseline. */
  added: {
    dropinFirstLoad: number
    headlessFirstLoad: number
    headlessTotal: number
    dropinEveryChunk: number
    modalOpenTotal?: number
  }
}

const gzipSize = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length
const kb = (bytes: number) => (bytes / KB).toFixed(1)

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** `npm run build` then `npm pack`: the tarball a host installs. */
function packPackage(): string {
  console.log('bench: npm run build …')
  run('npm', ['run', 'build', '--silent'], ROOT)
  const packs = resolve(OUT, 'pack')
  rmSync(packs, { recursive: true, force: true })
  mkdirSync(packs, { recursive: true })
  const name = run('npm', ['pack', '--silent', '--pack-destination', packs], ROOT).trim().split('\n').at(-1) as string
  return resolve(packs, name)
}

/** A fresh minimal Vite host of the given kind, with the tarball and the peers installed, and bench/ copied in. */
function makeHost(kind: HostKind, tarball: string): string {
  const dir = resolve(OUT, 'hosts', kind)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    resolve(dir, 'package.json'),
    `${JSON.stringify({ name: `bench-host-${kind}`, private: true, type: HOST_TYPE[kind] }, null, 2)}\n`,
  )
  console.log(`bench: installing the package into a "type": "${HOST_TYPE[kind]}" host …`)
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--silent',
      tarball,
      'react',
      'react-dom',
      '@tanstack/react-query',
    ],
    dir,
  )
  cpSync(resolve(ROOT, 'bench'), resolve(dir, 'src'), { recursive: true })
  return dir
}

async function buildApp(host: string, name: AppName): Promise<AppSize> {
  const outDir = resolve(host, 'dist', name)
  const result = await build({
    configFile: false,
    root: resolve(host, 'src', name),
    mode: 'production',
    logLevel: 'silent',
    publicDir: false,
    envFile: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  })
  if (!Array.isArray(result) && !('output' in result))
    throw new Error(`bench: the build of ${name} did not return its bundle`)
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) => one.output as Array<Chunk | Asset>)
  const chunks = new Map<string, Chunk>()
  for (const output of outputs) if (output.type === 'chunk') chunks.set(output.fileName, output)
  const reach = (withDynamic: boolean): Set<string> => {
    const seen = new Set<string>()
    const stack = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
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
  const files = [...reach(true)].map((file) => {
    const code = (chunks.get(file) as Chunk).code
    return { file, gzip: gzipSize(code), raw: Buffer.byteLength(code), firstLoad: first.has(file) }
  })
  const sum = (list: FileSize[]) => list.reduce((total, file) => total + file.gzip, 0)
  return { firstLoad: sum(files.filter((file) => file.firstLoad)), total: sum(files), files }
}

// ---------------------------------------------------------------------------------------------------
// Serving the drop-in app and the mock

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
}

/** A static server for one built app and the host's own data, gzip as a host's server would (the slow-4G profile moves those bytes). */
async function serveStatic(dir: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    if (path === '/prices.json') {
      // The host's own data (bench/shared/host.tsx), answered as any host's API would.
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end('{"prices":[]}')
      return
    }
    let file = resolve(dir, `.${path}`)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = resolve(dir, 'index.html')
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
    const body = readFileSync(file)
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) && type !== 'application/octet-stream') {
      response.writeHead(200, {
        'Content-Type': type,
        'Content-Encoding': 'gzip',
        'Cache-Control': 'no-cache',
        Vary: 'Accept-Encoding',
      })
      response.end(gzipSync(body, { level: 9 }))
      return
    }
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' })
    response.end(body)
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done())
  })
  return server
}

/** The mock proxy on its own origin, the demo tenant allowing the apps' origins. */
function startMock(origins: string[]) {
  return startMockAuthProxy({
    port: PORTS.mock,
    tenants: [{ ...DEMO_TENANT, allowedOrigins: origins }],
    otpRateLimits: false,
  })
}

// ---------------------------------------------------------------------------------------------------
// In the page

interface Probe {
  marks: Record<string, number>
  /** Sets `marks[name]` at the frame after `what` is in the page (now, if it already is). */
  watch(name: string, what: 'email' | 'code' | 'signedIn'): void
}

declare global {
  interface Window {
    __bench?: Probe
  }
}

/**
 * Installed before the app's code runs. Plain JavaScript in a string: tsx would wrap a serialized
 * function's named inner functions in a helper (`__name`) that the page does not have.
 */
const PROBE = `(() => {
  const marks = {}
  const find = {
    email: () => document.querySelector('[role="dialog"] input[autocomplete="email"]'),
    code: () => document.querySelector('[role="dialog"] input[autocomplete="one-time-code"]'),
    signedIn: () => [...document.querySelectorAll('[role="dialog"] h1, [role="dialog"] h2, [role="dialog"] h3')]
      .some((heading) => /signed in/i.test(heading.textContent || '')),
  }
  // The frame after: a rAF callback runs before the paint, a message posted from it is handled after.
  const afterPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel()
    channel.port1.onmessage = done
    channel.port2.postMessage(null)
  })
  const watch = (name, what) => {
    delete marks[name]
    const observer = new MutationObserver(() => check())
    const check = () => {
      if (!find[what]()) return false
      observer.disconnect()
      afterPaint(() => { marks[name] = performance.now() })
      return true
    }
    if (!check()) observer.observe(document, { childList: true, subtree: true, attributes: true })
  }
  // Capture phase on the document: before React's listeners; timeStamp is when the browser made the event.
  document.addEventListener('click', (event) => { marks.click = event.timeStamp }, true)
  document.addEventListener('input', (event) => { marks.input = event.timeStamp }, true)
  window.__bench = { marks, watch }
})()`

async function waitForMark(page: Page, name: string): Promise<number> {
  await page.waitForFunction((mark) => window.__bench?.marks[mark] !== undefined, name, { timeout: 30_000 })
  return page.evaluate((mark) => window.__bench?.marks[mark] as number, name)
}

/** Resolves once no request of the page has been in flight for `quietMs`. */
function networkQuiet(page: Page, quietMs = QUIET_MS): { wait(): Promise<void>; stop(): void } {
  let inFlight = 0
  let last = Date.now()
  const up = () => ((inFlight += 1), (last = Date.now()))
  const down = () => ((inFlight = Math.max(0, inFlight - 1)), (last = Date.now()))
  page.on('request', up)
  page.on('requestfinished', down)
  page.on('requestfailed', down)
  return {
    async wait() {
      const deadline = Date.now() + 60_000
      last = Date.now()
      while (inFlight > 0 || Date.now() - last < quietMs) {
        if (Date.now() > deadline) throw new Error('bench: the page never went quiet')
        await new Promise((done) => setTimeout(done, 50))
      }
    },
    stop() {
      page.off('request', up)
      page.off('requestfinished', down)
      page.off('requestfailed', down)
    },
  }
}

/** Requests a page sent to the mock's origin, CORS preflights included (seen through the DevTools protocol). */
interface MockCalls {
  requests: number
  preflights: number
}

async function newPage(
  browser: Browser,
  profile: ProfileName,
  mockOrigin?: string,
): Promise<{ context: BrowserContext; page: Page; calls: MockCalls }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript({ content: PROBE })
  const { cpu, network } = PROFILES[profile]
  const cdp = await context.newCDPSession(page)
  const calls: MockCalls = { requests: 0, preflights: 0 }
  cdp.on('Network.requestWillBeSent', (event: { request: { url: string; method: string }; type?: string }) => {
    if (mockOrigin === undefined || !event.request.url.startsWith(mockOrigin)) return
    if (event.request.method === 'OPTIONS' || event.type === 'Preflight') calls.preflights += 1
    else calls.requests += 1
  })
  await cdp.send('Network.enable')
  if (cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  if (network) await cdp.send('Network.emulateNetworkConditions', network)
  return { context, page, calls }
}

/** Loads the page and waits as a person would before clicking: the button shown, then the network quiet. */
async function loadAndSettle(page: Page, url: string) {
  const quiet = networkQuiet(page)
  await page.goto(url)
  await page.getByRole('button', { name: 'Log in' }).waitFor()
  await quiet.wait()
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })))
  await quiet.wait()
  quiet.stop()
}

/** Script files fetched by the page from its own origin so far, by path. */
async function scriptsFetched(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
      .map((url) => url.pathname),
  )
}

/** What opening the modal for the first time has loaded, from a real visit (unthrottled). */
async function measureModalOpen(browser: Browser, url: string, appDir: string): Promise<ModalOpen> {
  const { context, page } = await newPage(browser, 'none')
  try {
    await loadAndSettle(page, url)
    const before = new Set(await scriptsFetched(page))
    const quiet = networkQuiet(page)
    await page.evaluate(() => window.__bench?.watch('open', 'email'))
    await page.getByRole('button', { name: 'Log in' }).click()
    await waitForMark(page, 'open')
    await quiet.wait()
    quiet.stop()
    const files = [...new Set(await scriptsFetched(page))].map((path) => ({
      file: path.slice(1),
      gzip: gzipSize(readFileSync(resolve(appDir, `.${path}`))),
      beforeClick: before.has(path),
    }))
    return {
      total: files.reduce((sum, file) => sum + file.gzip, 0),
      beforeClick: files.filter((file) => file.beforeClick).reduce((sum, file) => sum + file.gzip, 0),
      files,
    }
  } finally {
    await context.close()
  }
}

interface VisitTimes {
  firstOpen: number
  secondOpen: number
  emailToCode: number
  codeToSignedIn: number
}

interface Visit {
  ms: VisitTimes
  /** Calls to the mock over the whole visit (page load to signed in). */
  calls: MockCalls
}

async function codeFor(mockUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await fetch(`${mockUrl}/__mock/outbox?contact=${encodeURIComponent(email)}`)
    const messages = (await response.json()) as Array<{ code: string }>
    if (messages[0]) return messages[0].code
    await new Promise((done) => setTimeout(done, 25))
  }
  throw new Error(`bench: no code in the mock's outbox for ${email}`)
}

/** One visit of a new user: first open, close, second open, email → code step, code → signed in. */
async function visit(
  browser: Browser,
  url: string,
  mockUrl: string,
  profile: ProfileName,
  index: number,
): Promise<Visit> {
  const { context, page, calls } = await newPage(browser, profile, mockUrl)
  const probe = (name: string, what: 'email' | 'code' | 'signedIn') =>
    page.evaluate(([n, w]) => window.__bench?.watch(n, w), [name, what] as const)
  const clickMark = () => page.evaluate(() => window.__bench?.marks.click as number)
  try {
    await loadAndSettle(page, url)
    const button = page.getByRole('button', { name: 'Log in' })
    await probe('open1', 'email')
    await button.click()
    const firstOpen = (await waitForMark(page, 'open1')) - (await clickMark())
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })

    await probe('open2', 'email')
    await button.click()
    const secondOpen = (await waitForMark(page, 'open2')) - (await clickMark())

    const dialog = page.getByRole('dialog')
    const email = `bench-${profile}-${index}-${Date.now().toString(36)}@example.com`
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
    await probe('code', 'code')
    await dialog.getByRole('button', { name: 'Continue with email' }).click()
    const emailToCode = (await waitForMark(page, 'code')) - (await clickMark())

    const code = await codeFor(mockUrl, email)
    await probe('signedIn', 'signedIn')
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code)
    const signedIn = await waitForMark(page, 'signedIn')
    const codeToSignedIn = signedIn - (await page.evaluate(() => window.__bench?.marks.input as number))
    return { ms: { firstOpen, secondOpen, emailToCode, codeToSignedIn }, calls: { ...calls } }
  } finally {
    await context.close()
  }
}

interface Stats {
  median: number
  min: number
  max: number
  runs: number[]
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return {
    median,
    min: sorted[0] as number,
    max: sorted.at(-1) as number,
    runs: values.map((value) => Math.round(value * 10) / 10),
  }
}

const TIME_ROWS: Array<[keyof VisitTimes, string]> = [
  ['firstOpen', 'first click on "Log in", page settled → email field painted'],
  ['secondOpen', 'second open → email field painted'],
  ['emailToCode', '"Continue with email" → code field painted (key, preflight, `otp_init`)'],
  ['codeToSignedIn', 'code typed → "Your account" painted (`otp_login`/signup, session stored)'],
]

// ---------------------------------------------------------------------------------------------------
// Results: tables and README

interface Results {
  date: string
  machine: { cpus: number; cpu: string; node: string; os: string }
  versions: Record<string, string>
  budgets: typeof BUDGETS
  sizes: Record<HostKind, HostSizes>
  time?:
    | {
        chromium: string
        runs: number
        profiles: Record<ProfileName, Record<keyof VisitTimes, Stats>>
        mockCalls?: Record<keyof MockCalls, Stats>
      }
    | { skipped: string }
  over: string[]
}

function budgetCell(measured: number | undefined, budget: number): string {
  if (measured === undefined) return 'not measured'
  return measured <= budget ? `${kb(budget - measured)} KB under` : `**${kb(measured - budget)} KB over**`
}

type Added = HostSizes['added']
/** The size rows, in the tables and in the budget check: what each measures over the baseline, and its budget. */
const SIZE_ROWS: Array<{ label: string; key: keyof Added; budget?: number }> = [
  {
    label: 'drop-in (provider + `<LoginButton>`), first load',
    key: 'dropinFirstLoad',
    budget: BUDGETS.dropinFirstLoad,
  },
  {
    label: 'headless (provider + `useEmailOtp` in a custom form), first load',
    key: 'headlessFirstLoad',
    budget: BUDGETS.headlessFirstLoad,
  },
  {
    label: 'first modal open total (first load, idle prefetch, the dialog and what it loads at once)',
    key: 'modalOpenTotal',
    budget: BUDGETS.modalOpenTotal,
  },
  { label: 'headless, every chunk (flows loaded on first use)', key: 'headlessTotal' },
  { label: 'drop-in, every chunk (OAuth, passkey, phone, locale code loaded when used)', key: 'dropinEveryChunk' },
]

/** The size and time tables, in Markdown (printed, and written into the README). */
function tables(results: Results): string {
  const lines: string[] = []
  const { esm, cjs } = results.sizes
  const fmt = (bytes: number | undefined) => (bytes === undefined ? '—' : `${kb(bytes)} KB`)
  lines.push(
    '| the kit\'s own bytes over the baseline (gzip -9 JS; 1 KB = 1000 bytes) | `"type": "module"` host | `"type": "commonjs"` host | budget | margin |',
    '| --- | ---: | ---: | ---: | ---: |',
  )
  for (const { label, key, budget } of SIZE_ROWS) {
    const values = [esm.added[key], cjs.added[key]]
    const worst = values.some((value) => value === undefined) ? undefined : Math.max(...(values as number[]))
    const limit = budget === undefined ? '— | —' : `${kb(budget)} KB | ${budgetCell(worst, budget)}`
    lines.push(`| ${label} | ${fmt(values[0])} | ${fmt(values[1])} | ${limit} |`)
  }
  const baseline = 'React + react-query (provider, one `useQuery`, one `useMutation`)'
  lines.push(
    `| *the baseline itself: ${baseline}* | ${fmt(esm.apps.baseline.firstLoad)} | ${fmt(cjs.apps.baseline.firstLoad)} | — | — |`,
  )
  const time = results.time
  if (time && 'profiles' in time) {
    lines.push(
      '',
      `| drop-in app, mock on another origin (${time.runs} interleaved runs) | no throttling: median | range | 4× CPU, slow 4G: median | range |`,
      '| --- | ---: | ---: | ---: | ---: |',
    )
    const msf = (value: number) => `${Math.round(value)} ms`
    for (const [key, label] of TIME_ROWS) {
      const none = time.profiles.none[key]
      const slow = time.profiles.throttled[key]
      lines.push(
        `| ${label} | ${msf(none.median)} | ${msf(none.min)} – ${msf(none.max)} | ${msf(slow.median)} | ${msf(slow.min)} – ${msf(slow.max)} |`,
      )
    }
    const first = time.profiles.throttled.firstOpen.median
    if (time.mockCalls) {
      lines.push(
        '',
        `Calls to the mock per visit (page load to signed in, a new user): ${time.mockCalls.requests.median} requests ` +
          `and ${time.mockCalls.preflights.median} CORS preflights (medians).`,
      )
    }
    lines.push(
      '',
      `Budget: first click → first input painted ≤ ${BUDGETS.firstOpenThrottledMs} ms throttled (median): ` +
        `${Math.round(first)} ms, ${first <= BUDGETS.firstOpenThrottledMs ? 'within' : '**over**'}.`,
    )
  } else if (time) {
    lines.push('', `Times: not measured (${time.skipped}).`)
  }
  lines.push(
    '',
    `Measured ${results.date.slice(0, 10)} on ${results.machine.cpus} × ${results.machine.cpu}, Node ${results.machine.node}, ` +
      `${Object.entries(results.versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}.`,
  )
  return lines.join('\n')
}

const START = '<!-- bench:start (generated by `npm run bench -- --readme` from .bench/results.json; do not edit) -->'
const END = '<!-- bench:end -->'

function writeReadme(results: Results): void {
  const readme = readFileSync(README, 'utf8')
  const block = `${START}\n${tables(results)}\n${END}`
  const start = readme.indexOf('<!-- bench:start')
  const end = readme.indexOf(END)
  if (start < 0 || end < start) throw new Error('bench: README.md has no bench markers in "Size and speed"')
  writeFileSync(README, `${readme.slice(0, start)}${block}${readme.slice(end + END.length)}`)
  console.log(`bench: README.md's "Size and speed" figures rewritten from ${relative(ROOT, RESULTS)}`)
}

// ---------------------------------------------------------------------------------------------------

function versionIn(host: string, name: string): string {
  return (JSON.parse(readFileSync(resolve(host, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version
}

async function measure(withTime: boolean): Promise<Results> {
  const started = performance.now()
  mkdirSync(OUT, { recursive: true })
  const tarball = packPackage()
  const hostDirs = {} as Record<HostKind, string>
  const sizes = {} as Record<HostKind, HostSizes>
  for (const kind of HOSTS) {
    const host = makeHost(kind, tarball)
    hostDirs[kind] = host
    const apps = {} as Record<AppName, AppSize>
    for (const name of APPS) apps[name] = await buildApp(host, name)
    const base = apps.baseline.firstLoad
    sizes[kind] = {
      type: HOST_TYPE[kind],
      apps,
      added: {
        dropinFirstLoad: apps.dropin.firstLoad - base,
        headlessFirstLoad: apps.headless.firstLoad - base,
        headlessTotal: apps.headless.total - base,
        dropinEveryChunk: apps.dropin.total - base,
      },
    }
  }

  const executablePath = findChromium()
  let time: Results['time']
  if (!executablePath) {
    time = { skipped: "no Chromium found; `npx tsx scripts/ensure-chromium.ts` installs Debian's" }
  } else {
    const origins = { esm: `http://127.0.0.1:${PORTS.esm}`, cjs: `http://127.0.0.1:${PORTS.cjs}` }
    const servers = await Promise.all(
      HOSTS.map((kind) => serveStatic(resolve(hostDirs[kind], 'dist', 'dropin'), PORTS[kind])),
    )
    const mock = await startMock(Object.values(origins))
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
    try {
      const pageUrl = (kind: HostKind) => `${origins[kind]}/?proxy=${encodeURIComponent(mock.url)}`
      for (const kind of HOSTS) {
        const open = await measureModalOpen(browser, pageUrl(kind), resolve(hostDirs[kind], 'dist', 'dropin'))
        sizes[kind].modalOpen = open
        sizes[kind].added.modalOpenTotal = open.total - sizes[kind].apps.baseline.firstLoad
      }
      if (withTime) {
        // One visit of each profile first, to warm the server and the browser; not counted.
        for (const profile of Object.keys(PROFILES) as ProfileName[])
          await visit(browser, pageUrl('esm'), mock.url, profile, 0)
        const runs: Record<ProfileName, Visit[]> = { none: [], throttled: [] }
        for (let index = 1; index <= RUNS; index += 1) {
          for (const profile of Object.keys(PROFILES) as ProfileName[])
            runs[profile].push(await visit(browser, pageUrl('esm'), mock.url, profile, index))
          process.stdout.write(`\rbench: timing run ${index}/${RUNS}`)
        }
        process.stdout.write('\n')
        const summary = (list: Visit[]) =>
          Object.fromEntries(TIME_ROWS.map(([key]) => [key, stats(list.map((one) => one.ms[key]))])) as Record<
            keyof VisitTimes,
            Stats
          >
        const all = [...runs.none, ...runs.throttled]
        time = {
          chromium: browser.version(),
          runs: RUNS,
          profiles: { none: summary(runs.none), throttled: summary(runs.throttled) },
          mockCalls: {
            requests: stats(all.map((one) => one.calls.requests)),
            preflights: stats(all.map((one) => one.calls.preflights)),
          },
        }
      } else {
        time = { skipped: '--no-time' }
      }
    } finally {
      await browser.close()
      await mock.close()
      for (const server of servers) server.close()
    }
  }

  const over: string[] = []
  for (const kind of HOSTS) {
    for (const { label, key, budget } of SIZE_ROWS) {
      const measured = sizes[kind].added[key]
      if (budget === undefined) continue
      if (measured === undefined) over.push(`${kind} host: ${label}: not measured (no Chromium)`)
      else if (measured > budget) over.push(`${kind} host: ${label}: ${kb(measured)} KB > ${kb(budget)} KB`)
    }
  }
  if (time && 'profiles' in time && time.profiles.throttled.firstOpen.median > BUDGETS.firstOpenThrottledMs) {
    over.push(
      `first click → first input ${Math.round(time.profiles.throttled.firstOpen.median)} ms throttled > ${BUDGETS.firstOpenThrottledMs} ms`,
    )
  }
  const esmHost = hostDirs.esm
  const results: Results = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      os: `${platform()} ${release()}`,
    },
    versions: {
      ...(time && 'chromium' in time ? { Chromium: time.chromium } : {}),
      Vite: versionIn(ROOT, 'vite'),
      React: versionIn(esmHost, 'react'),
      'react-query': versionIn(esmHost, '@tanstack/react-query'),
    },
    budgets: BUDGETS,
    sizes,
    time,
    over,
  }
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`bench: ${((performance.now() - started) / 1000).toFixed(0)} s; results in ${relative(ROOT, RESULTS)}`)
  return results
}

function printDetails(results: Results): void {
  for (const kind of HOSTS) {
    const open = results.sizes[kind].modalOpen
    if (!open) continue
    const later = open.files.filter((file) => !file.beforeClick)
    console.log(
      `${kind} host, drop-in: ${kb(open.beforeClick)} KB of scripts before the click (first load and idle prefetch)` +
        (later.length > 0
          ? `; on the click: ${later.map((file) => `${file.file} ${kb(file.gzip)} KB`).join(', ')}`
          : '; nothing more on the click'),
    )
  }
}

const args = process.argv.slice(2)
if (args.includes('--readme') && !args.includes('--measure')) {
  if (!existsSync(RESULTS)) throw new Error(`bench: ${relative(ROOT, RESULTS)} is missing; run \`npm run bench\` first`)
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as Results
  writeReadme(results)
  console.log(`\n${tables(results)}`)
} else {
  const results = await measure(!args.includes('--no-time'))
  console.log(`\n${tables(results)}\n`)
  printDetails(results)
  if (args.includes('--readme')) writeReadme(results)
  if (results.over.length > 0) {
    console.error(`\nbench: over budget:\n- ${results.over.join('\n- ')}`)
    process.exit(1)
  }
}
