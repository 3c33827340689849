'use client'
import { useEffect, useState, type ReactNode } from 'react'
import { useKit } from '../../react'
import { chunks } from '../../chunks'
import { swapSlot } from '../modal/swapSlot'
import type { SigningPrompt } from '../../core'
import type { LoginLabels } from '../../appearance/LoginLabels'
import type { Theme } from '../../appearance/Theme'

/** A signature the person is asked about (askInDialog makes them): the dialog that asks, and a way to refuse. */
export interface SigningQuestion {
  /** The dialog, in the modal's theme and copy (English while its language loads). */
  dialog(theme: Theme, labels: LoginLabels | undefined): ReactNode
  /** Refuses it (USER_REJECTED): what asked is going away. */
  decline(): void
}

/** The questions of one mounted modal, in the order asked: the first shows, the others wait their turn. */
export type SetSigningQuestions = (
  update: (questions: readonly SigningQuestion[]) => readonly SigningQuestion[],
) => void

/**
 * Fills the kit's signing prompt (kit.signingPrompt) while mounted and `enabled`, and puts back what was
 * there when it goes. Called, the prompt loads its dialog's code (the action's own pending state is the
 * wait; a failed download rejects it with LOAD_FAILED) and asks; this returns the question to show. A
 * question still open when the modal goes is declined, so that no action waits for an answer forever.
 */
export function useSigningPrompt(enabled: boolean): SigningQuestion | undefined {
  const kit = useKit()
  const [questions, setQuestions] = useState<readonly SigningQuestion[]>([])
  useEffect(() => {
    if (!enabled) return
    const slot = kit.signingPrompt
    const previous = slot.current
    const open = new Set<SigningQuestion>()
    let mounted = true
    const prompt: SigningPrompt = async (request, signal) => {
      const { askInDialog } = await chunks.signingPrompt.load()
      // Gone while the code loaded, or put back by a modal mounted after this one and unmounted last:
      // the prompt this one replaced answers.
      if (!mounted) return previous?.(request, signal)
      return askInDialog(request, signal, open, setQuestions)
    }
    swapSlot(slot, previous, prompt)
    return () => {
      mounted = false
      swapSlot(slot, prompt, previous)
      for (const question of open) question.decline()
    }
  }, [kit, enabled])
  return questions[0]
}
