import { describe, expect, it, vi } from 'vitest'
import { isKitError } from './errors'
import { lazyModule } from './lazyModule'

/** An import the test settles by hand. */
function deferredImport<M>() {
  const calls: Array<{ resolve(module: M): void; reject(error: unknown): void }> = []
  const importer = () => new Promise<M>((resolve, reject) => calls.push({ resolve, reject }))
  return { importer, calls }
}

describe('lazyModule', () => {
  it('goes idle → loading → loaded, notifying once per change, and keeps the module', async () => {
    const { importer, calls } = deferredImport<{ answer: number }>()
    const loader = lazyModule('thing', importer)
    const listener = vi.fn()
    loader.subscribe(listener)
    expect(loader.getSnapshot()).toEqual({ status: 'idle', module: undefined, error: null })

    const loading = loader.load()
    expect(loader.getSnapshot().status).toBe('loading')
    expect(loader.getSnapshot()).toBe(loader.getSnapshot())
    const module = { answer: 42 }
    calls[0]?.resolve(module)
    expect(await loading).toBe(module)
    expect(loader.getSnapshot()).toEqual({ status: 'loaded', module, error: null })
    expect(listener).toHaveBeenCalledTimes(2)

    expect(await loader.load()).toBe(module)
    expect(calls).toHaveLength(1)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('shares one download between loads made while it is on its way', async () => {
    const { importer, calls } = deferredImport<string>()
    const loader = lazyModule('thing', importer)
    const first = loader.load()
    const second = loader.load()
    calls[0]?.resolve('module')
    expect(await Promise.all([first, second])).toEqual(['module', 'module'])
    expect(calls).toHaveLength(1)
  })

  it('reports a download that failed while the browser is offline as OFFLINE', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const { importer, calls } = deferredImport<string>()
    const loader = lazyModule('signing', importer)
    const failing = loader.load()
    calls[0]?.reject(new TypeError('Failed to fetch dynamically imported module: /assets/signingActions.js'))
    const error = await failing.catch((e: unknown) => e)
    expect(isKitError(error, 'OFFLINE')).toBe(true)
    expect((error as Error).message).toMatch(
      /^signing: its code could not be loaded, the browser is offline \(TypeError/,
    )
  })

  it('reports a failed download as LOAD_FAILED, and fetches again on the next load', async () => {
    const { importer, calls } = deferredImport<string>()
    const loader = lazyModule('sign-in dialog', importer)
    const failing = loader.load()
    calls[0]?.reject(new TypeError('Failed to fetch dynamically imported module: /assets/LoginDialog.js'))
    const error = await failing.catch((e: unknown) => e)
    expect(isKitError(error, 'LOAD_FAILED')).toBe(true)
    expect((error as Error).message).toMatch(
      /sign-in dialog: its code could not be loaded \(TypeError: Failed to fetch/,
    )
    expect(loader.getSnapshot()).toEqual({ status: 'error', module: undefined, error })

    const retrying = loader.load()
    expect(loader.getSnapshot().status).toBe('loading')
    calls[1]?.resolve('module')
    expect(await retrying).toBe('module')
    expect(loader.getSnapshot().status).toBe('loaded')
  })

  it('unsubscribes', async () => {
    const loader = lazyModule('thing', async () => 'module')
    const listener = vi.fn()
    const unsubscribe = loader.subscribe(listener)
    unsubscribe()
    await loader.load()
    expect(listener).not.toHaveBeenCalled()
  })
})
