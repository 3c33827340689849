// The chunk graph, proven on the built files (`npm run test:build`, after `npm run build`).
//
// `npm run build` writes one file per source module under dist/ (preserveModules), so a host's bundler
// sees the kit's own module graph: a static `import … from "./x.js"` puts x in the same load, an
// `import("./x.js")` starts a chunk loaded later. This script reads each built file's imports and checks
// the rules below, which say what a page loads first and what opening the sign-in dialog loads. A rule
// broken prints the import chain that reaches the offending module, and the script exits 1.
//
// The package declares `"sideEffects": ["**/*.css"]`, so a host's bundler keeps only the modules that the
// names an app imports reach: `import { LoginButton } from 'auth-proxy-kit'` does not load `AuthPanel`,
// which the same entry also exports. A first load is therefore the closure of the names an app imports
// (the apps of `npm run bench`), followed name by name through re-export-only modules (the entries) and
// module by module everywhere else. A "type": "commonjs" host keeps the entry module whole (rule 1b).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// ---------------------------------------------------------------------------------------------------
// The rules (paths are relative to dist/; a bare package name stands for that package).

/** The names each reference app imports from the React entry (bench/*\/main.tsx). */
const FIRST_LOADS = {
  'drop-in (AuthProxyProvider + LoginButton)': ['AuthProxyProvider', 'LoginButton'],
  'headless (AuthProxyProvider + useEmailOtp + useSession)': ['AuthProxyProvider', 'useEmailOtp', 'useSession'],
}

/** OAuth modules that hold no flow: data and pure checks a page needs before it loads the OAuth code. */
const OAUTH_DATA = [
  // The provider names: useOAuthProviders and the login-method list read them to render buttons.
  'core/oauth/providerNames.js',
  // Whether the page is a provider's answer: the provider reads the URL on load to decide whether to
  // load the completion chunk at all. URL parsing only; no request, no key, no token check.
  'core/oauth/callbackUrl.js',
  // mayBeOAuthCallback (a regular expression over the address) and the OAuthWindow type.
  'core/oauth/oauthWindow.js',
]

/**
 * What stands for the OTP flow until its code is here: the store useEmailOtp and useSmsOtp read from the
 * first render (createLazyOtpFlow) and the idle snapshot it shows. Neither sends, checks or stores anything.
 */
const OTP_STAND_IN = ['core/otp/createLazyOtpFlow.js', 'core/otp/otpFlowSnapshot.js']

/**
 * Whether the page has WebAuthn (`PublicKeyCredential`), without loading any passkey code: the dialog
 * decides from it whether to show a passkey button at all. A few lines; no flow, no WebAuthn helper.
 */
const PASSKEY_CHECK = ['core/passkey/passkeysSupported.js']

/** What no first load may contain. */
const NOT_IN_FIRST_LOAD = [
  // Signing out is no sign-in flow: a signed-in person's button offers it at once, and it is two lines
  // over the session store (core/session/logout.js, beside kit.session) plus the kit check every action
  // shares (core/assertKit.js): neither lives in a sign-in method's folder, so no rule here holds them back.
  {
    pattern: /^core\/otp\//,
    why: 'the OTP sign-in flow (its actions and store, loaded when used or prefetched)',
    allow: OTP_STAND_IN,
  },
  {
    pattern: /^core\/oauth\//,
    why: "OAuth code (loaded when an OAuth sign-in starts, or on a provider's answer)",
    // Data and pure checks the first load needs to decide whether to load the OAuth code at all.
    allow: OAUTH_DATA,
  },
  { pattern: /^core\/passkey\//, why: 'passkey code', allow: PASSKEY_CHECK },
  { pattern: /^components\/modal\/LoginDialog\.js$/, why: 'the dialog (LoginModal loads it on open or when idle)' },
  {
    pattern: /^components\/flow\//,
    why: "a step of the sign-in flow (the dialog's chunk holds them)",
    // What the modal's shell (LoginButton, LoginModal, DialogLoading) needs before the dialog is here.
    allow: [
      // Hover/focus props that prefetch the dialog's chunk: the button carries them.
      'components/flow/prefetchProps.js',
    ],
  },
  // Every language but English (which every page shows first): fr, es, de, pt-BR, ja, zh-CN.
  { pattern: /^locales\/(?!en\.js$)/, why: "a language's copy (loaded when the locale, or 'auto', asks for it)" },
  { pattern: /^components\/phone\//, why: 'the phone step' },
  { pattern: /^core\/wallet\//, why: 'the wallet actions (loaded when a signed-in view or hook asks for them)' },
  { pattern: /^core\/signing\//, why: 'the signing actions (their own chunk, loaded on the first signature)' },
  {
    pattern: /^core\/stamp\/publicApiClient\.js$/,
    why: "the public API's client (loaded with the first signed-in action: lazyPublicApiClient)",
  },
  { pattern: /^viem(\/|$)|^viem\.js$/, why: 'viem and the viem entry (auth-proxy-kit/viem, imported by the app)' },
  { pattern: /^server(\/|$)|^server\.js$/, why: 'the server helpers (auth-proxy-kit/server, imported by a backend)' },
  { pattern: /^@noble\/|^@scure\//, why: 'keccak and base58 (the wallet chunk)' },
  {
    pattern: /^components\/account\/(?!describePerson\.js$|PersonAvatar\.js$)/,
    why: "the signed-in view (in the dialog's chunk)",
  },
  { pattern: /^@simplewebauthn\//, why: 'the WebAuthn helper' },
  { pattern: /^components\/signing\//, why: 'the signing prompt (loaded when a signature is first asked)' },
]

/** The dialog's chunk, and what its static closure, minus what the first load has, must not hold. */
const DIALOG = 'components/modal/LoginDialog.js'
const DIALOG_BASE_FIRST_LOAD = 'drop-in (AuthProxyProvider + LoginButton)'
const NOT_IN_DIALOG_CHUNK = [
  {
    pattern: /^core\/oauth\//,
    why:
      'OAuth flow code (the actions, loaded when an OAuth button is pressed and prefetched on hover; popup, ' +
      'authorize URL, PKCE, pending state, token redemption and checks)',
    allow: [
      ...OAUTH_DATA,
      // The provider table (names, kinds, default endpoints): data the buttons may read to render.
      'core/oauth/providers.js',
      // Popup or redirect, from the environment: a button may say how it will open before any flow loads.
      'core/oauth/preferredOAuthMode.js',
      // window.open with the popup's name and size: it must run synchronously in the click handler,
      // before anything is awaited (Safari refuses a popup opened later), so it cannot wait for a chunk.
      'core/oauth/openOAuthPopup.js',
    ],
  },
  { pattern: /^core\/passkey\//, why: 'passkey code (the passkey flow and its helpers)', allow: PASSKEY_CHECK },
  { pattern: /^@simplewebauthn\//, why: 'the WebAuthn helper' },
  { pattern: /^components\/flow\/phoneParts\.js$/, why: 'the phone step (its own chunk)' },
  { pattern: /^components\/phone\//, why: 'the phone step (its own chunk)' },
  { pattern: /^locales\/(?!en\.js$)/, why: "a language's copy (its own chunk)" },
  { pattern: /^core\/wallet\//, why: 'the wallet actions (their own chunk)' },
  { pattern: /^core\/signing\//, why: 'the signing actions (their own chunk)' },
  { pattern: /^@noble\/|^@scure\//, why: 'keccak and base58 (the wallet chunk)' },
]

/** The core entry: usable without React. */
const CORE_ENTRY = 'core.js'
const NOT_IN_CORE = [
  { pattern: /^(react|react-dom|@tanstack\/react-query)(\/|$)/, why: 'React (the core entry is framework-free)' },
]

const REACT_ENTRY = 'index.js'

// ---------------------------------------------------------------------------------------------------
// Reading the built files

const root = fileURLToPath(new URL('..', import.meta.url))
// `node scripts/check-chunks.mjs [distDir] [--list]`: --list prints each closure checked.
const args = process.argv.slice(2)
const listClosures = args.includes('--list')
const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(root, 'dist'))
if (!existsSync(join(dist, REACT_ENTRY))) {
  console.error(`chunk check: ${relative(root, dist)}/${REACT_ENTRY} is missing; run \`npm run build\` first`)
  process.exit(1)
}

/** A bare specifier's package name (`@scope/name` or `name`); subpaths count as the package. */
function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
}

/** The node a specifier names, seen from `from` (a dist-relative path): a dist path or a package name. */
function target(from, specifier) {
  if (!specifier.startsWith('.')) return packageOf(specifier)
  return relative(dist, resolve(dist, dirname(from), specifier))
    .split('\\')
    .join('/')
}

const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g
const STATIC = /(?:^|[;}\n])\s*(import|export)\s*([\w$*{}\s,]*?)\s*from\s*["']([^"']+)["']/g
const SIDE_EFFECT = /(?:^|[;}\n])\s*import\s*["']([^"']+)["']/g
const LOCAL_EXPORT = /(?:^|[;}\n])\s*export\s*\{([^}]*)\}\s*(?!\s*from)/g

/** `a, b as c` → [[a, a], [b, c]] (`default` and `*` kept as they are). */
function bindings(list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/)
      return [name.trim(), (alias ?? name).trim()]
    })
}

/**
 * One built module: its static imports, each with the names it takes (undefined: every name), and, when
 * it is only imports and exports (an entry that re-exports), where each exported name comes from. An
 * `import("./x.js")` starts a later load, so it is no edge.
 */
function readModule(path) {
  const code = readFileSync(join(dist, path), 'utf8')
  /** { to, names }: names undefined for a namespace import or `export *` (every name). */
  const edges = []
  /** Local binding → [module, imported name]. */
  const imported = new Map()
  /** Exported name → [module, name there] ('*' for every name of a module). */
  const reexports = new Map()
  const starExports = []
  for (const match of code.matchAll(STATIC)) {
    const [, keyword, clause, specifier] = match
    const to = target(path, specifier)
    const braces = clause.match(/\{([^}]*)\}/)
    const names = braces ? bindings(braces[1]).map(([name]) => name) : []
    if (keyword === 'export') {
      if (clause.trim() === '*') {
        starExports.push(to)
        edges.push({ to, names: undefined })
      } else {
        for (const [name, alias] of bindings(braces?.[1] ?? '')) reexports.set(alias, [to, name])
        edges.push({ to, names })
      }
      continue
    }
    if (braces) for (const [name, alias] of bindings(braces[1])) imported.set(alias, [to, name])
    let whole = false
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    for (const part of outside) {
      const namespace = part.match(/^\*\s+as\s+([\w$]+)$/)
      if (namespace) {
        imported.set(namespace[1], [to, '*'])
        whole = true
      } else {
        imported.set(part, [to, 'default'])
        names.push('default')
      }
    }
    edges.push({ to, names: whole ? undefined : names })
  }
  for (const match of code.matchAll(SIDE_EFFECT)) edges.push({ to: target(path, match[1]), names: [] })
  for (const match of code.matchAll(LOCAL_EXPORT)) {
    for (const [local, name] of bindings(match[1])) {
      const source = imported.get(local)
      if (source) reexports.set(name, source)
    }
  }
  // Only imports, exports, comments and directives: a re-exporting module, followed name by name.
  const rest = code
    .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*["']use (client|strict)["'];?/, '')
    .replace(/(import|export)\s*[\w$*{}\s,]*?\s*from\s*["'][^"']+["'];?/g, '')
    .replace(/import\s*["'][^"']+["'];?/g, '')
    .replace(/export\s*\{[^}]*\};?/g, '')
  const reexportOnly = rest.trim() === ''
  const dynamicImports = [...code.matchAll(DYNAMIC)].map((match) => target(path, match[1]))
  return { path, edges, reexportOnly, reexports, starExports, dynamicImports }
}

function builtFiles(dir = dist) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return builtFiles(full)
    return name.endsWith('.js') ? [relative(dist, full).split('\\').join('/')] : []
  })
}

const modules = new Map(builtFiles().map((path) => [path, readModule(path)]))

// ---------------------------------------------------------------------------------------------------
// Closures

/**
 * Every module a set of roots loads statically, each with the module it was first reached from (for the
 * chain). A root is a module, or [module, names] to follow a re-exporting module name by name.
 */
function closure(roots) {
  const parent = new Map()
  const queue = []
  const reach = (node, from, names) => {
    const module = modules.get(node)
    if (names && module?.reexportOnly) {
      // Follow only the exported names asked for.
      const key = `${node} {${names.join(', ')}}`
      if (parent.has(key)) return
      parent.set(key, from)
      for (const name of names) {
        const source = module.reexports.get(name)
        if (source) reach(source[0], key, source[1] === '*' ? undefined : [source[1]])
        else for (const star of module.starExports) reach(star, key, [name])
      }
      return
    }
    if (parent.has(node)) return
    parent.set(node, from)
    queue.push(node)
  }
  for (const root of roots) {
    if (Array.isArray(root)) reach(root[0], undefined, root[1])
    else reach(root, undefined, undefined)
  }
  while (queue.length > 0) {
    const node = queue.shift()
    for (const edge of modules.get(node)?.edges ?? []) reach(edge.to, node, edge.names)
  }
  // Name-filtered visits of a re-exporting module are steps in a chain, not modules loaded on their own.
  const loaded = new Set([...parent.keys()].filter((key) => !key.includes(' {')))
  for (const key of parent.keys()) if (key.includes(' {')) loaded.add(key.slice(0, key.indexOf(' {')))
  return { loaded, parent }
}

function chain(parent, node) {
  const steps = [node]
  let at = parent.get(node)
  while (at !== undefined) {
    steps.unshift(at)
    at = parent.get(at)
  }
  return steps.join('\n      → ')
}

const failures = []
function forbid(label, nodes, parent, rules) {
  for (const node of [...nodes].sort()) {
    for (const rule of rules) {
      if (!rule.pattern.test(node) || rule.allow?.includes(node)) continue
      failures.push(`${label} holds ${node}: ${rule.why}\n      ${chain(parent, node)}`)
    }
  }
}

// 1. First loads: none of the flows.
const firstLoads = {}
for (const [app, names] of Object.entries(FIRST_LOADS)) {
  const missing = names.filter((name) => !modules.get(REACT_ENTRY).reexports.has(name))
  if (missing.length > 0) failures.push(`${REACT_ENTRY} does not export ${missing.join(', ')} (rule data out of date?)`)
  const result = closure([[REACT_ENTRY, names]])
  firstLoads[app] = result
  forbid(`first load of ${app}`, result.loaded, result.parent, NOT_IN_FIRST_LOAD)
}

// 1b. The entry as a "type": "commonjs" host sees it. Rolldown reads such a host's own files as CommonJS,
// so the ES modules they import are wrapped and the entry module is kept whole: every module it imports
// counts as reached from the first chunk. A module the kit also loads with import() then joins the first
// chunk instead of its own (French re-exported by the entry cost those hosts 3 KB on every page).
const loadedLater = new Set([...modules.values()].flatMap((module) => module.dynamicImports))
for (const edge of modules.get(REACT_ENTRY).edges) {
  if (!loadedLater.has(edge.to)) continue
  failures.push(
    `${REACT_ENTRY} imports ${edge.to} statically, and the kit loads it on first use: a "type": "commonjs" ` +
      'host would put it in its first load; give it an entry of its own (package.json "exports")',
  )
}

// 2. The dialog's chunk: its static closure beyond the first load.
if (!modules.has(DIALOG)) failures.push(`${DIALOG} is missing from the build`)
else {
  const base = firstLoads[DIALOG_BASE_FIRST_LOAD].loaded
  const dialog = closure([DIALOG])
  const own = new Set([...dialog.loaded].filter((node) => !base.has(node)))
  forbid(`the dialog's chunk (${DIALOG})`, own, dialog.parent, NOT_IN_DIALOG_CHUNK)
  firstLoads.dialog = { own }
}

// 3. The core entry: no React.
const core = closure([CORE_ENTRY])
forbid(`the core entry (${CORE_ENTRY})`, core.loaded, core.parent, NOT_IN_CORE)

if (listClosures) {
  for (const [app] of Object.entries(FIRST_LOADS))
    console.log(`first load of ${app}:\n  ${[...firstLoads[app].loaded].sort().join('\n  ')}`)
  if (firstLoads.dialog)
    console.log(
      `the dialog's chunk beyond the drop-in first load:\n  ${[...firstLoads.dialog.own].sort().join('\n  ')}`,
    )
  console.log(`the core entry:\n  ${[...core.loaded].sort().join('\n  ')}`)
}
if (failures.length > 0) {
  console.error(`chunk check failed (${failures.length}):\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
const count = (set) => [...set].filter((node) => modules.has(node)).length
console.log(
  `chunk check: ${Object.entries(FIRST_LOADS)
    .map(([app]) => `${app.split(' ')[0]} first load ${count(firstLoads[app].loaded)} modules`)
    .join(
      ', ',
    )}, no flow; the dialog's chunk ${count(firstLoads.dialog.own)} modules, no OAuth, passkey, phone, locale or wallet code; ` +
    'the core entry without React',
)
