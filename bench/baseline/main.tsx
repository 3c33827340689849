// Baseline: React and react-query as the host uses them. Every other app's figure is measured over this one.
import { QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { HostData, queryClient } from '../shared/host'

function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HostData />
    </QueryClientProvider>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)
