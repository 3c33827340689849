'use client'
import { useEffect } from 'react'
import { isE164PhoneNumber } from '../../react'
import { chunks, prefetchChunk } from '../../chunks'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'

/**
 * A person's name as the kit shows it: a phone number grouped as the code step showed it
 * (+44 7700 900123), once the phone step's code, which groups it, is here (fetched for it); until then,
 * and for any other name, as stored.
 */
export function useShownName(name: string | undefined): string | undefined {
  const phone = name !== undefined && isE164PhoneNumber(name) ? name : undefined
  const phoneParts = useModuleSnapshot(chunks.phoneStep).module
  useEffect(() => {
    if (phone !== undefined) prefetchChunk(chunks.phoneStep)
  }, [phone])
  return phone === undefined ? name : (phoneParts?.formatE164(phone) ?? phone)
}
