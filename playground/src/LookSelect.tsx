import { LOCALE_CHOICES, THEME_CHOICES, VIEW_CHOICES, type LookChoice } from './useLookChoice'

const NAMES: Record<string, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'System',
  brand: 'Brand (typed theme)',
  en: 'English',
  fr: 'Français',
  modal: 'Modal',
  panel: 'Inline panel',
}

/** Theme, language and modal or inline panel, for trying the kit's looks. */
export function LookSelect({ value, onChange }: { value: LookChoice; onChange(next: Partial<LookChoice>): void }) {
  const select = <K extends keyof LookChoice>(key: K, label: string, choices: readonly LookChoice[K][]) => (
    <label className="pg-select">
      {label}
      <select value={value[key]} onChange={(event) => onChange({ [key]: event.target.value } as Partial<LookChoice>)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {NAMES[choice]}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <>
      {select('theme', 'Theme', THEME_CHOICES)}
      {select('locale', 'Language', LOCALE_CHOICES)}
      {select('view', 'Sign-in', VIEW_CHOICES)}
    </>
  )
}
