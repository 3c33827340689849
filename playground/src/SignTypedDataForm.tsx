import { useSignTypedData } from 'auth-proxy-kit'
import { useId, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { verifyTypedData, type Hex } from 'viem'
import { samplePermit } from './samplePermit'

/**
 * "Sign typed data" (useSignTypedData) with the Ethereum account; the page checks the signature itself
 * with viem's verifyTypedData, not with the kit.
 */
export function SignTypedDataForm({ address }: { address: string }) {
  const id = useId()
  const signing = useSignTypedData()
  const typedData = useMemo(() => samplePermit(address), [address])
  const signature = signing.data?.signature
  const verified = useQuery({
    queryKey: ['playground', 'verify-typed-data', signature],
    enabled: signature !== undefined,
    queryFn: async () =>
      verifyTypedData({
        ...(typedData as Parameters<typeof verifyTypedData>[0]),
        address: address as Hex,
        signature: signature as Hex,
      }),
  })
  return (
    <form
      className="pg-sign"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        signing.signTypedData({ account: { address, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }, typedData })
      }}
    >
      <h3 id={`${id}-title`}>Sign typed data</h3>
      <pre className="pg-typed-data" aria-label="Typed data">
        {JSON.stringify(
          typedData.message,
          (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
          2,
        )}
      </pre>
      <button type="submit" className="pg-button" disabled={signing.isPending}>
        {signing.isPending ? 'Signing…' : 'Sign the permit'}
      </button>
      {signing.error ? <p role="alert">{signing.error.userMessage}</p> : null}
      {signature ? (
        <dl className="pg-result">
          <dt>Signature</dt>
          <dd>
            <code className="pg-key" data-testid="typed-data-signature">
              {signature}
            </code>
          </dd>
          <dt>Checked on this page (viem)</dt>
          <dd role="status" data-testid="typed-data-verification">
            {verified.data === undefined
              ? 'Checking…'
              : verified.data
                ? `Verified: signed by ${address}`
                : 'Not verified'}
          </dd>
        </dl>
      ) : null}
    </form>
  )
}
