import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import type { LoginLabels } from '../src/appearance/LoginLabels'
import { LoginModal, type LocaleName } from '../src/components'
import { formatLabel } from '../src/components/labels/formatLabel'
import { de } from '../src/components/locales/de'
import { es } from '../src/components/locales/es'
import { ja } from '../src/components/locales/ja'
import { ptBR } from '../src/components/locales/ptBR'
import { zhCN } from '../src/components/locales/zhCN'
import { wholeText } from '../src/react/test/wholeText'
import type { Meta, StoryObj } from './support/csf'
import { LoginModalDemo, type LoginModalDemoProps } from './support/LoginModalDemo'
import { MockProviders } from './support/MockProviders'
import { dialogOf, STORY_EMAIL } from './support/steps'

// The languages loaded when asked for (French is in LoginModal's stories): the method list and the code
// step of each, where a long German word or a line of Japanese or Chinese breaks a layout made in English.
// Each story asks for its language by name (`locale="de"`), so its chunk loads as an app's would.

const meta: Meta<LoginModalDemoProps> = {
  title: 'Components/LoginModal/Languages',
  component: LoginModal,
  args: { theme: 'light' },
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy} stores={loaded.stores}>
      <LoginModalDemo {...args} />
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<LoginModalDemoProps>

/** The first step, every method the demo tenant offers, in the language. */
function methodList(locale: LocaleName, labels: LoginLabels): Story {
  return {
    args: { locale },
    play: async ({ canvasElement }) => {
      const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: labels.dialogTitle })
      await within(dialog).findByRole('textbox', { name: labels.emailLabel })
    },
    parameters: {
      expectedState: [
        { role: 'dialog', name: labels.dialogTitle },
        { role: 'textbox', name: labels.emailLabel },
        { role: 'button', name: labels.continueWithEmail },
        { role: 'button', name: formatLabel(labels.continueWithProvider, { provider: 'Google' }) },
      ],
    },
  }
}

/** The code step after an address was given, its resend countdown running. */
function codeEntry(locale: LocaleName, labels: LoginLabels): Story {
  return {
    args: { locale },
    play: async ({ canvasElement }) => {
      const user = userEvent.setup()
      const dialog = await dialogOf(canvasElement)
      await user.type(await within(dialog).findByRole('textbox', { name: labels.emailLabel }), STORY_EMAIL)
      await user.click(within(dialog).getByRole('button', { name: labels.continueWithEmail }))
      await within(dialog).findByText(wholeText(formatLabel(labels.codeSentTo, { email: STORY_EMAIL })))
    },
    parameters: {
      expectedState: [
        { role: 'dialog', name: labels.codeTitleEmail },
        { text: wholeText(formatLabel(labels.codeSentTo, { email: STORY_EMAIL })) },
        { role: 'textbox', name: labels.codeLabel },
        { role: 'button', name: labels.verify },
        { role: 'button', name: labels.resendCode },
        { role: 'button', name: labels.useDifferentEmail },
      ],
    },
  }
}

export const Spanish: Story = methodList('es', es)
export const SpanishCodeEntry: Story = codeEntry('es', es)
export const German: Story = methodList('de', de)
export const GermanCodeEntry: Story = codeEntry('de', de)
export const Portuguese: Story = { ...methodList('pt-BR', ptBR), name: 'Portuguese (Brazil)' }
export const PortugueseCodeEntry: Story = { ...codeEntry('pt-BR', ptBR), name: 'Portuguese (Brazil) code entry' }
export const Japanese: Story = methodList('ja', ja)
export const JapaneseCodeEntry: Story = codeEntry('ja', ja)
export const Chinese: Story = { ...methodList('zh-CN', zhCN), name: 'Chinese (Simplified)' }
export const ChineseCodeEntry: Story = { ...codeEntry('zh-CN', zhCN), name: 'Chinese (Simplified) code entry' }
