export { AuthPanel, type AuthPanelProps } from './panel/AuthPanel'
export {
  LoginButton,
  type LoginButtonButtonProps,
  type LoginButtonCustomProps,
  type LoginButtonHandlers,
  type LoginButtonModalProps,
  type LoginButtonProps,
  type LoginButtonRenderProps,
} from './modal/LoginButton'
export { formatCountdown } from './flow/formatCountdown'
export { LoginModal, type LoginModalContentProps, type LoginModalProps } from './modal/LoginModal'
export { OtpInput, type NativeInputProps, type OtpInputProps } from './ui/OtpInput'
export { ProviderMark } from './marks/ProviderMark'
export { SessionBadge, type SessionBadgeProps } from './session/SessionBadge'
export { SignedIn } from './session/SignedIn'
export { SignedOut } from './session/SignedOut'
// English is in every first load already; French is at auth-proxy-kit/locales/fr, as a "type": "commonjs"
// host would keep a locale re-exported here in its first chunk.
export { en } from './locales/en'
export { LOCALE_NAMES, type Locale, type LocaleName } from './labels/useLocaleLabels'
export type { LoginLabels, LoginLabelsOverride, SigningLabels } from '../appearance/LoginLabels'
export type { PluralLabel } from '../appearance/PluralLabel'
export type { KitTheme, Theme, ThemeMode } from '../appearance/Theme'
export { darkTheme, lightTheme, type ThemeOptions } from './theme/Theme'
