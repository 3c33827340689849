// A software passkey authenticator for tests in Node: real P-256 keys (WebCrypto, so high-S
// signatures happen as in browsers), real attestation objects (fmt 'none') and assertions, built
// byte for byte as the WebAuthn spec lays them out. Each ceremony can be forged on purpose (another
// challenge, origin or RP ID) so that tests can show the mock refusing it.
import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import { base64url } from 'jose'
import type { AuthenticatorTransport, SignupAuthenticator } from '../../core/types'

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_ATTESTED_CREDENTIAL = 0x40
const COSE_KTY_EC2 = 2
const COSE_ALG_ES256 = -7
const COSE_CRV_P256 = 1

export interface SoftAuthenticatorOptions {
  /** The page the "browser" is on: it writes this into clientDataJSON. */
  origin: string
  /** Default the origin's host, as a browser defaults it. */
  rpId?: string
  /** When false the signature counter stays 0, as with synced passkeys. Default true. */
  counts?: boolean
}

/** A credential the authenticator holds. `counter` is its signature counter, as last used. */
export interface SoftCredential {
  credentialId: string
  rpId: string
  counter: number
}

/** The ceremony's inputs; every other field is what a truthful browser and authenticator would write. */
export interface CeremonyForgery {
  /** clientDataJSON.type; default 'webauthn.create' or 'webauthn.get'. */
  type?: string
  /** clientDataJSON.origin; default the authenticator's origin. */
  origin?: string
  /** The RP ID hashed into authData; default the authenticator's RP ID. */
  rpId?: string
  /** authData flags; default UP|UV (plus AT at registration). */
  flags?: number
}

export interface SoftRegisterParameters extends CeremonyForgery {
  /** base64url; default 32 random bytes. */
  challenge?: string
  /** The challenge written into clientDataJSON, when it should differ from `challenge` (a forgery). */
  signedChallenge?: string
  authenticatorName?: string
  transports?: AuthenticatorTransport[]
}

export interface SoftAssertParameters extends CeremonyForgery {
  /** base64url, as it goes into clientDataJSON. */
  challenge: string
  /** Default the newest credential. */
  credentialId?: string
  /** The counter to write instead of the next one (a replay or a cloned authenticator). */
  counter?: number
}

/** The functions of @simplewebauthn/browser the kit calls, answered by this authenticator. */
export interface SoftWebAuthn {
  browserSupportsWebAuthn(): boolean
  startRegistration(options: { optionsJSON: PublicKeyCredentialCreationOptionsJSON }): Promise<RegistrationResponseJSON>
  startAuthentication(options: {
    optionsJSON: PublicKeyCredentialRequestOptionsJSON
  }): Promise<AuthenticationResponseJSON>
}

export interface SoftAuthenticator {
  readonly origin: string
  readonly rpId: string
  readonly credentials: readonly SoftCredential[]
  /** A new credential, as the API's Authenticator input (signup's and create_authenticators' item). */
  register(parameters?: SoftRegisterParameters): Promise<SignupAuthenticator>
  assert(parameters: SoftAssertParameters): Promise<AuthenticationResponseJSON>
  /** The X-Stamp-WebAuthn header value for `body`: an assertion over its stamp challenge. */
  stamp(body: string, parameters?: Omit<SoftAssertParameters, 'challenge'>): Promise<string>
  webauthn: SoftWebAuthn
}

interface HeldCredential extends SoftCredential {
  privateKey: CryptoKey
}

/** base64url(UTF-8(lowercase hex(sha256(body)))): the challenge a passkey stamp signs (WIRE.md). */
export function webAuthnStampChallenge(body: string): string {
  return base64url.encode(bytesToHex(sha256(utf8ToBytes(body))))
}

export function createSoftAuthenticator(options: SoftAuthenticatorOptions): SoftAuthenticator {
  const origin = options.origin
  const rpId = options.rpId ?? new URL(origin).hostname
  const counts = options.counts ?? true
  const held: HeldCredential[] = []

  async function createCredential(
    parameters: SoftRegisterParameters & { challenge: string },
  ): Promise<RegistrationResponseJSON> {
    const credentialRpId = parameters.rpId ?? rpId
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    const point = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, COSE_KTY_EC2],
        [3, COSE_ALG_ES256],
        [-1, COSE_CRV_P256],
        [-2, point.slice(1, 33)],
        [-3, point.slice(33, 65)],
      ]),
    )
    const rawId = crypto.getRandomValues(new Uint8Array(16))
    const credentialId = base64url.encode(rawId)
    const authData = concat(
      sha256(utf8ToBytes(credentialRpId)),
      [parameters.flags ?? FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL],
      uint32(0),
      new Uint8Array(16), // AAGUID: all zeros, as authenticators send with attestation 'none'
      [rawId.length >> 8, rawId.length & 0xff],
      rawId,
      coseKey,
    )
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    )
    const clientDataJSON = JSON.stringify({
      type: parameters.type ?? 'webauthn.create',
      challenge: parameters.signedChallenge ?? parameters.challenge,
      origin: parameters.origin ?? origin,
      crossOrigin: false,
    })
    held.push({ credentialId, rpId: credentialRpId, counter: 0, privateKey: pair.privateKey })
    const transports = (
      parameters.transports ?? ['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID']
    ).map((transport) => transport.slice('AUTHENTICATOR_TRANSPORT_'.length).toLowerCase()) as NonNullable<
      RegistrationResponseJSON['response']['transports']
    >
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: base64url.encode(clientDataJSON),
        attestationObject: base64url.encode(attestationObject),
        transports,
        publicKeyAlgorithm: COSE_ALG_ES256,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  async function assert(parameters: SoftAssertParameters): Promise<AuthenticationResponseJSON> {
    const credential =
      parameters.credentialId === undefined
        ? held.at(-1)
        : held.find((candidate) => candidate.credentialId === parameters.credentialId)
    if (credential === undefined)
      throw new Error(`soft authenticator: no credential ${parameters.credentialId ?? '(none registered)'}`)
    let counter = parameters.counter
    if (counter === undefined) {
      counter = counts ? credential.counter + 1 : 0
      credential.counter = counter
    }
    const authData = concat(
      sha256(utf8ToBytes(parameters.rpId ?? credential.rpId)),
      [parameters.flags ?? FLAG_USER_PRESENT | FLAG_USER_VERIFIED],
      uint32(counter),
    )
    const clientDataJSON = utf8ToBytes(
      JSON.stringify({
        type: parameters.type ?? 'webauthn.get',
        challenge: parameters.challenge,
        origin: parameters.origin ?? origin,
        crossOrigin: false,
      }),
    )
    const raw = new Uint8Array(
      await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        credential.privateKey,
        concat(authData, sha256(clientDataJSON)),
      ),
    )
    // WebAuthn ES256 signatures are DER; WebCrypto answers raw r‖s.
    const signature = p256.Signature.fromBytes(raw, 'compact').toBytes('der')
    return {
      id: credential.credentialId,
      rawId: credential.credentialId,
      type: 'public-key',
      response: {
        authenticatorData: base64url.encode(authData),
        clientDataJSON: base64url.encode(clientDataJSON),
        signature: base64url.encode(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  return {
    origin,
    rpId,
    get credentials() {
      return held.map(({ credentialId, rpId: credentialRpId, counter }) => ({
        credentialId,
        rpId: credentialRpId,
        counter,
      }))
    },

    async register(parameters = {}) {
      const challenge = parameters.challenge ?? base64url.encode(crypto.getRandomValues(new Uint8Array(32)))
      const registration = await createCredential({ ...parameters, challenge })
      return {
        authenticatorName: parameters.authenticatorName ?? 'Soft passkey',
        challenge,
        attestation: {
          credentialId: registration.id,
          clientDataJson: registration.response.clientDataJSON,
          attestationObject: registration.response.attestationObject,
          transports: parameters.transports ?? ['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID'],
        },
      }
    },

    assert,

    async stamp(body, parameters = {}) {
      const assertion = await assert({ ...parameters, challenge: webAuthnStampChallenge(body) })
      return JSON.stringify({
        authenticatorData: assertion.response.authenticatorData,
        clientDataJson: assertion.response.clientDataJSON,
        credentialId: assertion.id,
        signature: assertion.response.signature,
      })
    },

    webauthn: {
      browserSupportsWebAuthn: () => true,
      startRegistration: ({ optionsJSON }) =>
        createCredential({
          challenge: optionsJSON.challenge,
          ...(optionsJSON.rp.id === undefined ? {} : { rpId: optionsJSON.rp.id }),
        }),
      async startAuthentication({ optionsJSON }) {
        const wantedRpId = optionsJSON.rpId ?? rpId
        const allowed = optionsJSON.allowCredentials?.map((descriptor) => descriptor.id)
        const usable = held.filter(
          (credential) =>
            credential.rpId === wantedRpId && (allowed === undefined || allowed.includes(credential.credentialId)),
        )
        const credential = usable.at(-1)
        // What a browser reports when the person has no passkey for the site, or closes the prompt.
        if (credential === undefined) throw new DOMException('No passkey for this site', 'NotAllowedError')
        return assert({ challenge: optionsJSON.challenge, credentialId: credential.credentialId, rpId: wantedRpId })
      },
    },
  }
}

function uint32(value: number): Uint8Array {
  return new Uint8Array([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff])
}

function concat(...parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> {
  const bytes = parts.map((part) => (part instanceof Uint8Array ? part : new Uint8Array(part)))
  const result = new Uint8Array(bytes.reduce((total, part) => total + part.length, 0))
  let offset = 0
  for (const part of bytes) {
    result.set(part, offset)
    offset += part.length
  }
  return result
}
