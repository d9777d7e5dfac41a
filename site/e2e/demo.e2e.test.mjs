// Browser test of the built site against real published data.
//
// The site comes from one of two places:
//   OMC_E2E_URL=http://127.0.0.1:8080/  a site that is already running, or
//   OMC_BIN=/path/to/omc                 started here as `omc demo --addr 127.0.0.1:0
//                                        --workdir <fresh tmp dir>` from the repo root;
//                                        the first stdout line with its URL is the site.
// Chromium: CHROMIUM_PATH or /usr/bin/chromium. Screenshots go to site/test-results/.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = path.resolve(siteDir, '..')
const resultsDir = path.join(siteDir, 'test-results')
const SITE_NAME = 'Ohio Marijuana Community'
const REGIONS = ['Northeast', 'Northwest', 'Central', 'Southwest', 'Southeast']
const START_TIMEOUT_MS = 120_000
const URL_LINE = /http:\/\/127\.0\.0\.1:\d+\//

/** startDemo runs `omc demo` and resolves with its URL once it prints it. */
function startDemo(bin) {
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-e2e-'))
  // detached: the demo gets its own process group, so stop() ends it and everything it started.
  const child = spawn(bin, ['demo', '--addr', '127.0.0.1:0', '--workdir', workdir], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = []
  const remember = (line) => {
    output.push(line)
    if (output.length > 40) output.shift()
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }, 10_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(workdir, { recursive: true, force: true })
  }

  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`omc demo printed no URL within ${START_TIMEOUT_MS / 1000} s; last output:\n${output.join('\n')}`))
    }, START_TIMEOUT_MS)
    let pending = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        remember(line)
        const match = line.match(URL_LINE)
        if (match) {
          clearTimeout(timer)
          resolve(match[0])
        }
      }
    })
    // Keep reading stderr so a chatty demo never blocks on a full pipe.
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk) => chunk.split('\n').filter(Boolean).forEach(remember))
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`cannot start ${bin}: ${error.message}`))
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`omc demo exited (${signal ?? `code ${code}`}) before printing its URL; last output:\n${output.join('\n')}`))
    })
  })
  return { url, stop }
}

let site
let stopSite = async () => {}
let browser
const pageErrors = []

before(async () => {
  if (process.env.OMC_E2E_URL) {
    // A trailing slash keeps a base path (http://host/omc) when page paths are resolved against it.
    site = new URL(process.env.OMC_E2E_URL.replace(/\/?$/, '/'))
  } else if (process.env.OMC_BIN) {
    const demo = startDemo(path.resolve(process.env.OMC_BIN))
    stopSite = demo.stop
    site = new URL(await demo.url)
  } else {
    throw new Error('set OMC_E2E_URL to a running site, or OMC_BIN to the omc binary to run `omc demo`')
  }
  fs.mkdirSync(resultsDir, { recursive: true })
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}, { timeout: START_TIMEOUT_MS + 30_000 })

after(async () => {
  await browser?.close()
  await stopSite()
})

/** open loads a path of the site in a fresh page and records its script errors. */
async function open(pathname, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport })
  page.on('pageerror', (error) => pageErrors.push(`${pathname}: ${error.message}`))
  await page.goto(new URL(pathname, site).href)
  return page
}

describe('published site', () => {
  test('dispensary status shows the summary and tiles in every state', async () => {
    const page = await open('dispensary-status')
    try {
      const summary = page.getByRole('region', { name: 'Summary' })
      await summary.waitFor({ timeout: 30_000 })
      assert.equal(await page.title(), `Dispensary Status - ${SITE_NAME}`)
      for (const label of ['Dispensaries', 'Monitored', 'Not Monitored', 'Menus', 'Current', 'Stale', 'Missing']) {
        const value = await summary.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent()
        assert.match(value ?? '', /^\d+$/, `summary ${label} should be a number, got ${value}`)
      }

      const cards = page.locator('article')
      assert.ok((await cards.count()) > 0, 'no dispensary cards')
      for (const state of ['current', 'stale', 'missing']) {
        const icons = await cards.locator(`[role="img"][aria-label="${state}"]`).count()
        assert.ok(icons > 0, `no tile is ${state}`)
      }
      assert.ok((await cards.getByText(/^\d+ products$/).count()) > 0, 'no tile shows "{n} products"')
      assert.ok((await cards.getByText('Monitored', { exact: true }).count()) > 0, 'no Monitored pill')
      assert.ok((await cards.getByText('Not Monitored', { exact: true }).count()) > 0, 'no Not Monitored pill')

      await page.screenshot({ path: path.join(resultsDir, 'dispensary-status.png') })
    } finally {
      await page.close()
    }
  })

  test('homepage shows strains and every region’s top deals', async () => {
    const page = await open('')
    try {
      const strains = page.getByRole('region', { name: "Ohio's Most Available Strains" })
      await strains.waitFor({ timeout: 30_000 })
      assert.equal(await page.title(), SITE_NAME)
      assert.ok((await strains.locator('ol > li').count()) >= 3, 'fewer than 3 strains listed')
      for (const region of REGIONS) {
        await page.getByRole('region', { name: `${region} Top Deals` }).waitFor({ timeout: 5_000 })
      }
      assert.ok((await page.getByText(/for \$\d+\.\d{2}/).count()) > 0, 'no deal shows "for $x.xx"')
      await page.screenshot({ path: path.join(resultsDir, 'home.png'), fullPage: true })
    } finally {
      await page.close()
    }
  })

  test('homepage fits a phone screen', async () => {
    const page = await open('', { width: 390, height: 844 })
    try {
      await page.getByRole('region', { name: "Ohio's Most Available Strains" }).waitFor({ timeout: 30_000 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`)
      await page.screenshot({ path: path.join(resultsDir, 'home-mobile.png') })
    } finally {
      await page.close()
    }
  })

  test('dispensary status fits a phone screen', async () => {
    const page = await open('dispensary-status', { width: 390, height: 844 })
    try {
      await page.getByRole('region', { name: 'Summary' }).waitFor({ timeout: 30_000 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`)
      await page.screenshot({ path: path.join(resultsDir, 'dispensary-status-mobile.png') })
    } finally {
      await page.close()
    }
  })

  test('an unknown path shows the not-found screen', async () => {
    const page = await open('no-such-page-e2e')
    try {
      await page.getByRole('heading', { name: 'The page you requested was not found!' }).waitFor({ timeout: 30_000 })
      assert.equal(await page.getByRole('link', { name: 'Home' }).getAttribute('href'), '/')
      assert.equal(await page.title(), `Page Not Found - ${SITE_NAME}`)
      await page.screenshot({ path: path.join(resultsDir, 'not-found.png') })
    } finally {
      await page.close()
    }
  })

  test('no page threw a script error', () => {
    assert.deepEqual(pageErrors, [])
  })
})
