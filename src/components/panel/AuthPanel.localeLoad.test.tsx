import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { AuthPanel } from './AuthPanel'

// The Japanese chunk's download fails once (offline for a moment, or a deploy replaced the file), as the
// browser reports it, then succeeds.
const download = vi.hoisted(() => ({ failures: 1 }))
vi.mock('../locales/ja', async (importOriginal) => {
  if (download.failures > 0) {
    download.failures -= 1
    throw new TypeError('Failed to fetch dynamically imported module: /assets/ja.js')
  }
  return importOriginal()
})

describe('AuthPanel, a language whose chunk could not be downloaded', () => {
  it('given locale="auto" in a Japanese browser whose chunk fails, says so in English with Try again, then shows Japanese', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP'])
    const { user } = renderWithProxy(<AuthPanel locale="auto" />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Part of the sign-in could not be loaded. Check your connection and try again.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    const panel = await screen.findByRole('region', { name: 'ログインまたは新規登録' })
    expect(panel).toHaveAttribute('lang', 'ja')
    expect(await within(panel).findByRole('textbox', { name: 'メールアドレス' })).toBeInTheDocument()
  })
})
