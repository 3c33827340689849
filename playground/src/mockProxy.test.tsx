import { describe, expect, it } from 'vitest'
import { mockOAuthEndpoints as mocksOwn } from '../../src/mock'
import { mockOAuthEndpoints } from './mockProxy'

describe('the playground’s copy of the mock’s OAuth endpoints', () => {
  it('is the mock’s own, so that the page needs not bundle the mock', () => {
    expect(mockOAuthEndpoints('http://localhost:5173/auth-proxy/')).toEqual(
      mocksOwn('http://localhost:5173/auth-proxy'),
    )
  })
})
