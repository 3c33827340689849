// Reference: react-query alone, with the parts the kit uses (QueryClientProvider, useQuery, useMutation).
// Not a budget: it shows how much of (a) and (b) is react-query rather than the kit.
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'

const queryClient = new QueryClient()

function LoginButton() {
  const config = useQuery({ queryKey: ['config'], queryFn: () => fetch('/config').then((response) => response.json()) })
  const login = useMutation({ mutationFn: () => fetch('/login', { method: 'POST' }) })
  return (
    <button type="button" disabled={!config.data || login.isPending} onClick={() => login.mutate()}>
      Log in
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={queryClient}>
    <LoginButton />
  </QueryClientProvider>,
)
