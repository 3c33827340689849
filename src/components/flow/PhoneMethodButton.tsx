'use client'
import { useLabels } from '../labels/LabelsContext'
import { PhoneMark } from '../marks/PhoneMark'
import { chunks, prefetchChunk } from '../../chunks'
import { prefetchProps } from './prefetchProps'

/** "Continue with phone" among the methods: opens the phone step, whose code it fetches when about to be used. */
export function PhoneMethodButton({ onClick }: { onClick(): void }) {
  const labels = useLabels()
  return (
    <button
      type="button"
      className="apk-button apk-button-social"
      onClick={onClick}
      {...prefetchProps(() => prefetchChunk(chunks.phoneStep))}
    >
      <PhoneMark />
      <span className="apk-button-label">{labels.continueWithPhone}</span>
    </button>
  )
}
