'use client'
import { useEffect, useLayoutEffect } from 'react'

/**
 * useLayoutEffect in a browser (before paint), useEffect on a server, where a layout effect warns (React
 * 18) and neither runs. The components' own copy of the React layer's: components reach that layer only
 * through its public entry, and this is no part of the kit's API.
 */
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect
