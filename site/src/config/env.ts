import * as z from 'zod/mini'

/** Env is the site's build-time configuration, read from VITE_* variables. */
export type Env = {
  /** Base URL of the published snapshots without a trailing slash; '' means same origin. */
  dataUrl: string
  /** Community name shown in the header, footer and page titles. */
  siteName: string
}

export const DEFAULT_SITE_NAME = 'Ohio Marijuana Community'

/** EnvError lists every bad variable at once so one rebuild fixes them all. */
export class EnvError extends Error {
  override name = 'EnvError'
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(`Invalid site configuration (VITE_* variables):\n${problems.map((p) => `- ${p}`).join('\n')}`)
    this.problems = problems
  }
}

// An unset variable and one set to '' mean the same thing: use the default.
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

function isDataUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === ''
  } catch {
    return false
  }
}

const envSchema = z.object({
  VITE_DATA_URL: z.pipe(
    z.transform(blankToUndefined),
    z._default(
      z.string().check(
        z.refine(isDataUrl, {
          message: 'must be empty (same origin), an absolute http(s) URL without query, or a path starting with "/"',
        }),
      ),
      '',
    ),
  ),
  VITE_SITE_NAME: z.pipe(
    z.transform(blankToUndefined),
    z._default(z.string().check(z.maxLength(80, 'must be at most 80 characters')), DEFAULT_SITE_NAME),
  ),
})

/** parseEnv validates raw variables (import.meta.env) and throws EnvError naming each bad one. */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(root)'
      const got = issue.path.length > 0 ? source[String(issue.path[0])] : source
      // Custom checks carry their own message; the rest get zod/mini's terse one.
      return `${name}: ${issue.message} (got ${JSON.stringify(got)})`
    })
    throw new EnvError(problems)
  }
  return {
    dataUrl: result.data.VITE_DATA_URL.replace(/\/+$/, ''),
    siteName: result.data.VITE_SITE_NAME.trim(),
  }
}

/** env is parsed once when the app starts; a bad variable stops the app with EnvError. */
export const env: Env = parseEnv(import.meta.env)
