// `npm run bench`: what the kit costs a host app, in bytes and in milliseconds, measured on what a user
// installs.
//
// Size: the packed kit (KIT_TARBALL, the tarball `npm test` packed once; else `npm run build` and `npm pack`
// here) is installed with react, react-dom and react-query, at the versions this repository tests with, into
// two fresh minimal Vite hosts under .bench/hosts, one `"type": "module"` and one `"type": "commonjs"`
// (installed side by side). The apps of bench/ are built in each with Vite in production mode: the baseline
// (React + react-query: provider, one useQuery, one useMutation), headless (+ the kit's provider and
// useEmailOtp in the app's own form) and drop-in (+ the provider and <LoginButton>). Each JavaScript file
// is gzipped (level 9) on its own. A first load is the entry chunk and its static imports; the first
// modal open total is every script the drop-in page has fetched once its modal is open and settled
// (first load, the idle prefetch, the dialog and what it loads at once), recorded in Chromium.
//
// The ratchet (scripts/ratchet.ts): the kit's bytes over the baseline, each first load and the first
// modal open in each host, against the figures recorded in bench/figures.json. `--ratchet` measures sizes
// only (a stage of `npm test`) and fails when a figure grew past its record by more than 0.3 KB;
// `--record "why"` measures the same and rewrites the figures, each changed one with that reason. A full
// run checks the ratchet too. DESIGN.md's fixed budgets are printed beside as the direction.
//
// Time: the ESM host's drop-in app, served on its own origin, with the mock proxy (src/mock/node.ts) on
// another, so that CORS preflights count; Debian's Chromium, without throttling and at 4× CPU on a
// slow-4G profile (DevTools protocol), runs interleaved. Times are taken inside the page, from the
// event's timestamp to the frame after the awaited element appeared. Each visit is paired with one of a
// control (bench/control: the same host with its own modal in plain React), and the first click is also
// reported as the median of the ratios drop-in / control, which a shared machine's noise leaves alone.
//
// `npm run bench -- --readme` rewrites the "Size and speed" figures of docs/contributing.md (where the README's
// internal notes went) from .bench/results.json
// (between the bench markers) without measuring; `--measure --readme` measures first; `--no-time`
// measures sizes only.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, platform, release } from 'node:os'
import { extname, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium'
import { packKit } from './packKit'
import {
  FIGURES,
  compare,
  parseFigures,
  record,
  serializeFigures,
  table,
  verdict,
  type FiguresFile,
  type Measured,
} from './ratchet'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = resolve(ROOT, '.bench')
const RESULTS = resolve(OUT, 'results.json')
/** What a ratchet or record run measured, chunk by chunk (results.json stays the full run's, for --readme). */
const RATCHET_RESULTS = resolve(OUT, 'ratchet.json')
const FIGURES_FILE = resolve(ROOT, 'bench', 'figures.json')
/** The page whose "Size and speed" section holds the figures (`--readme` rewrites them). */
const README = resolve(ROOT, 'docs', 'contributing.md')
const KB = 1000
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7))
/**
 * Ports of the two hosts' drop-in apps and the mock proxy: free ones by default, as the ratchet runs beside
 * other stages of `npm test`.
 */
const PORTS = {
  esm: Number(process.env.BENCH_PORT_ESM ?? 0),
  cjs: Number(process.env.BENCH_PORT_CJS ?? 0),
  mock: Number(process.env.BENCH_PORT_MOCK ?? 0),
}
/** How long the network must be quiet for the page to count as settled (as a person waits before a click). */
const QUIET_MS = 1000

/** Direction (not a gate): the median throttled first click → email field painted (DESIGN.md). */
const FIRST_OPEN_THROTTLED_MS = 150

/**
 * What a host installs beside the kit, at the versions this repository resolved (its lockfile): a figure
 * then moves when the kit does, not when react-query publishes.
 */
const HOST_DEPENDENCIES = ['react', 'react-dom', '@tanstack/react-query']

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

/**
 * Vite, its React plugin, Playwright and the mock take seconds to load on a busy two-core machine (the mock
 * is TypeScript that tsx compiles): they load while npm installs the hosts, not before it starts.
 */
let loadingTools: ReturnType<typeof importTools> | undefined
const tools = () => (loadingTools ??= importTools())
async function importTools() {
  const [vite, react, playwright, mock, tenants] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
    import('@playwright/test'),
    import('../src/mock/node'),
    import('../src/mock/tenants'),
  ])
  return {
    build: vite.build,
    react: react.default,
    chromium: playwright.chromium,
    startMockAuthProxy: mock.startMockAuthProxy,
    DEMO_TENANT: tenants.DEMO_TENANT,
  }
}

const gzipSize = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length
const kb = (bytes: number) => (bytes / KB).toFixed(1)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const execFileAsync = promisify(execFile)

async function run(command: string, args: string[], cwd: string): Promise<void> {
  try {
    await execFileAsync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stderr } = error as { stderr?: string }
    throw new Error(`bench: \`${command} ${args.join(' ')}\` failed in ${relative(ROOT, cwd)}:\n${stderr || error}`, {
      cause: error,
    })
  }
}

/** The tarball a host installs: the one `npm test` packed (KIT_TARBALL), else a build and `npm pack` now. */
function kitTarball(): string {
  const given = process.env.KIT_TARBALL
  if (given) {
    const tarball = resolve(given)
    if (!existsSync(tarball)) throw new Error(`bench: KIT_TARBALL=${given}: no such file`)
    return tarball
  }
  console.log('bench: npm run build, npm pack …')
  return packKit()
}

/** A fresh minimal Vite host of the given kind, with the tarball and the peers installed, and bench/'s apps copied in. */
async function makeHost(kind: HostKind, tarball: string): Promise<string> {
  const dir = resolve(OUT, 'hosts', kind)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    resolve(dir, 'package.json'),
    `${JSON.stringify({ name: `bench-host-${kind}`, private: true, type: HOST_TYPE[kind] }, null, 2)}\n`,
  )
  console.log(`bench: installing the package into a "type": "${HOST_TYPE[kind]}" host …`)
  const dependencies = HOST_DEPENDENCIES.map((name) => `${name}@${versionIn(ROOT, name)}`)
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--silent', tarball, ...dependencies],
    dir,
  )
  cpSync(resolve(ROOT, 'bench'), resolve(dir, 'src'), {
    recursive: true,
    filter: (source) => source !== FIGURES_FILE,
  })
  return dir
}

async function buildApp(host: string, name: AppName | 'control'): Promise<AppSize> {
  const outDir = resolve(host, 'dist', name)
  const { build, react } = await tools()
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
async function serveStatic(dir: string, port: number): Promise<{ server: Server; origin: string }> {
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
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** The mock proxy on its own origin, the demo tenant allowing the apps' origins. */
async function startMock(origins: string[]) {
  const { startMockAuthProxy, DEMO_TENANT } = await tools()
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
    // The modal closes by itself once signed in (closeOnSignIn): gone, and its button says "Account".
    signedIn: () => !document.querySelector('[role="dialog"]') &&
      [...document.querySelectorAll('button')].some((button) => button.textContent === 'Account'),
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

/** One visit of the control app: its first click on "Log in" → the email field painted, in ms. */
async function controlVisit(browser: Browser, url: string, profile: ProfileName): Promise<number> {
  const { context, page } = await newPage(browser, profile)
  try {
    await loadAndSettle(page, url)
    await page.evaluate(() => window.__bench?.watch('open1', 'email'))
    await page.getByRole('button', { name: 'Log in' }).click()
    return (await waitForMark(page, 'open1')) - (await page.evaluate(() => window.__bench?.marks.click as number))
  } finally {
    await context.close()
  }
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
  ['codeToSignedIn', 'code typed → modal closed, "Account" painted (`otp_login`/signup, session stored)'],
]

// ---------------------------------------------------------------------------------------------------
// Results: tables and README

interface Results {
  date: string
  machine: { cpus: number; cpu: string; node: string; os: string }
  versions: Record<string, string>
  sizes: Record<HostKind, HostSizes>
  time?:
    | {
        chromium: string
        runs: number
        profiles: Record<ProfileName, Record<keyof VisitTimes, Stats>>
        /**
         * The control app's first open (a modal in plain React on the same host), and the drop-in's first
         * open over it, run by run (the median of the ratios of interleaved pairs).
         */
        control?: {
          firstOpen: Record<ProfileName, Stats>
          ratio: Record<ProfileName, Stats>
        }
        mockCalls?: Record<keyof MockCalls, Stats>
      }
    | { skipped: string }
}

function directionCell(measured: number | undefined, direction: number): string {
  if (measured === undefined) return 'not measured'
  return measured <= direction ? `${kb(direction - measured)} KB under` : `${kb(measured - direction)} KB over`
}

type Added = HostSizes['added']
/** The size rows of the tables: what each measures over the baseline, and its direction (DESIGN.md). */
const SIZE_ROWS: Array<{ label: string; key: keyof Added; direction?: number }> = [
  {
    label: 'drop-in (provider + `<LoginButton>`), first load',
    key: 'dropinFirstLoad',
    direction: FIGURES.dropinFirstLoad.direction,
  },
  {
    label: 'headless (provider + `useEmailOtp` in a custom form), first load',
    key: 'headlessFirstLoad',
    direction: FIGURES.headlessFirstLoad.direction,
  },
  {
    label: 'first modal open total (first load, idle prefetch, the dialog and what it loads at once)',
    key: 'modalOpenTotal',
    direction: FIGURES.modalOpenTotal.direction,
  },
  { label: 'headless, every chunk (flows loaded on first use)', key: 'headlessTotal' },
  { label: 'drop-in, every chunk (OAuth, passkey, phone, locale code loaded when used)', key: 'dropinEveryChunk' },
]

/** The size table, in Markdown. gzip sizes depend on the versions built with, not on the machine. */
function sizeSection(results: Results): string {
  const lines: string[] = []
  const { esm, cjs } = results.sizes
  const fmt = (bytes: number | undefined) => (bytes === undefined ? '—' : `${kb(bytes)} KB`)
  lines.push(
    '| the kit\'s own bytes over the baseline (gzip -9 JS; 1 KB = 1000 bytes) | `"type": "module"` host | `"type": "commonjs"` host | direction | to go |',
    '| --- | ---: | ---: | ---: | ---: |',
  )
  for (const { label, key, direction } of SIZE_ROWS) {
    const values = [esm.added[key], cjs.added[key]]
    const worst = values.some((value) => value === undefined) ? undefined : Math.max(...(values as number[]))
    const limit = direction === undefined ? '— | —' : `${kb(direction)} KB | ${directionCell(worst, direction)}`
    lines.push(`| ${label} | ${fmt(values[0])} | ${fmt(values[1])} | ${limit} |`)
  }
  const baseline = 'React + react-query (provider, one `useQuery`, one `useMutation`)'
  const versions = Object.entries(results.versions).filter(([name]) => name !== 'Chromium')
  lines.push(
    `| *the baseline itself: ${baseline}* | ${fmt(esm.apps.baseline.firstLoad)} | ${fmt(cjs.apps.baseline.firstLoad)} | — | — |`,
    '',
    `Sizes measured ${results.date.slice(0, 10)} with ${versions.map(([name, version]) => `${name} ${version}`).join(', ')}.`,
  )
  return lines.join('\n')
}

/** Where the time section starts in the README's block. */
const TIME_TABLE = '| drop-in app, mock on another origin'

/** The time table, in Markdown, or undefined when the run took no times. */
function timeSection(results: Results): string | undefined {
  const time = results.time
  if (!time || !('profiles' in time)) return undefined
  const lines = [
    `${TIME_TABLE} (${time.runs} interleaved runs) | no throttling: median | range | 4× CPU, slow 4G: median | range |`,
    '| --- | ---: | ---: | ---: | ---: |',
  ]
  const msf = (value: number) => `${Math.round(value)} ms`
  for (const [key, label] of TIME_ROWS) {
    const none = time.profiles.none[key]
    const slow = time.profiles.throttled[key]
    lines.push(
      `| ${label} | ${msf(none.median)} | ${msf(none.min)} – ${msf(none.max)} | ${msf(slow.median)} | ${msf(slow.min)} – ${msf(slow.max)} |`,
    )
  }
  if (time.mockCalls) {
    lines.push(
      '',
      `Calls to the mock per visit (page load to signed in, a new user): ${time.mockCalls.requests.median} requests ` +
        `and ${time.mockCalls.preflights.median} CORS preflights (medians).`,
    )
  }
  if (time.control) {
    const { firstOpen, ratio } = time.control
    const times = (value: number) => `${value.toFixed(2)}×`
    lines.push(
      '',
      `The same first click on a control (bench/control: the same host, its own modal in plain React, in the ` +
        `same interleaved runs): ${msf(firstOpen.none.median)} unthrottled, ${msf(firstOpen.throttled.median)} ` +
        `throttled. The drop-in's first open is ${times(ratio.none.median)} the control's unthrottled ` +
        `(${times(ratio.none.min)} – ${times(ratio.none.max)}) and ${times(ratio.throttled.median)} throttled ` +
        `(${times(ratio.throttled.min)} – ${times(ratio.throttled.max)}): medians of the run-by-run ratios, which a ` +
        'busy machine changes less than the milliseconds.',
    )
  }
  const first = time.profiles.throttled.firstOpen.median
  const { machine } = results
  lines.push(
    '',
    `Direction: first click → first input painted ≤ ${FIRST_OPEN_THROTTLED_MS} ms throttled (median): ` +
      `${Math.round(first)} ms, ${first <= FIRST_OPEN_THROTTLED_MS ? 'within' : 'over'}.`,
    '',
    `Times measured ${results.date.slice(0, 10)} on ${machine.cpus} × ${machine.cpu}, Node ${machine.node}, ` +
      `Chromium ${time.chromium}.`,
  )
  return lines.join('\n')
}

/** The size and time tables, in Markdown (printed, and written into the README). */
function tables(results: Results): string {
  const skipped = results.time && 'skipped' in results.time ? results.time.skipped : 'not run'
  return `${sizeSection(results)}\n\n${timeSection(results) ?? `Times: not measured (${skipped}).`}`
}

const START = '<!-- bench:start (generated by `npm run bench -- --readme` from .bench/results.json; do not edit) -->'
const END = '<!-- bench:end -->'

/**
 * Rewrites the figures in docs/contributing.md. A run without times (`--no-time`) keeps the times already there: sizes
 * are the same on any machine, times want a quiet one.
 */
function writeReadme(results: Results): void {
  const readme = readFileSync(README, 'utf8')
  const start = readme.indexOf('<!-- bench:start')
  const end = readme.indexOf(END)
  if (start < 0 || end < start) throw new Error('bench: docs/contributing.md has no bench markers in "Size and speed"')
  const current = readme.slice(start, end)
  const keptTimes = current.includes(TIME_TABLE) ? current.slice(current.indexOf(TIME_TABLE)).trim() : undefined
  const times = timeSection(results) ?? keptTimes ?? 'Times: not measured.'
  const block = `${START}\n${sizeSection(results)}\n\n${times}\n${END}`
  writeFileSync(README, `${readme.slice(0, start)}${block}${readme.slice(end + END.length)}`)
  console.log(
    `bench: docs/contributing.md's "Size and speed" figures rewritten from ${relative(ROOT, RESULTS)}` +
      (timeSection(results) === undefined && keptTimes ? ' (sizes; the times it had are kept)' : ''),
  )
}

// ---------------------------------------------------------------------------------------------------

function versionIn(dir: string, name: string): string {
  return (JSON.parse(readFileSync(resolve(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version
}

/** What the sizes depend on beyond the kit: recorded beside the figures, and printed with every run. */
function toolVersions(): Record<string, string> {
  const names = ['vite', '@vitejs/plugin-react', ...HOST_DEPENDENCIES]
  return Object.fromEntries(names.map((name) => [name, versionIn(ROOT, name)]))
}

interface Hosts {
  dirs: Record<HostKind, string>
  sizes: Record<HostKind, HostSizes>
}

/** Both hosts installed side by side (npm waits on the network and the disk more than on the CPU), each built as soon as it is installed. */
async function measureHosts(tarball: string): Promise<Hosts> {
  void tools() // loads beside the installs; awaited by the first build
  const measured = await Promise.all(
    HOSTS.map(async (kind) => {
      const started = performance.now()
      const dir = await makeHost(kind, tarball)
      const installed = performance.now()
      const apps = {} as Record<AppName, AppSize>
      for (const name of APPS) apps[name] = await buildApp(dir, name)
      console.log(
        `bench: the "type": "${HOST_TYPE[kind]}" host installed in ${seconds(installed - started)}, ` +
          `its apps built in ${seconds(performance.now() - installed)}`,
      )
      const base = apps.baseline.firstLoad
      const sizes: HostSizes = {
        type: HOST_TYPE[kind],
        apps,
        added: {
          dropinFirstLoad: apps.dropin.firstLoad - base,
          headlessFirstLoad: apps.headless.firstLoad - base,
          headlessTotal: apps.headless.total - base,
          dropinEveryChunk: apps.dropin.total - base,
        },
      }
      return { kind, dir, sizes }
    }),
  )
  const hosts = { dirs: {}, sizes: {} } as Hosts
  for (const { kind, dir, sizes } of measured) {
    hosts.dirs[kind] = dir
    hosts.sizes[kind] = sizes
  }
  return hosts
}

/** The drop-in apps of both hosts served on their own origins, the mock on another, and Chromium. */
interface Stage {
  browser: Browser
  mockUrl: string
  pageUrl(kind: HostKind): string
  /** The ESM host's control app (bench/control: the same host, a modal in plain React), when built. */
  controlUrl: string
  close(): Promise<void>
}

async function openStage(hosts: Hosts, executablePath: string): Promise<Stage> {
  const served = await Promise.all(
    HOSTS.map((kind) => serveStatic(resolve(hosts.dirs[kind], 'dist', 'dropin'), PORTS[kind])),
  )
  const origins = Object.fromEntries(HOSTS.map((kind, index) => [kind, (served[index] as { origin: string }).origin]))
  // Built for a timed run only (measure), served in any case: the sizes never ask for it.
  const control = await serveStatic(resolve(hosts.dirs.esm, 'dist', 'control'), 0)
  const mock = await startMock(Object.values(origins))
  const browser = await (await tools()).chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  return {
    browser,
    mockUrl: mock.url,
    pageUrl: (kind) => `${origins[kind]}/?proxy=${encodeURIComponent(mock.url)}`,
    controlUrl: `${control.origin}/`,
    async close() {
      await browser.close()
      await mock.close()
      for (const { server } of [...served, control]) server.close()
    },
  }
}

/** The first modal open in each host (unthrottled; the set of scripts fetched does not depend on the clock). */
async function measureModalOpens(stage: Stage, hosts: Hosts): Promise<void> {
  await Promise.all(
    HOSTS.map(async (kind) => {
      const open = await measureModalOpen(
        stage.browser,
        stage.pageUrl(kind),
        resolve(hosts.dirs[kind], 'dist', 'dropin'),
      )
      hosts.sizes[kind].modalOpen = open
      hosts.sizes[kind].added.modalOpenTotal = open.total - hosts.sizes[kind].apps.baseline.firstLoad
    }),
  )
}

async function measureTimes(stage: Stage): Promise<NonNullable<Results['time']>> {
  const url = stage.pageUrl('esm')
  const profiles = Object.keys(PROFILES) as ProfileName[]
  // One visit of each app and profile first, to warm the servers and the browser; not counted.
  for (const profile of profiles) {
    await visit(stage.browser, url, stage.mockUrl, profile, 0)
    await controlVisit(stage.browser, stage.controlUrl, profile)
  }
  const runs: Record<ProfileName, Visit[]> = { none: [], throttled: [] }
  const controls: Record<ProfileName, number[]> = { none: [], throttled: [] }
  // Interleaved: the kit's visit and the control's one after the other, so that whatever slows the
  // machine at that moment slows both; the ratio of each pair is what the machine's noise leaves alone.
  for (let index = 1; index <= RUNS; index += 1) {
    for (const profile of profiles) {
      runs[profile].push(await visit(stage.browser, url, stage.mockUrl, profile, index))
      controls[profile].push(await controlVisit(stage.browser, stage.controlUrl, profile))
    }
    process.stdout.write(`\rbench: timing run ${index}/${RUNS}`)
  }
  process.stdout.write('\n')
  const summary = (list: Visit[]) =>
    Object.fromEntries(TIME_ROWS.map(([key]) => [key, stats(list.map((one) => one.ms[key]))])) as Record<
      keyof VisitTimes,
      Stats
    >
  const ratio = (profile: ProfileName) =>
    stats(runs[profile].map((one, index) => one.ms.firstOpen / (controls[profile][index] as number)))
  const all = [...runs.none, ...runs.throttled]
  return {
    chromium: stage.browser.version(),
    runs: RUNS,
    profiles: { none: summary(runs.none), throttled: summary(runs.throttled) },
    control: {
      firstOpen: { none: stats(controls.none), throttled: stats(controls.throttled) },
      ratio: { none: ratio('none'), throttled: ratio('throttled') },
    },
    mockCalls: {
      requests: stats(all.map((one) => one.calls.requests)),
      preflights: stats(all.map((one) => one.calls.preflights)),
    },
  }
}

const NO_CHROMIUM = "no Chromium found; `npx tsx scripts/ensure-chromium.ts` installs Debian's"

/** The full run: sizes, the first modal opens and (unless `--no-time`) the times, in .bench/results.json. */
async function measure(withTime: boolean): Promise<Results> {
  const started = performance.now()
  mkdirSync(OUT, { recursive: true })
  const hosts = await measureHosts(kitTarball())
  // Times are taken on the browser people use, when it is here; sizes do not depend on which.
  const executablePath = withTime ? (findChromium({ full: true }) ?? findChromium()) : findChromium()
  let time: Results['time']
  if (!executablePath) {
    time = { skipped: NO_CHROMIUM }
  } else {
    // The times' control (a modal in plain React), in the ESM host the times are taken in; not a size.
    if (withTime) await buildApp(hosts.dirs.esm, 'control')
    const stage = await openStage(hosts, executablePath)
    try {
      await measureModalOpens(stage, hosts)
      time = withTime ? await measureTimes(stage) : { skipped: '--no-time' }
    } finally {
      await stage.close()
    }
  }
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
      React: versionIn(hosts.dirs.esm, 'react'),
      'react-query': versionIn(hosts.dirs.esm, '@tanstack/react-query'),
    },
    sizes: hosts.sizes,
    time,
  }
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`bench: ${((performance.now() - started) / 1000).toFixed(0)} s; results in ${relative(ROOT, RESULTS)}`)
  return results
}

/** Sizes and the first modal opens only, for the ratchet and for a record (Chromium is required: the modal open is a figure). */
async function measureSizes(): Promise<Hosts> {
  const executablePath = findChromium()
  if (!executablePath) throw new Error(`bench: the first modal open is measured in Chromium: ${NO_CHROMIUM}`)
  mkdirSync(OUT, { recursive: true })
  const hosts = await measureHosts(kitTarball())
  const opening = performance.now()
  const stage = await openStage(hosts, executablePath)
  try {
    await measureModalOpens(stage, hosts)
  } finally {
    await stage.close()
  }
  console.log(`bench: the first modal opens measured in Chromium in ${seconds(performance.now() - opening)}`)
  writeFileSync(RATCHET_RESULTS, `${JSON.stringify({ date: new Date().toISOString(), sizes: hosts.sizes }, null, 2)}\n`)
  return hosts
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

// ---------------------------------------------------------------------------------------------------
// The ratchet

/** The ratchet's figures from the hosts' sizes, by host type. */
function ratchetFigures(sizes: Record<HostKind, HostSizes>): Measured {
  const figure = (key: keyof Measured) => {
    const value = (kind: HostKind) => {
      const bytes = sizes[kind].added[key]
      if (bytes === undefined) throw new Error(`bench: ${FIGURES[key].label} was not measured in the ${kind} host`)
      return bytes
    }
    return { module: value('esm'), commonjs: value('cjs') }
  }
  return {
    dropinFirstLoad: figure('dropinFirstLoad'),
    headlessFirstLoad: figure('headlessFirstLoad'),
    modalOpenTotal: figure('modalOpenTotal'),
  }
}

function readFigures(): FiguresFile | undefined {
  if (!existsSync(FIGURES_FILE)) return undefined
  return parseFigures(readFileSync(FIGURES_FILE, 'utf8'), relative(ROOT, FIGURES_FILE))
}

/** Compares the measured figures with the records; prints the table and the verdict; true when one grew. */
function checkRatchet(sizes: Record<HostKind, HostSizes>): boolean {
  const file = readFigures()
  if (!file) {
    console.error(`bench: no figures recorded (${relative(ROOT, FIGURES_FILE)}); npm run bench -- --record "why"`)
    return true
  }
  const versions = toolVersions()
  const comparisons = compare(file, ratchetFigures(sizes))
  console.log(`\nbench: the ratchet (${relative(ROOT, FIGURES_FILE)}; gzip -9 bytes of JavaScript over the baseline)`)
  console.log(table(comparisons).join('\n'))
  const { failed, lines } = verdict(file, comparisons, versions)
  ;(failed ? console.error : console.log)(`\n${lines.join('\n')}`)
  return failed
}

function recordFigures(sizes: Record<HostKind, HostSizes>, reason: string): void {
  const previous = readFigures()
  const { file, changed } = record(previous, ratchetFigures(sizes), reason, toolVersions())
  writeFileSync(FIGURES_FILE, serializeFigures(file))
  if (previous) console.log(`\n${table(compare(previous, ratchetFigures(sizes)), 'recorded').join('\n')}`)
  const where = relative(ROOT, FIGURES_FILE)
  if (previous === undefined) console.log(`\nbench: ${where} written; commit it`)
  else if (changed.length === 0) console.log(`\nbench: ${where} unchanged: every figure measured as recorded`)
  else
    console.log(
      `\nbench: ${where} rewritten, ${changed.length} ${changed.length === 1 ? 'figure' : 'figures'} set for ` +
        `"${reason.trim()}"; commit it with the change that moved them`,
    )
}

// ---------------------------------------------------------------------------------------------------

interface Options {
  ratchet: boolean
  record?: string
  readme: boolean
  measure: boolean
  time: boolean
}

const USAGE =
  'usage: npm run bench [-- --no-time] [-- --readme [--measure]] | npm run bench -- --ratchet | npm run bench -- --record "why"'

function parseArgs(args: string[]): Options {
  const options: Options = { ratchet: false, readme: false, measure: false, time: true }
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string
    if (arg === '--ratchet') options.ratchet = true
    else if (arg === '--readme') options.readme = true
    else if (arg === '--measure') options.measure = true
    else if (arg === '--no-time') options.time = false
    else if (arg === '--record' || arg.startsWith('--record=')) {
      const reason = arg === '--record' ? args[(index += 1)] : arg.slice('--record='.length)
      if (reason === undefined || reason.trim() === '' || reason.startsWith('--'))
        throw new Error(
          `bench: --record needs the reason the figures change, as a commit says it: npm run bench -- --record "why"`,
        )
      options.record = reason
    } else throw new Error(`bench: unknown argument ${arg}\n${USAGE}`)
  }
  if (options.ratchet && options.record !== undefined)
    throw new Error('bench: --ratchet checks the records and --record rewrites them; pass one')
  return options
}

let options: Options
try {
  options = parseArgs(process.argv.slice(2))
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
if (options.ratchet || options.record !== undefined) {
  const started = performance.now()
  const hosts = await measureSizes()
  if (options.record !== undefined) recordFigures(hosts.sizes, options.record)
  const failed = options.ratchet && checkRatchet(hosts.sizes)
  console.log(`bench: ${seconds(performance.now() - started)} in all`)
  if (failed) process.exit(1)
} else if (options.readme && !options.measure) {
  if (!existsSync(RESULTS)) throw new Error(`bench: ${relative(ROOT, RESULTS)} is missing; run \`npm run bench\` first`)
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as Results
  writeReadme(results)
  console.log(`\n${tables(results)}`)
} else {
  const results = await measure(options.time)
  console.log(`\n${tables(results)}\n`)
  printDetails(results)
  if (options.readme) writeReadme(results)
  if (results.sizes.esm.added.modalOpenTotal === undefined) {
    console.log(`bench: the ratchet not checked (${NO_CHROMIUM})`)
  } else if (checkRatchet(results.sizes)) {
    process.exit(1)
  }
}
