import { useLabels } from '../labels/LabelsContext'
import { PhoneMark } from '../marks/PhoneMark'

/** "Continue with phone" among the methods: opens the phone step. */
export function PhoneMethodButton({ onClick }: { onClick(): void }) {
  const labels = useLabels()
  return (
    <button type="button" className="apk-button apk-button-social" onClick={onClick}>
      <PhoneMark />
      <span className="apk-button-label">{labels.continueWithPhone}</span>
    </button>
  )
}
