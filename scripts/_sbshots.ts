import { chromium } from '@playwright/test'
const ids = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
for (const id of ids) {
  const [story, width] = id.split('@')
  const page = await browser.newPage({ viewport: { width: Number(width ?? 900), height: 800 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('response', (r) => { if (r.status() >= 400) errors.push(r.url()) })
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
  await page.goto(`http://127.0.0.1:6007/iframe.html?id=${story}&viewMode=story`)
  await page.waitForTimeout(3000)
  const shown = await page.evaluate(() => document.body.className)
  await page.screenshot({ path: `/tmp/sb/${story}-${width ?? 900}.png` })
  console.log(story, width ?? 900, shown, errors.slice(0, 3).join(' | '))
  await page.close()
}
await browser.close()
