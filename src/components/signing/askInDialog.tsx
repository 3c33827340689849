'use client'
import { KitError } from '../../react'
import type { SigningRequest } from '../../core'
import { resolveLabels } from '../labels/resolveLabels'
import { SigningPromptDialog } from './SigningPromptDialog'
import type { SigningQuestion, SetSigningQuestions } from '../modal/useModalPrompts'

let asked = 0

/**
 * Asks the person about `request` in the signing prompt's dialog, after the questions before it: resolves
 * when they sign, rejects with USER_REJECTED when they decline (Cancel, Close, Escape, the backdrop), or
 * with ABORTED when the action's signal fires first (the dialog closes, or never opens). `open` holds
 * the question until it is answered, so that the modal can decline it if it goes first.
 */
export function askInDialog(
  request: SigningRequest,
  signal: AbortSignal | undefined,
  open: Set<SigningQuestion>,
  setQuestions: SetSigningQuestions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    // A dialog of its own for each question (its focus, its scroll), even with the same request twice.
    const key = (asked += 1)
    const answer = (error?: KitError) => {
      signal?.removeEventListener('abort', abort)
      open.delete(question)
      setQuestions((questions) => questions.filter((one) => one !== question))
      if (error) reject(error)
      else resolve()
    }
    const abort = () =>
      answer(new KitError('ABORTED', 'signing prompt: the action was aborted', { cause: signal?.reason }))
    const decline = () => answer(new KitError('USER_REJECTED', 'signing prompt: the person declined'))
    const question: SigningQuestion = {
      dialog: (theme, labels) => (
        <SigningPromptDialog
          key={key}
          request={request}
          theme={theme}
          labels={labels ?? resolveLabels()}
          onSign={() => answer()}
          onCancel={decline}
        />
      ),
      decline,
    }
    if (signal?.aborted) return abort()
    signal?.addEventListener('abort', abort)
    open.add(question)
    setQuestions((questions) => [...questions, question])
  })
}
