// From React, the session's token for a header is core's getSessionToken on the provider's kit
// (useKit()): read when the request is made, so that asking re-renders nothing.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { getSessionToken } from '../core'
import { createTestProviders } from './test/renderWithProxy'
import { signInByEmail } from './test/signInByEmail'
import { useKit } from './useKit'

describe('getSessionToken(useKit())', () => {
  it('puts the session’s token in an Authorization header, re-rendering nothing to read it', async () => {
    const { Providers, kit, proxy } = createTestProviders()
    // The app's own API, as a fetch would be handed the headers.
    const sent: Array<Record<string, string>> = []
    const callApi = async (headers: Record<string, string>) => {
      sent.push(headers)
    }
    let renders = 0
    function CallApi() {
      renders++
      const kit = useKit()
      const [calls, setCalls] = useState(0)
      return (
        <button
          type="button"
          onClick={async () => {
            await callApi({ Authorization: `Bearer ${await getSessionToken(kit)}` })
            setCalls((count) => count + 1)
          }}
        >
          Call the API ({calls})
        </button>
      )
    }
    render(<CallApi />, { wrapper: Providers })
    await signInByEmail(kit, proxy, 'header@example.com')
    const token = kit.session.getSnapshot().session?.token
    const before = renders

    await userEvent.click(screen.getByRole('button', { name: 'Call the API (0)' }))
    await screen.findByRole('button', { name: 'Call the API (1)' })
    expect(sent).toEqual([{ Authorization: `Bearer ${token}` }])
    // One render: the click's own state update, none for the token.
    expect(renders - before).toBe(1)
  })
})
