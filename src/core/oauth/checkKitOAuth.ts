import { assertMethods, assertObject, invalidArgument } from '../assert'
import type { KitOAuth } from './kitOAuth'
import { parseHttpUrl } from './parseHttpUrl'
import { OAUTH_PROVIDER_NAMES, isOAuthProviderName } from './providerNames'

/**
 * Checks a kit's OAuth settings (createKit's oauthAuthorizeUrls, oauthTokenUrls, oauthStorage and location) where the
 * OAuth flows use them, with the labels of createKit's options.
 */
export function checkKitOAuth(oauth: KitOAuth): KitOAuth {
  const { authorizeUrls, tokenUrls, storage, location } = oauth
  assertObject(authorizeUrls, 'createKit({ oauthAuthorizeUrls })')
  for (const [provider, url] of Object.entries(authorizeUrls)) {
    if (!isOAuthProviderName(provider)) {
      throw invalidArgument(
        'createKit({ oauthAuthorizeUrls })',
        `keys among ${OAUTH_PROVIDER_NAMES.join(', ')}`,
        provider,
      )
    }
    if (url !== undefined) parseHttpUrl(url, `createKit({ oauthAuthorizeUrls.${provider} })`)
  }
  assertObject(tokenUrls, 'createKit({ oauthTokenUrls })')
  for (const [provider, url] of Object.entries(tokenUrls)) {
    if (provider !== 'facebook') {
      throw invalidArgument(
        'createKit({ oauthTokenUrls })',
        'keys among facebook (the one provider whose code the browser redeems)',
        provider,
      )
    }
    if (url !== undefined) parseHttpUrl(url, `createKit({ oauthTokenUrls.${provider} })`)
  }
  assertMethods(
    storage,
    ['getItem', 'setItem', 'removeItem'],
    'createKit({ oauthStorage })',
    'a Storage (getItem, setItem, removeItem)',
  )
  if (
    location !== undefined &&
    (typeof location !== 'object' || location === null || typeof location.href !== 'string')
  ) {
    throw invalidArgument('createKit({ location })', 'an object with an href string, like window.location', location)
  }
  return oauth
}
