// What every bench app has, the baseline included: a host that already uses react-query (its provider,
// one query, one mutation), as a host of a wallet kit does. Each app's figure is measured over the
// baseline, so what is left is the kit's own bytes.
import { QueryClient, useMutation, useQuery } from '@tanstack/react-query'

export const queryClient = new QueryClient()

/** The proxy the page talks to: `?proxy=` (the bench's mock, on another origin), else a placeholder. */
export const proxyUrl = new URLSearchParams(location.search).get('proxy') ?? 'https://auth-proxy.example'

/** The host's own data (from its own origin): one query and one mutation. */
export function HostData() {
  const prices = useQuery({
    queryKey: ['prices', proxyUrl],
    queryFn: () => fetch('/prices.json').then((response) => response.json()),
  })
  const refresh = useMutation({ mutationFn: () => fetch('/prices.json', { method: 'POST' }) })
  return (
    <button type="button" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
      Prices {prices.isSuccess ? 'loaded' : 'loading'}
    </button>
  )
}
