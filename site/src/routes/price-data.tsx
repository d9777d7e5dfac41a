import { OpenDataPage } from '../features/open-data/components/open-data-page'

/** PriceDataRoute (/price-data): the open price data, its files, columns, licence and DuckDB queries (api/open-data). */
export default function PriceDataRoute() {
  return <OpenDataPage />
}
