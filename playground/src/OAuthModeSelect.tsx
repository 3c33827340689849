import { isOAuthModeChoice, type OAuthModeChoice } from './useOAuthModeChoice'

/** Popup or redirect for the social buttons; "Automatic" is the kit's own choice (popup on desktop). */
export function OAuthModeSelect({
  value,
  onChange,
}: {
  value: OAuthModeChoice
  onChange(choice: OAuthModeChoice): void
}) {
  return (
    <label className="pg-select">
      OAuth mode
      <select
        value={value}
        onChange={(event) => {
          if (isOAuthModeChoice(event.target.value)) onChange(event.target.value)
        }}
      >
        <option value="auto">Automatic</option>
        <option value="popup">Popup</option>
        <option value="redirect">Redirect</option>
      </select>
    </label>
  )
}
