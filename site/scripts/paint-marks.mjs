// When an element of a page is painted, as the benches measure it (bench-lcp.mjs and
// bench-menus.mjs): Element Timing's renderTime, the frame that first showed it. A mark
// taken at the next frame and then a task (requestAnimationFrame, setTimeout) also counted
// whatever long task ran between that frame and the mark, such as the app's start right
// after the parser finished or a snapshot's arrival: up to a second at 4x CPU slowdown in a
// trace of a page whose rows had long been on screen.

/** PAINTED is the console message a page logs once every watched element is painted. */
export const PAINTED = 'bench: painted'

/**
 * watchPaints is an init script (page.addInitScript(watchPaints, marks)): marks maps a name to
 * a CSS selector, and window.__painted[name] becomes the time (ms since navigation) the first
 * element matching it was painted. The elementtiming attribute is set on that element and on
 * what it holds the moment the parser or React inserts them, before any frame (mutation
 * observers run before rendering): Chromium reports a text under the block that holds it, so
 * the earliest entry of them is the element's paint (an element marked only after its first
 * paint is reported at its next, late). Once every mark is in, the page logs
 * PAINTED (waiting with page.waitForFunction would poll on the page's main thread, inside
 * the window measured). The function is sent to the page as its source: it uses nothing
 * from this module.
 */
export function watchPaints(marks) {
  const names = Object.keys(marks)
  window.__painted = {}
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const t = e.renderTime || e.loadTime
      if (!(e.identifier in window.__painted) || t < window.__painted[e.identifier]) window.__painted[e.identifier] = t
    }
    if (names.every((name) => name in window.__painted)) console.log('bench: painted')
  }).observe({ type: 'element', buffered: true })
  // The parser may hand over an element before what it holds (a card's start tag in one
  // chunk, its text in the next): what arrives later in a found element is marked as it
  // comes, until every mark is painted.
  const found = {}
  const marker = new MutationObserver(() => {
    if (names.every((name) => name in window.__painted)) return marker.disconnect()
    for (const name of names) {
      // One found and then removed before any frame showed it (rows rendered from a first page
      // and replaced, in the same task, by the whole search's) is never painted: look again.
      if (!found[name]?.isConnected) found[name] = document.querySelector(marks[name])
      if (!found[name]) continue
      for (const el of [found[name], ...found[name].querySelectorAll(':not([elementtiming])')].slice(0, 500)) el.setAttribute('elementtiming', name)
    }
  })
  marker.observe(document, { childList: true, subtree: true })
}

/** paintsOf is a promise of the moment the page (opened after this call) has painted every mark. */
export const paintsOf = (page) => page.waitForEvent('console', { predicate: (message) => message.text() === PAINTED, timeout: 60_000 })
