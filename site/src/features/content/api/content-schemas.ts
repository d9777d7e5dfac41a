import * as z from 'zod/mini'
import { httpUrl, timestamp } from '@/api/common-schemas'

// Shapes of the snapshots behind the community pages (data/content), company
// brands and yearly highlights (publish/SNAPSHOTS.md).

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
  discord: z.looseObject({
    serverId: z.string().check(z.regex(/^(\d{5,25})?$/, 'a Discord server id (digits)')),
    invite: z.optional(z.nullable(z.string())),
  }),
  channels: z.optional(z.array(z.looseObject({ name: z.string(), description: optionalText }))),
})
export type Chat = z.infer<typeof chatSchema>

export const feedbackSchema = z.looseObject({
  html,
  email: z.string(),
  links: z.array(linkSchema),
  dispensaries: z.optional(z.looseObject({ html })),
  jsonLdExample: z.optional(z.string()),
})
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
