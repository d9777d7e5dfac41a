import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { CATEGORIES } from '@/api/common-schemas'
import { PageTitle } from '@/components/page-title'
import { SelectField } from '@/components/select-field'
import { menusHref } from '@/features/offers/lib/menus-location'
import { DEFAULT_FILTERS, DEFAULT_SEARCH_STATE } from '@/features/offers/lib/search-state'
import { wishlistStore } from '@/features/offers/lib/wishlist'
import styles from '@/features/offers/components/shop.module.css'

/** nameFromCode guesses a product's name from its code for a search: the words, without the size. */
export function nameFromCode(code: string): string {
  return code
    .split('-')
    .filter((word) => !/^\d/.test(word) && !/^(g|mg|oz)$/.test(word))
    .join(' ')
}

/** NoLongerListed says a product code is on no menu any more and offers a Menus search for something like it. */
export function NoLongerListed({ code }: { code: string }) {
  const saved = wishlistStore.use().find((i) => i.code === code)
  const [text, setText] = useState(saved?.name ?? nameFromCode(code))
  const [type, setType] = useState<string>(saved?.category ?? 'Flower')
  const navigate = useNavigate()
  const search = (event: React.FormEvent) => {
    event.preventDefault()
    void navigate(
      menusHref({
        search: { ...DEFAULT_SEARCH_STATE, productType: type },
        filters: { ...DEFAULT_FILTERS, searchText: text },
        page: 1,
      }),
    )
  }
  return (
    <>
      <PageTitle screen="Product no longer listed" />
      <h1>This product is no longer listed</h1>
      <p>
        No Ohio menu we read lists <strong>{saved?.name ?? code}</strong> any more: it may be sold out everywhere, renamed, or the link may be
        mistyped. Search the menus for something like it:
      </p>
      <form className={styles.form} aria-label="Search the menus" onSubmit={search}>
        <label className={styles.field}>
          Brand, product or strain
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <SelectField className={styles.field} label="Product type" value={type} choices={CATEGORIES} onChange={setType} />
        <div>
          <button type="submit" className="button">
            Search the menus
          </button>
        </div>
      </form>
    </>
  )
}
