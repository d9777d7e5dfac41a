import * as v from 'valibot'
import { httpUrl, int, timestamp } from '@/api/common-schemas'

// Shapes of the snapshots behind the community pages (data/content), company
// brands and yearly highlights (publish/SNAPSHOTS.md).

const strainCount = v.looseObject({ name: v.string(), count: int })

export const brandsSchema = v.looseObject({
  generatedAt: timestamp,
  brands: v.array(
    v.looseObject({
      name: v.string(),
      products: int,
      dispensaries: int,
      categories: v.record(v.string(), int),
    }),
  ),
})
export type Brands = v.InferOutput<typeof brandsSchema>

export const highlightsSchema = v.looseObject({
  generatedAt: timestamp,
  years: v.array(
    v.looseObject({
      year: int,
      menusTracked: int,
      dispensaries: int,
      fetches: int,
      products: int,
      firstSeen: timestamp,
      lastSeen: timestamp,
      topStrains: v.array(strainCount),
      priceMoves: v.array(
        v.looseObject({
          category: v.string(),
          unit: v.string(),
          firstMonth: v.string(),
          lastMonth: v.string(),
          from: v.number(),
          to: v.number(),
          changePercent: v.number(),
        }),
      ),
    }),
  ),
})
export type Highlights = v.InferOutput<typeof highlightsSchema>

// Community pages (data/content, see data/content/FORMAT.txt): Markdown arrives
// rendered as "html" by omc publish (goldmark, raw HTML and javascript: links dropped).
const html = v.string()
const optionalText = v.optional(v.nullable(v.string()))

export const linkSchema = v.looseObject({ title: v.string(), url: httpUrl, description: optionalText })
export type ContentLink = v.InferOutput<typeof linkSchema>

export const markdownPageSchema = v.looseObject({ html })
export type MarkdownPage = v.InferOutput<typeof markdownPageSchema>

export const linksPageSchema = v.looseObject({ html, links: v.array(linkSchema) })
export type LinksPage = v.InferOutput<typeof linksPageSchema>

export const resourcesSchema = v.looseObject({
  html,
  links: v.array(linkSchema),
  facts: v.array(
    v.looseObject({
      heading: v.string(),
      html: v.optional(html),
      items: v.array(v.looseObject({ text: v.string(), sources: v.array(v.string()) })),
    }),
  ),
  sources: v.array(v.looseObject({ id: v.string(), url: httpUrl, note: optionalText })),
  checked: v.string(),
})
export type Resources = v.InferOutput<typeof resourcesSchema>

// Dates are written as quoted "YYYY-MM-DD" (or a full RFC 3339 time).
const eventDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'a date written as "YYYY-MM-DD"'))

export const eventsSchema = v.looseObject({
  html,
  events: v.array(
    v.looseObject({
      title: v.string(),
      start: eventDate,
      end: v.optional(v.nullable(eventDate)),
      location: optionalText,
      url: v.optional(v.nullable(httpUrl)),
      html: v.optional(html),
    }),
  ),
})
export type Events = v.InferOutput<typeof eventsSchema>
export type CommunityEvent = Events['events'][number]

export const chatSchema = v.looseObject({
  html,
  discord: v.looseObject({
    serverId: v.pipe(v.string(), v.regex(/^(\d{5,25})?$/, 'a Discord server id (digits)')),
    invite: v.optional(v.nullable(v.string())),
  }),
  channels: v.optional(v.array(v.looseObject({ name: v.string(), description: optionalText }))),
})
export type Chat = v.InferOutput<typeof chatSchema>

export const feedbackSchema = v.looseObject({
  html,
  email: v.string(),
  links: v.array(linkSchema),
  dispensaries: v.optional(v.looseObject({ html })),
  jsonLdExample: v.optional(v.string()),
})
export type Feedback = v.InferOutput<typeof feedbackSchema>

const matchupStrain = v.looseObject({ name: v.string(), seed: v.optional(v.nullable(int)), votes: v.optional(v.nullable(int)) })
export const matchupSchema = v.looseObject({ strains: v.strictTuple([matchupStrain, matchupStrain]), winner: optionalText })
export type Matchup = v.InferOutput<typeof matchupSchema>

export const marchMadnessSchema = v.looseObject({
  html,
  rounds: v.array(v.looseObject({ name: v.string(), matchups: v.array(matchupSchema) })),
  champion: optionalText,
})
export type MarchMadness = v.InferOutput<typeof marchMadnessSchema>

/** contentSnapshots maps these snapshots (the name after /api/) to their shapes. */
export const contentSnapshots = {
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
