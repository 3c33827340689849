import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../src/react/test/expectNoAxeViolations'
import type { ExpectedState, Meta, StoryContext, StoryLoaded, StoryObj } from './support/csf'
import { preview } from './support/preview'

// Every story of every *.stories.tsx file is rendered, played, checked for the state it claims and
// run through axe: a story that no longer shows what it says fails here, so stories cannot rot.

type Args = Record<string, unknown>
interface StoryModule {
  default: Meta<Args>
  [exportName: string]: unknown
}

const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true })

function storiesOf(module: StoryModule): Array<[string, StoryObj<Args>]> {
  return Object.entries(module).filter(
    (entry): entry is [string, StoryObj<Args>] =>
      entry[0] !== 'default' && entry[0] !== '__namedExportsOrder' && typeof entry[1] === 'object' && entry[1] !== null,
  )
}

/** Storybook's order: project loaders, then the meta's, then the story's; later results win. */
async function load(meta: Meta<Args>, story: StoryObj<Args>): Promise<StoryLoaded> {
  const loaders = [...preview.loaders, ...(meta.loaders ?? []), ...(story.loaders ?? [])]
  const results = await Promise.all(loaders.map((loader) => loader()))
  const loaded = Object.assign({}, ...results) as Partial<StoryLoaded>
  if (!loaded.proxy) throw new Error('no loader gave the story a proxy')
  return { ...loaded, proxy: loaded.proxy }
}

async function expectState(expected: ExpectedState): Promise<void> {
  const page = within(document.body)
  if ('role' in expected) {
    const element = await page.findByRole(expected.role, expected.name === undefined ? {} : { name: expected.name })
    if (expected.text !== undefined) expect(element).toHaveTextContent(expected.text)
  } else {
    expect(await page.findByText(expected.text)).toBeInTheDocument()
  }
}

describe.each(Object.entries(modules))('%s', (_file, module) => {
  const meta = module.default
  const stories = storiesOf(module)

  it('exports a meta with a title and at least one story', () => {
    expect(meta.title).toMatch(/\S/)
    expect(stories.length).toBeGreaterThan(0)
  })

  it.each(stories)('%s renders, plays, shows its state and passes axe', async (_name, story) => {
    const args = { ...meta.args, ...story.args } as Args
    const loaded = await load(meta, story)
    const renderStory = story.render ?? meta.render
    if (!renderStory) throw new Error(`${meta.title}: no render function`)
    const canvas = document.createElement('div')
    document.body.append(canvas)
    const context: StoryContext<Args> = { args, loaded, canvasElement: canvas }
    render(renderStory(args, context), { container: canvas })

    await story.play?.(context)
    const expected = story.parameters?.expectedState ?? meta.parameters?.expectedState ?? []
    expect(expected.length, 'a story must claim a state (parameters.expectedState)').toBeGreaterThan(0)
    for (const state of expected) await expectState(state)

    // Inside the dialog when one is open (the page behind is inert by design), else the story itself.
    await expectNoAxeViolations(screen.queryByRole('dialog') ?? canvas)
  })
})
