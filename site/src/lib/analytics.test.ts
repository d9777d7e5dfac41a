import { describe, expect, it, vi } from 'vitest'
import { createTracker, redactLabel, trackingRefused, type TrackerOptions } from './analytics-tracker'

function tracker(overrides: Partial<TrackerOptions> = {}) {
  const send = vi.fn()
  const t = createTracker({
    domain: 'ohiomc.example',
    host: 'https://plausible.example',
    origin: 'https://ohiomc.example',
    referrer: () => 'https://search.example/',
    privacy: () => ({}),
    send,
    ...overrides,
  })
  return { t, send }
}

describe('redactLabel', () => {
  it.each([
    { label: 'jane.doe@example.com', want: '[redacted]' },
    { label: 'Feedback from Jane.Doe+omc@mail.example.org today', want: 'Feedback from [redacted] today' },
    { label: 'a@b.co and c@d.info', want: '[redacted] and [redacted]' },
    { label: 'Growing Tool', want: 'Growing Tool' },
    { label: '@ohiomc on social', want: '@ohiomc on social' },
    { label: 'price 2@3.5g', want: 'price 2@3.5g' },
    { label: '', want: '' },
  ])('$label → $want', ({ label, want }) => {
    expect(redactLabel(label)).toBe(want)
  })
})

describe('trackingRefused', () => {
  it.each([
    { signals: {}, want: false },
    { signals: { doNotTrack: '0' }, want: false },
    { signals: { doNotTrack: 'unspecified' }, want: false },
    { signals: { doNotTrack: '1' }, want: true },
    { signals: { doNotTrack: 'yes' }, want: true },
    { signals: { globalPrivacyControl: true }, want: true },
    { signals: { globalPrivacyControl: false }, want: false },
  ])('$signals → $want', ({ signals, want }) => {
    expect(trackingRefused(signals)).toBe(want)
  })
})

describe('createTracker', () => {
  it('sends a page view to Plausible', () => {
    const { t, send } = tracker()
    t.pageView('/growing-tool')
    expect(send).toHaveBeenCalledWith('https://plausible.example/api/event', {
      name: 'pageview',
      url: 'https://ohiomc.example/growing-tool',
      domain: 'ohiomc.example',
      referrer: 'https://search.example/',
    })
  })

  it('sends category, action, redacted label and value', () => {
    const { t, send } = tracker({ referrer: () => '' })
    t.event({ category: 'Feedback', action: 'compose', label: 'from me@example.com', value: 3 })
    expect(send).toHaveBeenCalledTimes(1)
    expect(send.mock.calls[0]?.[1]).toMatchObject({
      name: 'Feedback: compose',
      referrer: null,
      props: { category: 'Feedback', action: 'compose', label: 'from [redacted]', value: '3' },
    })
  })

  it('sends nothing without a configured domain', () => {
    const { t, send } = tracker({ domain: '' })
    t.pageView('/')
    t.event({ category: 'a', action: 'b' })
    expect(send).not.toHaveBeenCalled()
  })

  it.each([{ doNotTrack: '1' }, { globalPrivacyControl: true }])('sends nothing when the browser refuses tracking (%o)', (signals) => {
    const { t, send } = tracker({ privacy: () => signals })
    t.pageView('/')
    t.event({ category: 'a', action: 'b', label: 'c' })
    expect(send).not.toHaveBeenCalled()
  })
})
