/** GrowJournal is the Growing Tool's input (docs/specification.md §3): kept in the page only, never saved. */
export type GrowJournal = { strainName: string; seedPlanted: string; seedSprouted: string }

/** The sheet's fixed shape (docs/specification.md §9). */
export const JOURNAL_ENTRIES = 7
export const RULED_LINES_PER_ENTRY = 5
export const NOTES_LINES = 5
export const CHECKLIST_BOXES = 10

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' })

/** showJournalDate prints a date input's value ("2026-04-20") as a local calendar date; '' stays ''. */
export function showJournalDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const ms = Date.parse(`${value}T12:00:00`)
  return Number.isNaN(ms) ? value : dateFormat.format(ms)
}
