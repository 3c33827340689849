import type { AuthenticatorTransport } from '../types'

// WebAuthn's transport hints (getTransports()) to the API's enum. 'cable' and 'smart-card' have no
// counterpart, and a browser may report hints newer than this list: those are dropped, since the
// hints only speed up a later prompt and the API refuses values it does not know.
const TRANSPORTS: Readonly<Record<string, AuthenticatorTransport>> = {
  internal: 'AUTHENTICATOR_TRANSPORT_INTERNAL',
  usb: 'AUTHENTICATOR_TRANSPORT_USB',
  nfc: 'AUTHENTICATOR_TRANSPORT_NFC',
  ble: 'AUTHENTICATOR_TRANSPORT_BLE',
  hybrid: 'AUTHENTICATOR_TRANSPORT_HYBRID',
}

/** `['internal', 'hybrid']` → `['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID']`. */
export function toAuthenticatorTransports(transports: readonly unknown[] | undefined): AuthenticatorTransport[] {
  const mapped: AuthenticatorTransport[] = []
  for (const transport of transports ?? []) {
    const value =
      typeof transport === 'string' && Object.hasOwn(TRANSPORTS, transport) ? TRANSPORTS[transport] : undefined
    if (value !== undefined && !mapped.includes(value)) mapped.push(value)
  }
  return mapped
}
