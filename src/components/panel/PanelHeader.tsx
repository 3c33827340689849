'use client'
import type { ReactNode } from 'react'
import { useLabels } from '../labels/LabelsContext'

/** Where the back control of a sub-step goes, and what it is called ("Use a different email"). */
export interface PanelBack {
  label: string
  onBack(): void
}

export interface PanelHeaderProps {
  titleId: string
  title: ReactNode
  /** The app's mark beside the title: decorative (an <img alt="">, an svg with aria-hidden). */
  logo?: ReactNode | undefined
  /** A sub-step's way back (an arrow before the title, in place of the logo). */
  back?: PanelBack | undefined
  /** The dialog's close button; an inline panel has none. */
  onClose?: (() => void) | undefined
}

/**
 * The title row of the sign-in, shared by the dialog and the inline panel: the way back of a sub-step
 * (where people look for it, rather than a link under the form), the title of the step, and Close.
 */
export function PanelHeader({ titleId, title, logo, back, onClose }: PanelHeaderProps) {
  const labels = useLabels()
  return (
    <header className="apk-dialog-header">
      <div className="apk-title-row">
        {back ? (
          <button type="button" className="apk-icon-button apk-back-button" onClick={back.onBack} title={back.label}>
            <svg className="apk-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M10 3L5 8l5 5" />
            </svg>
            <span className="apk-visually-hidden">{back.label}</span>
          </button>
        ) : logo ? (
          <span className="apk-logo">{logo}</span>
        ) : null}
        <h2 id={titleId} className="apk-title">
          {title}
        </h2>
      </div>
      {onClose ? (
        <button type="button" className="apk-icon-button" onClick={onClose}>
          <svg className="apk-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
          <span className="apk-visually-hidden">{labels.close}</span>
        </button>
      ) : null}
    </header>
  )
}
