// In this "type": "commonjs" package a .ts file is CommonJS: under module nodenext its imports compile
// to require() of the kit, an ES module. TypeScript 5.8+ allows that (Node 20.19+/22.12+ can require
// ESM); scripts/test-consumers.ts compiles this file and reports what each setting gives.
import { createKit, type Kit } from 'auth-proxy-kit/core'

export const kit: Kit = createKit({ proxyUrl: 'https://proxy.example', configId: 'demo' })
// @ts-expect-error: a kit's session store is no string (it would be, were Kit any).
kit.session satisfies string
