// What scripts/prerender-pages.mjs remembers between publishes so that it renders again only
// the store and product pages whose data changed: for each such page, the content hash of
// every snapshot it was rendered with, and the build it was rendered for. The state is a small
// file beside the pages (PAGES_STATE in the pages' folder), which omc publish carries over
// with them (publish/carry.go).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** PAGES_STATE is the state file's name in the pages' folder. */
export const PAGES_STATE = '.pages-state.json'

const STATE_VERSION = 1

// Every snapshot starts with the time of its publish ("generatedAt", publish/SNAPSHOTS.md),
// which changes at every publish whether or not anything else did: it is left out of the hash.
const GENERATED_AT = /^\{\s*"generatedAt":\s*"[^"]*",?/

/** contentHash is the hash of a snapshot's text, its publish time left out. */
export const contentHash = (text) => crypto.createHash('sha256').update(text.replace(GENERATED_AT, '{')).digest('hex')

/** buildKey names what every page depends on besides its snapshots: the built template (its scripts and styles) and the site's address. */
export const buildKey = (template, siteUrl) =>
  crypto
    .createHash('sha256')
    .update(`${STATE_VERSION}\u0000${siteUrl ?? ''}\u0000${template}`)
    .digest('hex')

/** readStateFile is the state file in pagesDir as its last run wrote it, whatever build that was for; undefined when there is none or it is unreadable. */
function readStateFile(pagesDir) {
  const file = path.join(pagesDir, PAGES_STATE)
  if (!fs.existsSync(file)) return undefined
  try {
    const state = JSON.parse(fs.readFileSync(file, 'utf8'))
    return typeof state?.pages === 'object' && state.pages !== null ? state : undefined
  } catch {
    return undefined
  }
}

/**
 * readPagesState is the state of the last run into pagesDir (pages: each page's snapshot
 * hashes), empty when there is none, it is unreadable or it was written for another build
 * (every page is then rendered); and, whatever build that run was for, the pages it rendered
 * from a snapshot of their own (rendered: a store's, a product's), so that a run rendering every
 * page again (another build, --full) still removes those whose snapshot is no longer published.
 */
export function readPagesState(pagesDir, build) {
  const state = readStateFile(pagesDir)
  return { build, pages: state?.build === build ? state.pages : {}, rendered: Object.keys(state?.pages ?? {}) }
}

/**
 * unchangedPage tells whether the page at pagePath, rendered last time, can stay as it is:
 * its file is there, and every snapshot it was rendered with has the same content hash now
 * (hashOf: a snapshot's name → its hash now, undefined when it is gone).
 */
export function unchangedPage(state, pagePath, file, hashOf) {
  const was = state.pages[pagePath]
  if (!was || !fs.existsSync(file)) return false
  const names = Object.keys(was)
  return names.length > 0 && names.every((name) => hashOf(name) === was[name])
}
