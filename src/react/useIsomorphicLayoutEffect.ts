'use client'
import { useEffect, useLayoutEffect } from 'react'

/**
 * useLayoutEffect in a browser (before paint), useEffect on a server, where a layout effect warns (React
 * 18) and neither runs.
 */
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect
