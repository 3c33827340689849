import { useEffect, useState } from 'react'

type CopyResult = 'copied' | 'failed'

/**
 * The playground's Copy buttons: `copy(key, text)` puts `text` on the clipboard, and `result(key)` says
 * how the last copy of `key` went (a browser may refuse the clipboard: an insecure page, a denied
 * permission). Given `feedbackMs`, the result goes after that long; without, it stays (keyed, so that
 * another key's button does not say "Copied").
 */
export function useCopy(feedbackMs?: number) {
  const [last, setLast] = useState<{ key: string; result: CopyResult } | null>(null)
  useEffect(() => {
    if (last === null || feedbackMs === undefined) return
    const timer = setTimeout(() => setLast(null), feedbackMs)
    return () => clearTimeout(timer)
  }, [last, feedbackMs])
  const copy = (key: string, text: string) => {
    const done = (result: CopyResult) => setLast({ key, result })
    if (!navigator.clipboard) return done('failed')
    navigator.clipboard.writeText(text).then(
      () => done('copied'),
      () => done('failed'),
    )
  }
  const result = (key: string): CopyResult | undefined => (last?.key === key ? last.result : undefined)
  return { copy, result }
}
