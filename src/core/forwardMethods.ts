/**
 * Methods that forward to the same methods of an object which is only there once `target()` resolves:
 * what lets a kit hand out its key store and public API client at once while their code loads on first use.
 */
export function forwardMethods<T extends object, K extends keyof T>(target: () => Promise<T>, names: readonly K[]): Pick<T, K> {
  const methods: Partial<Record<K, unknown>> = {}
  for (const name of names) {
    methods[name] = async (...args: unknown[]) => {
      const resolved = await target()
      return (resolved[name] as (...parameters: unknown[]) => unknown).apply(resolved, args)
    }
  }
  return methods as Pick<T, K>
}
