/**
 * The browser says it has no network (`navigator.onLine` false): then a request cannot leave, and the
 * person is told "You're offline" (OFFLINE). True online is not trusted the other way: a browser that
 * says online may still reach nothing, which is PROXY_UNAVAILABLE. False outside a browser.
 */
export function browserOffline(): boolean {
  return globalThis.navigator?.onLine === false
}
