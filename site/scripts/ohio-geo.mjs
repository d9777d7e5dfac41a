#!/usr/bin/env node
// Writes src/assets/geo/ohio.json, the map's offline base layer: Ohio's outline and
// its county lines as GeoJSON, cut from us-atlas (the Census Bureau's 2017
// cartographic county boundaries, public domain, redistributed as TopoJSON
// under ISC). topojson-client does the conversion here, at build-data time, so
// the browser downloads a small GeoJSON file and no TopoJSON code.
// Usage: node scripts/ohio-geo.mjs   (re-run only when us-atlas changes)
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { feature, merge, mesh } from 'topojson-client'

const OHIO_FIPS = '39'
// 3 decimals of a degree is about 100 m: finer than a county line drawn at state zoom needs.
const PRECISION = 1e3

const require = createRequire(import.meta.url)
const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const atlasFile = require.resolve('us-atlas/counties-10m.json')
const topology = JSON.parse(fs.readFileSync(atlasFile, 'utf8'))
const version = JSON.parse(fs.readFileSync(path.join(path.dirname(atlasFile), 'package.json'), 'utf8')).version

const inOhio = (g) => String(g.id).startsWith(OHIO_FIPS)
const counties = topology.objects.counties.geometries.filter(inOhio)
if (counties.length !== 88) throw new Error(`ohio-geo: expected Ohio's 88 counties in ${atlasFile}, found ${counties.length}`)

const round = (coords) => (typeof coords[0] === 'number' ? coords.map((c) => Math.round(c * PRECISION) / PRECISION) : coords.map(round))
const rounded = (geometry) => ({ type: geometry.type, coordinates: round(geometry.coordinates) })

const outline = merge(topology, counties)
// Lines shared by two Ohio counties: each interior border drawn once.
const lines = mesh(topology, { type: 'GeometryCollection', geometries: counties }, (a, b) => a !== b)
const names = counties.map((g) => feature(topology, g).properties.name).sort()

const out = {
  source: `us-atlas ${version} (U.S. Census Bureau cartographic boundary files, 2017), https://github.com/topojson/us-atlas`,
  counties: names,
  outline: { type: 'Feature', properties: { name: 'Ohio' }, geometry: rounded(outline) },
  countyLines: { type: 'Feature', properties: { name: 'Ohio county lines' }, geometry: rounded(lines) },
}
const file = path.join(siteDir, 'src', 'assets', 'geo', 'ohio.json')
fs.writeFileSync(file, JSON.stringify(out) + '\n')
console.log(`ohio-geo: wrote ${path.relative(siteDir, file)} (${fs.statSync(file).size} bytes, ${names.length} counties)`)
