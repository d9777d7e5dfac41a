import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Matchup } from '../features/content/api/content-schemas'
import { FIXTURE_NOW } from '../testing/fixture-now'
import { renderApp, renderWithProviders } from '../testing/render'
import { server } from '../testing/server'
import { VoteResults } from '../features/content/components/march-madness/vote-results'

const useContent = (name: string, body: object) => server.use(http.get(`*/api/content/${name}`, () => HttpResponse.json(body)))

afterEach(() => {
  vi.useRealTimers()
})

describe('events', () => {
  it('shows an honest empty state with the way to contribute', async () => {
    renderApp('/events')
    expect(
      await screen.findByText(/^No events are listed yet\. \(Maintainers: events are listed in data\/content\/events\.yaml\.\)$/),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Tell us about an event' })).toHaveAttribute('href', '/feedback?form=event')
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'feedback' })).toHaveAttribute('href', '/feedback')
    expect(screen.queryByRole('heading', { name: 'Past events' })).not.toBeInTheDocument()
  })

  it('lists upcoming events first and keeps past ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(FIXTURE_NOW)
    useContent('events', {
      html: '',
      events: [
        { title: 'Spring expo', start: '2026-04-20', url: 'https://expo.example/' },
        { title: 'Patient session', start: '2026-07-15', location: 'Columbus' },
        { title: 'Summer expo', start: '2026-07-02', end: '2026-07-04' },
      ],
    })
    renderApp('/events')
    const upcoming = await screen.findByRole('region', { name: 'Upcoming events' })
    expect(
      within(upcoming)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Summer expo', 'Patient session'])
    const past = screen.getByRole('region', { name: 'Past events' })
    expect(within(past).getByRole('link', { name: 'Spring expo' })).toHaveAttribute('href', 'https://expo.example/')
  })
})

describe('content links', () => {
  it("open the site's own pages inside the app", async () => {
    const user = userEvent.setup()
    const { location } = renderApp('/introduction')
    const main = await screen.findByRole('main')
    await user.click(await within(main).findByRole('link', { name: 'resources' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' })).toBeInTheDocument()
    expect(location()?.pathname).toBe('/resources')
  })
})

describe('resources', () => {
  it('shows the Ohio limits with links to their sources', async () => {
    renderApp('/resources')
    const medical = await screen.findByRole('region', { name: 'Medical program: the 90-day supply' })
    const fact = within(medical)
      .getByText(/Tier I plant material/)
      .closest('li')!
    expect(fact).toHaveTextContent('8 ounces per 90 days')
    expect(within(fact).getByRole('link', { name: 'Source VERILIFE' })).toHaveAttribute('href', '#source-verilife')
    const source = document.getElementById('source-verilife')!
    expect(within(source).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.verilife.com/oh/disclaimers-legally-purchasing-medical-marijuana-ohio',
    )
    expect(screen.getByRole('list', { name: 'Official program and law' })).toHaveTextContent('Ohio Division of Cannabis Control')
  })

  it('cites only sources it lists', async () => {
    renderApp('/resources')
    await screen.findByRole('heading', { name: 'Sources' })
    for (const link of screen.getAllByRole('link', { name: /^Source / })) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1)), link.textContent ?? '').not.toBeNull()
    }
  })
})

describe('social and chat', () => {
  it('says no channel is listed when none is configured', async () => {
    renderApp('/discord')
    expect(
      await screen.findByText(/^No community channels are listed yet\. \(Maintainers: add them to data\/content\/social\.yaml\.\)$/),
    ).toBeInTheDocument()
  })

  it('lists configured channels', async () => {
    useContent('social', { html: '', links: [{ title: 'Reddit', url: 'https://www.reddit.com/r/example/', description: 'Talk' }] })
    renderApp('/reddit')
    const list = await screen.findByRole('list', { name: 'Community channels' })
    expect(within(list).getByRole('link', { name: 'Reddit' })).toHaveAttribute('href', 'https://www.reddit.com/r/example/')
  })

  it('loads nothing from Discord until a server is configured', async () => {
    renderApp('/chat')
    expect(await screen.findByText(/not set up on this site yet/)).toBeInTheDocument()
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('embeds the Discord widget of the configured server', async () => {
    useContent('chat', { html: '', discord: { serverId: '123456789012345678', invite: 'https://discord.gg/example' } })
    renderApp('/chat')
    const widget = await screen.findByTitle("The community's Discord server")
    expect(widget).toHaveAttribute('src', 'https://discord.com/widget?id=123456789012345678&theme=light')
    expect(screen.getByRole('link', { name: 'Join the Discord server' })).toHaveAttribute('href', 'https://discord.gg/example')
  })
})

describe('feedback', () => {
  it('says no channel is set up, and which settings set one, when none is configured', async () => {
    renderApp('/feedback')
    expect(
      await screen.findByText(/^No feedback channel is set up on this site yet\. Maintainers: build the site with VITE_FEEDBACK_REPOSITORY/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /A wrong menu or price/ })).not.toBeInTheDocument()
  })

  it('has a section for dispensaries with a menu in JSON-LD omc reads', async () => {
    renderApp('/feedback')
    const section = await screen.findByRole('region', { name: 'For dispensaries' })
    expect(section).toHaveTextContent('robots.txt is always honoured')
    expect(within(section).getByLabelText('A menu in JSON-LD that omc reads')).toHaveTextContent('"@type": "Product"')
  })

  it('fills the e-mail with what a page reported when the site has no repository', async () => {
    useContent('feedback', { html: '', email: 'team@ohiomc.example', links: [] })
    renderApp('/feedback?form=menu&store=Landing%20Columbus&product=Money%20%24%24%20Kush&bogus=x')
    const form = await screen.findByRole('form', { name: 'Write feedback' })
    expect(within(form).getByRole('combobox', { name: 'Topic' })).toHaveValue('menu')
    expect(within(form).getByRole('textbox', { name: 'Message' })).toHaveValue('store: Landing Columbus\nproduct: Money $$ Kush\n\n')
  })

  it('writes the message into an e-mail when an address is configured', async () => {
    useContent('feedback', { html: '', email: 'team@ohiomc.example', links: [] })
    renderApp('/feedback')
    const form = await screen.findByRole('form', { name: 'Write feedback' })
    expect(within(form).getByRole('link', { name: 'team@ohiomc.example' })).toHaveAttribute('href', 'mailto:team@ohiomc.example')
  })
})

describe('March Madness 2025', () => {
  it('shows an honest empty state without a bracket on record', async () => {
    renderApp('/march-madness')
    expect(
      await screen.findByText(/^We have no record of the 2025 bracket's matchups or results yet\. \(Maintainers: fill the rounds/),
    ).toBeInTheDocument()
  })

  it('draws the bracket with its results', async () => {
    useContent('march-madness-2025', {
      html: '',
      champion: 'Garlic Cookies',
      rounds: [
        {
          name: 'Final',
          matchups: [
            {
              strains: [
                { name: 'Garlic Cookies', seed: 1, votes: 60 },
                { name: 'Motor Breath', seed: 2, votes: 40 },
              ],
              winner: 'Garlic Cookies',
            },
          ],
        },
      ],
    })
    renderApp('/march-madness')
    const final = await screen.findByRole('region', { name: 'Final' })
    expect(within(final).getByText(/Garlic Cookies/)).toHaveTextContent('1 Garlic Cookies 60 votes (winner)')
    expect(screen.getByText(/Champion:/)).toHaveTextContent('Champion: Garlic Cookies')
    const votes = screen.getByRole('region', { name: 'Final: votes' })
    expect(within(votes).getByRole('meter', { name: 'Garlic Cookies, Final' })).toHaveAttribute('aria-valuenow', '60')
    expect(within(votes).getByText('40% (40 votes)')).toBeInTheDocument()
  })
})

describe('sample content', () => {
  it('says a page is sample content when it is marked so, as the demo publishes it', async () => {
    useContent('chat', {
      html: '<p>Sample text.</p>',
      sample: true,
      discord: { serverId: '', invite: 'https://discord.gg/example' },
      channels: [{ name: '#menu-watch', description: 'Prices people spotted.' }],
    })
    renderApp('/chat')
    expect(await screen.findByRole('note')).toHaveTextContent('Sample data: this page’s content is made up for the demo')
    expect(screen.getByRole('link', { name: 'Join the Discord server' })).toHaveAttribute('href', 'https://discord.gg/example')
    expect(screen.getByRole('region', { name: 'Channels' })).toHaveTextContent('#menu-watchPrices people spotted.')
    expect(screen.queryByText(/not set up on this site yet/)).not.toBeInTheDocument()
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('says nothing of sample data on a real page', async () => {
    renderApp('/chat')
    await screen.findByText(/not set up on this site yet/)
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })
})

describe('VoteResults', () => {
  it('shows each strain share of the votes', () => {
    const matchups: Matchup[] = [
      {
        strains: [
          { name: 'A', votes: 3 },
          { name: 'B', votes: 1 },
        ],
      },
      { strains: [{ name: 'C' }, { name: 'D' }] },
    ]
    renderWithProviders(<VoteResults name="Round 1" matchups={matchups} />)
    expect(screen.getByRole('meter', { name: 'A, Round 1' })).toHaveAttribute('aria-valuenow', '75')
    expect(screen.getByRole('meter', { name: 'B, Round 1' })).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByText('75% (3 votes)')).toBeInTheDocument()
    // A matchup with no votes on record is left out, not shown as 0 %.
    expect(screen.queryByRole('meter', { name: 'C, Round 1' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })
})

describe('company brands and yearly highlights', () => {
  it('lists brands with their product counts and filters them', async () => {
    const user = userEvent.setup()
    renderApp('/company-brands')
    const table = await screen.findByRole('table')
    const klutch = within(table).getByRole('row', { name: /Klutch/ })
    expect(
      within(klutch)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2', '1', '0', '0', '0', '0'])
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    await user.type(screen.getByRole('searchbox', { name: 'Find a brand' }), 'kiv')
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(within(table).getByRole('row', { name: /Kiva/ })).toBeInTheDocument()
  })

  it('sums up each year', async () => {
    renderApp('/yearly-highlights')
    const year = await screen.findByRole('region', { name: '2026' })
    expect(within(year).getByText('Menus tracked').nextSibling).toHaveTextContent('3')
    expect(within(year).getByText(/median \$12\.19/)).toHaveTextContent(/→ \$10\.60 .* per g \(-13%\)/)
  })
})

describe('Growing Tool', () => {
  it('previews the journal sheet with what was typed', async () => {
    const user = userEvent.setup()
    renderApp('/growing-tool')
    await user.type(await screen.findByLabelText('Strain Name'), 'Wedding Cake')
    const sheet = document.querySelector('[data-journal-sheet]') as HTMLElement
    const overview = within(sheet).getByRole('region', { name: 'Plant Overview' })
    expect(overview).toHaveTextContent('Strain:Wedding Cake')
    expect(within(sheet).getByRole('group', { name: 'Notes lines' }).children).toHaveLength(5)
    expect(within(within(sheet).getByRole('region', { name: 'Checklist' })).getAllByRole('checkbox')).toHaveLength(10)
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const entry = within(sheet).getByRole('region', { name: `Entry #${n}` })
      expect(entry).toHaveTextContent(/Week:.*Day:.*Date:/)
      expect(within(entry).getByRole('group').children).toHaveLength(5)
    }
    expect(within(sheet).queryByRole('region', { name: 'Entry #8' })).not.toBeInTheDocument()
  })

  it('prints with the browser dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const user = userEvent.setup()
    renderApp('/growing-tool')
    await user.click(await screen.findByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('accepts anything: no validation, nothing saved', async () => {
    const user = userEvent.setup()
    renderApp('/growing-tool')
    await user.type(await screen.findByLabelText('Strain Name'), '   ')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(localStorage.length).toBe(0)
  })
})
