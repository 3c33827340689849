import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { Island } from './Island'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
if (new URLSearchParams(location.search).has('islands')) {
  // `/?islands`: two React roots on one page, each with its own provider (consumers/e2e/twoRoots.spec.ts).
  for (const name of ['Header', 'Widget'] as const) {
    const island = root.appendChild(document.createElement('div'))
    createRoot(island).render(
      <StrictMode>
        <Island name={name} />
      </StrictMode>,
    )
  }
} else if (new URLSearchParams(location.search).has('tailwind')) {
  // `/?tailwind`: Tailwind's utilities on the kit's button (consumers/e2e/tailwind.spec.ts). Loaded on that
  // page only, so that Tailwind's reset reaches no other.
  void import('./TailwindPage').then(({ TailwindPage }) =>
    createRoot(root).render(
      <StrictMode>
        <TailwindPage />
      </StrictMode>,
    ),
  )
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
