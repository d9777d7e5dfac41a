// Starting and stopping what the browser tests run against (omc demo, the
// Firebase Auth emulator): each in its own process group, so stopping it also
// ends whatever it started.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

/** START_TIMEOUT_MS is how long a process has to get ready (a busy CI machine builds nothing here, but starts slowly). */
export const START_TIMEOUT_MS = 120_000
const KEEP_LINES = 40

/**
 * start runs command with args and resolves `ready` with the first output line
 * (stdout or stderr, colours removed) that matches the ready pattern, as a match
 * array. It rejects, with the last lines of output, when the process exits or
 * prints nothing matching within timeoutMs (two minutes by default). stop() ends the process group
 * (SIGTERM, SIGKILL after 10 s) and resolves once it has exited.
 */
export function start(name, command, args, { cwd, env = {}, ready, timeoutMs = START_TIMEOUT_MS }) {
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  const lines = []
  const remember = (line) => {
    lines.push(line)
    if (lines.length > KEEP_LINES) lines.shift()
  }
  const last = () => lines.join('\n')

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      return // already gone
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

  const found = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready within ${timeoutMs / 1000} s; last output:\n${last()}`)), timeoutMs)
    // Both streams are read to the end, so a chatty process never blocks on a full pipe.
    for (const stream of [child.stdout, child.stderr]) {
      let pending = ''
      stream.setEncoding('utf8').on('data', (chunk) => {
        pending += chunk
        const complete = pending.split('\n')
        pending = complete.pop() ?? ''
        for (const raw of complete) {
          // eslint-disable-next-line no-control-regex -- the ESC of terminal colour codes
          const line = raw.replace(/\x1b\[[0-9;]*m/g, '')
          remember(line)
          const match = line.match(ready)
          if (match) {
            clearTimeout(timer)
            resolve(match)
          }
        }
      })
    }
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`cannot start ${name} (${command}): ${error.message}`))
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${signal ?? `code ${code}`}) before it was ready; last output:\n${last()}`))
    })
  })
  return { found, stop }
}

/**
 * SHARED_DEMO_ENV names the variable in which e2e/run.mjs passes the address of the one
 * `omc demo` (site/dist, no pre-rendering, as startDemo runs it by default) that the test
 * files of a run share. Only siteUnderTest reads it: a file that needs a demo of its own
 * (another build, pre-rendered pages, a tree it edits) starts one with startDemo, and
 * OMC_E2E_URL, a site the developer runs, still wins.
 */
export const SHARED_DEMO_ENV = 'OMC_E2E_SHARED_DEMO_URL'

/** DEMO_URL matches the line in which omc demo prints the site's address. */
const DEMO_URL = /http:\/\/127\.0\.0\.1:\d+\//
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * startDemo runs `omc demo` (bin) from the repo root on a free port, in a fresh
 * workdir, serving siteDir (its default, site/dist, when not given), with extraArgs, ready
 * within timeoutMs (START_TIMEOUT_MS by default). url
 * resolves with the site's address once printed, when the published tree is complete in
 * workdir/out (where its database is too); stop() also removes the workdir.
 */
export function startDemo(bin, { name = 'omc demo', siteDir, extraArgs = [], timeoutMs } = {}) {
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'omc-e2e-'))
  const args = ['demo', '--addr', '127.0.0.1:0', '--workdir', workdir, ...(siteDir ? ['--dir', siteDir] : []), ...extraArgs]
  const demo = start(name, bin, args, { cwd: repoRoot, ready: DEMO_URL, timeoutMs })
  return {
    workdir,
    url: demo.found.then(([url]) => url),
    stop: async () => {
      await demo.stop()
      fs.rmSync(workdir, { recursive: true, force: true })
    },
  }
}

/**
 * siteUnderTest is the site a browser test runs against: OMC_E2E_URL when set (a
 * site already running; a trailing slash keeps a base path such as
 * http://host/omc when page paths are resolved against it), else the plain `omc demo`
 * that e2e/run.mjs started for the files of one run to share (SHARED_DEMO_ENV), else
 * `omc demo` started from OMC_BIN. stop() ends what it started.
 */
export async function siteUnderTest(name) {
  const running = process.env.OMC_E2E_URL || process.env[SHARED_DEMO_ENV]
  if (running) return { site: new URL(running.replace(/\/?$/, '/')), stop: async () => {} }
  if (!process.env.OMC_BIN) throw new Error('set OMC_E2E_URL to a running site, or OMC_BIN to the omc binary to run `omc demo`')
  const demo = startDemo(path.resolve(process.env.OMC_BIN), { name })
  return { site: new URL(await demo.url), stop: demo.stop }
}

/**
 * launchChromium starts Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium)
 * headless, with its own background traffic (updates, sync, QUIC probes) off,
 * so the only requests are the pages'.
 */
export function launchChromium() {
  return chromium.launch({
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
}

/**
 * watchCsp reports every Content-Security-Policy violation in the context's
 * pages: the browser fires securitypolicyviolation on the document for each
 * blocked script, style, image or connection, which an init script forwards.
 */
export async function watchCsp(context, report) {
  await context.exposeBinding('__omcCspViolation', ({ page }, violation) => report(`${page?.url() ?? '?'}: ${violation}`))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__omcCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} (${e.sourceFile}:${e.lineNumber})`)
    })
  })
}

/**
 * sandboxedPage opens a page of site in a fresh browser context (its own storage, no
 * service worker) for the tests of one file: requests for any other host are aborted
 * and their URLs pushed to `blocked`, so nothing leaves 127.0.0.1; script errors,
 * console errors and Content-Security-Policy violations are pushed to `pageErrors`, for
 * the file's last test to find none (console errors unless consoleErrors is false: a
 * map's aborted tile requests log errors). The site's theme follows colorScheme; `at` fixes
 * the page's clock; geolocation grants the device location. Closing the page closes
 * its context.
 */
export async function sandboxedPage(
  { browser, site, pageErrors, blocked },
  { colorScheme = 'light', viewport = { width: 1280, height: 900 }, at, geolocation, consoleErrors = true } = {},
) {
  const context = await browser.newContext({
    viewport,
    colorScheme,
    serviceWorkers: 'block',
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
  })
  await watchCsp(context, (violation) => pageErrors.push(`CSP: ${violation}`))
  await context.route(
    (url) => url.hostname !== site.hostname,
    (route) => {
      blocked.push(route.request().url())
      return route.abort('internetdisconnected')
    },
  )
  if (at) await context.clock.setFixedTime(at)
  await context.addInitScript((theme) => localStorage.setItem('omc-theme-settings', JSON.stringify({ theme })), colorScheme)
  const page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
  if (consoleErrors)
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`${page.url()}: console: ${message.text()}`)
    })
  page.close = async () => context.close()
  return page
}

/** resultsDir is where the browser tests leave their screenshots and PDFs (site/test-results). */
export const resultsDir = path.join(repoRoot, 'site', 'test-results')

/**
 * browserAgainstSite registers a test file's hooks: before its tests, the site under
 * test (siteUnderTest(name)) and Chromium start, and ready gets { site, browser };
 * after them both stop (the site even when Chromium failed to start).
 */
export function browserAgainstSite(name, ready) {
  let stopSite = async () => {}
  let browser
  before(
    async () => {
      const started = await siteUnderTest(name)
      stopSite = started.stop
      fs.mkdirSync(resultsDir, { recursive: true })
      browser = await launchChromium()
      ready({ site: started.site, browser })
    },
    { timeout: START_TIMEOUT_MS + 30_000 },
  )
  after(async () => {
    await browser?.close()
    await stopSite()
  })
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axeViolations runs axe-core on the page and returns its serious and critical violations, described. */
export async function axeViolations(page) {
  await page.evaluate(AXE_SOURCE)
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
}

/**
 * axeAcrossThemes opens each of screens ([path, selector to wait for]) of site in a
 * page from newPage({ colorScheme }), light and dark, lets prepare(page, path) open
 * what should be checked too (a popup, a filter), and returns axe-core's serious and
 * critical violations, one line per screen and theme (light's first). The two themes
 * run side by side, each in its own page, so one's waits and axe-core's work in its
 * renderer overlap the other's.
 */
export async function axeAcrossThemes({ site, screens, newPage, prepare = async () => {} }) {
  const checkTheme = async (colorScheme) => {
    const failures = []
    const page = await newPage({ colorScheme })
    try {
      for (const [p, ready] of screens) {
        await page.goto(new URL(p, site).href)
        await page.locator(ready).first().waitFor({ timeout: 30_000 })
        await prepare(page, p)
        const found = await axeViolations(page)
        if (found.length) failures.push(`/${p} (${colorScheme}):\n  ${found.join('\n  ')}`)
      }
    } finally {
      await page.close()
    }
    return failures
  }
  return (await Promise.all(['light', 'dark'].map(checkTheme))).flat()
}
