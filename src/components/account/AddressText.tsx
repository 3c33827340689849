'use client'
import { shortAddress } from './shortAddress'

export interface AddressTextProps {
  address: string
  /** What a screen reader says; default the whole address. */
  spoken?: string
  id?: string
  className?: string
}

/** An address as wallets show one: short (shortAddress), whole on hover and for screen readers. */
export function AddressText({ address, spoken = address, id, className }: AddressTextProps) {
  return (
    <span id={id} className={className} title={address}>
      <span aria-hidden="true">{shortAddress(address)}</span>
      <span className="apk-visually-hidden">{spoken}</span>
    </span>
  )
}
