'use client'
import type { ReactNode } from 'react'
import type { SigningRequest } from '../../core'
import { formatLabel } from '../labels/formatLabel'
import { useSigningLabels } from './signingLabels'
import { pluralLabel } from '../labels/pluralLabel'
import { networkCoin, networkName } from './networkName'
import { Detail } from './Detail'
import { formatUnits } from './formatUnits'

type TransactionRequest = Extract<SigningRequest, { kind: 'transaction' }>

/**
 * A transaction to sign: the account's row (`children`), then what the app said of it (its summary:
 * chain, recipient in full, value in the chain's coin to the last wei, call data's size, fee caps in
 * gwei), or, without one (and for Solana, whose transactions the kit does not read), its chain and
 * size. Whether signing also sends it, under.
 */
export function TransactionContent({ request, children }: { request: TransactionRequest; children: ReactNode }) {
  const labels = useSigningLabels()
  const { locale } = labels
  const bytes = (count: number) =>
    formatLabel(pluralLabel(labels.signingBytes, locale, count), { count: formatUnits(BigInt(count), 0, locale) })
  const summary = request.chain === 'ethereum' ? request.summary : undefined
  const chainId = whole(summary?.chainId)
  const value = whole(summary?.value)
  const dataBytes = typeof summary?.data === 'string' ? Math.floor(summary.data.replace(/^0x/i, '').length / 2) : 0
  const maxFee = whole(summary?.maxFeePerGas ?? summary?.gasPrice)
  const priorityFee = whole(summary?.maxPriorityFeePerGas)
  const gwei = (fee: bigint) => `${formatUnits(fee, 9, locale)} gwei`
  return (
    <>
      <dl className="apk-details">
        {children}
        {chainId === undefined ? null : <Detail term={labels.signingNetwork}>{networkName(chainId)}</Detail>}
        {typeof summary?.to === 'string' ? (
          <Detail term={labels.signingTo} mono>
            {summary.to}
          </Detail>
        ) : null}
        {value === undefined ? null : (
          <Detail term={labels.signingAmount}>{`${formatUnits(value, 18, locale)} ${networkCoin(chainId)}`}</Detail>
        )}
        {dataBytes === 0 ? null : <Detail term={labels.signingData}>{bytes(dataBytes)}</Detail>}
        {maxFee === undefined ? null : <Detail term={labels.signingMaxFee}>{gwei(maxFee)}</Detail>}
        {priorityFee === undefined ? null : <Detail term={labels.signingPriorityFee}>{gwei(priorityFee)}</Detail>}
      </dl>
      {summary === undefined ? (
        <p className="apk-text">
          {formatLabel(labels.signingTransaction, {
            chain: request.chain === 'solana' ? 'Solana' : 'Ethereum',
            size: bytes(request.transaction.length),
          })}
        </p>
      ) : null}
      {request.send ? <p className="apk-hint">{labels.signingSends}</p> : null}
    </>
  )
}

/**
 * A whole number of the summary: a bigint as its type says; a JavaScript caller's safe integer or
 * decimal or 0x string is read too. Anything else leaves its row out, rather than break the page.
 */
function whole(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^(?:\d+|0x[0-9a-f]+)$/i.test(value)) return BigInt(value)
  return undefined
}
