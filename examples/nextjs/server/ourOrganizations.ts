// Which organizations are this app's. The auth proxy's notarizer key signs the sessions of every app on
// the proxy, so a session that verifies proves only that the proxy issued it; the backend decides whether
// its organization (the sub-organization the user's sign-up created) is one of its own. This app learns
// them as they are created, from the proxy's webhook (proxyEvents.ts). A real app keeps them in its
// database, beside its users.
//
// Kept on globalThis, not in a module-level Set: Next.js bundles each route on its own, so a module
// imported by two routes may be two copies; the process is one.
const REGISTRY = Symbol.for('auth-proxy-kit-example.ourOrganizations')

type WithRegistry = typeof globalThis & { [REGISTRY]?: Set<string> }

function registry(): Set<string> {
  const scope = globalThis as WithRegistry
  return (scope[REGISTRY] ??= new Set())
}

export function addOurOrganization(organizationId: string): void {
  registry().add(organizationId)
}

export function isOurOrganization(organizationId: string): boolean {
  return registry().has(organizationId)
}
