import { LOCALE_CHOICES, THEME_CHOICES, VIEW_CHOICES, type LookChoice } from './useLookChoice'

const NAMES: { [K in keyof LookChoice]: Record<LookChoice[K], string> } = {
  theme: { light: 'Light', dark: 'Dark', auto: 'System', brand: 'Brand (typed theme)' },
  // Each language in its own words, as a language menu shows them.
  locale: {
    auto: "Browser's language",
    en: 'English',
    fr: 'Français',
    es: 'Español',
    de: 'Deutsch',
    'pt-BR': 'Português (Brasil)',
    ja: '日本語',
    'zh-CN': '简体中文',
  },
  view: { modal: 'Modal', panel: 'Inline panel' },
}

/** Theme, language and modal or inline panel, for trying the kit's looks. */
export function LookSelect({ value, onChange }: { value: LookChoice; onChange(next: Partial<LookChoice>): void }) {
  const select = <K extends keyof LookChoice>(key: K, label: string, choices: readonly LookChoice[K][]) => (
    <label className="pg-select">
      {label}
      <select value={value[key]} onChange={(event) => onChange({ [key]: event.target.value } as Partial<LookChoice>)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {NAMES[key][choice]}
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
