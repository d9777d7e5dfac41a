import type { Resources } from '../features/content/api/content-schemas'
import { ContentHtml } from '../components/content-html'
import { LinkList } from '../features/content/components/link-list'
import { ContentPage } from '../features/content/components/content-page'
import styles from './resources.module.css'

const sourceAnchor = (id: string) => `source-${id.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

function Facts({ page }: { page: Resources }) {
  return (
    <>
      {page.facts.map((section) => (
        <section key={section.heading} className={styles.section} aria-label={section.heading}>
          <h2>{section.heading}</h2>
          {section.html && <ContentHtml html={section.html} />}
          <ul className={styles.facts}>
            {section.items.map((fact) => (
              <li key={fact.text}>
                {fact.text}{' '}
                <span className={styles.cites}>
                  {fact.sources.map((id) => (
                    <a key={id} href={`#${sourceAnchor(id)}`} aria-label={`Source ${id}`}>
                      [{id}]
                    </a>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className={styles.section} aria-labelledby="sources-heading">
        <h2 id="sources-heading">Sources</h2>
        <p>Checked {page.checked}. This is a plain-language summary, not legal advice.</p>
        <ol className={styles.sources}>
          {page.sources.map((source) => (
            <li key={source.id} id={sourceAnchor(source.id)}>
              <span className={styles.sourceId}>[{source.id}]</span>{' '}
              <a href={source.url} rel="noopener noreferrer">
                {source.url}
              </a>
              {source.note && <> ({source.note})</>}
            </li>
          ))}
        </ol>
      </section>
    </>
  )
}

/** ResourcesRoute (/resources): Ohio program and law links and the state's limits with their sources (data/content/resources.yaml). */
export default function ResourcesRoute() {
  return (
    <ContentPage
      name="content/resources"
      title="Resources"
      what="resources"
      lead="Ohio's cannabis program and laws: where to read them, and the rules shoppers ask about most."
    >
      {(page) => (
        <>
          <ContentHtml html={page.html} />
          <h2>Official program and law</h2>
          <LinkList links={page.links} label="Official program and law" />
          <Facts page={page} />
        </>
      )}
    </ContentPage>
  )
}
