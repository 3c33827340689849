// How a development server that serves the mock proxy tells the page where the mock's OAuth providers
// are, so that "Continue with Google" on the quick start goes to the mock's consent page rather than to
// accounts.google.com: a JSON data block in the page, which the mock's Vite plugin writes while it serves
// and a production build does not have. The page's bundle carries nothing of the mock (no import, no
// define), and the app has no URL to type. A data block rather than a <meta> attribute: Vite 5 writes
// injected attributes with JSON.stringify, so quotes inside them would end the attribute; and a browser
// neither runs one nor asks the Content-Security-Policy about it.
import { KitError } from '../errors'
import type { OAuthProviderName, OAuthTokenUrls } from './providerNames'

/** The id of the page's `<script type="application/json">` announcing the mock. */
export const MOCK_ANNOUNCEMENT_ID = 'auth-proxy-kit-mock'

/** What the block holds: where the mock is, and its stand-ins for the providers' endpoints. */
export interface MockAnnouncement {
  /** The mock's URL, basePath included: a path on the page's origin ('/auth-proxy') or an absolute URL. */
  proxyUrl: string
  oauthAuthorizeUrls: Partial<Record<OAuthProviderName, string>>
  oauthTokenUrls: OAuthTokenUrls
}

/** Where the block is looked for; default the page's document, none on a server. */
export type AnnouncingDocument = Pick<Document, 'getElementById'>

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  )
}

/**
 * The page's announcement of a mock, or undefined when there is none (production). One that is not the
 * plugin's JSON is CONFIG_INVALID: falling back to the real providers would send the person to a provider
 * that cannot answer the mock.
 */
export function readMockAnnouncement(
  document: AnnouncingDocument | undefined = (globalThis as { document?: AnnouncingDocument | undefined }).document,
): MockAnnouncement | undefined {
  const text = document?.getElementById(MOCK_ANNOUNCEMENT_ID)?.textContent
  if (text === undefined || text === null) return undefined
  let parsed: Partial<MockAnnouncement> | undefined
  try {
    parsed = JSON.parse(text) as Partial<MockAnnouncement>
  } catch {
    parsed = undefined
  }
  if (
    typeof parsed?.proxyUrl !== 'string' ||
    !isRecordOfStrings(parsed.oauthAuthorizeUrls) ||
    !isRecordOfStrings(parsed.oauthTokenUrls)
  ) {
    throw new KitError(
      'CONFIG_INVALID',
      `the page's #${MOCK_ANNOUNCEMENT_ID} block is not a mock's announcement ({ proxyUrl, oauthAuthorizeUrls, oauthTokenUrls } as JSON, which auth-proxy-kit/mock/vite writes): remove it, or let the plugin write it`,
    )
  }
  return parsed as MockAnnouncement
}

/** `url` against the page, without a trailing slash; undefined when it is no URL there. */
function absolute(url: string, page: string | undefined): string | undefined {
  try {
    return new URL(url, page).href.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

/**
 * The announced mock's OAuth endpoints when the kit talks to that very mock (its proxyUrl, as createKit
 * resolved it, is the announced one), else undefined: a kit pointed at another proxy from a page that also
 * serves the mock keeps the real providers, whose tokens that proxy accepts.
 */
export function announcedMockEndpoints(
  proxyUrl: string | undefined,
  page: string | undefined,
  document?: AnnouncingDocument,
): Pick<MockAnnouncement, 'oauthAuthorizeUrls' | 'oauthTokenUrls'> | undefined {
  if (proxyUrl === undefined) return undefined
  const announcement = readMockAnnouncement(document)
  if (announcement === undefined) return undefined
  const mock = absolute(announcement.proxyUrl, page)
  if (mock === undefined || mock !== absolute(proxyUrl, page)) return undefined
  return { oauthAuthorizeUrls: announcement.oauthAuthorizeUrls, oauthTokenUrls: announcement.oauthTokenUrls }
}
