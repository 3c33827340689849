// ESLint: JavaScript's and TypeScript's recommended rules (syntax only, no type information: fast on two
// cores; `tsc` does the type checking) and React's hooks rules. Formatting is Prettier's (.prettierrc.json).
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'playground-dist*',
      'test-results',
      '.pack',
      '.bench',
      '.work',
      // npm run docs: TypeDoc's HTML and scripts
      'docs-dist',
      // create-vite's react-ts template, kept as it makes it (scripts/test-consumers.ts).
      'consumers/vite-template',
      'examples/*/node_modules',
      'examples/*/.next',
      'examples/*/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The React Compiler's rule against reading or writing refs during render. The kit is not compiled
      // by React Compiler, and two patterns it relies on are what this rule forbids: the provider builds
      // its kit once, lazily, in a ref (a kit per render would be a key store per render), and hooks keep
      // the latest callback in a ref so that an inline function does not restart timers (React 18.2, which
      // the kit supports, has no useEffectEvent). The hooks rules proper (rules-of-hooks,
      // exhaustive-deps) stay errors.
      'react-hooks/refs': 'off',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      // A leading underscore marks what is unused on purpose (a rest sibling dropped, a parameter a
      // signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Playwright fixtures take a `use` callback that is not React's `use`.
    files: ['src/mock/playwright/**', 'e2e/**', 'consumers/e2e/**', 'examples/*/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Jest's configuration and test environment, in CommonJS as a host's Jest loads them (README, "Testing
    // with Jest"): Node's module globals, and require().
    files: ['**/*.cjs'],
    languageOptions: {
      globals: { require: 'readonly', module: 'writable', Buffer: 'readonly', globalThis: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The build and check scripts in plain JavaScript run in Node.
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
)
