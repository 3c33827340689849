import { describe, expect, it } from 'vitest'
import { KitError } from '../errors'
import { MOCK_ANNOUNCEMENT_ID, announcedMockEndpoints, readMockAnnouncement } from './mockAnnouncement'

const ANNOUNCEMENT = {
  proxyUrl: '/auth-proxy',
  oauthAuthorizeUrls: { google: '/auth-proxy/__mock/oauth/google/authorize' },
  oauthTokenUrls: { facebook: '/auth-proxy/__mock/oauth/facebook/v11.0/oauth/access_token' },
}

/** A page whose only element is a block with `text` under `id`. */
function pageWith(text: string, id = MOCK_ANNOUNCEMENT_ID) {
  return { getElementById: (wanted: string) => (wanted === id ? ({ textContent: text } as HTMLElement) : null) }
}

describe('readMockAnnouncement', () => {
  it("reads the mock's announcement from the page's JSON block", () => {
    expect(readMockAnnouncement(pageWith(JSON.stringify(ANNOUNCEMENT)))).toEqual(ANNOUNCEMENT)
  })

  it('finds none on a page without the block (a production build), nor without a document (a server)', () => {
    expect(readMockAnnouncement(pageWith(JSON.stringify(ANNOUNCEMENT), 'something-else'))).toBeUndefined()
    expect(readMockAnnouncement(undefined)).toBeUndefined()
  })

  it('refuses a block that is not an announcement, rather than send the person to the real providers', () => {
    for (const text of ['{', '[]', '{"proxyUrl":"/auth-proxy"}', JSON.stringify({ ...ANNOUNCEMENT, proxyUrl: 1 })]) {
      const read = () => readMockAnnouncement(pageWith(text))
      expect(read).toThrow(KitError)
      expect(read).toThrow(/#auth-proxy-kit-mock block is not a mock's announcement/)
    }
    try {
      readMockAnnouncement(pageWith('{'))
    } catch (error) {
      expect((error as KitError).code).toBe('CONFIG_INVALID')
    }
  })
})

describe('announcedMockEndpoints', () => {
  const page = 'http://localhost:5173/shop?item=1'

  it("lends the announced endpoints to the kit whose proxyUrl is that mock's, path or absolute", () => {
    const document = pageWith(JSON.stringify(ANNOUNCEMENT))
    const endpoints = {
      oauthAuthorizeUrls: ANNOUNCEMENT.oauthAuthorizeUrls,
      oauthTokenUrls: ANNOUNCEMENT.oauthTokenUrls,
    }
    expect(announcedMockEndpoints('/auth-proxy', page, document)).toEqual(endpoints)
    expect(announcedMockEndpoints('http://localhost:5173/auth-proxy/', page, document)).toEqual(endpoints)
  })

  it('lends nothing to a kit on another proxy, nor where nothing is announced', () => {
    const document = pageWith(JSON.stringify(ANNOUNCEMENT))
    expect(announcedMockEndpoints('https://auth.example.com', page, document)).toBeUndefined()
    expect(announcedMockEndpoints('/other-proxy', page, document)).toBeUndefined()
    expect(announcedMockEndpoints('http://localhost:5174/auth-proxy', page, document)).toBeUndefined()
    expect(announcedMockEndpoints(undefined, page, document)).toBeUndefined()
    expect(announcedMockEndpoints('/auth-proxy', page, pageWith('{}', 'other'))).toBeUndefined()
  })
})
