import type { EnabledProvider } from '../../core/types'

/** Methods the modal has a view for; the tenant may enable more than this version can offer. */
export const IMPLEMENTED_METHODS: ReadonlySet<EnabledProvider> = new Set<EnabledProvider>(['email'])
