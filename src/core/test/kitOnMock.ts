// A kit talking to the bundled mock through its fetch handler, as the kit's tests against the mock use it.
import { createKit, type Kit, type KitOptions } from '../createKit'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { memoryStorage } from '../session/memoryStorage'
import { recordingFetch } from './fakeFetch'

/**
 * The kit on `proxy`, keys and session in memory; `endpoints` lists each request's endpoint in order.
 * The kit trusts the mock's enclave key (the one thing an app does to run on the mock), so that the
 * current generation's codes, sealed to targets that key signed, work as they would in production.
 */
export function kitOnMock(
  proxy: { handle(request: Request): Promise<Response>; readonly enclaveSignerPublicKey?: string },
  options: Partial<KitOptions> = {},
): { kit: Kit; endpoints: string[] } {
  const endpoints: string[] = []
  const kit = createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'demo',
    fetch: recordingFetch(proxy, endpoints),
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    ...options,
  })
  return { kit, endpoints }
}
