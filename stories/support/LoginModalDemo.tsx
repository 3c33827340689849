import { useState } from 'react'
import { LoginModal, type LoginModalProps } from '../../src/components'

export type LoginModalDemoProps = Omit<LoginModalProps, 'open' | 'onOpenChange'>

/** The modal, open, with a button to open it again after it is closed (Escape, Close, backdrop). */
export function LoginModalDemo(props: LoginModalDemoProps) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the login modal
      </button>
      <LoginModal {...props} open={open} onOpenChange={setOpen} />
    </>
  )
}
