import { describe, expect, it } from 'vitest'
import { chunks } from '../chunks'
import { prefetchSignIn } from './prefetchSignIn'

describe('prefetchSignIn', () => {
  it("loads a method's chunks and no other method's", async () => {
    await prefetchSignIn(['email'])
    expect(chunks.oauth.getSnapshot().status).toBe('idle')
    expect(chunks.passkey.getSnapshot().status).toBe('idle')

    await prefetchSignIn(['google'])
    expect(chunks.oauth.getSnapshot().status).toBe('loaded')
    expect(chunks.passkey.getSnapshot().status).toBe('idle')
  })

  it('never rejects, whatever the methods', async () => {
    await expect(prefetchSignIn([])).resolves.toBeUndefined()
    await expect(prefetchSignIn()).resolves.toBeUndefined()
  })
})
