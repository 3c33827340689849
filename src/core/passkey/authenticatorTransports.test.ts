import { describe, expect, it } from 'vitest'
import { toAuthenticatorTransports } from './authenticatorTransports'

describe('toAuthenticatorTransports', () => {
  it('maps each WebAuthn transport to the API enum, keeping the order', () => {
    expect(toAuthenticatorTransports(['internal', 'usb', 'nfc', 'ble', 'hybrid'])).toEqual([
      'AUTHENTICATOR_TRANSPORT_INTERNAL',
      'AUTHENTICATOR_TRANSPORT_USB',
      'AUTHENTICATOR_TRANSPORT_NFC',
      'AUTHENTICATOR_TRANSPORT_BLE',
      'AUTHENTICATOR_TRANSPORT_HYBRID',
    ])
  })

  it('drops transports the API has no value for, and duplicates', () => {
    expect(toAuthenticatorTransports(['cable', 'hybrid', 'smart-card', 'HYBRID', 'hybrid', 'toString', 42])).toEqual([
      'AUTHENTICATOR_TRANSPORT_HYBRID',
    ])
  })

  it('is empty when the browser reports none (getTransports missing)', () => {
    expect(toAuthenticatorTransports(undefined)).toEqual([])
    expect(toAuthenticatorTransports([])).toEqual([])
  })
})
