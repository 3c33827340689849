import { lazyModule } from '../../core/lazyModule'
import { moduleLoader } from '../ui/moduleLoader'

/** The phone step's chunk (phoneParts), as a store the flow reads; see moduleLoader. */
export const phonePartsLoader = moduleLoader(lazyModule('phone form', () => import('./phoneParts')))

/** For prefetch handlers: a failure here is shown, with a retry, by the step that needs the code. */
export function prefetchPhoneParts(): void {
  phonePartsLoader.load().catch(() => undefined)
}
