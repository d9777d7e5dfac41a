import { BrandsTable } from '../features/content/components/brands-table'
import { ContentPage } from '../features/content/components/content-page'
import { CURRENT_UNDER_HOURS } from '../lib/freshness'

/** CompanyBrandsRoute (/company-brands): the brands seen on current menus, with their product counts (api/brands). */
export default function CompanyBrandsRoute() {
  const lead = `The brands on the dispensary menus we read that are up to date (under ${CURRENT_UNDER_HOURS} hours old), with how many distinct products of each are in stock and at how many dispensaries.`
  return (
    <ContentPage name="brands" title="Company Brands" what="brands" lead={lead}>
      {(data) => <BrandsTable data={data} />}
    </ContentPage>
  )
}
