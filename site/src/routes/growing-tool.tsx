import { useState } from 'react'
import styles from '../features/content/components/growing-tool/growing-tool.module.css'
import { JournalSheet } from '../features/content/components/growing-tool/journal-sheet'
import type { GrowJournal } from '../features/content/lib/journal'
import { PageTitle } from '../components/page-title'

/**
 * GrowingToolRoute (/growing-tool): fill in a strain and two dates, preview the
 * grow journal sheet and print it. No validation and nothing saved (docs/specification.md §2):
 * the inputs live in this page only. Everything but the sheet is hidden in
 * print. Its page view is sent by the router's navigation tracking.
 */
export default function GrowingToolRoute() {
  const [journal, setJournal] = useState<GrowJournal>({ strainName: '', seedPlanted: '', seedSprouted: '' })
  const set = (field: keyof GrowJournal) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setJournal((previous) => ({ ...previous, [field]: event.target.value }))
  return (
    <>
      <PageTitle screen="Growing Tool" />
      <div className={styles.screenOnly}>
        <h1>Growing Tool</h1>
        <p className="lead">
          A printable grow journal: fill in your plant, preview the sheet and print it. Nothing you type leaves this page or is saved.
        </p>
        <form className={styles.form} aria-label="Plant details" onSubmit={(event) => event.preventDefault()}>
          <label>
            Strain Name
            <input type="text" value={journal.strainName} onChange={set('strainName')} />
          </label>
          <label>
            Seed Planted
            <input type="date" value={journal.seedPlanted} onChange={set('seedPlanted')} />
          </label>
          <label>
            Seed Sprouted
            <input type="date" value={journal.seedSprouted} onChange={set('seedSprouted')} />
          </label>
        </form>
      </div>
      <section aria-labelledby="preview-heading">
        <div className={`${styles.toolbar} ${styles.screenOnly}`}>
          <h2 id="preview-heading">Preview</h2>
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
        </div>
        <JournalSheet journal={journal} />
      </section>
    </>
  )
}
