import { chromium, type Page } from '@playwright/test'
const BASE = 'http://127.0.0.1:5301'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
async function code(page: Page, email: string) {
  for (let i = 0; i < 50; i++) {
    const r = await page.request.get(`${BASE}/auth-proxy/__mock/outbox?contact=${encodeURIComponent(email)}`)
    const m = (await r.json())[0]
    if (m?.code) return m.code as string
    await page.waitForTimeout(100)
  }
  throw new Error('no code')
}
const which = process.argv[2] ?? 'all'
for (const [label, width, scheme] of [['desktop', 1100, 'light'], ['mobile', 360, 'light'], ['desktopdark', 1100, 'dark']] as const) {
  for (const q of ['theme=light&locale=en&view=modal', 'theme=dark&locale=fr&view=modal', 'theme=brand&locale=en&view=panel', 'theme=auto&locale=en&view=panel']) {
    if (which !== 'all' && !q.includes(which)) continue
    const page = await browser.newPage({ viewport: { width, height: 760 }, colorScheme: scheme })
    const name = `${label}-${q.replace(/[=&]/g, '_')}`
    await page.goto(`${BASE}/?${q}`)
    const email = `shot-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
    const panel = q.includes('panel')
    const fr = q.includes('fr')
    if (!panel) await page.getByRole('button', { name: fr ? 'Se connecter' : 'Log in' }).click()
    const root = panel ? page.getByRole('region') : page.getByRole('dialog')
    const field = root.getByRole('textbox', { name: fr ? 'Adresse e-mail' : 'Email address' })
    await field.waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `/tmp/shots/${name}-1-methods.png` })
    await field.fill('bad')
    await root.getByRole('button', { name: fr ? 'Continuer avec l’e-mail' : 'Continue with email' }).click()
    await page.waitForTimeout(200)
    await page.screenshot({ path: `/tmp/shots/${name}-2-invalid.png` })
    await field.fill(email)
    await root.getByRole('button', { name: fr ? 'Continuer avec l’e-mail' : 'Continue with email' }).click()
    const codeField = root.getByRole('textbox', { name: fr ? 'Code de vérification' : 'Verification code' })
    await codeField.waitFor()
    await codeField.fill('ZZZZZZ')
    await page.waitForTimeout(500)
    await page.screenshot({ path: `/tmp/shots/${name}-3-wrongcode.png` })
    await codeField.fill(await code(page, email))
    await page.waitForTimeout(800)
    await page.screenshot({ path: `/tmp/shots/${name}-4-signedin.png` })
    await page.close()
  }
}
await browser.close()
