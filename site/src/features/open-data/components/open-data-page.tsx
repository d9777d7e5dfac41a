import { env } from '@/config/env'
import { PageTitle } from '@/components/page-title'
import { SampleNotice } from '@/components/sample-notice'
import { SnapshotView } from '@/components/snapshot-view'
import { useHydrated } from '@/lib/use-hydrated'
import tables from '@/components/data-table.module.css'
import { useOpenData } from '../api/use-open-data'
import type { ReactNode } from 'react'
import type { OpenData } from '../api/open-data-schema'
import dictionary from '../dictionary.json'
import { fileUrl, fillQuery, OPEN_DATA_QUERIES } from '../open-data-queries'
import styles from './open-data.module.css'

/** formatSize writes a file size in bytes, kB or MB (1 kB = 1,000 bytes), with the exact bytes for small files. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

const INDEX_COLUMNS: readonly [string, string][] = [
  ['week', 'The Monday starting the week (YYYY-MM-DD, America/New_York).'],
  ['category', 'Flower, Vape, Extract or Edible.'],
  ['unit', 'g: the figure is dollars per gram; 100mg: dollars per 100 mg THC (edibles).'],
  ['region', 'One of the five regions of Ohio, or Ohio for the whole state.'],
  ['market', 'medical or recreational (adult use), never mixed.'],
  ['median_price', 'The median unit price paid, in US dollars before tax.'],
  ['offers', 'How many offers the median is taken over.'],
]

/** OpenDataFile is one published file of the open data: a month's or the index's. */
type OpenDataFile = OpenData['index'][number]

/** ScrollTable is a captioned table in a region that scrolls sideways on a narrow screen, under the column headings given. */
function ScrollTable({ label, caption, headings, children }: { label: string; caption: string; headings: readonly string[]; children: ReactNode }) {
  return (
    <div className={tables.wrap} tabIndex={0} role="region" aria-label={label}>
      <table className={tables.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** FileRow is one published file: a link named by its file name, what it holds, its rows and its size. */
function FileRow({ file, what, base }: { file: OpenDataFile; what: ReactNode; base: (path: string) => string }) {
  return (
    <tr>
      <td>
        <a href={base(file.path)}>{file.path.split('/').pop()}</a>
      </td>
      <td>{what}</td>
      <td>{file.rows.toLocaleString('en-US')}</td>
      <td>{formatSize(file.size)}</td>
    </tr>
  )
}

function Files({ data, base }: { data: OpenData; base: (path: string) => string }) {
  return (
    <ScrollTable label="The files of this publish, scrolls sideways" caption="The files of this publish" headings={['File', 'What', 'Rows', 'Size']}>
      {data.months.map((m) => (
        <FileRow key={m.path} file={m} base={base} what={`Price spells of ${m.month} (Parquet)${m.closed ? ', final' : ', this month so far'}`} />
      ))}
      {data.index.map((f) => (
        <FileRow key={f.path} file={f} base={base} what={`Weekly price index (${f.path.endsWith('.csv') ? 'CSV' : 'JSON'})`} />
      ))}
    </ScrollTable>
  )
}

function Dictionary() {
  return (
    <ScrollTable
      label="Columns of the price history, scrolls sideways"
      caption="Columns of the price history (every month file)"
      headings={['Column', 'Type', 'Unit', 'Meaning']}
    >
      {dictionary.columns.map((c) => (
        <tr key={c.name}>
          <td>
            <code>{c.name}</code>
          </td>
          <td>{c.type}</td>
          <td>{c.unit || '-'}</td>
          <td>{c.description}</td>
        </tr>
      ))}
    </ScrollTable>
  )
}

function Queries({ data, base }: { data: OpenData; base: (path: string) => string }) {
  const spells = data.months.map((m) => base(m.path))
  const csv = data.index.find((f) => f.path.endsWith('.csv'))
  return (
    <>
      {OPEN_DATA_QUERIES.map((q) => (
        <figure key={q.id} className={styles.query}>
          <figcaption>{q.title}</figcaption>
          <pre tabIndex={0} role="region" aria-label={`DuckDB query: ${q.title}`}>
            <code>{fillQuery(q.sql, spells, csv ? base(csv.path) : '')}</code>
          </pre>
        </figure>
      ))}
    </>
  )
}

function Licence() {
  return (
    <>
      <p>
        The price history and the price index are published under the{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer">
          Creative Commons Attribution 4.0 International licence (CC BY 4.0)
        </a>
        : use them, share them and build on them, for any purpose, as long as you credit <q>Ohio Marijuana Community (omc)</q> and link to this page.
      </p>
      <p>
        The prices are what dispensaries&apos; own online menus showed when omc read them; omc does not check them against receipts. The list of
        dispensaries comes from public sources: the Ohio Division of Cannabis Control&apos;s licence lists (public records of the State of Ohio) and
        the dispensaries&apos; own websites and menu platforms, as the repository&apos;s data/README.md lists them.
      </p>
    </>
  )
}

/** OpenDataPage (/price-data): the price history and weekly price index omc publishes, with their sizes, columns, licence and DuckDB queries. */
export function OpenDataPage() {
  const response = useOpenData()
  const hydrated = useHydrated()
  const page = hydrated ? window.location.href : 'http://localhost/'
  const base = (path: string) => fileUrl(path, env.dataUrl, page)
  return (
    <>
      <PageTitle screen="Open Price Data" />
      <h1>Open Price Data</h1>
      <p className="intro">
        Every price omc has seen on an Ohio dispensary menu, free to download: the price history as Parquet, one file per month, and a weekly Ohio
        price index as CSV and JSON. A month&apos;s file never changes once the month is over.
      </p>
      <SnapshotView response={response} what="open data">
        {(data) => (
          <>
            <SampleNotice sample={data.sample}>these files hold the demo&apos;s made-up menus, not real Ohio prices.</SampleNotice>
            <section className={styles.section} aria-labelledby="files-heading">
              <h2 id="files-heading">Files</h2>
              {data.months.length === 0 ? <p className="empty-state">No price history yet: the files start with the first menus read.</p> : null}
              <Files data={data} base={base} />
            </section>
            <section className={styles.section} aria-labelledby="dictionary-heading">
              <h2 id="dictionary-heading">Data dictionary</h2>
              <p>
                One row per price spell: one offer (a size of a product at one store, in one market) at one price, from the first menu read that
                showed that price to the last, within a month. A price or sale change starts a new spell, and so does an offer leaving the menu and
                coming back; a spell that runs into the next month goes on in that month&apos;s file.
              </p>
              <Dictionary />
            </section>
            <section className={styles.section} aria-labelledby="index-heading">
              <h2 id="index-heading">Weekly price index</h2>
              <p>
                Each week, every offer&apos;s last reading that week, in stock: the price paid (the sale price when on sale), per gram for flower,
                vapes and extracts, per 100 mg THC for edibles. The figure is the median over those offers, by region and for all Ohio, with the
                number of offers behind it. Medical and adult-use prices are kept apart: they are different menus with different prices and taxes.
                Offers without a weight or dose, and prices a menu got wrong, are left out. The index covers the last year.
              </p>
              <dl className={styles.columns}>
                {INDEX_COLUMNS.map(([name, meaning]) => (
                  <div key={name}>
                    <dt>
                      <code>{name}</code>
                    </dt>
                    <dd>{meaning}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section className={styles.section} aria-labelledby="licence-heading">
              <h2 id="licence-heading">Licence</h2>
              <Licence />
            </section>
            <section className={styles.section} aria-labelledby="queries-heading">
              <h2 id="queries-heading">Query it with DuckDB</h2>
              <p>
                Paste any of these into <a href="https://duckdb.org/docs/installation/">DuckDB</a> (the command line or a notebook): it reads the
                files where they are published, over HTTPS, without downloading them first.
              </p>
              <Queries data={data} base={base} />
            </section>
          </>
        )}
      </SnapshotView>
    </>
  )
}
