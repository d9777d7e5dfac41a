import { chromium } from 'playwright-core'
const [url, pathname, shot, scheme = 'light'] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', colorScheme: scheme })
const blocked = []
await context.route('**/*', (route) => {
  const u = new URL(route.request().url())
  if (u.hostname !== '127.0.0.1') { blocked.push(u.href); return route.abort() }
  return route.continue()
})
const page = await context.newPage()
page.on('pageerror', (e) => console.log('pageerror', e.message))
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()))
await page.goto(new URL(pathname, url).href)
await page.waitForTimeout(3000)
await page.screenshot({ path: shot })
console.log('blocked', blocked.length, blocked.slice(0, 3))
console.log(await page.evaluate(() => document.querySelectorAll('.leaflet-marker-icon').length), 'marker icons')
await browser.close()
