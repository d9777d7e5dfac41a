import { AfterHydration } from '../components/after-hydration'
import { PageTitle } from '../components/page-title'
import { WishlistScreen } from '../features/wishlist/components/wishlist-screen'

/** WishlistRoute (/dispensary-wishlist, /wishlist): saved products, where they are in stock now and what changed. */
export default function WishlistRoute() {
  return (
    <>
      <PageTitle screen="Wishlist" />
      <h1>Wishlist</h1>
      <p className="lead">
        Products you saved, where they are in stock now and at what price, and what changed since your last visit. The list is kept in this browser
        only (it is not sent anywhere, and not tied to your account).
      </p>
      <AfterHydration loading="Loading your wishlist">
        <WishlistScreen />
      </AfterHydration>
    </>
  )
}
