import queriesFile from './queries.json'

/** OpenDataQuery is one DuckDB query of queries.json: {spells} and {index_csv} stand for the files. */
export type OpenDataQuery = { id: string; title: string; sql: string }

export const OPEN_DATA_QUERIES: readonly OpenDataQuery[] = queriesFile.queries

/** sqlString is s as an SQL string literal. */
const sqlString = (s: string) => `'${s.replaceAll("'", "''")}'`

/**
 * fillQuery puts the files' addresses in a query: {spells} becomes the list of month
 * files (DuckDB cannot list a folder over HTTP, so each file is named), {index_csv} the
 * weekly index's CSV.
 */
export function fillQuery(sql: string, spells: readonly string[], indexCsv: string): string {
  return sql.replaceAll('{spells}', `[${spells.map(sqlString).join(', ')}]`).replaceAll('{index_csv}', sqlString(indexCsv))
}

/** fileUrl is the absolute address of a published file (its path in the tree) under the data URL. */
export function fileUrl(path: string, dataUrl: string, page: string): string {
  return new URL(`${dataUrl}/${path}`, page).href
}
