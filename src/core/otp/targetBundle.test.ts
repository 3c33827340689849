// The enclave's signature on a code target, checked before anything is encrypted to it: against a
// bundle production signed (a known answer), and against the mock's.
import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { createEnclave } from '../../mock/enclave'
import { derSignatureToRaw, rawSignatureToDer } from '../keys/p256'
import { PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY, readTargetBundle } from './targetBundle'

// An export bundle production's signer enclave signed (tkhq/sdk packages/crypto/src/__tests__/crypto-test.ts):
// the same signature format as a code target's (ECDSA P-256 / SHA-256 over the data's bytes, DER), with a
// high-S signature. Its data holds no targetPublic, so a signature that verifies ends at that check.
const PRODUCTION_BUNDLE = JSON.stringify({
  data: '7b22656e6361707065645075626c6963223a2230343434313065633837653566653266666461313561313866613337376132316133633431633334373666383631333362343238306164373631303266343064356462326463353362343730303763636139336166666330613535316464353134333937643039373931636664393233306663613330343862313731663364363738222c2263697068657274657874223a22656662303538626633666634626534653232323330326266326636303738363062343237346232623031616339343536643362613638646135613235363236303030613839383262313465306261663061306465323966353434353461333739613362653664633364386339343938376131353638633764393566396663346239316265663232316165356562383432333361323833323131346431373962646664636631643066376164656231353766343131613439383430222c226f7267616e697a6174696f6e4964223a2266396133316336342d643630342d343265342d396265662d613737333039366166616437227d',
  dataSignature:
    '304502203a7dc258590a637e76f6be6ed1a2080eed5614175060b9073f5e36592bdaf610022100ab9955b603df6cf45408067f652da48551652451b91967bf37dd094d13a7bdd4',
  enclaveQuorumPublic:
    '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569',
})
const PRODUCTION_SIGNER = JSON.parse(PRODUCTION_BUNDLE).enclaveQuorumPublic as string

async function mockBundle() {
  const enclave = createEnclave()
  const target = await enclave.newTarget()
  return { enclave, target, bundle: enclave.targetBundle(target) }
}

describe('readTargetBundle', () => {
  it("verifies production's own signature (high S included), then wants a targetPublic in what it signs", async () => {
    await expect(readTargetBundle(PRODUCTION_BUNDLE, PRODUCTION_SIGNER, 'test')).rejects.toThrow(
      "test: the code's encryption target names no uncompressed P-256 targetPublic; no code was sent to it",
    )
    const altered = PRODUCTION_BUNDLE.replace('"data":"7b22', '"data":"7b23')
    await expect(readTargetBundle(altered, PRODUCTION_SIGNER, 'test')).rejects.toThrow(
      "has a signature that does not verify with the enclave's key",
    )
  })

  it("answers the mock's target, signed by the key it was told to trust", async () => {
    const { enclave, target, bundle } = await mockBundle()
    const targetPublic = await readTargetBundle(bundle, enclave.signerPublicKey, 'test')
    expect(bytesToHex(targetPublic)).toBe(target.targetPublic)
  })

  it("refuses the mock's target when trusting production's key (the default), naming both keys", async () => {
    const { enclave, bundle } = await mockBundle()
    const refusal = readTargetBundle(bundle, PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY, 'otp_init_v2')
    await expect(refusal).rejects.toMatchObject({ code: 'PROXY_BAD_RESPONSE' })
    await expect(refusal).rejects.toThrow(
      `otp_init_v2: the code's encryption target is signed by ${enclave.signerPublicKey}, not by the enclave key this kit trusts (${PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY})`,
    )
  })

  it('refuses a target another key signed while naming the trusted one, and a swapped target', async () => {
    const { enclave, bundle } = await mockBundle()
    const parsed = JSON.parse(bundle) as Record<string, string>
    const forger = p256.utils.randomSecretKey()
    const data = new TextEncoder().encode(
      JSON.stringify({ targetPublic: bytesToHex(p256.getPublicKey(forger, false)) }),
    )
    const forged = JSON.stringify({
      ...parsed,
      data: bytesToHex(data),
      dataSignature: bytesToHex(p256.sign(sha256(data), forger, { prehash: false, format: 'der' })),
    })
    await expect(readTargetBundle(forged, enclave.signerPublicKey, 'test')).rejects.toThrow('does not verify')
    const swapped = JSON.stringify({ ...parsed, data: bytesToHex(data) })
    await expect(readTargetBundle(swapped, enclave.signerPublicKey, 'test')).rejects.toThrow('does not verify')
  })

  it('refuses what is not a bundle', async () => {
    const { enclave } = await mockBundle()
    const read = (bundle: string) => readTargetBundle(bundle, enclave.signerPublicKey, 'test')
    await expect(read('{')).rejects.toThrow('is not JSON')
    await expect(read('{"data":"00"}')).rejects.toThrow('is not {enclaveQuorumPublic, dataSignature, data}')
    const notHex = JSON.stringify({ enclaveQuorumPublic: enclave.signerPublicKey, dataSignature: 'zz', data: '00' })
    await expect(read(notHex)).rejects.toThrow('is not hex with a DER signature')
  })
})

describe('derSignatureToRaw', () => {
  it("undoes rawSignatureToDer, and reads noble's DER", () => {
    for (let i = 0; i < 20; i += 1) {
      const secret = p256.utils.randomSecretKey()
      const raw = p256.sign(sha256(Uint8Array.of(i)), secret, { prehash: false })
      expect(derSignatureToRaw(rawSignatureToDer(raw))).toEqual(raw)
      expect(derSignatureToRaw(p256.Signature.fromBytes(raw).toBytes('der'))).toEqual(raw)
    }
  })

  it('answers null for bytes that are not a DER signature of P-256', () => {
    const der = rawSignatureToDer(p256.sign(sha256(Uint8Array.of(1)), p256.utils.randomSecretKey(), { prehash: false }))
    expect(derSignatureToRaw(der.subarray(0, der.length - 1))).toBeNull()
    expect(derSignatureToRaw(Uint8Array.of(0x31, ...der.subarray(1)))).toBeNull()
    expect(derSignatureToRaw(Uint8Array.of(0x30, 6, 0x02, 1, 0, 0x02, 1, 1))).toBeNull()
    expect(derSignatureToRaw(new Uint8Array(0))).toBeNull()
  })
})
