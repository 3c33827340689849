'use client'
import { useEffect, useRef } from 'react'
import { KitError, useKit } from '../../react'
import type { SignInPrompt } from '../../core'
import { swapSlot } from './swapSlot'

interface Waiter {
  resolve(): void
  reject(error: KitError): void
}

/**
 * Lends this modal to the kit as its sign-in prompt (kit.signInPrompt) while mounted, for callers that
 * need someone signed in, such as the wagmi connector's connect: signed out, the prompt opens the modal
 * and resolves once someone has signed in; closing the modal first rejects with USER_REJECTED. What was
 * in the slot comes back when the modal goes (and its open questions are declined).
 */
export function useSignInPrompt(open: boolean, setOpen: (open: boolean) => void): void {
  const kit = useKit()
  const waiting = useRef(new Set<Waiter>())
  const openModal = useRef(setOpen)
  useEffect(() => {
    openModal.current = setOpen
  }, [setOpen])
  useEffect(() => {
    if (open) return
    for (const waiter of waiting.current) waiter.reject(declined())
  }, [open])
  useEffect(() => {
    const slot = kit.signInPrompt
    const previous = slot.current
    const pending = waiting.current
    const prompt: SignInPrompt = () =>
      new Promise<void>((resolve, reject) => {
        if (kit.session.getSnapshot().status === 'signedIn') return resolve()
        const waiter: Waiter = {
          resolve: () => settle(() => resolve()),
          reject: (error) => settle(() => reject(error)),
        }
        const unsubscribe = kit.session.subscribe(() => {
          if (kit.session.getSnapshot().status === 'signedIn') waiter.resolve()
        })
        const settle = (done: () => void) => {
          unsubscribe()
          pending.delete(waiter)
          done()
        }
        pending.add(waiter)
        openModal.current(true)
      })
    swapSlot(slot, previous, prompt)
    return () => {
      swapSlot(slot, prompt, previous)
      for (const waiter of pending) waiter.reject(declined())
    }
  }, [kit])
}

function declined(): KitError {
  return new KitError('USER_REJECTED', 'sign-in: the login modal was closed before anyone signed in', {
    userMessage: 'Sign-in was closed before it finished.',
  })
}
