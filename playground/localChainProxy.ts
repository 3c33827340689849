import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Connect, Plugin } from 'vite'

/** Where anvil, Hardhat and ganache listen by default. */
export const LOCAL_NODE_URL = 'http://127.0.0.1:8545'
/** The path the playground's page reaches the local node at: its own origin, which a strict CSP allows. */
export const LOCAL_CHAIN_PATH = '/local-chain'

/**
 * Forwards JSON-RPC posted to /local-chain to a local node, so that the page talks to it from its own
 * origin (the CSP playground allows nothing else). With no node running, the answer is a JSON-RPC
 * error with HTTP 200: the page then signs without sending, and the browser logs no failed request.
 */
export function localChainProxy(target = LOCAL_NODE_URL): Plugin {
  const middleware: Connect.NextHandleFunction = (request, response, next) => {
    if (request.url !== LOCAL_CHAIN_PATH || request.method !== 'POST') return next()
    void forward(request, response, target)
  }
  return {
    name: 'playground:local-chain',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  }
}

async function forward(request: IncomingMessage, response: ServerResponse, target: string): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks).toString('utf8')
  response.setHeader('Content-Type', 'application/json')
  try {
    const answer = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
    response.statusCode = answer.status
    response.end(await answer.text())
  } catch {
    let id: unknown = null
    try {
      id = (JSON.parse(body) as { id?: unknown }).id ?? null
    } catch {
      // Not JSON: answered as JSON-RPC answers a parse error, without an id.
    }
    response.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: `no node at ${target}` } }))
  }
}
