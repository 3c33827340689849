// The control for the bench's times: the baseline host with a sign-in modal written in plain React, no kit.
// Its "Log in" opens a dialog whose email field is there on the same render, so click → field painted is
// what React and the browser cost on this machine at that moment; the drop-in app's time is reported as a
// ratio to it, measured in the same interleaved runs, so a busy or slow machine changes both alike.
import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { HostData, queryClient } from '../shared/host'

function PlainLogin() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Log in
      </button>
      {open && (
        <div role="dialog" aria-modal="true" aria-label="Log in or sign up">
          <label>
            Email address
            <input type="email" autoComplete="email" autoFocus />
          </label>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      )}
    </>
  )
}

function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HostData />
      <PlainLogin />
    </QueryClientProvider>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)
