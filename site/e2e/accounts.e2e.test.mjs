// Browser test of the account screens, in the demo as `go tool task demo` runs
// it: `omc demo` serving dist-demo/ (the site built with the Auth emulator's
// settings, go tool task site:build:demo) and the real Firebase Auth emulator
// (firebase-tools, project demo-omc: no network, no login) on 127.0.0.1:9099.
// Both are started here and ended afterwards. Needs OMC_BIN, the omc binary.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { DEMO_URL, launchChromium, START_TIMEOUT_MS, start } from './processes.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = path.resolve(siteDir, '..')
const distDir = path.join(siteDir, 'dist-demo')

let emulator
let demo
let site
let browser
const problems = []
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-accounts-'))

before(async () => {
  assert.ok(fs.existsSync(path.join(distDir, 'index.html')), 'dist-demo/ missing: run go tool task site:build:demo')
  assert.ok(process.env.OMC_BIN, 'set OMC_BIN to the omc binary')
  // HOME: firebase-tools keeps its settings there; CI: it then skips its
  // message-of-the-day request, the only one it would send off this machine.
  const firebaseHome = path.join(scratch, 'home')
  fs.mkdirSync(firebaseHome)
  emulator = start('Auth emulator', path.join(siteDir, 'node_modules', '.bin', 'firebase'), ['emulators:start', '--only', 'auth', '--project', 'demo-omc'], {
    cwd: siteDir,
    env: { HOME: firebaseHome, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    ready: /All emulators ready/,
  })
  demo = start('omc demo', path.resolve(process.env.OMC_BIN), ['demo', '--dir', distDir, '--addr', '127.0.0.1:0', '--workdir', path.join(scratch, 'demo')], {
    cwd: repoRoot,
    ready: DEMO_URL,
  })
  const [, [url]] = await Promise.all([emulator.found, demo.found])
  site = new URL(url)
  browser = await launchChromium()
}, { timeout: START_TIMEOUT_MS + 30_000 })

after(async () => {
  await browser?.close()
  await Promise.all([emulator?.stop(), demo?.stop()])
  fs.rmSync(scratch, { recursive: true, force: true })
})

async function newPage() {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    // The emulator answers a refused sign-up or sign-in with 400, which Chromium logs.
    if (message.type() === 'error' && !/status of 400/.test(message.text())) problems.push(`${page.url()}: ${message.text()}`)
  })
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if ((protocol === 'http:' || protocol === 'https:') && hostname !== '127.0.0.1') problems.push(`left the test host: ${request.url()}`)
  })
  page.close = async () => context.close()
  return page
}

const uniqueEmail = (what) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const toast = (page, text) => page.getByRole('alert').filter({ hasText: text }).first()

async function signUp(page, name, email, password) {
  await page.goto(new URL('signup', site).href)
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
      await page.waitForTimeout(6_500)
      assert.equal(await wrong.count(), 1, 'the hovered toast closed')
      await page.mouse.move(0, 0)
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

  test('no page threw or logged an error, and nothing left 127.0.0.1', () => {
    assert.deepEqual(problems, [])
  })
})
