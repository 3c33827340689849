'use client'
import type { ReactNode } from 'react'
import type { TypedDataDefinition } from '../../core'
import { useSigningLabels } from './signingLabels'
import { networkName } from './networkName'
import { Detail } from './Detail'
import { ScrollBox } from './ScrollBox'
import { typedDataEntries, type TypedDataEntry } from './typedDataEntries'

/**
 * EIP-712 typed data to sign: the account's row (`children`), the domain (its name, chain and verifying
 * contract, whole: a look-alike address must not pass for the real one) and the primary type, then the
 * message's fields, nested structs indented under their name.
 */
export function TypedDataContent({ typedData, children }: { typedData: TypedDataDefinition; children: ReactNode }) {
  const labels = useSigningLabels()
  const { domain = {}, primaryType } = typedData
  return (
    <>
      <dl className="apk-details">
        {children}
        {domain.name === undefined ? null : <Detail term={labels.signingDomain}>{domain.name}</Detail>}
        {domain.chainId === undefined ? null : (
          <Detail term={labels.signingNetwork}>{networkName(domain.chainId)}</Detail>
        )}
        {domain.verifyingContract === undefined ? null : (
          <Detail term={labels.signingContract} mono>
            {domain.verifyingContract}
          </Detail>
        )}
        <Detail term={labels.signingType}>{primaryType}</Detail>
      </dl>
      <ScrollBox title={labels.signingMessage}>
        <Fields entries={typedDataEntries(typedData)} />
      </ScrollBox>
    </>
  )
}

function Fields({ entries }: { entries: readonly TypedDataEntry[] }) {
  return (
    <dl className="apk-fields">
      {entries.map((entry, index) => (
        <div key={index} className="apk-field-entry">
          <dt>{entry.name}</dt>
          {'entries' in entry ? (
            <dd className="apk-field-struct">
              <Fields entries={entry.entries} />
            </dd>
          ) : (
            <dd>{entry.value}</dd>
          )}
        </div>
      ))}
    </dl>
  )
}
