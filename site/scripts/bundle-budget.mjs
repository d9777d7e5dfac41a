#!/usr/bin/env node
// Adds up the gzip size of the JavaScript each route loads, from the Vite
// manifest of the last `npm run build`, and fails when the homepage goes over
// its budget, when a screen loads more than 40 kB beyond what the homepage loads
// (a screen's first load on a phone), or when a screen with a budget of its own (OWN_BUDGETS_KB: the map,
// the charts) loads more JavaScript of its own than that: its chunks and the
// chunks they import, statically or not, less what the app's entry already loads.
// Usage: node scripts/bundle-budget.mjs [--budget-kb 115]
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const distDir = path.join(siteDir, 'dist')
const manifestPath = path.join(distDir, '.vite', 'manifest.json')

const budgetFlag = process.argv.indexOf('--budget-kb')
const budgetKb = budgetFlag > 0 ? Number(process.argv[budgetFlag + 1]) : 115
// A screen's own JavaScript, beyond the homepage's, stays under this
// (screens with a budget of their own in OWN_BUDGETS_KB are held to that instead).
const SCREEN_BUDGET_KB = 40
if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
  console.error(`bundle-budget: --budget-kb needs a positive number, got ${process.argv[budgetFlag + 1]}`)
  process.exit(2)
}
if (!fs.existsSync(manifestPath)) {
  console.error(`bundle-budget: ${path.relative(siteDir, manifestPath)} not found; run npm run build first`)
  process.exit(2)
}

const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
// Every lazily loaded screen (src/routes/*.tsx in the manifest); the not-found
// screen is part of the entry.
const ROUTES = { 'home (/)': 'src/routes/home.tsx' }
for (const key of Object.keys(manifest).sort()) {
  const m = key.match(/^src\/routes\/([a-z-]+)\.tsx$/)
  if (m && key !== ROUTES['home (/)'] && manifest[key].isDynamicEntry) ROUTES[m[1].replaceAll('-', ' ')] = key
}

// Every chunk a manifest entry pulls in without a dynamic import.
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  const entry = manifest[key]
  if (!entry) throw new Error(`bundle-budget: ${key} is not in the manifest`)
  seen.add(key)
  for (const dep of entry.imports ?? []) staticClosure(dep, seen)
  return seen
}

// Every chunk a screen loads: the route's static closure, plus what the route
// chunk (or a chunk it loads lazily) imports lazily itself, like the map.
function screenClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  const entry = manifest[key]
  if (!entry) throw new Error(`bundle-budget: ${key} is not in the manifest`)
  for (const dep of staticClosure(key)) seen.add(dep)
  for (const lazy of entry.dynamicImports ?? []) screenClosure(lazy, seen)
  return seen
}

/** OWN_BUDGETS_KB are the screens whose own JavaScript (gzip) has a ceiling: heavy by nature (a map, charts), held to their own figure. */
const OWN_BUDGETS_KB = { 'dispensary maps': 60, trends: 50 }

const gzipCache = new Map()
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length)
  }
  return gzipCache.get(file)
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const homeFiles = new Set([...staticClosure(entryKey), ...staticClosure(ROUTES['home (/)'])].map((key) => manifest[key].file))
let failed = false
for (const [label, routeKey] of Object.entries(ROUTES)) {
  const keys = new Set([...staticClosure(entryKey), ...staticClosure(routeKey)])
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))
  const sizes = files.map((file) => ({ file, bytes: gzipBytes(file) })).sort((a, b) => b.bytes - a.bytes)
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0)
  console.log(`${label}: ${(total / 1000).toFixed(2)} kB gzip JS in ${files.length} files`)
  for (const s of sizes) console.log(`  ${(s.bytes / 1000).toFixed(2).padStart(8)} kB  ${s.file}`)
  const own = sizes.filter((s) => !homeFiles.has(s.file)).reduce((sum, s) => sum + s.bytes, 0)
  if (routeKey !== ROUTES['home (/)']) console.log(`  ${(own / 1000).toFixed(2).padStart(8)} kB  beyond the homepage`)
  if (!(label in OWN_BUDGETS_KB) && own > SCREEN_BUDGET_KB * 1000) {
    console.error(`bundle-budget: ${label} loads ${(own / 1000).toFixed(2)} kB gzip JS beyond the homepage, over the ${SCREEN_BUDGET_KB} kB budget`)
    failed = true
  }
  if (routeKey === ROUTES['home (/)'] && total > budgetKb * 1000) {
    console.error(`bundle-budget: the homepage loads ${(total / 1000).toFixed(2)} kB gzip JS, over the ${budgetKb} kB budget`)
    failed = true
  }
}
const entryFiles = new Set([...staticClosure(entryKey)].map((key) => manifest[key].file))
for (const [label, budget] of Object.entries(OWN_BUDGETS_KB)) {
  const routeKey = ROUTES[label]
  if (!routeKey) {
    console.error(`bundle-budget: no route "${label}" in the manifest`)
    failed = true
    continue
  }
  const files = [...new Set([...screenClosure(routeKey)].map((key) => manifest[key].file))].filter(
    (file) => file.endsWith('.js') && !entryFiles.has(file),
  )
  const total = files.reduce((sum, file) => sum + gzipBytes(file), 0)
  console.log(`${label}, its own JS: ${(total / 1000).toFixed(2)} kB gzip in ${files.length} files (budget ${budget} kB)`)
  for (const file of files) console.log(`  ${(gzipBytes(file) / 1000).toFixed(2).padStart(8)} kB  ${file}`)
  if (total > budget * 1000) {
    console.error(`bundle-budget: ${label} loads ${(total / 1000).toFixed(2)} kB gzip JS of its own, over its ${budget} kB budget`)
    failed = true
  }
}
process.exit(failed ? 1 : 0)
