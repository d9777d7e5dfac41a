import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CURRENT_UNDER_HOURS, STALE_UNDER_HOURS } from './freshness'

// Screens say the freshness hours through the constants (lib/freshness.ts, held to
// freshness/testdata/vectors.json), so a changed threshold changes every sentence.
const SRC = path.resolve(__dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'testing' ? [] : sources(full)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : []
  })
}

describe('freshness hours in the screens’ words', () => {
  it('are never typed by hand', () => {
    const typed = new RegExp(`\\b(${CURRENT_UNDER_HOURS}|${STALE_UNDER_HOURS})\\s*(hours?|hrs?)\\b`, 'i')
    const offenders = sources(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        // Comments may explain the rule in numbers; only what a screen says counts.
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && typed.test(line))
        .map((line) => `${path.relative(SRC, file)}: ${line.trim()}`),
    )
    expect(offenders).toEqual([])
  })
})
