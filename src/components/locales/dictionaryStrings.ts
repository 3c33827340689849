/** Every string of a dictionary by its path ('signedInAs', 'errors.OTP_EXPIRED', 'attemptsLeft.one'): for the locales' tests. */
export function dictionaryStrings(dictionary: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') found.set(prefix + key, value)
    else if (typeof value === 'object' && value !== null)
      for (const entry of dictionaryStrings(value as object, `${prefix}${key}.`)) found.set(...entry)
  }
  return found
}
