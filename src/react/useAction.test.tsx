import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { KitError } from '../core/errors'
import { useAction } from './useAction'

/** An action whose runs the test settles by hand, in any order. */
function manualAction() {
  const runs: Array<{ variables: string; resolve(value: string): void; reject(error: unknown): void }> = []
  const action = (variables: string) => new Promise<string>((resolve, reject) => runs.push({ variables, resolve, reject }))
  return { action, runs }
}

describe('useAction', () => {
  it('goes pending → success with the data, the variables kept, and onSuccess called once', async () => {
    const { action, runs } = manualAction()
    const onSuccess = vi.fn()
    const { result } = renderHook(() => useAction(action, onSuccess))
    expect(result.current).toMatchObject({ status: 'idle', isPending: false, data: undefined, error: null })

    act(() => result.current.run('a'))
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, variables: 'a' })
    await waitFor(() => expect(runs).toHaveLength(1))
    await act(async () => runs[0]?.resolve('done'))
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, data: 'done', variables: 'a' })
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith('done', 'a')
  })

  it('reports a failure as a KitError (wrapping anything else as PROXY_ERROR)', async () => {
    const { action, runs } = manualAction()
    const { result } = renderHook(() => useAction(action))
    act(() => result.current.run('a'))
    await waitFor(() => expect(runs).toHaveLength(1))
    const refused = new KitError('RATE_LIMITED', 'slow down')
    await act(async () => runs[0]?.reject(refused))
    expect(result.current).toMatchObject({ status: 'error', isError: true, error: refused })

    act(() => result.current.run('b'))
    await waitFor(() => expect(runs).toHaveLength(2))
    await act(async () => runs[1]?.reject(new TypeError('boom')))
    expect(result.current.error?.code).toBe('PROXY_ERROR')
    expect(result.current.error?.message).toBe('Unexpected error: boom')
  })

  it('only the latest run reports: an earlier one settling later changes nothing', async () => {
    const { action, runs } = manualAction()
    const onSuccess = vi.fn()
    const { result } = renderHook(() => useAction(action, onSuccess))
    act(() => result.current.run('first'))
    act(() => result.current.run('second'))
    await waitFor(() => expect(runs).toHaveLength(2))
    await act(async () => runs[1]?.resolve('second done'))
    await act(async () => runs[0]?.resolve('first done'))
    expect(result.current).toMatchObject({ status: 'success', data: 'second done', variables: 'second' })
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith('second done', 'second')
  })

  it('reset goes back to idle, and the run under way no longer reports', async () => {
    const { action, runs } = manualAction()
    const onSuccess = vi.fn()
    const { result } = renderHook(() => useAction(action, onSuccess))
    act(() => result.current.run('a'))
    await waitFor(() => expect(runs).toHaveLength(1))
    act(() => result.current.reset())
    expect(result.current).toMatchObject({ status: 'idle', variables: undefined })
    await act(async () => runs[0]?.resolve('late'))
    expect(result.current.status).toBe('idle')
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('runs the latest render’s action', async () => {
    const calls: string[] = []
    const { result, rerender } = renderHook(({ tag }) => useAction(async (variables: string) => calls.push(`${tag}:${variables}`)), {
      initialProps: { tag: 'one' },
    })
    rerender({ tag: 'two' })
    await act(async () => result.current.run('x'))
    expect(calls).toEqual(['two:x'])
  })
})
