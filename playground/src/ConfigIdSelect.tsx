import { isPlaygroundConfigId, type PlaygroundConfigId } from './mockProxy'

/** Which of the mock's tenants the playground uses: the demo, one with every OAuth provider, or one with a captcha. */
export function ConfigIdSelect({
  value,
  onChange,
}: {
  value: PlaygroundConfigId
  onChange(choice: PlaygroundConfigId): void
}) {
  return (
    <label className="pg-select">
      Tenant
      <select
        value={value}
        onChange={(event) => {
          if (isPlaygroundConfigId(event.target.value)) onChange(event.target.value)
        }}
      >
        <option value="demo">Demo</option>
        <option value="every-provider">Every provider</option>
        <option value="captcha">Human check</option>
      </select>
    </label>
  )
}
