'use client'
import { shortAddress } from './shortAddress'

export interface AddressTextProps {
  address: string
  id?: string | undefined
  className?: string | undefined
}

/** An address as wallets show one: short (shortAddress), whole on hover and for screen readers. */
export function AddressText({ address, id, className }: AddressTextProps) {
  return (
    <span id={id} className={className} title={address}>
      <span aria-hidden="true">{shortAddress(address)}</span>
      <span className="apk-visually-hidden">{address}</span>
    </span>
  )
}
