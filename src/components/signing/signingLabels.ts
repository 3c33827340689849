import type { LoginLabels, SigningLabels } from '../../appearance/LoginLabels'
import { useLabels } from '../labels/LabelsContext'

/** The signing prompt's English: here, with the prompt, rather than in every page's English copy. */
export const signingEn: SigningLabels = {
  signatureRequest: 'Signature request',
  sign: 'Sign',
  signingMessage: 'Message',
  signingDomain: 'Domain',
  signingNetwork: 'Network',
  signingContract: 'Contract',
  signingType: 'Type',
  signingTo: 'To',
  signingAmount: 'Amount',
  signingData: 'Data',
  signingBytes: { one: '{count} byte', other: '{count} bytes' },
  signingMaxFee: 'Max fee',
  signingPriorityFee: 'Priority fee',
  signingTransaction: '{chain} transaction, {size}',
  signingSends: 'Once signed, it is sent to the network.',
}

/** The page's copy with the prompt's: the locale's (French has its own) or an override, else English. */
export function withSigningLabels(labels: LoginLabels): LoginLabels & SigningLabels {
  const filled: Record<string, unknown> = { ...labels }
  for (const [key, english] of Object.entries(signingEn)) filled[key] ??= english
  return filled as unknown as LoginLabels & SigningLabels
}

/** The copy the prompt's parts read (SigningPromptDialog provides it filled). */
export function useSigningLabels(): LoginLabels & SigningLabels {
  return useLabels() as LoginLabels & SigningLabels
}
