'use client'
import type { ComponentType } from 'react'
import type { OAuthProviderName } from '../../react'
import { AppleMark } from './AppleMark'
import { DiscordMark } from './DiscordMark'
import { FacebookMark } from './FacebookMark'
import { GoogleMark } from './GoogleMark'
import { XMark } from './XMark'

const MARKS: Readonly<Record<OAuthProviderName, ComponentType>> = {
  google: GoogleMark,
  apple: AppleMark,
  x: XMark,
  discord: DiscordMark,
  facebook: FacebookMark,
}

/**
 * A provider's mark as a small inline SVG: no icon font, no image request, nothing a strict CSP blocks.
 * Decorative (aria-hidden): the button's text names the provider.
 */
export function ProviderMark({ provider }: { provider: OAuthProviderName }) {
  const Mark = MARKS[provider]
  return <Mark />
}
