// The subset of Component Story Format 3 these stories use, typed here rather than with Storybook's
// own types: `loaded.proxy` (each story's mock) and `parameters.expectedState` are typed for the story
// files. Storybook 10 (.storybook/) reads them; e2e/stories.spec.ts plays each one in Chromium.
import type { MatcherFunction } from '@testing-library/dom'
import type { ComponentType, ReactElement } from 'react'
import type { OAuthMode } from '../../src/core'
import type { MockAuthProxy } from '../../src/mock'
import type { OAuthWindow } from '../../src/react'
import type { FakePasskeyBrowser } from '../../src/react/test/fakePasskeyBrowser'
import type { StoryStores } from './MockProviders'

/** What the loaders give every story (support/preview.ts): a fresh mock proxy, so stories share no state. */
export interface StoryLoaded {
  proxy: MockAuthProxy
  /** A fake window for OAuth (popups that the story drives, a page back from a provider). */
  oauthWindow?: OAuthWindow
  oauthMode?: OAuthMode
  /** Keys, session and flow state prepared by a loader (a sign-in started before the story's page). */
  stores?: StoryStores
  /** The network is down: every request fails as fetch does offline ("Failed to fetch"). */
  offline?: boolean
  /** WebAuthn for the story's kit: a software authenticator whose prompts the story drives. */
  passkeys?: FakePasskeyBrowser
}

export interface StoryContext<TArgs> {
  args: TArgs
  loaded: StoryLoaded
  canvasElement: HTMLElement
}

export type StoryLoader = () => Promise<Partial<StoryLoaded>>

/**
 * A screen state a story claims to show, checked after its play (support/expectState.ts): an element by role (and
 * accessible name, and text content), or a text anywhere (`wholeText(...)` for a sentence drawn in parts).
 */
export type ExpectedState =
  | {
      role: 'heading' | 'button' | 'textbox' | 'alert' | 'status' | 'dialog' | 'region' | 'group'
      name?: string | RegExp
      text?: string | RegExp
    }
  | { text: string | RegExp | MatcherFunction }

export interface StoryParameters {
  expectedState?: ExpectedState[]
}

export interface Meta<TArgs> {
  title: string
  component: ComponentType<never>
  args?: Partial<TArgs>
  loaders?: StoryLoader[]
  render?: (args: TArgs, context: StoryContext<TArgs>) => ReactElement
  parameters?: StoryParameters
}

export interface StoryObj<TArgs> {
  name?: string
  /** Storybook globals for this story, e.g. `{ viewport: { value: 'mobile' } }` (.storybook/preview.tsx). */
  globals?: Record<string, unknown>
  args?: Partial<TArgs>
  loaders?: StoryLoader[]
  render?: (args: TArgs, context: StoryContext<TArgs>) => ReactElement
  /** Drives the rendered story into its state, as a person would. */
  play?: (context: StoryContext<TArgs>) => Promise<void>
  parameters?: StoryParameters
}
