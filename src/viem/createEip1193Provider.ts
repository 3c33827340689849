import {
  createPublicClient,
  createWalletClient,
  hexToBigInt,
  hexToBytes,
  hexToNumber,
  http,
  InvalidParamsRpcError,
  isHex,
  numberToHex,
  ProviderDisconnectedError,
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  type Chain,
  type Hex,
  type LocalAccount,
  type TransactionRequest,
  type Transport,
} from 'viem'
import type { Kit } from '../core/createKit'
import { invalidArgument } from '../core/assert'
import { KitError } from '../core/errors'
import { getViemAccount } from './getViemAccount'
import { toProviderError } from './providerErrors'

export interface CreateEip1193ProviderOptions {
  kit: Kit
  /** The chains the app works on; the first is the one the provider starts on. */
  chains: readonly [Chain, ...Chain[]]
  /** Each chain's RPC, by chain id; default viem's http() with the chain's public RPC URL. */
  transports?: Readonly<Record<number, Transport>> | undefined
  /**
   * Called by eth_requestAccounts while no one is signed in: resolve once the person signed in; reject
   * (or resolve still signed out) and the request fails with 4001. Default kit.signInPrompt, which the
   * drop-in LoginModal fills while mounted; with neither, eth_requestAccounts while signed out is 4100.
   */
  connect?: (() => Promise<void>) | undefined
}

/** The events an EIP-1193 provider emits. */
export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'
/** A listener of one of them (its arguments are the event's: accounts, a chain id, an error). */
export type ProviderListener = (...args: never[]) => void

/** An EIP-1193 provider over the kit: what window.ethereum is to a page, for the signed-in user's wallet. */
export interface AuthProxyEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: ProviderEvent, listener: ProviderListener): AuthProxyEip1193Provider
  removeListener(event: ProviderEvent, listener: ProviderListener): AuthProxyEip1193Provider
  /** Stops following the session; later requests still work. */
  destroy(): void
}

// Signing a raw hash (eth_sign) would let a page make the person sign anything, a transaction included,
// with nothing readable to show: refused, as modern wallets refuse it.
const REFUSED = new Set(['eth_sign'])

/**
 * An EIP-1193 provider for the signed-in user's first Ethereum account: eth_requestAccounts (opening
 * sign-in through `connect`), eth_accounts, eth_chainId, wallet_switchEthereumChain, personal_sign,
 * eth_signTypedData_v4, eth_signTransaction and eth_sendTransaction (filled and broadcast by viem
 * through the chain's transport); every other method is forwarded to that transport. It emits
 * accountsChanged when someone signs in or out (in this tab or another), chainChanged on a switch, and
 * disconnect on sign-out. Errors are EIP-1193's (4001 declined, 4100 not signed in, 4902 unknown chain).
 */
export function createEip1193Provider(options: CreateEip1193ProviderOptions): AuthProxyEip1193Provider {
  const { kit, chains, transports = {}, connect } = options
  if (!Array.isArray(chains) || chains.length === 0) {
    throw invalidArgument('createEip1193Provider({ chains })', 'at least one viem Chain', chains)
  }
  let chain: Chain = chains[0]
  const listeners = new Map<ProviderEvent, Set<ProviderListener>>()
  const emit = (event: ProviderEvent, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args)
  }

  // The account of the signed-in user, looked up once per user (getWallets), again after a change.
  let accountUser: string | undefined
  let accountPromise: Promise<LocalAccount> | undefined
  const account = (): Promise<LocalAccount> | undefined => {
    const session = kit.session.getSnapshot().session
    if (session === null) return undefined
    if (accountUser !== session.userId || accountPromise === undefined) {
      accountUser = session.userId
      accountPromise = getViemAccount(kit)
      accountPromise.catch(() => {
        if (accountUser === session.userId) accountPromise = undefined
      })
    }
    return accountPromise
  }
  const addresses = async (): Promise<Hex[]> => {
    await kit.session.ready
    const pending = account()
    return pending === undefined ? [] : [(await pending).address]
  }

  let lastUser = kit.session.getSnapshot().session?.userId
  const unsubscribe = kit.session.subscribe(() => {
    const { status, session } = kit.session.getSnapshot()
    if (status === 'loading' || session?.userId === lastUser) return
    lastUser = session?.userId
    if (session === null) {
      emit('accountsChanged', [])
      emit('disconnect', new ProviderDisconnectedError(new Error('signed out')))
      return
    }
    addresses().then(
      (list) => emit('accountsChanged', list),
      () => emit('accountsChanged', []),
    )
  })

  const transportFor = (target: Chain): Transport => transports[target.id] ?? http()
  const publicClient = () => createPublicClient({ chain, transport: transportFor(chain) })
  const walletClient = async (from: unknown) => {
    const signer = await signedInAccount(from)
    return createWalletClient({ account: signer, chain, transport: transportFor(chain) })
  }
  const signedInAccount = async (address: unknown): Promise<LocalAccount> => {
    await kit.session.ready
    const pending = account()
    if (pending === undefined) throw new UnauthorizedProviderError(new Error('no one is signed in'))
    const signer = await pending
    if (
      address !== undefined &&
      (typeof address !== 'string' || address.toLowerCase() !== signer.address.toLowerCase())
    ) {
      throw new UnauthorizedProviderError(
        new Error(`${String(address)} is not the signed-in account ${signer.address}`),
      )
    }
    return signer
  }

  async function handle(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
        return addresses()
      case 'eth_requestAccounts': {
        const list = await addresses()
        if (list.length > 0) return list
        await (connect ?? (() => signInThroughKit(kit)))()
        const after = await addresses()
        if (after.length === 0) throw new KitError('USER_REJECTED', 'eth_requestAccounts: sign-in did not finish')
        return after
      }
      case 'eth_chainId':
        return numberToHex(chain.id)
      case 'net_version':
        return String(chain.id)
      case 'wallet_switchEthereumChain': {
        const wanted = (params[0] as { chainId?: unknown } | undefined)?.chainId
        const target =
          typeof wanted === 'string' && isHex(wanted) ? chains.find((c) => c.id === hexToNumber(wanted)) : undefined
        if (target === undefined)
          throw new SwitchChainError(new Error(`chain ${String(wanted)} is not one of this app's chains`))
        if (target.id !== chain.id) {
          chain = target
          emit('chainChanged', numberToHex(target.id))
        }
        return null
      }
      case 'personal_sign': {
        const [data, address] = params
        const signer = await signedInAccount(address)
        if (typeof data !== 'string')
          throw new InvalidParamsRpcError(new Error('personal_sign: the message is not a string'))
        return signer.signMessage({ message: isHex(data) ? { raw: hexToBytes(data) } : data })
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params
        const signer = await signedInAccount(address)
        const parsed: unknown = typeof typedData === 'string' ? parseJson(typedData) : typedData
        return signer.signTypedData(parsed as Parameters<LocalAccount['signTypedData']>[0])
      }
      case 'eth_signTransaction': {
        const request = transactionRequest(params[0])
        const client = await walletClient(request.from)
        const prepared = await client.prepareTransactionRequest({ ...request, account: client.account, chain })
        return client.account.signTransaction(prepared as Parameters<LocalAccount['signTransaction']>[0])
      }
      case 'eth_sendTransaction': {
        const request = transactionRequest(params[0])
        const client = await walletClient(request.from)
        return client.sendTransaction({ ...request, account: client.account, chain })
      }
      default:
        if (REFUSED.has(method) || method.startsWith('wallet_') || method.startsWith('eth_sign')) {
          throw new UnsupportedProviderMethodError(new Error(`${method} is not supported`))
        }
        return publicClient().request({ method, params } as never)
    }
  }

  const provider: AuthProxyEip1193Provider = {
    async request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        throw new InvalidParamsRpcError(new Error('request({ method, params }): method must be a string'))
      }
      const params = args.params === undefined ? [] : args.params
      if (!Array.isArray(params)) throw new InvalidParamsRpcError(new Error(`${args.method}: params must be an array`))
      try {
        return await handle(args.method, params)
      } catch (error) {
        throw isRpcError(error) ? error : toProviderError(error)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    destroy: unsubscribe,
  }
  return provider
}

/** The kit's sign-in prompt (the drop-in modal's, while mounted); without one, NOT_SIGNED_IN (4100). */
async function signInThroughKit(kit: Kit): Promise<void> {
  const prompt = kit.signInPrompt.current
  if (prompt === undefined) {
    throw new KitError(
      'NOT_SIGNED_IN',
      'eth_requestAccounts: no one is signed in, and no LoginModal is mounted to sign in with',
    )
  }
  await prompt()
}

function isRpcError(error: unknown): boolean {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'number'
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new InvalidParamsRpcError(new Error('eth_signTypedData_v4: the typed data is not JSON'))
  }
}

/** An RPC transaction object (hex quantities) as viem's TransactionRequest (bigints and numbers). */
function transactionRequest(value: unknown): TransactionRequest & { from?: Hex | undefined } {
  if (typeof value !== 'object' || value === null) {
    throw new InvalidParamsRpcError(new Error('the transaction is not an object'))
  }
  const rpc = value as Record<string, unknown>
  const quantity = (name: string): bigint | undefined => {
    const field = rpc[name]
    if (field === undefined || field === null) return undefined
    if (typeof field !== 'string' || !isHex(field))
      throw new InvalidParamsRpcError(new Error(`${name} is not a hex quantity`))
    return hexToBigInt(field)
  }
  const address = (name: string): Hex | undefined => {
    const field = rpc[name]
    if (field === undefined || field === null) return undefined
    if (typeof field !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(field)) {
      throw new InvalidParamsRpcError(new Error(`${name} is not an address`))
    }
    return field as Hex
  }
  const data = rpc.data ?? rpc.input
  if (data !== undefined && (typeof data !== 'string' || !isHex(data))) {
    throw new InvalidParamsRpcError(new Error('data is not hex'))
  }
  const request: TransactionRequest & { from?: Hex | undefined } = {}
  const from = address('from')
  const to = address('to')
  if (from !== undefined) request.from = from
  if (to !== undefined) request.to = to
  if (data !== undefined) request.data = data as Hex
  const value_ = quantity('value')
  const gas = quantity('gas')
  const nonce = quantity('nonce')
  const gasPrice = quantity('gasPrice')
  const maxFeePerGas = quantity('maxFeePerGas')
  const maxPriorityFeePerGas = quantity('maxPriorityFeePerGas')
  if (value_ !== undefined) request.value = value_
  if (gas !== undefined) request.gas = gas
  if (nonce !== undefined) request.nonce = Number(nonce)
  if (gasPrice !== undefined) (request as { gasPrice?: bigint | undefined }).gasPrice = gasPrice
  if (maxFeePerGas !== undefined) (request as { maxFeePerGas?: bigint | undefined }).maxFeePerGas = maxFeePerGas
  if (maxPriorityFeePerGas !== undefined) {
    ;(request as { maxPriorityFeePerGas?: bigint | undefined }).maxPriorityFeePerGas = maxPriorityFeePerGas
  }
  return request
}
