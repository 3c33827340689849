'use client'
import { useId, type ReactNode } from 'react'
import { useLogout, useSession, useSessionTimeLeft, useUser } from '../../react'
import { describePerson } from '../account/describePerson'
import { PersonAvatar } from '../account/PersonAvatar'
import { useShownName } from '../account/useShownName'
import { errorMessage } from '../labels/errorMessage'
import { formatLabel } from '../labels/formatLabel'
import { useAppearance } from '../labels/useAppearance'
import { useLocaleLabels, type Locale } from '../labels/useLocaleLabels'
import { en } from '../locales/en'
import type { LoginLabelsOverride } from '../../appearance/LoginLabels'
import { formatCountdown } from '../flow/formatCountdown'
import type { Theme } from '../../appearance/Theme'
import { useThemeAttributes } from '../theme/useThemeAttributes'

export interface SessionBadgeProps {
  /**
   * Who is signed in, as the app knows them; default the person as the kit knows them: the email or
   * phone they signed in with, the provider identity's email or name, a passkey user's name.
   */
  name?: ReactNode | undefined
  theme?: Theme | undefined
  /** 'en' (default), a language the kit ships ('fr', 'ja', …: loaded when asked for), 'auto', a whole dictionary, or some strings. */
  locale?: Locale | undefined
  labels?: LoginLabelsOverride | undefined
  className?: string | undefined
}

/**
 * Who is signed in, the time left in the session, and "Sign out". Renders nothing while no one is
 * signed in. The countdown is not a live region (it would be read out every second); the session's
 * end itself shows as the badge going away.
 */
export function SessionBadge({ name, className, ...own }: SessionBadgeProps) {
  // The badge's own theme, locale and labels, else the provider's.
  const { theme, locale, labels } = useAppearance(own, '<SessionBadge>')
  const { status, session, expiresSoon } = useSession()
  const secondsLeft = useSessionTimeLeft()
  const copy = useLocaleLabels(locale, labels).labels ?? en
  const signingOut = useLogout()
  const errorId = useId()
  const themeAttributes = useThemeAttributes(theme)
  // What the session remembers of the sign-in names the person at once; get_user is asked only when
  // it does not (a session stored before the kit remembered it).
  const remembered = describePerson(session?.identity)
  const user = useUser({ enabled: name === undefined && remembered.name === undefined })
  const person = remembered.name === undefined ? describePerson(session?.identity, user.data) : remembered
  // A number grouped as everywhere else in the kit (+44 7700 900123).
  const shownName = useShownName(person.name)
  if (status !== 'signedIn' || !session) return null
  const who = name ?? shownName ?? (
    // Until get_user answers, or if it cannot: a short form of the user id, whole on hover.
    <code title={session.userId}>{`${session.userId.slice(0, 8)}…`}</code>
  )
  const [before, after] = copy.signedInAs.split('{name}')
  return (
    <div
      className={['apk-root', 'apk-session-badge', className].filter(Boolean).join(' ')}
      lang={copy.locale}
      {...themeAttributes}
    >
      <PersonAvatar person={typeof name === 'string' ? { ...person, name } : person} />
      {/* A long email ends in an ellipsis: whole on hover. */}
      <p className="apk-session-who" title={name === undefined ? shownName : undefined}>
        {before}
        {who}
        {after}
      </p>
      <p className={expiresSoon ? 'apk-session-time apk-session-time-soon' : 'apk-session-time'}>
        {/* Before the clock's first tick (the commit that mounts the badge), an empty line of the same height. */}
        {secondsLeft === null ? '\u00a0' : formatLabel(copy.sessionEndsIn, { time: formatCountdown(secondsLeft) })}
      </p>
      <button
        type="button"
        className="apk-button apk-button-secondary apk-session-sign-out"
        onClick={signingOut.logout}
        disabled={signingOut.isPending}
        aria-describedby={signingOut.error ? errorId : undefined}
      >
        {signingOut.isPending ? copy.signingOut : copy.signOut}
      </button>
      {signingOut.error ? (
        <p id={errorId} className="apk-field-error" role="alert">
          {errorMessage(copy, signingOut.error)}
        </p>
      ) : null}
    </div>
  )
}
