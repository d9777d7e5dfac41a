import styles from './growing-tool.module.css'
import {
  CHECKLIST_BOXES,
  JOURNAL_ENTRIES,
  NOTES_LINES,
  RULED_LINES_PER_ENTRY,
  showJournalDate,
  type GrowJournal,
} from '@/features/content/lib/journal'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

function RuledLines({ count, label }: { count: number; label: string }) {
  return (
    <div className={styles.lines} role="group" aria-label={label}>
      {range(count).map((i) => (
        <div key={i} className={styles.line} data-ruled-line="" />
      ))}
    </div>
  )
}

function Field({ label, value = '' }: { label: string; value?: string }) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{label}:</span>
      <span className={styles.fieldValue}>{value}</span>
    </div>
  )
}

/** JournalSheet is the printable grow journal: overview, notes, checklist and seven dated entries. */
export function JournalSheet({ journal }: { journal: GrowJournal }) {
  return (
    <div className={styles.sheet} data-journal-sheet="">
      <section className={`${styles.box} ${styles.overview}`} aria-labelledby="overview-heading">
        <h3 id="overview-heading">Plant Overview</h3>
        <Field label="Strain" value={journal.strainName} />
        <div className={styles.fieldRow}>
          <Field label="Seed planted" value={showJournalDate(journal.seedPlanted)} />
          <Field label="Seed sprouted" value={showJournalDate(journal.seedSprouted)} />
        </div>
      </section>
      <div className={styles.pair}>
        <section className={styles.box} aria-labelledby="notes-heading">
          <h3 id="notes-heading">Notes</h3>
          <RuledLines count={NOTES_LINES} label="Notes lines" />
        </section>
        <section className={styles.box} aria-labelledby="checklist-heading">
          <h3 id="checklist-heading">Checklist</h3>
          <ul className={styles.checklist}>
            {range(CHECKLIST_BOXES).map((i) => (
              <li key={i}>
                <input type="checkbox" aria-label={`Checklist item ${i + 1}`} />
                <span className={styles.line} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      {range(JOURNAL_ENTRIES).map((i) => (
        <section key={i} className={styles.box} aria-labelledby={`entry-${i + 1}`}>
          <div className={styles.entryHead}>
            <h3 id={`entry-${i + 1}`}>Entry #{i + 1}</h3>
            <Field label="Week" />
            <Field label="Day" />
            <Field label="Date" />
          </div>
          <RuledLines count={RULED_LINES_PER_ENTRY} label={`Entry #${i + 1} lines`} />
        </section>
      ))}
    </div>
  )
}
