'use client'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { KitError, useKit } from '../../react'
import { chunks } from '../../chunks'
import type { SignInPrompt, SigningPrompt } from '../../core'
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
 * Lends the mounted modal to the kit as its two prompts, and gives back what it found when it goes (a
 * modal mounted since keeps its own until then):
 * - kit.signInPrompt, for callers that need someone signed in (the wagmi connector's connect): signed
 *   out, it opens the modal and resolves once someone has signed in; closing the modal first declines;
 * - kit.signingPrompt, while `signing`: it loads the prompt's dialog (the action's own pending state is
 *   the wait; a failed download rejects with LOAD_FAILED) and asks. This returns the question to show.
 * Whatever still waits when the modal goes is declined (USER_REJECTED), so that nothing waits forever.
 */
export function useModalPrompts(
  open: boolean,
  setOpen: (open: boolean) => void,
  signing: boolean,
): SigningQuestion | undefined {
  const kit = useKit()
  const [questions, setQuestions] = useState<readonly SigningQuestion[]>([])
  const openModal = useRef(setOpen)
  useEffect(() => {
    openModal.current = setOpen
  }, [setOpen])
  // The sign-ins waiting for this modal, each by the function that declines it.
  const signIns = useRef(new Set<() => void>())
  useEffect(() => {
    if (!open) for (const decline of signIns.current) decline()
  }, [open])
  useEffect(() => {
    const waiting = signIns.current
    const asked = new Set<SigningQuestion>()
    let mounted = true
    const signIn: SignInPrompt = () =>
      new Promise((resolve, reject) => {
        const signedIn = () => kit.session.getSnapshot().status === 'signedIn'
        if (signedIn()) return resolve()
        const settle = (error?: KitError) => {
          unsubscribe()
          waiting.delete(decline)
          if (error) reject(error)
          else resolve()
        }
        const decline = () =>
          settle(
            new KitError('USER_REJECTED', 'sign-in: the login modal was closed before anyone signed in', {
              userMessage: 'Sign-in was closed before it finished.',
            }),
          )
        const unsubscribe = kit.session.subscribe(() => {
          if (signedIn()) settle()
        })
        waiting.add(decline)
        openModal.current(true)
      })
    const sign: SigningPrompt = async (request, signal) => {
      const { askInDialog } = await chunks.signingPrompt.load()
      // Gone while the code loaded: the prompt this one replaced answers.
      if (!mounted) return previousSign?.(request, signal)
      return askInDialog(request, signal, asked, setQuestions)
    }
    const previousSignIn = lend(kit.signInPrompt, signIn)
    const previousSign = signing ? lend(kit.signingPrompt, sign) : undefined
    return () => {
      mounted = false
      giveBack(kit.signInPrompt, signIn, previousSignIn)
      if (signing) giveBack(kit.signingPrompt, sign, previousSign)
      for (const decline of waiting) decline()
      for (const question of asked) question.decline()
    }
  }, [kit, signing])
  return questions[0]
}

/** Puts `prompt` in `slot`, returning what was there. */
function lend<T>(slot: { current: T | undefined }, prompt: T): T | undefined {
  const previous = slot.current
  slot.current = prompt
  return previous
}

/** Puts `previous` back in `slot` unless a modal mounted since holds it. */
function giveBack<T>(slot: { current: T | undefined }, prompt: T, previous: T | undefined): void {
  if (slot.current === prompt) slot.current = previous
}
