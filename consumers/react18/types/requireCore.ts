// In this "type": "commonjs" package a .ts file is CommonJS: under module nodenext its imports compile
// to require() of the kit, an ES module. TypeScript 5.8+ allows that (Node 20.19+/22.12+ can require
// ESM); scripts/test-consumers.ts compiles this file and reports what each setting gives.
import { createKit, isKitError, type Kit } from 'auth-proxy-kit/core'

type IsAny<T> = 0 extends 1 & T ? true : false

export const kit: Kit = createKit({ proxyUrl: 'https://proxy.example', configId: 'demo' })
export const sessionStore: IsAny<Kit['session']> = false
export const isError: IsAny<typeof isKitError> = false
