/**
 * `value` divided by 10^`decimals`, exactly: wei as ETH (18), wei as gwei (9). The whole part is written
 * by Intl in `locale`'s digits and grouping, the fraction after the locale's decimal sign, digit for
 * digit: a number type would round 1.000000000000000001 ETH to 1, and a person signs what they read.
 */
export function formatUnits(value: bigint, decimals: number, locale: string): string {
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = BigInt(digits.slice(0, digits.length - decimals))
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const format = numberFormat(locale)
  const sign = value < 0n ? '-' : ''
  if (fraction === '') return sign + format.format(whole)
  const decimal = format.formatToParts(0.5).find((part) => part.type === 'decimal')?.value ?? '.'
  return `${sign}${format.format(whole)}${decimal}${fraction}`
}

function numberFormat(locale: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale)
  } catch {
    // A tag Intl cannot read (an app's own dictionary may set anything): English's digits.
    return new Intl.NumberFormat('en')
  }
}
