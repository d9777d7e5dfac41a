import * as z from 'zod/mini'

// The shapes omc publish writes (DESIGN.md §6). Objects are loose: publish may
// add fields (slug, region, unit, ...) without breaking a deployed site.

const timestamp = z.iso.datetime({ offset: true })
// -1 (or less) means publish does not know the count.
const productCount = z.int()

export const MARKETS = ['recreational', 'medical'] as const
export type Market = (typeof MARKETS)[number]

export const marketStatusSchema = z.looseObject({
  market: z.enum(MARKETS),
  lastFlower: z.nullable(timestamp),
  lastPreroll: z.nullable(timestamp),
  lastVape: z.nullable(timestamp),
  lastExtract: z.nullable(timestamp),
  lastEdible: z.nullable(timestamp),
  lastFlowerCount: productCount,
  lastPrerollCount: productCount,
  lastVapeCount: productCount,
  lastExtractCount: productCount,
  lastEdibleCount: productCount,
})
export type MarketStatus = z.infer<typeof marketStatusSchema>

export const dispensaryStatusSchema = z.looseObject({
  name: z.string(),
  location: z.string(),
  monitored: z.boolean(),
  marketStatuses: z.array(marketStatusSchema),
})
export type DispensaryStatus = z.infer<typeof dispensaryStatusSchema>

export const dealSchema = z.looseObject({
  storeName: z.string(),
  storeLocation: z.string(),
  name: z.string(),
  cost: z.number().check(z.nonnegative()),
})
export type Deal = z.infer<typeof dealSchema>

// A category with no deals may be left out or, from a Go nil slice, be null.
const dealList = z.optional(z.nullable(z.array(dealSchema)))

export const regionDealsSchema = z.looseObject({
  region: z.string(),
  flower: dealList,
  vape: dealList,
  edible: dealList,
  extract: dealList,
})
export type RegionDeals = z.infer<typeof regionDealsSchema>

export const statisticsSchema = z.looseObject({
  generatedAt: timestamp,
  topFlower: z.array(z.looseObject({ name: z.string(), count: z.int() })),
  topDeals: z.array(regionDealsSchema),
})
export type Statistics = z.infer<typeof statisticsSchema>

export const announcementSchema = z.looseObject({ text: z.string() })
export type Announcement = z.infer<typeof announcementSchema>

const strainCount = z.looseObject({ name: z.string(), count: z.int() })

export const brandsSchema = z.looseObject({
  generatedAt: timestamp,
  brands: z.array(
    z.looseObject({
      name: z.string(),
      products: z.int(),
      dispensaries: z.int(),
      categories: z.record(z.string(), z.int()),
    }),
  ),
})
export type Brands = z.infer<typeof brandsSchema>

export const highlightsSchema = z.looseObject({
  generatedAt: timestamp,
  years: z.array(
    z.looseObject({
      year: z.int(),
      menusTracked: z.int(),
      dispensaries: z.int(),
      fetches: z.int(),
      products: z.int(),
      firstSeen: timestamp,
      lastSeen: timestamp,
      topStrains: z.array(strainCount),
      priceMoves: z.array(
        z.looseObject({
          category: z.string(),
          unit: z.string(),
          firstMonth: z.string(),
          lastMonth: z.string(),
          from: z.number(),
          to: z.number(),
          changePercent: z.number(),
        }),
      ),
    }),
  ),
})
export type Highlights = z.infer<typeof highlightsSchema>

// Community pages (data/content, see data/content/FORMAT.txt): Markdown arrives
// rendered as "html" by omc publish (goldmark, raw HTML and javascript: links dropped).
const html = z.string()
const optionalText = z.optional(z.nullable(z.string()))
const httpUrl = z.url({ protocol: /^https?$/ })

export const linkSchema = z.looseObject({ title: z.string(), url: httpUrl, description: optionalText })
export type ContentLink = z.infer<typeof linkSchema>

export const markdownPageSchema = z.looseObject({ html })
export type MarkdownPage = z.infer<typeof markdownPageSchema>

export const linksPageSchema = z.looseObject({ html, links: z.array(linkSchema) })
export type LinksPage = z.infer<typeof linksPageSchema>

export const resourcesSchema = z.looseObject({
  html,
  links: z.array(linkSchema),
  facts: z.array(
    z.looseObject({
      heading: z.string(),
      html: z.optional(html),
      items: z.array(z.looseObject({ text: z.string(), sources: z.array(z.string()) })),
    }),
  ),
  sources: z.array(z.looseObject({ id: z.string(), url: httpUrl, note: optionalText })),
  checked: z.string(),
})
export type Resources = z.infer<typeof resourcesSchema>

// Dates are written as quoted "YYYY-MM-DD" (or a full RFC 3339 time).
const eventDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'a date written as "YYYY-MM-DD"'))

export const eventsSchema = z.looseObject({
  html,
  events: z.array(
    z.looseObject({
      title: z.string(),
      start: eventDate,
      end: z.optional(z.nullable(eventDate)),
      location: optionalText,
      url: z.optional(z.nullable(httpUrl)),
      html: z.optional(html),
    }),
  ),
})
export type Events = z.infer<typeof eventsSchema>
export type CommunityEvent = Events['events'][number]

export const chatSchema = z.looseObject({
  html,
  discord: z.looseObject({ serverId: z.string().check(z.regex(/^(\d{5,25})?$/, 'a Discord server id (digits)')), invite: z.optional(z.nullable(z.string())) }),
})
export type Chat = z.infer<typeof chatSchema>

export const feedbackSchema = z.looseObject({ html, email: z.string(), links: z.array(linkSchema) })
export type Feedback = z.infer<typeof feedbackSchema>

const matchupStrain = z.looseObject({ name: z.string(), seed: z.optional(z.nullable(z.int())), votes: z.optional(z.nullable(z.int())) })
export const matchupSchema = z.looseObject({ strains: z.tuple([matchupStrain, matchupStrain]), winner: optionalText })
export type Matchup = z.infer<typeof matchupSchema>

export const marchMadnessSchema = z.looseObject({
  html,
  rounds: z.array(z.looseObject({ name: z.string(), matchups: z.array(matchupSchema) })),
  champion: optionalText,
})
export type MarchMadness = z.infer<typeof marchMadnessSchema>

/** snapshots maps each published snapshot (the name after /api/) to its shape. */
export const snapshots = {
  DispensaryStatus: z.array(dispensaryStatusSchema),
  statistics: statisticsSchema,
  announcements: z.array(announcementSchema),
  brands: brandsSchema,
  highlights: highlightsSchema,
  'content/introduction': markdownPageSchema,
  'content/resources': resourcesSchema,
  'content/events': eventsSchema,
  'content/other-maps': linksPageSchema,
  'content/social': linksPageSchema,
  'content/chat': chatSchema,
  'content/donations': linksPageSchema,
  'content/changelog': markdownPageSchema,
  'content/march-madness-2025': marchMadnessSchema,
  'content/reservation': markdownPageSchema,
  'content/feedback': feedbackSchema,
} as const

export type SnapshotName = keyof typeof snapshots
export type SnapshotData<N extends SnapshotName> = z.infer<(typeof snapshots)[N]>
