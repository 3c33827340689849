// The stages of `npm test` (scripts/test.ts runs them): what each checks, the command, and what it needs
// made first. The end-to-end run and what it waits for form the longest chain: those start the moment
// they can (`first`); the rest fill the free slots in the order listed.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export interface Stage {
  name: string
  /** What it proves, for the summary. */
  what: string
  /** A bash command, run at the repository's root. */
  command: string
  /** Stages whose output this one uses: it starts once they have passed, and does not run if one fails. */
  needs: string[]
  env?: Record<string, string>
  /**
   * On the way to the end-to-end run, the longest chain: starts as soon as its needs have passed, even
   * when TEST_JOBS stages already run (the others wait for a free slot).
   */
  first?: boolean
}

const ROOT = resolve(import.meta.dirname, '..')
const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { name: string; version: string }

/** The tarball the `pack` stage makes, handed to every stage that installs the kit (packed once). */
export const KIT_TARBALL = resolve(ROOT, '.pack', `${manifest.name}-${manifest.version}.tgz`)
/** Where the `consumers` stage makes the fresh host apps that the end-to-end run serves. */
export const HOSTS_DIR = resolve(ROOT, '.work', 'hosts')

const withTarball = { KIT_TARBALL }

export const STAGES: Stage[] = [
  {
    name: 'chromium',
    first: true,
    what: "Debian's Chromium headless shell is there (installed when missing, as root)",
    command: 'tsx scripts/ensure-chromium.ts',
    needs: [],
  },
  {
    name: 'build',
    first: true,
    what: 'the package builds; dist matches the exports; the chunk graph keeps first loads lean',
    command: 'npm run build && node scripts/check-dist.mjs && node scripts/check-chunks.mjs',
    needs: [],
  },
  {
    name: 'storybook',
    first: true,
    what: 'the static Storybook builds',
    command: 'npm run build-storybook',
    needs: [],
  },
  {
    name: 'pack',
    first: true,
    what: 'npm pack, once: the tarball every host below installs',
    command: 'tsx scripts/packKit.ts --prebuilt',
    needs: ['build'],
  },
  {
    name: 'nextjs-deps',
    first: true,
    what: "the Next.js example's own dependencies install (Next.js, React), while the package builds",
    command: 'tsx scripts/test-nextjs.ts --deps',
    needs: [],
  },
  {
    name: 'nextjs',
    first: true,
    what: 'the Next.js example installs the tarball and `next build`s (type check included)',
    command: 'tsx scripts/test-nextjs.ts --prepare',
    needs: ['pack', 'nextjs-deps'],
    env: withTarball,
  },
  {
    name: 'consumers',
    first: true,
    what: "fresh Vite hosts (ESM React 19, CommonJS React 18.2, wagmi 3) install, type-check and build; types resolve; the docs' TypeScript blocks compile",
    command: 'tsx scripts/test-consumers.ts --prepare',
    needs: ['pack'],
    env: { ...withTarball, HOSTS_DIR },
  },
  {
    name: 'unit',
    what: 'Vitest: core and mock in Node, hooks and components in jsdom',
    command: 'vitest run',
    needs: [],
  },
  {
    name: 'jest',
    what: "Jest's jsdom as a host runs it (SWC, CommonJS): the built kit and its mock sign in by email (jest/)",
    // One worker, in band (--ci -w 1): two tests on the built files, 6 to 8 s of CPU with a cold cache (13 s
    // of wall time alone on the machine, 32 s beside other work).
    command: 'npm run test:jest',
    needs: ['build'],
  },
  {
    name: 'typecheck',
    what: 'the type check of src, tests, stories, scripts and e2e (once)',
    // TypeScript 7's native compiler (tsgo): the same check in a fifth of the CPU (8 s where tsc 5.9 took
    // 37 s). TypeScript 5.9 stays for what uses its API (typescript-eslint, Storybook's docgen) and for the
    // published declarations (`npm run build`), whose output TypeScript 7 writes differently.
    command: 'npm run typecheck',
    needs: [],
  },
  {
    name: 'docs',
    what: 'every relative link and #anchor in README.md and docs/ resolves (their code blocks compile in `consumers`)',
    command: 'tsx scripts/check-docs.ts',
    needs: [],
  },
  {
    name: 'lint',
    what: 'ESLint and Prettier',
    command: 'eslint . && prettier --check .',
    needs: [],
  },
  {
    name: 'e2e',
    first: true,
    what: 'Playwright, one run: the playground, every story (axe, screenshots), the hosts (wagmi on a local node), Next.js',
    command: 'playwright test',
    needs: ['chromium', 'storybook', 'consumers', 'nextjs'],
    env: { E2E_HOSTS: HOSTS_DIR },
  },
  {
    name: 'package',
    what: 'publint and Are the Types Wrong on the tarball; every public type exported',
    command: 'tsx scripts/test-package.ts',
    needs: ['pack'],
    env: withTarball,
  },
  {
    name: 'bench',
    what: 'first-load sizes in fresh ESM and CommonJS hosts against the recorded figures (the ratchet)',
    command: 'tsx scripts/bench.ts --ratchet',
    needs: ['pack', 'chromium'],
    env: withTarball,
  },
]
