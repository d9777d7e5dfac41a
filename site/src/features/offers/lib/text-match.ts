// Typo-tolerant matching for the Menus search box: every word typed must
// match the start of some word of the product's name, brand or strain, with
// one slip allowed in words of 4 to 7 letters and two from 8 letters on
// ("wedding cak", "weding cake", "weddign" all find Wedding Cake). Our own
// ~40 lines rather than a fuzzy-search library (Fuse.js and the like score
// whole strings and would add ~8 kB to the screen): word-prefix matching is
// what shoppers type, and it is fast enough to run on every keystroke over
// Ohio's whole catalogue.

/** tokenize lower-cases text, drops accents and splits it into words. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9.]+/)
    .filter(Boolean)
}

/** editDistance is the optimal-string-alignment distance (insertions, deletions, substitutions, swaps of neighbours). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = best
    }
  }
  return rows[a.length]![b.length]!
}

function allowedSlips(word: string): number {
  if (word.length >= 8) return 2
  return word.length >= 4 ? 1 : 0
}

/** wordMatches tells whether a typed word matches the start of a word of the text, within its allowed slips. */
export function wordMatches(typed: string, word: string): boolean {
  if (word.startsWith(typed)) return true
  const slips = allowedSlips(typed)
  if (slips === 0) return false
  // Compare with the word's starts of about the typed length (a slip may add or drop a letter).
  for (let length = typed.length - slips; length <= typed.length + slips; length++) {
    if (length < 1 || length > word.length) continue
    if (editDistance(typed, word.slice(0, length)) <= slips) return true
  }
  return false
}

/** WordCache remembers, per typed word, which words it matched: a catalogue has far fewer distinct words than offers. */
export type WordCache = Map<string, Map<string, boolean>>

/** textMatches tells whether every typed word matches some word of the text's words (cache: for one query). */
export function textMatches(typedWords: readonly string[], words: readonly string[], cache: WordCache = new Map()): boolean {
  return typedWords.every((typed) => {
    let seen = cache.get(typed)
    if (!seen) cache.set(typed, (seen = new Map()))
    return words.some((word) => {
      let hit = seen.get(word)
      if (hit === undefined) seen.set(word, (hit = wordMatches(typed, word)))
      return hit
    })
  })
}

/**
 * matchScore ranks a text the typed words match (textMatches) for the relevance
 * order: per typed word, 3 when it is a whole word of the text, 2 the start of
 * one, 1 a start with a slip. Words of the product's name come first in words,
 * so ties keep the search's own order.
 */
export function matchScore(typedWords: readonly string[], words: readonly string[]): number {
  let score = 0
  for (const typed of typedWords) {
    let best = 0
    for (const word of words) {
      const s = word === typed ? 3 : word.startsWith(typed) ? 2 : best < 1 && wordMatches(typed, word) ? 1 : 0
      if (s > best) best = s
      if (best === 3) break
    }
    score += best
  }
  return score
}
