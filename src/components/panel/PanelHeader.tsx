'use client'
import type { ReactNode } from 'react'
import { useLabels } from '../labels/LabelsContext'

export interface PanelHeaderProps {
  titleId: string
  title: ReactNode
  /** The app's mark beside the title: decorative (an <img alt="">, an svg with aria-hidden). */
  logo?: ReactNode
  /** The dialog's close button; an inline panel has none. */
  onClose?(): void
}

/** The title row of the sign-in, shared by the dialog and the inline panel. */
export function PanelHeader({ titleId, title, logo, onClose }: PanelHeaderProps) {
  const labels = useLabels()
  return (
    <header className="apk-dialog-header">
      <div className="apk-title-row">
        {logo ? <span className="apk-logo">{logo}</span> : null}
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
