import { useParams } from 'react-router-dom'
import { HttpError } from '../api/errors'
import { AfterHydration } from '../components/after-hydration'
import { SnapshotView } from '../components/snapshot-view'
import { useProduct } from '../features/offers/api/use-shop'
import { NoLongerListed } from '../features/product/components/no-longer-listed'
import { ProductDetails } from '../features/product/components/product-details'

/**
 * ProductRoute (/product/:code): one product across Ohio, its price history and where it
 * is in stock. A page rendered after the publish with api/products/<code> shows it from
 * the start and hydrates from it (AfterHydration withPageData).
 */
export default function ProductRoute() {
  const { code = '' } = useParams()
  return (
    <AfterHydration loading="Loading the product" withPageData>
      <ProductScreen code={code} />
    </AfterHydration>
  )
}

function ProductScreen({ code }: { code: string }) {
  const response = useProduct(code)
  if (response.error instanceof HttpError && response.error.status === 404) return <NoLongerListed code={code} />
  return (
    <SnapshotView response={response} what="product">
      {(product) => <ProductDetails product={product} />}
    </SnapshotView>
  )
}
