package data

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// ShopData is every offer series of the store, read once (ReadShop), and what the
// shopping snapshots ask of them: each menu's listed offers (EachMenu), when each
// product was first seen, the daily prices and the fetch-by-fetch history. A publish
// reads the series table once instead of once per question: at 2,000 menus a read of
// the table costs seconds.
//
// The series' descriptive fields (name, brand, strain, size, potency, terpenes...) are
// shared: two series that describe their offer alike (one product at many stores) hold
// one Offer. Every *Offer ShopData hands out is that shared description: read it, never
// change it.
type ShopData struct {
	db     *DB
	menus  []*shopMenu // by id
	series []shopSeries
	// slot maps a series id to its index in series (-1 for none): ids are rowids, dense.
	slot         []int32
	states       map[stateKey]CategoryState
	productFirst map[string]time.Time
	listed       int
	// keys counts the (store, market, code, size) keys of the series, ranked (once
	// ranked) in the order daily prices are reported in; keyFirst is when each key
	// was first listed (Unix ns), the earliest of its series.
	keys     int
	keyFirst []int64
	ranking  sync.Once
	// leftOut are the series whose values cannot be published (PublishProblem), left
	// out of every question: what each is and why.
	leftOut []string
	// collisions are the codes two listed series of one store and market shared, and
	// the codes distinctCodes gave them instead.
	collisions []CodeCollision
}

// shopMenu is one menu (a dispensary's market on one platform) and its series.
type shopMenu struct {
	id         int64
	slug       string
	market     Market
	platform   string
	lastOKAt   int64 // 0 before the first successful fetch
	inRegistry bool
	page       string  // the menu's page for shoppers, "" when unknown
	series     []int32 // indexes into ShopData.series, by id
}

// shopSeries is one offer series: its shared description and its latest state, in 56
// bytes (its id is its slot's: ShopData.slot).
type shopSeries struct {
	desc      *Offer
	menu      *shopMenu
	firstSeen int64
	// lastSeen is the last successful fetch that listed it, for a series no longer
	// listed (a listed one's is its menu's last success: RecordMenuFetch leaves it).
	lastSeen         int64
	price, salePrice float64
	rank             int32 // of its key in the order of daily prices, once ranked
	inStock, listed  bool
	category         uint8 // its description's category, by index in AllCategories (categoryBit)
}

// descKey is what makes two series' descriptions the same: the text columns joined
// (by the query) and the numeric ones.
type descKey struct {
	text                                string
	grams, mg, thc, cbd, thcLow, cbdLow float64
	thcOK, cbdOK, thcLowOK, cbdLowOK    bool
}

// descText are the text columns of a description, joined by NUL in one column: a column
// costs the driver as much to read as a short row, and the joined text is the key that
// shares descriptions.
var descText = []string{"product_id", "size", "code", "name", "brand", "strain", "strain_type", "category",
	"raw_category", "potency_unit", "warnings", "url", "terpenes", "lineage"}

// ReadShop reads every menu and offer series of the store, and the latest state of every
// menu category.
func (db *DB) ReadShop(ctx context.Context) (*ShopData, error) {
	sd := &ShopData{db: db, productFirst: map[string]time.Time{}}
	var err error
	if sd.states, err = db.categoryStates(ctx); err != nil {
		return nil, fmt.Errorf("read shop: %w", err)
	}
	if err := sd.readMenus(ctx); err != nil {
		return nil, fmt.Errorf("read shop: menus: %w", err)
	}
	if err := sd.readSeries(ctx); err != nil {
		return nil, fmt.Errorf("read shop: series: %w", err)
	}
	unreadable, err := db.unreadableFetches(ctx)
	if err != nil {
		return nil, fmt.Errorf("read shop: %w", err)
	}
	sd.leftOut = append(sd.leftOut, unreadable...)
	return sd, nil
}

func (sd *ShopData) readMenus(ctx context.Context) error {
	rows, err := sd.db.db.QueryContext(ctx, `
		SELECT m.id, m.slug, m.market, m.platform, COALESCE(m.last_ok_at, 0), COALESCE(d.in_registry, 0), m.page_url
		FROM menus m LEFT JOIN dispensaries d ON d.slug = m.slug ORDER BY m.id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var lastOK, inRegistry storedInt
	for rows.Next() {
		m := &shopMenu{}
		if err := rows.Scan(&m.id, &m.slug, &m.market, &m.platform, &lastOK, &inRegistry, &m.page); err != nil {
			return err
		}
		var u unreadable
		u.int("last_ok_at", lastOK, true)
		u.int("in_registry", inRegistry, true)
		if len(u) > 0 {
			// Its series find no menu and are left out with it.
			sd.leftOut = append(sd.leftOut, fmt.Sprintf("menu %s %s %s: stored %s; its offers are left out", m.slug, m.market, m.platform, u))
			continue
		}
		m.lastOKAt, m.inRegistry = lastOK.v, inRegistry.v != 0
		sd.menus = append(sd.menus, m)
	}
	return rows.Err()
}

func (sd *ShopData) menu(id int64) *shopMenu {
	i := sort.Search(len(sd.menus), func(i int) bool { return sd.menus[i].id >= id })
	if i < len(sd.menus) && sd.menus[i].id == id {
		return sd.menus[i]
	}
	return nil
}

// readSeries reads the series table in id ranges, one per processor, on connections of
// their own (SQLite reads a table on several connections at once), and joins them in
// id order: at 2,000 menus the read is 700,000 rows, the largest single step of a
// publish.
func (sd *ShopData) readSeries(ctx context.Context) error {
	var maxID int64
	if err := sd.db.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM offer_series`).Scan(&maxID); err != nil {
		return err
	}
	parts := make([]seriesPart, min(runtime.GOMAXPROCS(0), 4))
	var g errgroup.Group
	for i := range parts {
		lo, hi := maxID*int64(i)/int64(len(parts))+1, maxID*int64(i+1)/int64(len(parts))
		g.Go(func() error { return sd.readSeriesPart(ctx, lo, hi, &parts[i]) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	n := 0
	for _, p := range parts {
		n += len(p.series)
	}
	if maxID > int64(n)*8+1<<20 {
		return fmt.Errorf("series ids reach %d for %d series: too sparse to index", maxID, n)
	}
	sd.series = make([]shopSeries, 0, n)
	sd.slot = make([]int32, maxID+1)
	for i := range sd.slot {
		sd.slot[i] = -1
	}
	// The parts described the same offer each on its own: share the first part's.
	shared := parts[0].descs
	for pi, p := range parts {
		sd.leftOut = append(sd.leftOut, p.leftOut...)
		var same map[*Offer]*Offer
		if pi > 0 {
			same = map[*Offer]*Offer{}
			for k, d := range p.descs {
				if first, ok := shared[k]; ok {
					same[d] = first
				} else {
					shared[k] = d
				}
			}
		}
		for j, s := range p.series {
			if d, ok := same[s.desc]; ok {
				s.desc = d
			}
			if s.listed {
				sd.listed++
			}
			sd.slot[p.ids[j]] = int32(len(sd.series))
			s.menu.series = append(s.menu.series, int32(len(sd.series)))
			sd.series = append(sd.series, s)
		}
	}
	sd.distinctCodes()
	for i := range sd.series {
		s := &sd.series[i]
		if t, ok := sd.productFirst[s.desc.Code]; !ok || s.firstSeen < t.UnixNano() {
			sd.productFirst[s.desc.Code] = fromNano(s.firstSeen)
		}
	}
	return nil
}

// seriesPart is what readSeriesPart read of one id range: its series in id order, their
// ids, and their descriptions by key.
type seriesPart struct {
	series []shopSeries
	ids    []int64
	descs  map[descKey]*Offer
	// bad are the descriptions PublishProblem refuses, and why; leftOut the series left out.
	bad     map[*Offer]string
	leftOut []string
}

// readSeriesPart reads the series of ids lo to hi into p.
func (sd *ShopData) readSeriesPart(ctx context.Context, lo, hi int64, p *seriesPart) error {
	p.descs = map[descKey]*Offer{}
	conn, err := sd.db.passConn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, `SELECT id, menu_id, first_seen, last_seen, price, sale_price, in_stock, listed,
		grams, mg, thc, cbd, thc_low, cbd_low, `+strings.Join(descText, ` || char(0) || `)+` FROM offer_series WHERE id BETWEEN ? AND ? ORDER BY id`, lo, hi)
	if err != nil {
		return err
	}
	defer rows.Close()
	// Scanned into the same variables row after row: a variable handed to Scan lives
	// on the heap, and 700,000 rows would allocate it 700,000 times.
	// Ids are dense, so the range's width is about its count (bounded: a store whose
	// ids are sparse is refused after the read).
	size := min(hi-lo+1, 1<<20)
	p.series = make([]shopSeries, 0, size)
	p.ids = make([]int64, 0, size)
	var (
		menu *shopMenu
		s    shopSeries
		id   int64
		k    descKey
		c    seriesNumbers
		text sql.NullString
	)
	for rows.Next() {
		s, k = shopSeries{}, descKey{}
		if err := rows.Scan(&id, &c.menuID, &c.firstSeen, &c.lastSeen, &c.price, &c.salePrice, &c.inStock,
			&c.listed, &c.grams, &c.mg, &c.thc, &c.cbd, &c.thcLow, &c.cbdLow, &text); err != nil {
			return err
		}
		if !c.menuID.valid {
			var u unreadable
			u.int("menu_id", c.menuID, true)
			p.leftOut = append(p.leftOut, fmt.Sprintf("offer series %d: stored %s", id, u))
			continue
		}
		if menu == nil || menu.id != c.menuID.v {
			if menu = sd.menu(c.menuID.v); menu == nil {
				continue // a menu made by a scrape since the menus were read
			}
		}
		if why := c.unreadable(text.Valid); why != "" {
			productID, size, _ := strings.Cut(text.String, "\x00")
			size, _, _ = strings.Cut(size, "\x00")
			p.leftOut = append(p.leftOut, fmt.Sprintf("offer %s %s %s %s: stored %s", menu.slug, menu.market, Clip(productID), Clip(size), why))
			continue
		}
		c.fill(&s, &k)
		k.text = text.String
		s.menu = menu
		d, ok := p.descs[k]
		if !ok {
			var err error
			if d, err = sd.describe(k); err != nil {
				// A text column that cannot be read as its kind (terpenes that are no
				// JSON, a NUL): the series is left out, listed, as a bad number is.
				p.leftOut = append(p.leftOut, fmt.Sprintf("offer %s %s series %d: stored %s", menu.slug, menu.market, id, ClipMessage(err.Error())))
				continue
			}
			p.descs[k] = d
		}
		s.desc = d
		s.category = categoryIndex(categoryOf(*d))
		if why := p.problem(s); why != "" {
			p.leftOut = append(p.leftOut, fmt.Sprintf("offer %s %s %s %s: %s", menu.slug, menu.market, Clip(d.ProductID), Clip(d.Size), why))
			continue
		}
		p.series = append(p.series, s)
		p.ids = append(p.ids, id)
	}
	return rows.Err()
}

// seriesNumbers are the numeric columns of a series row, read without failing
// (storedFloat, storedInt): a value that is no number leaves the row out, listed.
type seriesNumbers struct {
	menuID, firstSeen, lastSeen, inStock, listed          storedInt
	price, salePrice, grams, mg, thc, cbd, thcLow, cbdLow storedFloat
}

// unreadable names the columns that cannot be read as their type, "" when all can
// (textOK: the text columns hold no NULL).
func (c *seriesNumbers) unreadable(textOK bool) string {
	var u unreadable
	u.int("first_seen", c.firstSeen, true)
	u.int("last_seen", c.lastSeen, true)
	u.float("price", c.price, true)
	u.float("sale_price", c.salePrice, true)
	u.int("in_stock", c.inStock, true)
	u.int("listed", c.listed, true)
	u.float("grams", c.grams, true)
	u.float("mg", c.mg, true)
	u.float("thc", c.thc, false)
	u.float("cbd", c.cbd, false)
	u.float("thc_low", c.thcLow, false)
	u.float("cbd_low", c.cbdLow, false)
	if !textOK {
		u = append(u, "a text column is NULL")
	}
	return u.String()
}

// fill sets the series' and its description key's numbers from a readable row.
func (c *seriesNumbers) fill(s *shopSeries, k *descKey) {
	s.firstSeen, s.lastSeen, s.price, s.salePrice = c.firstSeen.v, c.lastSeen.v, c.price.v, c.salePrice.v
	s.inStock, s.listed = c.inStock.v != 0, c.listed.v != 0
	k.grams, k.mg = c.grams.v, c.mg.v
	k.thc, k.thcOK, k.cbd, k.cbdOK = c.thc.v, c.thc.valid, c.cbd.v, c.cbd.valid
	k.thcLow, k.thcLowOK, k.cbdLow, k.cbdLowOK = c.thcLow.v, c.thcLow.valid, c.cbdLow.v, c.cbdLow.valid
}

// problem is why series s cannot be published (PublishProblem), "" when it can.
func (p *seriesPart) problem(s shopSeries) string {
	if why := PriceProblem(s.price); why != "" {
		return "price " + why
	}
	if why := PriceProblem(s.salePrice); why != "" {
		return "sale price " + why
	}
	why, ok := p.bad[s.desc]
	if !ok {
		if p.bad == nil {
			p.bad = map[*Offer]string{}
		}
		why = PublishProblem(s.desc)
		p.bad[s.desc] = why
	}
	return why
}

// LeftOut lists the offer series whose values cannot be published (a price that is not
// a finite number from $0 to MaxPrice, a weight or potency that is not a number, a text
// above its maximum, a stored value that cannot be read as its type), which ShopData
// leaves out of everything it gives, and the fetches whose stored values cannot be read
// (left out of every read of the fetch log): what each is and why, one line each
// ("offer …", "fetch …").
func (sd *ShopData) LeftOut() []string { return sd.leftOut }

// describe makes the shared description of a key, with its code (DB.code) and its
// strain without a form (StrainWithoutForms).
func (sd *ShopData) describe(k descKey) (*Offer, error) {
	f := strings.Split(k.text, "\x00")
	if len(f) != len(descText) {
		return nil, fmt.Errorf("a text column holds a NUL character")
	}
	c := seriesColumns{code: f[2], name: f[3], brand: f[4], strain: f[5], strainType: f[6], category: f[7],
		rawCategory: f[8], potencyUnit: f[9], warnings: f[10], url: f[11], terpenes: f[12], lineage: f[13],
		grams: k.grams, mg: k.mg, thc: sql.NullFloat64{Float64: k.thc, Valid: k.thcOK}, cbd: sql.NullFloat64{Float64: k.cbd, Valid: k.cbdOK},
		thcLow: sql.NullFloat64{Float64: k.thcLow, Valid: k.thcLowOK}, cbdLow: sql.NullFloat64{Float64: k.cbdLow, Valid: k.cbdLowOK}}
	o := &Offer{ProductID: f[0], Size: f[1]}
	if err := c.offer(o); err != nil {
		return nil, err
	}
	// A row a scrape wrote before strains dropped their forms ("Tangie Cart") names its
	// strain as the scrape names it now.
	o.Strain = StrainWithoutForms(o.Strain)
	o.Code = sd.db.code(*o)
	return o, nil
}

// Series counts the offer series read: at least as many as the keys daily prices number.
func (sd *ShopData) Series() int { return len(sd.series) }

// ProductFirstSeen returns, per product code, when any menu first listed it (any store,
// market or size; dispensaries since removed from the registry included).
func (sd *ShopData) ProductFirstSeen() map[string]time.Time { return sd.productFirst }

// Listed counts the series that the latest successful fetch of their menu lists, over
// every menu: at least as many as EachMenu gives.
func (sd *ShopData) Listed() int { return sd.listed }

// ListedOffer is one offer series that the latest successful fetch of its menu lists.
type ListedOffer struct {
	// Desc is the series' description, shared (see ShopData); Code is set as DB.Code
	// gives it; its Price, SalePrice and InStock are not the offer's.
	Desc             *Offer
	Price, SalePrice float64
	InStock          bool
	// FirstSeen is the first successful fetch that listed the series' key (store,
	// market, code, size) at that store; LastSeen the latest that saw it; CategoryUpdate
	// the time of the latest successful fetch of its menu category at that store (its
	// freshness). LastSeen and CategoryUpdate are the menu's latest fetch, or for a
	// category that fetch emptied, the category's last successful fetch.
	FirstSeen, LastSeen, CategoryUpdate time.Time
	// Key numbers the series' store, market, code and size as DayPrice.Key does.
	Key int32
}

// MenuOffers is what the latest successful fetch of one dispensary market lists: of a
// market served by two platforms' menus, the menu fetched last.
type MenuOffers struct {
	Slug   string
	Market Market
	// Offers are in the order the menu first listed them.
	Offers []ListedOffer
	// Page is the menu's page for shoppers as its last fetch knew it, "" when unknown:
	// where an offer whose product has no page of its own links.
	Page string
}

// EachMenu calls fn with the listed offers of every market of every dispensary of the
// current registry that has had a successful fetch, by dispensary slug and market, one
// at a time: fn may keep the descriptions, not the slice.
func (sd *ShopData) EachMenu(fn func(MenuOffers) error) error {
	// A series' first listing at the store is the earliest over every menu and product
	// id the store's market has had for its code and size: its key's (rank).
	sd.rank()
	var out []ListedOffer
	type categoryState struct {
		category Category
		state    CategoryState
		ok       bool
	}
	var categories []categoryState // the market's, looked up once each
	for _, g := range sd.markets() {
		latest := g.latest
		categories = categories[:0]
		stateOf := func(c Category) (CategoryState, bool) {
			for _, cs := range categories {
				if cs.category == c {
					return cs.state, cs.ok
				}
			}
			st, ok := sd.states[stateKey{g.slug, g.market, c}]
			categories = append(categories, categoryState{c, st, ok})
			return st, ok
		}
		seen := fromNano(latest.lastOKAt)
		out = out[:0]
		for _, i := range latest.series {
			s := &sd.series[i]
			if !s.listed {
				continue
			}
			lo := ListedOffer{Desc: s.desc, Price: s.price, SalePrice: s.salePrice, InStock: s.inStock,
				LastSeen: seen, CategoryUpdate: seen, FirstSeen: fromNano(s.firstSeen), Key: s.rank}
			// A category emptied by the latest fetch keeps its earlier offers and date.
			if cs, ok := stateOf(categoryOf(*s.desc)); ok && cs.LastUpdate.Before(seen) {
				lo.CategoryUpdate, lo.LastSeen = cs.LastUpdate, cs.LastUpdate
			}
			if t := sd.keyFirst[s.rank]; t < s.firstSeen {
				lo.FirstSeen = fromNano(t)
			}
			out = append(out, lo)
		}
		if err := fn(MenuOffers{Slug: g.slug, Market: g.market, Offers: out, Page: latest.page}); err != nil {
			return err
		}
	}
	return nil
}

// EachListed calls fn with the description of every offer EachMenu gives, in its
// order, without the rest of what EachMenu works out.
func (sd *ShopData) EachListed(fn func(*Offer)) {
	for _, g := range sd.markets() {
		for _, i := range g.latest.series {
			if s := &sd.series[i]; s.listed {
				fn(s.desc)
			}
		}
	}
}

// GoneOffer is an offer series no current menu lists (EachMenu does not give it): its
// description (shared, see ShopData), its last state and when a menu last listed it.
type GoneOffer struct {
	Slug   string
	Market Market
	Desc   *Offer
	// Price, SalePrice and InStock are its state when last listed.
	Price, SalePrice float64
	InStock          bool
	// FirstSeen is the first successful fetch that listed it; LastListed the last.
	FirstSeen, LastListed time.Time
}

// EachGone calls fn with every offer series EachMenu does not give (its menu's latest
// fetch no longer lists it, or the menu is not its market's latest, or its dispensary
// has left the registry) that a successful fetch listed at or after since: what a
// product that has left every menu keeps its page with. Series come in no set order.
func (sd *ShopData) EachGone(since time.Time, fn func(GoneOffer)) {
	current := make([]bool, len(sd.series))
	for _, g := range sd.markets() {
		for _, i := range g.latest.series {
			current[i] = sd.series[i].listed
		}
	}
	from := nanos(since)
	for i := range sd.series {
		s := &sd.series[i]
		last := s.lastSeen
		if s.listed {
			last = s.menu.lastOKAt // listed by its menu's last success, a menu EachMenu skips
		}
		if current[i] || last < from || last == 0 {
			continue
		}
		fn(GoneOffer{Slug: s.menu.slug, Market: s.menu.market, Desc: s.desc, Price: s.price, SalePrice: s.salePrice,
			InStock: s.inStock, FirstSeen: fromNano(s.firstSeen), LastListed: fromNano(last)})
	}
}

// marketMenus are the menus of one dispensary market, and the one whose latest
// successful fetch lists its offers (the market served by two platforms' menus).
type marketMenus struct {
	slug   string
	market Market
	menus  []*shopMenu
	latest *shopMenu
}

// markets are the markets of the current registry with a successful fetch, by
// dispensary slug and market.
func (sd *ShopData) markets() []*marketMenus {
	byKey := map[[2]string]*marketMenus{}
	var groups []*marketMenus
	for _, m := range sd.menus {
		k := [2]string{m.slug, string(m.market)}
		g := byKey[k]
		if g == nil {
			g = &marketMenus{slug: m.slug, market: m.market}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.menus = append(g.menus, m)
		if !m.inRegistry || m.lastOKAt == 0 {
			continue
		}
		if l := g.latest; l == nil || m.lastOKAt > l.lastOKAt || (m.lastOKAt == l.lastOKAt && m.id > l.id) {
			g.latest = m
		}
	}
	groups = slices.DeleteFunc(groups, func(g *marketMenus) bool { return g.latest == nil })
	sort.Slice(groups, func(i, j int) bool {
		if groups[i].slug != groups[j].slug {
			return groups[i].slug < groups[j].slug
		}
		return groups[i].market < groups[j].market
	})
	return groups
}

// OfferRun is what EachOfferRun reports for one series: the offer as
// Count successful fetches of its menu in one month listed it, unchanged.
type OfferRun struct {
	Slug   string
	Market Market
	// Desc is the series' description, shared (see ShopData).
	Desc *Offer
	// Price, SalePrice and InStock are the state those fetches saw.
	Price, SalePrice float64
	InStock          bool
	// Month is the month of the fetches (YYYY-MM, America/New_York).
	Month string
	Count int
}

// EachOfferRun reports the offers every successful fetch in [from, to) listed (each with
// its price, sale price and stock at that fetch, its description the latest), with the
// fetches that list a series unchanged within one month folded into one run: a year's history costs a call per change and month, not
// one per offer and fetch. Runs come in month order; within a month, in no set order.
// Dispensaries no longer in the registry are included; history is history.
func (sd *ShopData) EachOfferRun(ctx context.Context, from, to time.Time, fn func(OfferRun) error) error {
	w := &offerRuns{sd: sd, fn: fn, runs: make([]offerRunState, len(sd.series)),
		fetches: map[*shopMenu]int32{}, reopen: map[*shopMenu]bool{}, paused: map[*shopMenu]uint8{}}
	for _, m := range sd.menus {
		w.reopen[m] = true
	}
	lo, hi := nanos(from), nanos(to)
	err := sd.replay(ctx, to, &w.rs, nil, func(f replayFetch, changed []slotChange) error {
		if !f.ok || f.at < lo || f.at >= hi {
			return nil
		}
		return w.fetch(f, changed)
	})
	if err == nil {
		err = w.closeAll()
	}
	if err != nil {
		return fmt.Errorf("offer history: %w", err)
	}
	return nil
}

// offerRuns is EachOfferRun's walk: the open run of each series, and per menu its
// successful fetches in the window so far, whether its listed series need a run opened
// (at the start and after each month), and the categories an emptying fetch paused.
type offerRuns struct {
	sd      *ShopData
	fn      func(OfferRun) error
	rs      replayState
	runs    []offerRunState
	fetches map[*shopMenu]int32
	reopen  map[*shopMenu]bool
	paused  map[*shopMenu]uint8 // categories (bits) whose runs an emptying fetch ended
	month   string
}

type offerRunState struct {
	open  bool
	start int32 // the menu's count of fetches in the window when the run began
	state seriesState
}

// closeRun ends series i's run, reporting it when a fetch in the window listed it.
func (w *offerRuns) closeRun(i int32) error {
	r := &w.runs[i]
	if !r.open {
		return nil
	}
	r.open = false
	s := &w.sd.series[i]
	n := w.fetches[s.menu] - r.start
	if n <= 0 {
		return nil
	}
	return w.fn(OfferRun{Slug: s.menu.slug, Market: s.menu.market, Desc: s.desc, Price: r.state.Price,
		SalePrice: r.state.SalePrice, InStock: r.state.InStock, Month: w.month, Count: int(n)})
}

// closeAll ends every run (a month ended, or the window): every menu's listed series
// start anew at its next fetch.
func (w *offerRuns) closeAll() error {
	for i := range w.runs {
		if err := w.closeRun(int32(i)); err != nil {
			return err
		}
	}
	for m := range w.reopen {
		w.reopen[m] = true
	}
	clear(w.paused)
	return nil
}

// fetch takes one successful fetch in the window and the series it changed.
func (w *offerRuns) fetch(f replayFetch, changed []slotChange) error {
	if mo := fromNano(f.at).In(ohio).Format("2006-01"); mo != w.month {
		if err := w.closeAll(); err != nil {
			return err
		}
		w.month = mo
	}
	// A changed series ends its run; its new state starts one if listed.
	for _, c := range changed {
		if err := w.closeRun(c.slot); err != nil {
			return err
		}
	}
	m := f.menu
	if f.emptied != 0 {
		// The series of a category this fetch emptied were not seen by it: their
		// runs end with the fetch before.
		for _, i := range m.series {
			if !f.lists(&w.sd.series[i]) {
				if err := w.closeRun(i); err != nil {
					return err
				}
			}
		}
	}
	start := w.fetches[m]
	w.fetches[m]++
	begin := func(i int32) {
		if cur := w.rs.cur[i]; w.rs.known[i] && cur.Listed && !w.runs[i].open && f.lists(&w.sd.series[i]) {
			w.runs[i] = offerRunState{open: true, start: start, state: cur}
		}
	}
	if w.reopen[m] {
		w.reopen[m] = false
		w.paused[m] = f.emptied
		for _, i := range m.series {
			begin(i)
		}
		return nil
	}
	if back := w.paused[m] &^ f.emptied; back != 0 {
		// A category listed again: its series' runs start anew.
		for _, i := range m.series {
			if back&(1<<w.sd.series[i].category) != 0 {
				begin(i)
			}
		}
	}
	w.paused[m] = f.emptied // the others were never paused or are listed again
	for _, c := range changed {
		begin(c.slot)
	}
	return nil
}

// DayPrice is one offer series on one day (ShopData.EachDayPrice): the offer as last
// observed that day, its description shared.
type DayPrice struct {
	// Day is YYYY-MM-DD in America/New_York.
	Day    string
	Slug   string
	Market Market
	Desc   *Offer
	// Key numbers the observation's store, market, code and size from 0: the
	// observations of one key on different days share it.
	Key int32
	// Price, SalePrice and InStock are the observed state.
	Price, SalePrice float64
	InStock          bool
}

// rank orders the series' keys (store, market, code, size) once, in the order a day of
// daily prices is reported in; series sharing a key share a rank.
func (sd *ShopData) rank() { sd.ranking.Do(sd.rankKeys) }

func (sd *ShopData) rankKeys() {
	code := func(s *shopSeries) string {
		if s.desc.Code == "" {
			// Without codes, products are told apart by their platform id.
			return "\x00" + s.desc.ProductID
		}
		return s.desc.Code
	}
	order := make([]int32, len(sd.series))
	for i := range order {
		order[i] = int32(i)
	}
	cmpKeys := func(a, b *shopSeries) int {
		if c := strings.Compare(a.menu.slug, b.menu.slug); c != 0 {
			return c
		}
		if c := strings.Compare(string(a.menu.market), string(b.menu.market)); c != 0 {
			return c
		}
		if c := strings.Compare(code(a), code(b)); c != 0 {
			return c
		}
		return strings.Compare(a.desc.Size, b.desc.Size)
	}
	slices.SortFunc(order, func(i, j int32) int { return cmpKeys(&sd.series[i], &sd.series[j]) })
	r := int32(-1)
	for n, i := range order {
		if n == 0 || cmpKeys(&sd.series[order[n-1]], &sd.series[i]) != 0 {
			r++
		}
		sd.series[i].rank = r
	}
	sd.keys = int(r + 1)
	sd.keyFirst = make([]int64, sd.keys)
	for i := range sd.series {
		s := &sd.series[i]
		if t := &sd.keyFirst[s.rank]; *t == 0 || s.firstSeen < *t {
			*t = s.firstSeen
		}
	}
}

// replayFetch is one row of the fetch log, as replay sees it. emptied marks the
// categories the fetch found emptied (MenuFetch.EmptyCategories), one bit per
// AllCategories index: their series stay as they were, listed, but that fetch did not
// see them, so neither the daily prices nor the history's runs may count it for them.
type replayFetch struct {
	id, at  int64
	ok      bool
	emptied uint8
	menu    *shopMenu
}

// categoryIndex is c's index in AllCategories (Other for a category it does not name).
func categoryIndex(c Category) uint8 {
	if i := slices.Index(AllCategories, c); i >= 0 {
		return uint8(i)
	}
	return uint8(slices.Index(AllCategories, Other))
}

// emptiedMask reads a fetch's empty_categories ("Vape,Extract") as categoryIndex bits.
func emptiedMask(list []byte) uint8 {
	var mask uint8
	for _, name := range strings.Split(string(list), ",") {
		if i := slices.Index(AllCategories, Category(name)); i >= 0 {
			mask |= 1 << i
		}
	}
	return mask
}

// lists reports whether fetch f saw series i: false for a series of a category f emptied.
func (f replayFetch) lists(s *shopSeries) bool { return f.emptied&(1<<s.category) == 0 }

// slotChange is a change of the series at a slot of ShopData.series.
type slotChange struct {
	slot  int32
	state seriesState
}

// replayState is the series' states as of the fetch a replay is at: cur by slot, known
// marking the series a fetch has listed so far. Each replay has its own, so that
// replays can run at once (a publish's highlights and price history).
type replayState struct {
	cur   []seriesState
	known []bool
}

// replay walks the fetch log in time order (a menu's fetches are recorded in time order,
// RecordMenuFetch makes sure), up to the last fetch before to, applying each successful
// fetch's changes to the series' states (st), and calls before (when set) before a
// fetch's changes apply and fn after, with the changes it made. Changes are deltas from
// the menu's fetch before, so the walk always starts at the first fetch. A series
// recorded after the read (a scrape running meanwhile) is left out.
func (sd *ShopData) replay(ctx context.Context, to time.Time, st *replayState, before func(replayFetch) error, fn func(replayFetch, []slotChange) error) error {
	st.cur = make([]seriesState, len(sd.series))
	st.known = make([]bool, len(sd.series))
	conn, err := sd.db.passConn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, `SELECT id, menu_id, at, ok, changes, empty_categories FROM menu_fetches WHERE at < ? AND `+readableFetch("")+` ORDER BY at, id`, nanos(to))
	if err != nil {
		return err
	}
	defer rows.Close()
	var blob []byte
	var emptied sql.RawBytes
	var changed []slotChange
	for rows.Next() {
		var f replayFetch
		var menuID int64
		if err := rows.Scan(&f.id, &menuID, &f.at, &f.ok, &blob, &emptied); err != nil {
			return err
		}
		if len(emptied) > 0 {
			f.emptied = emptiedMask(emptied)
		}
		if f.menu = sd.menu(menuID); f.menu == nil {
			continue // a menu recorded after the read
		}
		if before != nil {
			if err := before(f); err != nil {
				return err
			}
		}
		changed = changed[:0]
		err := decodeChanges(blob, func(c change) {
			if c.series < 0 || c.series >= int64(len(sd.slot)) || sd.slot[c.series] < 0 {
				return
			}
			i := sd.slot[c.series]
			if PriceProblem(c.state.Price) != "" || PriceProblem(c.state.SalePrice) != "" {
				// A price that cannot be published (an old database's) counts as the
				// offer not listed then, keeping its earlier state, as an unlisting does.
				c.state = seriesState{Price: st.cur[i].Price, SalePrice: st.cur[i].SalePrice, InStock: st.cur[i].InStock}
			}
			st.cur[i], st.known[i] = c.state, true
			changed = append(changed, slotChange{i, c.state})
		})
		if err != nil {
			return fmt.Errorf("fetch %d: %w", f.id, err)
		}
		if err := fn(f, changed); err != nil {
			return err
		}
	}
	return rows.Err()
}

// EachDayPrice calls fn once per day (America/New_York) and offer series observed by a
// successful fetch in [from, to), with the offer as last observed that day. Days come in
// order; within a day, by store, market, code and size. Only one day is held in memory.
// Dispensaries no longer in the registry are included: history is history.
//
// It replays the change log (see replay) and, per menu and day, starts from the
// series its first fetch of the day lists and follows that day's changes: an unchanged
// year costs one pass over the listed series per menu and day, not one per fetch.
func (sd *ShopData) EachDayPrice(ctx context.Context, from, to time.Time, fn func(DayPrice) error) error {
	sd.rank()
	w := &dayPrices{sd: sd, fn: fn, obs: make([]int32, sd.keys), seenDay: make([]int32, sd.keys),
		touched: make([]int32, 0, sd.keys), menuDay: map[int64]menuToday{}}
	lo, hi := nanos(from), nanos(to)
	inWindow := func(f replayFetch) bool { return f.ok && f.at >= lo && f.at < hi }
	// A new day ends the last before the fetch's changes apply.
	before := func(f replayFetch) error {
		if !inWindow(f) {
			return nil
		}
		if d := Day(fromNano(f.at)); d != w.day {
			if err := w.flush(); err != nil {
				return err
			}
			w.day = d
			w.dayNo++
		}
		return nil
	}
	err := sd.replay(ctx, to, &w.rs, before, func(f replayFetch, changed []slotChange) error {
		if inWindow(f) {
			w.fetch(f, changed)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	if err := w.flush(); err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	return nil
}

// dayPrices is EachDayPrice's walk. obs holds the series of each key (by rank)
// observed last that day, touched the ranks observed that day. Fetches come in time
// order, so the last observation is the latest; and its state is the series' state at
// the end of the day: a later change that day is observed in turn, except one that
// unlists the series, which keeps its prices and stock.
type dayPrices struct {
	sd      *ShopData
	fn      func(DayPrice) error
	rs      replayState
	obs     []int32
	seenDay []int32 // day number (from 1) a rank was last observed on
	touched []int32
	day     string
	dayNo   int32
	menuDay map[int64]menuToday
}

// menuToday is, per menu, the day number its observations so far belong to and the
// categories none of its fetches that day has seen yet (emptied).
type menuToday struct {
	day    int32
	unseen uint8
}

func (w *dayPrices) observe(i int32) {
	r := w.sd.series[i].rank
	if w.seenDay[r] != w.dayNo {
		w.seenDay[r] = w.dayNo
		w.touched = append(w.touched, r)
	}
	w.obs[r] = i
}

// flush reports the day's observations in key order.
func (w *dayPrices) flush() error {
	if len(w.touched)*16 > len(w.seenDay) {
		// Most keys were seen: a pass over them is cheaper than a sort.
		w.touched = w.touched[:0]
		for r, d := range w.seenDay {
			if d == w.dayNo {
				w.touched = append(w.touched, int32(r))
			}
		}
	} else {
		slices.Sort(w.touched)
	}
	for _, r := range w.touched {
		i := w.obs[r]
		s, st := &w.sd.series[i], w.rs.cur[i]
		p := DayPrice{Day: w.day, Slug: s.menu.slug, Market: s.menu.market, Desc: s.desc, Key: r,
			Price: st.Price, SalePrice: st.SalePrice, InStock: st.InStock}
		if err := w.fn(p); err != nil {
			return err
		}
	}
	w.touched = w.touched[:0]
	return nil
}

// fetch observes what one successful fetch in the window lists or changed.
func (w *dayPrices) fetch(f replayFetch, changed []slotChange) {
	today := w.menuDay[f.menu.id]
	if today.day != w.dayNo {
		// The menu's first fetch of the day: everything it lists is observed, but
		// for the categories it emptied (their series keep their state, unseen).
		w.menuDay[f.menu.id] = menuToday{w.dayNo, f.emptied}
		for _, i := range f.menu.series {
			if w.rs.known[i] && w.rs.cur[i].Listed && f.lists(&w.sd.series[i]) {
				w.observe(i)
			}
		}
		return
	}
	if back := today.unseen &^ f.emptied; back != 0 {
		// A category unseen so far today is listed again: its series are observed.
		for _, i := range f.menu.series {
			if s := &w.sd.series[i]; back&(1<<s.category) != 0 && w.rs.known[i] && w.rs.cur[i].Listed {
				w.observe(i)
			}
		}
		w.menuDay[f.menu.id] = menuToday{w.dayNo, today.unseen &^ back}
	}
	// Later fetches that day: a series they list unchanged keeps its observation
	// (same state), a changed one is observed anew, one no longer listed keeps the
	// state it was last observed with.
	for _, c := range changed {
		if c.state.Listed {
			w.observe(c.slot)
		}
	}
}

// passConn is a connection for one pass over a large table (the series, the fetch log),
// with a small page cache: a pass gains nothing from the cache, and each connection's
// full one (pageCacheKiB) is memory a publish would otherwise hold to its end. Close
// gives the connection back with its usual cache.
func (db *DB) passConn(ctx context.Context) (*passConnection, error) {
	conn, err := db.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `PRAGMA cache_size = -2048`); err != nil {
		conn.Close()
		return nil, err
	}
	return &passConnection{conn}, nil
}

type passConnection struct{ *sql.Conn }

func (c *passConnection) Close() error {
	// The pragma first: a connection back in the pool must cache as the others do.
	c.Conn.ExecContext(context.Background(), `PRAGMA cache_size = -`+strconv.Itoa(pageCacheKiB))
	return c.Conn.Close()
}
