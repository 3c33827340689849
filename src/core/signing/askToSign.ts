import type { Kit } from '../contracts'
import { throwIfAborted } from '../wallet/signedInSession'
import type { SigningRequest } from './signingPrompt'

/**
 * Shows `request` in the kit's signing prompt when one is set (the drop-in modal's), and resolves once
 * the person agreed; rejects as the prompt does (USER_REJECTED when they declined). Without a prompt
 * (headless use) it resolves at once: the app asked, the app decides.
 */
export async function askToSign(
  kit: Kit,
  request: SigningRequest,
  signal: AbortSignal | undefined,
  label: string,
): Promise<void> {
  const prompt = kit.signingPrompt.current
  if (prompt === undefined) return
  await prompt(request, signal)
  throwIfAborted(signal, label)
}
