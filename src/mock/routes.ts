// Every route the mock serves, with a line on what it is for: the CLI's --help and the front page
// (GET /) print this table, and routes.test.ts checks it against what the handler routes, both ways.
import type { MockProxyEndpoint } from './types'

export interface MockRoute {
  method: string
  /** `<provider>` stands for google, apple, facebook, x or discord. */
  path: string
  purpose: string
}

export interface MockRouteGroup {
  title: string
  routes: readonly MockRoute[]
}

/** A Record over MockProxyEndpoint: a new endpoint without a line here does not compile. */
const PROXY_ENDPOINT_PURPOSES: Readonly<Record<MockProxyEndpoint, string>> = {
  wallet_kit_config: "the tenant's enabled methods, OTP format, OAuth client ids, session length",
  wallet_kit_client_params: "production's 2.x client at start (Turnstile key, OAuth client ids)",
  otp_init: 'send a code by email or SMS (it lands in the outbox)',
  otp_verify: 'check a code; answers a verification token bound to the client key',
  otp_login: 'a session for a verification token and a client signature',
  otp_init_v2: "the same, with a target key the enclave signs, to encrypt the code to (production's 2.x client)",
  otp_verify_v2: 'check a code encrypted to its target (HPKE); answers a token the enclave signs',
  otp_login_v2: "otp_login as production's 2.0 to 2.5 client logs in (client signature required)",
  signup: 'create a sub-organization and its user (email, phone, passkey, OAuth, API keys, wallet)',
  signup_v2: "the same, as production's 2.x client signs it",
  account: 'find the sub-organization of an email, phone, OIDC token, credential or key',
  oauth2_authenticate: 'exchange an X or Discord code (PKCE) for a proxy-issued OIDC token',
  oauth_login: 'a session for an OIDC token whose nonce binds the client key',
}

/** By operation under /public/v1/ (PUBLIC_API_OPERATIONS); routes.test.ts checks that none is missing. */
export const PUBLIC_API_PURPOSES: Readonly<Record<string, string>> = {
  'submit/stamp_login': 'a session for whoever stamped it (passkey, API key, session key: refresh)',
  'submit/create_authenticators': 'add a passkey to the signed-in user',
  'submit/sign_raw_payloads': "sign with a wallet account's key (Ethereum, Solana)",
  'submit/sign_raw_payload': 'sign one payload: bytes, text, EIP-712 typed data, an EIP-7702 authorization',
  'submit/sign_transaction': 'sign an Ethereum (legacy, 2930, 1559, 7702) or Solana transaction',
  'submit/create_wallet': 'a new wallet with derived accounts',
  'submit/set_organization_feature': 'set an organization feature; FEATURE_NAME_WEBHOOK turns on webhooks',
  'submit/remove_organization_feature': 'remove one (removing FEATURE_NAME_WEBHOOK stops deliveries)',
  'query/whoami': 'who the stamping key belongs to',
  'query/get_user': "a user's email, phone, passkeys, API keys, OAuth links",
  'query/list_wallets': "the organization's wallets",
  'query/list_wallet_accounts': "a wallet's accounts and addresses",
}

export const MOCK_ROUTE_GROUPS: readonly MockRouteGroup[] = [
  {
    title: 'Auth proxy (header X-Auth-Proxy-Config-Id)',
    routes: Object.entries(PROXY_ENDPOINT_PURPOSES).map(([name, purpose]) => ({
      method: 'POST',
      path: `/v1/${name}`,
      purpose,
    })),
  },
  {
    title: 'Public API (stamped X-Stamp or X-Stamp-WebAuthn; passkey sessions, wallets, signing, webhooks)',
    routes: Object.entries(PUBLIC_API_PURPOSES).map(([operation, purpose]) => ({
      method: 'POST',
      path: `/public/v1/${operation}`,
      purpose,
    })),
  },
  {
    title: 'OAuth providers, played by the mock',
    routes: [
      {
        method: 'GET',
        path: '/__mock/oauth/<provider>/authorize',
        purpose: 'the consent page: pick a test identity, or cancel',
      },
      {
        method: 'POST',
        path: '/__mock/oauth/<provider>/consent',
        purpose: "the consent page's form: answers as the provider does",
      },
      { method: 'GET', path: '/__mock/oauth/<provider>/jwks.json', purpose: "the provider's signing keys" },
      {
        method: 'GET',
        path: '/__mock/oauth/<provider>/.well-known/openid-configuration',
        purpose: "the provider's discovery document",
      },
      {
        method: 'POST',
        path: '/__mock/oauth/facebook/v11.0/oauth/access_token',
        purpose: "Facebook's token endpoint: a code and PKCE verifier for an id_token",
      },
      {
        method: 'GET',
        path: '/__mock/oauth/identities',
        purpose: 'the test identities the consent page offers (POST adds one)',
      },
      { method: 'GET', path: '/__mock/oauth/consent.css', purpose: "the consent page's stylesheet" },
    ],
  },
  {
    title: 'Turnstile, played by the mock (tenants with a turnstileSiteKey)',
    routes: [
      {
        method: 'GET',
        path: '/__mock/turnstile/v0/api.js',
        purpose: "the test widget: Cloudflare's window.turnstile API with a checkbox",
      },
      {
        method: 'POST',
        path: '/__mock/turnstile/token',
        purpose: "the checkbox's token for {sitekey}: one X-Captcha-Token, good for 300 s",
      },
    ],
  },
  {
    title: 'For tests and the developer',
    routes: [
      { method: 'GET', path: '/', purpose: 'this overview' },
      { method: 'GET', path: '/__mock/routes', purpose: 'this route list as JSON' },
      { method: 'GET', path: '/__mock/outbox', purpose: 'codes "sent", newest first (?contact=<email or phone>)' },
      {
        method: 'GET',
        path: '/__mock/webhooks',
        purpose: 'webhook deliveries (status, attempts, last error) and endpoints',
      },
      { method: 'GET', path: '/__mock/faults', purpose: 'the fault plan (POST adds a rule, DELETE clears)' },
      {
        method: 'GET',
        path: '/.well-known/jwks.json',
        purpose: "the proxy's token signing keys, and its session key (kid session-notarizer) for a backend",
      },
    ],
  },
]

export const MOCK_ROUTES: readonly MockRoute[] = MOCK_ROUTE_GROUPS.flatMap((group) => group.routes)

/** The table as text, for a terminal: a path too long for the column has its purpose on the next line. */
export function routeListText(): string {
  const column = 46
  const line = (route: MockRoute): string => {
    const name = `  ${route.method.padEnd(4)} ${route.path}`
    return name.length < column
      ? `${name.padEnd(column)}${route.purpose}`
      : `${name}\n${' '.repeat(column)}${route.purpose}`
  }
  return MOCK_ROUTE_GROUPS.map((group) => `${group.title}:\n${group.routes.map(line).join('\n')}`).join('\n\n')
}
