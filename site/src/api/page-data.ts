import { snapshotKey } from './snapshot-key'

// The snapshots a page's HTML was rendered with, written into the page beside it
// (scripts/prerender.mjs for the community pages at build time, scripts/prerender-pages.mjs
// for the data pages after each publish) so the app hydrates that very HTML from the
// same data instead of fetching it again.

/** BUILT_WITH_ID is the <script> holding the community-page snapshots a page was built with: SWR still asks for the latest. */
export const BUILT_WITH_ID = 'omc-prerender-data'
/** PUBLISHED_WITH_ID is the <script> holding the snapshots a page was rendered with after a publish: they are the latest, not asked for again. */
export const PUBLISHED_WITH_ID = 'omc-page-data'

/** PageData is what PUBLISHED_WITH_ID holds: the time the HTML was rendered and its snapshots, checked (name → parsed data). */
export type PageData = { renderedAt: number; snapshots: Record<string, unknown> }

let renderedAt: number | undefined
const published = new Map<string, unknown>()
// Whether this render is the page's HTML: the renderer's, or the browser's hydrating it. The
// app renders a page opened with another query afresh (app/main.tsx), from the snapshots it
// carries.
let pageHtmlRendered = true

/**
 * setPageData records the data a page is rendered or hydrated with: the renderer
 * calls it before rendering, the browser with what the page carries (readPageData).
 * asRendered is false for a page the app renders afresh rather than hydrate.
 */
export function setPageData(data: PageData | undefined, asRendered = true): void {
  published.clear()
  pageHtmlRendered = asRendered
  renderedAt = data?.renderedAt
  for (const [name, snapshot] of Object.entries(data?.snapshots ?? {})) published.set(name, snapshot)
}

/** pageRenderedAt is the time (epoch ms) the page's HTML was rendered with its data; undefined for any other page. */
export function pageRenderedAt(): number | undefined {
  return renderedAt
}

/**
 * rendersPageHtml tells whether this render makes the page's HTML with snapshot name (one it
 * came with), rather than another view from it: a list then renders all its rows at once, for
 * the page's HTML (a visitor without JavaScript) and the hydration of that HTML to match them.
 * A view rendered afresh paints its first rows first, as any view the app renders from a
 * download does: the whole list at once (a store's flower offers) took 0.76 s of style, layout
 * and paint at 4x CPU slowdown before its first row showed (a trace of bench:menus' store page
 * linked with a product type).
 */
export function rendersPageHtml(name: string): boolean {
  return pageHtmlRendered && published.has(name)
}

/** publishedWithPage tells whether snapshot name came with the page, as published: no need to fetch it. */
export function publishedWithPage(name: string): boolean {
  return published.has(name)
}

/** pageSnapshot is snapshot name as the page came with it (checked); undefined when it did not. */
export function pageSnapshot(name: string): unknown {
  return published.get(name)
}

function readJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * readPageData reads the snapshots the page's HTML carries and returns them as
 * SWR fallback data ({ key: { data } }). Those of PUBLISHED_WITH_ID were checked
 * against their shapes by the renderer, right after the publish that wrote them,
 * so they are used as they are: a large snapshot is checked once, not again in
 * every visitor's browser. hydrating is false when the app renders the page afresh
 * from them, for a query it was not rendered for (app/main.tsx; rendersPageHtml).
 */
export function readPageData(hydrating: boolean): Record<string, unknown> {
  const fallback: Record<string, unknown> = {}
  const built = readJson(BUILT_WITH_ID)
  if (isRecord(built)) for (const [name, data] of Object.entries(built)) fallback[snapshotKey(name)] = { data }
  const page = readJson(PUBLISHED_WITH_ID)
  if (isRecord(page) && typeof page.renderedAt === 'number' && isRecord(page.snapshots)) {
    setPageData({ renderedAt: page.renderedAt, snapshots: page.snapshots }, hydrating)
    for (const [name, data] of Object.entries(page.snapshots)) fallback[snapshotKey(name)] = { data }
  }
  return fallback
}
