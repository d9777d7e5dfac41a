// Browser test of the account screens, in the demo as `go tool task demo` runs
// it: `omc demo` serving dist-demo/ (the site built with the Auth emulator's
// settings, go tool task site:build:demo) and the real Firebase Auth emulator
// (firebase-tools, project demo-omc: no network, no login) on 127.0.0.1:9099.
// Push notifications are tried on a second `omc demo` serving dist-push/, the
// same site with push settings too (go tool task site:build:push). All are
// started here and ended afterwards. Needs OMC_BIN, the omc binary.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { launchChromium, START_TIMEOUT_MS, start, startDemo, watchCsp } from './processes.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const distDir = path.join(siteDir, 'dist-demo')
const pushDistDir = path.join(siteDir, 'dist-push')

let emulator
let demo
let pushDemo
let site
let pushSite
let browser
const problems = []
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-accounts-'))

before(
  async () => {
    assert.ok(fs.existsSync(path.join(distDir, 'index.html')), 'dist-demo/ missing: run go tool task site:build:demo')
    assert.ok(fs.existsSync(path.join(pushDistDir, 'firebase-messaging-sw.js')), 'dist-push/ missing: run go tool task site:build:push')
    assert.ok(process.env.OMC_BIN, 'set OMC_BIN to the omc binary')
    // HOME: firebase-tools keeps its settings there; CI: it then skips its
    // message-of-the-day request, the only one it would send off this machine.
    const firebaseHome = path.join(scratch, 'home')
    fs.mkdirSync(firebaseHome)
    emulator = start(
      'Auth emulator',
      path.join(siteDir, 'emulator', 'node_modules', '.bin', 'firebase'),
      ['emulators:start', '--only', 'auth', '--project', 'demo-omc'],
      {
        cwd: siteDir,
        env: { HOME: firebaseHome, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
        ready: /All emulators ready/,
      },
    )
    const bin = path.resolve(process.env.OMC_BIN)
    demo = startDemo(bin, { siteDir: distDir })
    pushDemo = startDemo(bin, { name: 'omc demo (push)', siteDir: pushDistDir })
    const [, url, pushUrl] = await Promise.all([emulator.found, demo.url, pushDemo.url])
    site = new URL(url)
    pushSite = new URL(pushUrl)
    browser = await launchChromium()
  },
  { timeout: START_TIMEOUT_MS + 30_000 },
)

after(async () => {
  await browser?.close()
  await Promise.all([emulator?.stop(), demo?.stop(), pushDemo?.stop()])
  fs.rmSync(scratch, { recursive: true, force: true })
})

// Console errors that are expected: the emulator answers a refused sign-up or
// sign-in with 400, which Chromium logs; Chromium's test windows are private
// ones, whose Push API refuses every subscription and says so.
const EXPECTED_CONSOLE_ERRORS = [/status of 400/, /does not support the Push API in incognito mode/]

/** newPage opens a page in a fresh browser context (service workers blocked unless asked for). */
async function newPage({ serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ serviceWorkers })
  await watchCsp(context, (violation) => problems.push(`CSP: ${violation}`))
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_CONSOLE_ERRORS.some((re) => re.test(message.text()))) {
      problems.push(`${page.url()}: ${message.text()}`)
    }
  })
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if ((protocol === 'http:' || protocol === 'https:') && hostname !== '127.0.0.1') problems.push(`left the test host: ${request.url()}`)
  })
  page.close = async () => context.close()
  return page
}

/** workers lists the page's service worker registrations as [scope path, script path], once the offline worker is active. */
async function workers(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready
    const registrations = await navigator.serviceWorker.getRegistrations()
    return registrations
      .map((r) => [new URL(r.scope).pathname, new URL((r.active ?? r.waiting ?? r.installing)?.scriptURL ?? 'http://x/none').pathname])
      .sort((a, b) => a[0].localeCompare(b[0]))
  })
}

/** controller is the script path of the worker controlling the page, '/none' when none does. */
async function controller(page) {
  return page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? 'http://x/none').pathname)
}

const uniqueEmail = (what) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const toast = (page, text) => page.getByRole('alert').filter({ hasText: text }).first()

async function signUp(page, name, email, password, on = site) {
  await page.goto(new URL('signup', on).href)
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('Display name').fill(name)
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign up' }).click()
}

async function signIn(page, email, password) {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign in' }).click()
}

describe('accounts on the Auth emulator', () => {
  test('sign up, see the name on /profile, reload, update it, sign out to /signin', async () => {
    const page = await newPage()
    try {
      await signUp(page, 'Buckeye Grower', uniqueEmail('signup'), 'secret-1')
      await page.waitForURL(/\/profile$/, { timeout: 20_000 })
      const shown = page.getByTestId('profile-display-name')
      await shown.filter({ hasText: 'Buckeye Grower' }).waitFor()
      await page.reload()
      await shown.filter({ hasText: 'Buckeye Grower' }).waitFor({ timeout: 20_000 })

      const form = page.getByRole('form', { name: 'Update profile' })
      await form.getByLabel('New display name').fill('Canopy')
      await form.getByRole('button', { name: 'Update profile' }).click()
      await page.getByRole('status').filter({ hasText: 'Profile updated' }).waitFor()
      await page.reload()
      await shown.filter({ hasText: 'Canopy' }).waitFor({ timeout: 20_000 })

      await page.getByRole('button', { name: 'Account: Canopy' }).click()
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.waitForURL(/\/signin$/)
      await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor()
    } finally {
      await page.close()
    }
  })

  test('the same e-mail again, a wrong password, and a toast that stays while hovered', async () => {
    const page = await newPage()
    try {
      // The page runs on Playwright's clock (time flows as usual until the test moves it
      // on), so the toast's 5 s are run through at once instead of waited for.
      await page.clock.install()
      const email = uniqueEmail('again')
      await signUp(page, 'First', email, 'secret-1')
      await page.waitForURL(/\/profile$/, { timeout: 20_000 })
      await page.getByRole('button', { name: 'Account: First' }).click()
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.waitForURL(/\/signin$/)

      await signUp(page, 'Second', email, 'secret-2')
      await toast(page, 'Email already registered! Please try Sign in').waitFor({ timeout: 20_000 })

      await page.goto(new URL('signin', site).href)
      await signIn(page, email, 'not-the-password')
      const wrong = toast(page, 'Password is wrong!')
      await wrong.waitFor({ timeout: 20_000 })
      await wrong.hover()
      // Under the pointer its time stops, which the toast marks; 6.5 s on, it is still there.
      await wrong.and(page.locator('[data-paused]')).waitFor()
      await page.clock.runFor(6_500)
      assert.equal(await wrong.count(), 1, 'the hovered toast closed')
      // Once the pointer leaves, its time runs again and it closes when the rest has run out.
      await page.mouse.move(0, 0)
      await wrong.and(page.locator(':not([data-paused])')).waitFor()
      await page.clock.runFor(5_000)
      await wrong.waitFor({ state: 'detached', timeout: 10_000 })
    } finally {
      await page.close()
    }
  })

  test('/profile signed out goes to /signin and back after signing in', async () => {
    const page = await newPage()
    try {
      const email = uniqueEmail('back')
      await signUp(page, 'Returning', email, 'secret-1')
      await page.waitForURL(/\/profile$/, { timeout: 20_000 })
      await page.getByRole('button', { name: 'Account: Returning' }).click()
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.waitForURL(/\/signin$/)

      await page.goto(new URL('profile', site).href)
      await page.waitForURL(/\/signin$/, { timeout: 20_000 })
      await signIn(page, email, 'secret-1')
      await page.waitForURL(/\/profile$/, { timeout: 20_000 })
      await page.getByTestId('profile-display-name').filter({ hasText: 'Returning' }).waitFor()
    } finally {
      await page.close()
    }
  })

  test('the demo has no push settings: the profile says so, and only the offline worker is registered', async () => {
    const page = await newPage({ serviceWorkers: 'allow' })
    try {
      await signUp(page, 'No Push', uniqueEmail('nopush'), 'secret-1')
      await page.waitForURL(/\/profile$/, { timeout: 20_000 })
      await page.getByText('Push notifications are not set up on this site.').waitFor()
      assert.equal(await page.getByRole('button', { name: /notifications/ }).count(), 0)
      assert.deepEqual(await workers(page), [['/', '/sw.js']])
      const messagingWorker = await page.request.get(new URL('firebase-messaging-sw.js', site).href)
      assert.equal(messagingWorker.status(), 404, 'a site without push settings serves no messaging worker')
    } finally {
      await page.close()
    }
  })

  test('with push settings: asked only from the profile, and the messaging worker lives beside the offline one', async () => {
    const page = await newPage({ serviceWorkers: 'allow' })
    try {
      await page.context().grantPermissions(['notifications'], { origin: pushSite.origin })
      // Counts permission requests across every page the visitor opens.
      await page.addInitScript(() => {
        const request = Notification.requestPermission.bind(Notification)
        Notification.requestPermission = (...args) => {
          sessionStorage.setItem('permission-requests', String(Number(sessionStorage.getItem('permission-requests') ?? 0) + 1))
          return request(...args)
        }
      })
      await signUp(page, 'Pusher', uniqueEmail('push'), 'secret-1', pushSite)
      await page.waitForURL(/\/profile$/, { timeout: 20_000 })
      const turnOn = page.getByRole('button', { name: 'Turn on notifications' })
      await turnOn.waitFor()
      assert.deepEqual(await workers(page), [['/', '/sw.js']], 'nothing but the offline worker before the visitor asks')
      // A worker controls the pages opened after it: the second visit is the offline worker's.
      await page.reload()
      await turnOn.waitFor({ timeout: 20_000 })
      assert.equal(await controller(page), '/sw.js')
      assert.equal(await page.evaluate(() => sessionStorage.getItem('permission-requests')), null, 'permission was asked on load')

      const warnings = []
      page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
      await turnOn.click()
      // Chromium's private windows refuse every push subscription, so the
      // token cannot be had here; the profile says why, and nothing is stored.
      const said = page.getByRole('alert').first()
      await said.waitFor({ timeout: 20_000 })
      assert.match(
        await said.innerText(),
        /This browser window cannot receive push notifications \(private windows cannot\)\./,
        `console: ${warnings.join('; ')}`,
      )
      assert.equal(await page.evaluate(() => sessionStorage.getItem('permission-requests')), '1')
      assert.deepEqual(await workers(page), [
        ['/', '/sw.js'],
        ['/firebase-cloud-messaging-push-scope', '/firebase-messaging-sw.js'],
      ])
      assert.equal(await controller(page), '/sw.js', 'the offline worker still controls the page')
      assert.equal(await page.evaluate(() => localStorage.getItem('omc-push-token')), null)
      await turnOn.waitFor()
    } finally {
      await page.close()
    }
  })

  test('no page threw or logged an error, and nothing left 127.0.0.1', () => {
    assert.deepEqual(problems, [])
  })
})
