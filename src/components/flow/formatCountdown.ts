/**
 * 125 → "2:05", 3725 → "1:02:05": the one format of every countdown the kit shows (a code's expiry, the
 * wait before asking again, the session's end). Exported so that an app's own UI on
 * `useSessionTimeLeft()` counts the same way; digits and colons read the same in every language.
 */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const pad = (value: number) => String(value).padStart(2, '0')
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`
}
