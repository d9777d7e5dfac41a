#!/usr/bin/env node
// Builds the service worker (src/sw/sw.ts) into dist/sw.js (or OMC_SITE_OUT's directory) after the site and
// its pre-rendered pages are built, and writes the precache list into it: every
// file of the app shell with a revision (the content hash for files whose name
// has none), so a deployment that changes any of them installs a new worker.
// Workbox's own workbox-build does the same, with a much larger dependency tree.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { build, loadEnv, resolveConfig } from 'vite'
import { outDir as distDir, siteDir } from './out-dir.mjs'
const MARKER = 'self.__WB_MANIFEST'

// The path the site is served under ("/", or a sub-path such as /omc/), as the site's
// own build resolved it (vite.config.ts): the precache lists every file under it.
const { base } = await resolveConfig({ root: siteDir, configFile: path.join(siteDir, 'vite.config.ts'), logLevel: 'warn' }, 'build', 'production')

/** buildWorker bundles a service worker source into one classic script in the build directory. */
async function buildWorker(entry, fileName, define = {}) {
  await build({
    root: siteDir,
    configFile: false,
    logLevel: 'warn',
    // workbox checks process.env.NODE_ENV to leave out its development logging.
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    // The app's `@/` alias (vite.config.ts), which this config, apart from the app's, must name
    // too: the wishlist's alerts the worker runs import through it.
    resolve: { alias: [{ find: /^@\//, replacement: `${path.join(siteDir, 'src')}/` }] },
    build: {
      outDir: distDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      lib: { entry: path.join(siteDir, entry), formats: ['iife'], name: 'omcServiceWorker', fileName: () => fileName },
    },
  })
}

await buildWorker('src/sw/sw.ts', 'sw.js')

// The messaging worker (docs/specification.md §7), only for a site with push notifications:
// without their settings nothing is built, so nothing can be registered. The
// settings were checked when the app was built (src/config/env.ts: push needs
// the four sign-in variables, the sender id and the VAPID key), so the VAPID
// key alone says whether push is on.
const MESSAGING_WORKER = 'firebase-messaging-sw.js'
const firebaseEnv = loadEnv('production', siteDir, 'VITE_FIREBASE_')
const accountsOn = Boolean(firebaseEnv.VITE_FIREBASE_API_KEY?.trim())
const pushOn = Boolean(firebaseEnv.VITE_FIREBASE_VAPID_KEY?.trim())
fs.rmSync(path.join(distDir, MESSAGING_WORKER), { force: true })
if (pushOn) {
  const config = {
    apiKey: firebaseEnv.VITE_FIREBASE_API_KEY,
    authDomain: firebaseEnv.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: firebaseEnv.VITE_FIREBASE_PROJECT_ID,
    appId: firebaseEnv.VITE_FIREBASE_APP_ID,
    messagingSenderId: firebaseEnv.VITE_FIREBASE_MESSAGING_SENDER_ID,
  }
  await buildWorker('src/sw/firebase-messaging-sw.ts', MESSAGING_WORKER, { __OMC_FIREBASE_CONFIG__: JSON.stringify(config) })
  console.log(`build-sw: ${MESSAGING_WORKER} for project ${config.projectId}`)
}

// What the offline site needs: pages, scripts, styles, images. Not the
// snapshots (network-first at run time), the build manifest, crawler files or
// the files for omc (csp.json, routes.json). Nor the workers themselves, which
// the browser fetches on its own.
const SKIP = [
  /^\.vite\//,
  /^sw\.js$/,
  /^csp\.json$/,
  /^routes\.json$/,
  /^firebase-messaging-sw\.js$/,
  /^api\//,
  /^manifest\.json$/,
  /^robots\.txt$/,
  /^sitemap\.xml$/,
  /^_headers$/,
]
const HASHED = /^assets\//

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full) : [full]
  })
}

// The Firebase SDK's chunks (vite.config.ts names them) only where the site
// uses them: a site without accounts never loads them.
if (!accountsOn) SKIP.push(/^assets\/firebase-sdk-/)
if (!pushOn) SKIP.push(/^assets\/firebase-messaging-sdk-/)

const entries = walk(distDir)
  .map((file) => path.relative(distDir, file).split(path.sep).join('/'))
  .filter((rel) => !SKIP.some((re) => re.test(rel)))
  .sort()
  .map((rel) => ({
    url: `${base}${rel}`,
    revision: HASHED.test(rel)
      ? null
      : crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(distDir, rel)))
          .digest('hex')
          .slice(0, 16),
  }))

const swPath = path.join(distDir, 'sw.js')
const sw = fs.readFileSync(swPath, 'utf8')
if (sw.split(MARKER).length !== 2) throw new Error(`build-sw: ${MARKER} must appear exactly once in sw.js`)
fs.writeFileSync(swPath, sw.replace(MARKER, JSON.stringify(entries)))
const bytes = entries.reduce((sum, e) => sum + fs.statSync(path.join(distDir, e.url.slice(base.length))).size, 0)
console.log(`build-sw: sw.js precaches ${entries.length} files (${(bytes / 1024).toFixed(0)} KiB)${base === '/' ? '' : ` under ${base}`}`)
