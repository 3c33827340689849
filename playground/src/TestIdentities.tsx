import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { MOCK_PROXY_PATH } from './mockProxy'

interface MockOAuthIdentity {
  provider: string
  sub: string
  name: string
  email?: string
}

const QUERY_KEY = ['playground', 'oauth-identities']

async function fetchIdentities(): Promise<MockOAuthIdentity[]> {
  const response = await fetch(`${MOCK_PROXY_PATH}/__mock/oauth/identities`)
  if (!response.ok) throw new Error(`identities: HTTP ${response.status}`)
  return (await response.json()) as MockOAuthIdentity[]
}

async function addIdentity(input: { name: string; email: string }): Promise<void> {
  const response = await fetch(`${MOCK_PROXY_PATH}/__mock/oauth/identities`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input.email === '' ? { name: input.name } : input),
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string }
    throw new Error(body.message ?? `HTTP ${response.status}`)
  }
}

/** The people the mock's consent pages offer ("Continue as …"), with a form to add one at every provider. */
export function TestIdentities() {
  const queryClient = useQueryClient()
  const identities = useQuery({ queryKey: QUERY_KEY, queryFn: fetchIdentities })
  const add = useMutation({
    mutationFn: addIdentity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEY }),
  })
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')

  // One row per person: the mock keeps a copy at each provider.
  const people = new Map<string, { name: string; email?: string; providers: string[] }>()
  for (const identity of identities.data ?? []) {
    const key = `${identity.name}\n${identity.email ?? ''}`
    const person = people.get(key) ?? { name: identity.name, email: identity.email, providers: [] }
    person.providers.push(identity.provider)
    people.set(key, person)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (name.trim() === '') return
    add.mutate(
      { name: name.trim(), email: email.trim() },
      {
        onSuccess: () => {
          setName('')
          setEmail('')
        },
      },
    )
  }

  return (
    <section className="pg-panel" aria-labelledby="pg-identities-title">
      <h2 id="pg-identities-title">OAuth test identities</h2>
      <p className="pg-note">The mock's consent page lets you continue as any of these people.</p>
      {identities.isError && <p role="alert">Could not read the mock's identities: {identities.error.message}</p>}
      <ul className="pg-identities">
        {[...people.values()].map((person) => (
          <li key={`${person.name}\n${person.email ?? ''}`}>
            <strong>{person.name}</strong> {person.email ? <span>{person.email}</span> : <span>(no email)</span>}
            <span className="pg-providers">{person.providers.join(', ')}</span>
          </li>
        ))}
      </ul>
      <form className="pg-form" onSubmit={onSubmit}>
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
        </label>
        <label>
          Email (optional)
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" className="pg-button" disabled={add.isPending}>
          Add identity
        </button>
        {add.isError && <p role="alert">Could not add the identity: {add.error.message}</p>}
      </form>
    </section>
  )
}
