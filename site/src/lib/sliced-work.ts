import { startTransition, useEffect, useState } from 'react'

// Work over a whole search's offers (joining Ohio's ~40,000 flower offers, indexing them for the
// filters) took over a second at 4x CPU slowdown, in one task: a click or a keystroke in that
// second waited for all of it (npm run bench:menus, "longest task"). Written as a generator that
// yields between its steps, the same work runs at once where it is small or needed now
// (runSteps), and in slices between which the browser handles input and paints (runInSlices).

/** Steps is work cut into steps: a generator that yields between them and returns the work's result. */
export type Steps<T> = Generator<void, T, void>

/** runSteps runs steps to their end at once and returns their result. */
export function runSteps<T>(steps: Steps<T>): T {
  let step = steps.next()
  while (!step.done) step = steps.next()
  return step.value
}

/** SORT_RUN is how many items sortSteps sorts, or merges, in one step. */
const SORT_RUN = 2_000

/**
 * sortSteps is items sorted by compare (a new array), in steps: runs of SORT_RUN items, each
 * sorted in a step, then merged pass by pass. Stable, as Array.prototype.sort is: items that
 * compare equal (or not at all, NaN) stay in their order.
 */
export function* sortSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const n = items.length
  let from: T[] = []
  for (let lo = 0; lo < n; lo += SORT_RUN) {
    for (const item of items.slice(lo, lo + SORT_RUN).sort(compare)) from.push(item)
    yield
  }
  let to = new Array<T>(n)
  for (let width = SORT_RUN; width < n; width *= 2) {
    let moved = 0
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n)
      const hi = Math.min(lo + 2 * width, n)
      let a = lo
      let b = mid
      let k = lo
      while (a < mid || b < hi) {
        // The left run's item first unless the right one is strictly before it.
        to[k++] = b >= hi || (a < mid && !(compare(from[a]!, from[b]!) > 0)) ? from[a++]! : from[b++]!
        if (++moved % SORT_RUN === 0) yield
      }
    }
    ;[from, to] = [to, from]
  }
  return from
}

/**
 * SLICE_MS is how long a slice runs before the browser may handle input and paint: well under a
 * frame, so that an input waits for at most about this long.
 */
export const SLICE_MS = 8

type Scheduler = { yield?: () => Promise<void> }

/**
 * yieldToBrowser resolves in a later task: with scheduler.yield where the browser has it (the
 * work goes on before other tasks queued since, but after input), else through a message (a
 * timer's would wait at least 4 ms once nested).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/** runInSlices runs steps in slices of about SLICE_MS, each a task of its own; it stops, rejecting with signal's reason, once signal aborts. */
export async function runInSlices<T>(steps: Steps<T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    if (signal.aborted) throw signal.reason
    const end = performance.now() + SLICE_MS
    let step = steps.next()
    while (!step.done && performance.now() < end) step = steps.next()
    if (step.done) return step.value
    await yieldToBrowser()
  }
}

/**
 * SlicedJob is work a screen needs: done is its result when it is already known (small work,
 * done at once, or work done before and kept), else steps does it.
 */
export type SlicedJob<T> = {
  done?: T
  steps: () => Steps<T>
  finished?: (value: T) => void
  /**
   * over is what the job works on, when another job over the same may stand in for it while it
   * runs (useSlicedOrLast): the same search files joined from another point.
   */
  over?: object
}

/**
 * useSliced is job's result: job.done at once when known, else null until the job has run in
 * slices after the render (a new job, or none, drops the one running). finished is told the
 * result, to keep it for a later job of the same work. An error in the work is thrown in the
 * render, for the screen's error boundary, as if the work had run there.
 */
export function useSliced<T>(job: SlicedJob<T> | null): T | null {
  return resultOf(job, useOutcome(job))
}

/**
 * useSlicedOrLast is useSliced's result, or while a job runs, the last result it gave for a job
 * over the same (SlicedJob.over), marked stale: a search from another point keeps the rows on
 * screen, busy, until the new ones are ready, rather than a loading line that moves the page.
 */
export function useSlicedOrLast<T>(job: SlicedJob<T> | null): { value: T | null; stale: boolean } {
  const value = resultOf(job, useOutcome(job))
  const [last, setLast] = useState<{ over: object; value: T } | null>(null)
  // The last result shown, noted in the render that shows it (React renders again at once).
  if (value !== null && job?.over !== undefined && (last?.value !== value || last.over !== job.over)) setLast({ over: job.over, value })
  if (value === null && job?.over !== undefined && last?.over === job.over) return { value: last.value, stale: true }
  return { value, stale: false }
}

type Outcome<T> = { job: SlicedJob<T>; value: T } | { job: SlicedJob<T>; error: unknown }

/** useOutcome runs job in slices after the render when its result is not known (a new job, or none, drops the one running). */
function useOutcome<T>(job: SlicedJob<T> | null): Outcome<T> | null {
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null)
  useEffect(() => {
    if (!job || job.done !== undefined) return
    const controller = new AbortController()
    runInSlices(job.steps(), controller.signal).then(
      (value) => {
        job.finished?.(value)
        startTransition(() => setOutcome({ job, value }))
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setOutcome({ job, error })
      },
    )
    return () => controller.abort()
  }, [job])
  return outcome
}

/** resultOf is job's result: done when known, else its outcome's (an error thrown), else null. */
function resultOf<T>(job: SlicedJob<T> | null, outcome: Outcome<T> | null): T | null {
  if (!job) return null
  if (job.done !== undefined) return job.done
  if (outcome?.job !== job) return null
  if ('error' in outcome) throw outcome.error
  return outcome.value
}
