import { describe, expect, it } from 'vitest'
import * as core from './index'

// Every change to the public surface of auth-proxy-kit/core shows up here and is deliberate.
describe('auth-proxy-kit/core exports', () => {
  it('has exactly these runtime exports', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "CROCKFORD_ALPHABET",
        "DEFAULT_TIMEOUT_MS",
        "DEFAULT_USER_MESSAGES",
        "ENABLED_PROVIDERS",
        "GRPC_HTTP_STATUS",
        "GrpcCode",
        "KitError",
        "base64urlDecode",
        "base64urlEncode",
        "cancelEmailOtp",
        "completeEmailOtp",
        "compressPublicKey",
        "createAuthProxyClient",
        "createKit",
        "createSessionStore",
        "decodeSessionToken",
        "decodeVerificationToken",
        "defaultKeyStore",
        "fromHex",
        "fromUtf8",
        "indexedDbKeyStore",
        "isCompressedPublicKey",
        "isKitError",
        "isValidEmail",
        "kitErrorCodeForGrpc",
        "loginMessage",
        "loginWithEmailOtp",
        "logout",
        "memoryKeyStore",
        "memoryStorage",
        "normalizeOtpCode",
        "rawSignatureToDer",
        "sessionStorageKey",
        "signClientMessage",
        "signupMessage",
        "startEmailOtp",
        "toHex",
        "utf8",
      ]
    `)
  })
})
