package store

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ohiomc/omc/data"
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
	market     data.Market
	platform   string
	lastOKAt   int64 // 0 before the first successful fetch
	inRegistry bool
	page       string  // the menu's page for shoppers, "" when unknown
	series     []int32 // indexes into ShopData.series, by id
}

// shopSeries is one offer series: its shared description and its latest state, in 56
// bytes (its id is its slot's: ShopData.slot).
type shopSeries struct {
	desc      *data.Offer
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
		var same map[*data.Offer]*data.Offer
		if pi > 0 {
			same = map[*data.Offer]*data.Offer{}
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
	descs  map[descKey]*data.Offer
	// bad are the descriptions PublishProblem refuses, and why; leftOut the series left out.
	bad     map[*data.Offer]string
	leftOut []string
}

// readSeriesPart reads the series of ids lo to hi into p.
func (sd *ShopData) readSeriesPart(ctx context.Context, lo, hi int64, p *seriesPart) error {
	p.descs = map[descKey]*data.Offer{}
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
			p.leftOut = append(p.leftOut, fmt.Sprintf("offer %s %s %s %s: stored %s", menu.slug, menu.market, data.Clip(productID), data.Clip(size), why))
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
				p.leftOut = append(p.leftOut, fmt.Sprintf("offer %s %s series %d: stored %s", menu.slug, menu.market, id, data.ClipMessage(err.Error())))
				continue
			}
			p.descs[k] = d
		}
		s.desc = d
		s.category = categoryIndex(categoryOf(*d))
		if why := p.problem(s); why != "" {
			p.leftOut = append(p.leftOut, fmt.Sprintf("offer %s %s %s %s: %s", menu.slug, menu.market, data.Clip(d.ProductID), data.Clip(d.Size), why))
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
	if why := data.PriceProblem(s.price); why != "" {
		return "price " + why
	}
	if why := data.PriceProblem(s.salePrice); why != "" {
		return "sale price " + why
	}
	why, ok := p.bad[s.desc]
	if !ok {
		if p.bad == nil {
			p.bad = map[*data.Offer]string{}
		}
		why = data.PublishProblem(s.desc)
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
func (sd *ShopData) describe(k descKey) (*data.Offer, error) {
	f := strings.Split(k.text, "\x00")
	if len(f) != len(descText) {
		return nil, fmt.Errorf("a text column holds a NUL character")
	}
	c := seriesColumns{code: f[2], name: f[3], brand: f[4], strain: f[5], strainType: f[6], category: f[7],
		rawCategory: f[8], potencyUnit: f[9], warnings: f[10], url: f[11], terpenes: f[12], lineage: f[13],
		grams: k.grams, mg: k.mg, thc: sql.NullFloat64{Float64: k.thc, Valid: k.thcOK}, cbd: sql.NullFloat64{Float64: k.cbd, Valid: k.cbdOK},
		thcLow: sql.NullFloat64{Float64: k.thcLow, Valid: k.thcLowOK}, cbdLow: sql.NullFloat64{Float64: k.cbdLow, Valid: k.cbdLowOK}}
	o := &data.Offer{ProductID: f[0], Size: f[1]}
	if err := c.offer(o); err != nil {
		return nil, err
	}
	// A row a scrape wrote before strains dropped their forms ("Tangie Cart") names its
	// strain as the scrape names it now.
	o.Strain = data.StrainWithoutForms(o.Strain)
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
