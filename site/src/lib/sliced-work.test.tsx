import { Component, type ReactNode } from 'react'
import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { runInSlices, runSteps, SLICE_MS, sortSteps, useSliced, useSlicedOrLast, type SlicedJob, type Steps } from './sliced-work'

/** counting is work of n steps that returns n, noting each step in done. */
function* counting(n: number, done: number[], busyMs = 0): Steps<number> {
  for (let i = 0; i < n; i++) {
    const until = performance.now() + busyMs
    while (performance.now() < until) {
      // busy: a step that takes busyMs
    }
    done.push(i)
    yield
  }
  return n
}

/** aTask resolves in a task queued now (a message, as the slices' own yield where scheduler.yield is missing). */
const aTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })

describe('runSteps', () => {
  it('runs every step at once and returns the result', () => {
    const done: number[] = []
    expect(runSteps(counting(5, done))).toBe(5)
    expect(done).toEqual([0, 1, 2, 3, 4])
  })
})

describe('runInSlices', () => {
  it('lets other tasks run between its slices', async () => {
    const done: number[] = []
    // 12 steps of 2 ms: more than one slice of SLICE_MS.
    const job = runInSlices(counting(12, done, 2), new AbortController().signal)
    let stepsBeforeOther = -1
    void aTask().then(() => (stepsBeforeOther = done.length))
    expect(await job).toBe(12)
    // The other task, queued after the first slice, ran after the next one at the latest: some
    // steps, not all of them (a slice of SLICE_MS takes at most SLICE_MS / 2 + 1 steps of 2 ms).
    expect(stepsBeforeOther).toBeGreaterThan(0)
    expect(stepsBeforeOther).toBeLessThan(12)
    expect(stepsBeforeOther).toBeLessThanOrEqual(2 * (SLICE_MS / 2 + 1))
  })

  it('stops once its signal aborts, with the signal’s reason', async () => {
    const done: number[] = []
    const controller = new AbortController()
    const job = runInSlices(counting(100, done, 2), controller.signal)
    await aTask()
    controller.abort(new Error('not needed any more'))
    await expect(job).rejects.toThrow('not needed any more')
    const stopped = done.length
    await aTask()
    expect(done.length).toBe(stopped)
    expect(stopped).toBeLessThan(100)
  })
})

describe('sortSteps', () => {
  // Items with many ties and their place, to see that equal items keep their order.
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ value: (i * 7919) % 97, place: i }))
  const byValue = (a: { value: number }, b: { value: number }) => a.value - b.value

  it.each([0, 1, 2, 1_999, 2_000, 2_001, 4_000, 9_123])('sorts %i items as Array.prototype.sort does, stably', (n) => {
    const list = items(n)
    const sorted = runSteps(sortSteps(list, byValue))
    expect(sorted).toEqual([...list].sort(byValue))
    // A new array; the list is left as it was.
    expect(list.map((i) => i.place)).toEqual(Array.from({ length: n }, (_, i) => i))
  })

  it('keeps items that do not compare (NaN) in their order', () => {
    const list = Array.from({ length: 5_000 }, (_, i) => ({ value: i % 3 === 0 ? Infinity : i % 11, place: i }))
    const sorted = runSteps(sortSteps(list, byValue))
    const infinite = sorted.filter((i) => i.value === Infinity).map((i) => i.place)
    expect(infinite).toEqual([...infinite].sort((a, b) => a - b))
    expect(sorted.map((i) => i.value)).toEqual(list.map((i) => i.value).sort((a, b) => a - b))
  })

  it('is cut into steps of a run of items each', () => {
    const steps = sortSteps(items(10_000), byValue)
    let count = 0
    while (!steps.next().done) count++
    // 5 runs sorted, then 3 passes of 10,000 items merged in steps of 2,000.
    expect(count).toBe(5 + 3 * 5)
  })
})

/** Boundary shows the message of what its children threw. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children
  }
}

describe('useSliced', () => {
  it('is a job’s result at once when it is known', () => {
    const job: SlicedJob<number> = { done: 7, steps: () => counting(1, []) }
    const { result } = renderHook(() => useSliced(job))
    expect(result.current).toBe(7)
  })

  it('is null until the job has run after the render, then its result, which finished is told', async () => {
    const kept: number[] = []
    const job: SlicedJob<number> = { steps: () => counting(30, [], 1), finished: (value) => kept.push(value) }
    const { result } = renderHook(() => useSliced(job))
    expect(result.current).toBeNull()
    await waitFor(() => expect(result.current).toBe(30))
    expect(kept).toEqual([30])
  })

  it('drops a job once it is no longer asked for', async () => {
    const first: number[] = []
    const jobA: SlicedJob<number> = { steps: () => counting(1_000, first, 1) }
    const jobB: SlicedJob<number> = { steps: () => counting(3, []) }
    const { result, rerender } = renderHook(({ job }) => useSliced(job), { initialProps: { job: jobA } })
    await aTask()
    rerender({ job: jobB })
    await waitFor(() => expect(result.current).toBe(3))
    const stopped = first.length
    await aTask()
    expect(first.length).toBe(stopped)
    expect(stopped).toBeLessThan(1_000)
  })

  it('throws an error of the work in the render, for the error boundary', async () => {
    function* failing(): Steps<number> {
      yield
      throw new Error('the files disagree')
    }
    const job: SlicedJob<number> = { steps: failing }
    function Screen() {
      const value = useSliced(job)
      return <p>{value === null ? 'working' : `value ${value}`}</p>
    }
    render(
      <Boundary>
        <Screen />
      </Boundary>,
    )
    expect(screen.getByText('working')).toBeTruthy()
    expect(await screen.findByText('failed: the files disagree')).toBeTruthy()
  })
})

describe('useSlicedOrLast', () => {
  // The search files one join works on, and others.
  const files = {}
  const otherFiles = {}
  const slow = (n: number, over: object): SlicedJob<number> => ({ steps: () => counting(n, [], 1), over })

  it('keeps the last result over the same files, stale, while a new job runs; then the new one', async () => {
    const { result, rerender } = renderHook(({ job }) => useSlicedOrLast(job), { initialProps: { job: slow(20, files) } })
    expect(result.current).toEqual({ value: null, stale: false })
    await waitFor(() => expect(result.current).toEqual({ value: 20, stale: false }))
    rerender({ job: slow(25, files) })
    expect(result.current).toEqual({ value: 20, stale: true })
    await waitFor(() => expect(result.current).toEqual({ value: 25, stale: false }))
  })

  it('keeps nothing for a job over other files, nor for a job over none', async () => {
    const { result, rerender } = renderHook(({ job }) => useSlicedOrLast(job), { initialProps: { job: slow(20, files) } })
    await waitFor(() => expect(result.current.value).toBe(20))
    rerender({ job: slow(25, otherFiles) })
    expect(result.current).toEqual({ value: null, stale: false })
    await waitFor(() => expect(result.current).toEqual({ value: 25, stale: false }))
    rerender({ job: { steps: () => counting(30, [], 1) } as SlicedJob<number> })
    expect(result.current).toEqual({ value: null, stale: false })
  })

  it('stands in with the result last shown, also one known at once', async () => {
    const { result, rerender } = renderHook(({ job }) => useSlicedOrLast(job), { initialProps: { job: slow(20, files) } })
    await waitFor(() => expect(result.current.value).toBe(20))
    // A join done before (a point searched again) is known at once, and is what the screen shows.
    rerender({ job: { done: 7, steps: () => counting(7, []), over: files } })
    expect(result.current).toEqual({ value: 7, stale: false })
    rerender({ job: slow(30, files) })
    expect(result.current).toEqual({ value: 7, stale: true })
    await waitFor(() => expect(result.current).toEqual({ value: 30, stale: false }))
  })
})
