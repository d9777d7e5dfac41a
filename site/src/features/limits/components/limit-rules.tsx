import { ADULT_RULES, MEDICAL_NOTES, MEDICAL_RULES, PRIMARY_TEXTS, SOURCES, UNCERTAIN } from '@/features/offers/lib/ohio-limits'
import styles from '@/features/offers/components/shop.module.css'
import tables from '@/components/data-table.module.css'

/** SourceTags links the sources a rule cites to the list at the bottom of the page. */
function SourceTags({ tags }: { tags: readonly string[] }) {
  return (
    <span className={tables.sub}>
      Sources:{' '}
      {tags.map((tag, i) => (
        <span key={tag}>
          {i > 0 && ', '}
          <a href={`#source-${tag}`}>{tag}</a>
        </span>
      ))}
    </span>
  )
}

/** LimitRules states Ohio's purchase limits with their sources, what is uncertain, and the sources themselves. */
export function LimitRules() {
  return (
    <>
      <section aria-labelledby="medical-heading">
        <h2 id="medical-heading">Medical patients: the 90-day supply</h2>
        <table className={tables.table}>
          <caption className="visually-hidden">Medical allowances per 90 days</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Most per 90 days</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {MEDICAL_RULES.map((r) => (
              <tr key={r.form}>
                <th scope="row">{r.form}</th>
                <td>{r.limit}</td>
                <td>
                  <SourceTags tags={r.sources} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul>
          {MEDICAL_NOTES.map((n) => (
            <li key={n.text}>
              {n.text} <SourceTags tags={n.sources} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="adult-heading">
        <h2 id="adult-heading">Adult use (21 and over)</h2>
        <dl className={styles.facts}>
          {ADULT_RULES.map((r) => (
            <div key={r.item} style={{ display: 'contents' }}>
              <dt>{r.item}</dt>
              <dd>
                {r.rule} <SourceTags tags={r.sources} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="uncertain-heading">
        <h2 id="uncertain-heading">What is uncertain</h2>
        <ul>
          {UNCERTAIN.map((u) => (
            <li key={u.text}>
              {u.text} <SourceTags tags={u.sources} />
            </li>
          ))}
        </ul>
        <p>Check before relying on any figure: {PRIMARY_TEXTS}</p>
      </section>
      <section aria-labelledby="sources-heading">
        <h2 id="sources-heading">Sources</h2>
        <ul className={styles.sources}>
          {Object.values(SOURCES).map((s) => (
            <li key={s.tag} id={`source-${s.tag}`}>
              [{s.tag}] <a href={s.url}>{s.url}</a>
              {s.note && ` (${s.note})`}
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
