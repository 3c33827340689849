'use client'
import { createContext, useContext } from 'react'
import { en } from '../locales/en'
import type { LoginLabels } from '../../appearance/LoginLabels'

export const LabelsContext = createContext<LoginLabels>(en)

export function useLabels(): LoginLabels {
  return useContext(LabelsContext)
}
