import { describe, expect, it } from 'vitest'
import * as checked from './entry'
import * as mock from './index'
import * as checkedVite from './viteEntry'
import * as vite from './vite'
import * as checkedPlaywright from './playwrightEntry'
import * as playwright from './playwright/fixtures'

// The package's mock entries re-export by name after checking the optional peers: a name added to ./index
// (or ./vite) and not to the entry would be missing from the package.
describe('the checked mock entries', () => {
  it('auth-proxy-kit/mock exports exactly what ./index exports, the same values', () => {
    expect(Object.keys(checked).sort()).toEqual(Object.keys(mock).sort())
    for (const name of Object.keys(mock) as Array<keyof typeof mock>) expect(checked[name]).toBe(mock[name])
  })

  it('auth-proxy-kit/mock/vite exports exactly what ./vite exports', () => {
    expect(Object.keys(checkedVite).sort()).toEqual(Object.keys(vite).sort())
    expect(checkedVite.mockAuthProxyPlugin).toBe(vite.mockAuthProxyPlugin)
  })

  it('auth-proxy-kit/mock/playwright exports exactly what ./playwright/fixtures exports', () => {
    expect(Object.keys(checkedPlaywright).sort()).toEqual(Object.keys(playwright).sort())
    expect(checkedPlaywright.test).toBe(playwright.test)
  })
})
