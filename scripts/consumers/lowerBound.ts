/**
 * The lowest version a peer range allows, for the shapes a peer range of this package takes (`^5.47.0`,
 * `>=5.47.0`, `>=5.47.0 <6`, `5.47.0`): what scripts/test-consumers.ts installs to test that bound.
 * Throws on any other shape (`*`, `5.x`, `^4 || ^5`) rather than guess.
 */
export function lowerBound(range: string): string {
  const match = /^(?:\^|>=\s*)?(\d+\.\d+\.\d+)(?:\s+<\S+)?$/.exec(range.trim())
  if (!match?.[1]) throw new Error(`cannot read the lower bound of the peer range "${range}"`)
  return match[1]
}
