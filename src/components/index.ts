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
export { en } from './locales/en'
export { fr } from './locales/fr'
export { LOCALE_NAMES, type Locale, type LocaleName } from './labels/useLocaleLabels'
export type { LoginLabels, LoginLabelsOverride } from '../appearance/LoginLabels'
export type { PluralLabel } from '../appearance/PluralLabel'
export type { KitTheme, Theme, ThemeMode } from '../appearance/Theme'
export { darkTheme, lightTheme, type ThemeOptions } from './theme/Theme'
