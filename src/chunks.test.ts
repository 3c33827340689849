import { describe, expect, it } from 'vitest'
import * as loaders from './chunkLoaders'
import { chunks, LAZY_IDLE } from './chunks'

describe('the chunk registry', () => {
  it('is a module namespace, not an object literal: a bundler drops the loaders an app never reads', () => {
    // An object's properties all stay in every first load that imports it (with their import() calls,
    // preload lists and chunk files); a namespace's members are tree-shaken one by one.
    expect(Object.prototype.toString.call(chunks)).toBe('[object Module]')
    expect(chunks).toBe(loaders)
  })

  it('names every chunk, each a lazy module nobody has asked for yet', () => {
    expect(Object.keys(chunks).sort()).toEqual([
      'dialog',
      'localeDe',
      'localeEs',
      'localeFr',
      'localeJa',
      'localePtBR',
      'localeZhCN',
      'oauth',
      'oauthRedirect',
      'otpFlow',
      'passkey',
      'phoneStep',
      'signing',
      'signingPrompt',
      'wallet',
      'webAuthn',
    ])
    for (const chunk of Object.values(chunks)) {
      expect(typeof chunk.load).toBe('function')
      expect(chunk.getSnapshot()).toBe(LAZY_IDLE)
    }
  })
})
