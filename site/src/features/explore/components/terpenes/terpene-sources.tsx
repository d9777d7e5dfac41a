import type { TerpeneContent } from '@/features/explore/api/explore-schemas'
import styles from '../explore.module.css'

/** SourceLinks links a fact's sources ("[2]") to their pages. */
export function SourceLinks({ ids, content }: { ids: readonly string[]; content: TerpeneContent }) {
  return (
    <>
      {' '}
      {ids.map((id) => {
        const source = content.sources.find((s) => s.id === id)
        return source ? (
          <a key={id} href={source.url} rel="noopener noreferrer" title={source.title} className={styles.sourceLink}>
            [{id}]
          </a>
        ) : null
      })}
    </>
  )
}

/** SourcedFacts lists facts, each with links to its sources. */
export function SourcedFacts({ facts, content }: { facts: TerpeneContent['terpenes'][number]['facts']; content: TerpeneContent }) {
  return (
    <ul>
      {facts.map((f) => (
        <li key={f.text}>
          {f.text}
          <SourceLinks ids={f.sources} content={content} />
        </li>
      ))}
    </ul>
  )
}

/** SourceList lists the sources the page's facts cite, with when the guide was checked. */
export function SourceList({ content, ids }: { content: TerpeneContent; ids: ReadonlySet<string> }) {
  const used = content.sources.filter((s) => ids.has(s.id))
  if (used.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      <ul>
        {used.map((s) => (
          <li key={s.id}>
            [{s.id}]{' '}
            <a href={s.url} rel="noopener noreferrer">
              {s.title}
            </a>
          </li>
        ))}
      </ul>
      {content.checked && <p className={styles.credit}>Checked {content.checked}. Not medical advice.</p>}
    </section>
  )
}
