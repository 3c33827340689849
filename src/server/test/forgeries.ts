// Tokens no notarizer signed, made from a real one.
import { base64url } from 'jose'

const text = (value: unknown) => base64url.encode(JSON.stringify(value))

/** The same token with its claims changed and its signature kept. */
export function withClaims(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string]
  const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>
  return `${header}.${text({ ...claims, ...changes })}.${signature}`
}

/** The same token with another signature. */
export function withSignature(token: string, signature: Uint8Array): string {
  const [header, payload] = token.split('.') as [string, string]
  return `${header}.${payload}.${base64url.encode(signature)}`
}

/** The same claims, unsigned (`alg: none`, empty signature). */
export function unsigned(token: string): string {
  const [, payload] = token.split('.') as [string, string]
  return `${text({ alg: 'none', typ: 'JWT' })}.${payload}.`
}
