// Baseline: the same page with React alone. Every other app's figure is measured over this one.
import { createRoot } from 'react-dom/client'

function App() {
  return (
    <button type="button" onClick={() => console.log('clicked')}>
      Log in
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)
