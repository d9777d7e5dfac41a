package publish

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/ohiomc/omc/store"
)

// The honest-discount figures (SNAPSHOTS.md, "Lows"): for an offer on sale, the lowest
// price paid for it in the LowBeforeSale days before its sale began and whether its
// struck regular price was charged then; for every offer, its lowest price of the last
// ProductLowDays days. They are folded from the same daily prices as the product pages'
// history (history.add), one offer series key (store, market, code, size) at a time,
// keeping per key only the price spells that a sale could still look back at.

// LowBeforeSale is how many days before a sale began its low is taken from: the EU's
// Price Indication Directive (Article 6a) compares a reduction with the lowest price of
// the 30 days before it.
const LowBeforeSale = 30

// ProductLowDays is how many days (today included) a product page's low per store
// reaches back.
const ProductLowDays = 90

// priceSpell is a run of days on which a series was seen in stock in one state: from
// and to are the first and last such days (day numbers, dayNumber), paid what a shopper
// paid and price the regular price, in cents.
type priceSpell struct {
	from, to    int32
	paid, price int32
	sale        bool
}

// lowTrack is what the history keeps of one series key while it folds.
type lowTrack struct {
	// head and tail are the key's first and last in-stock spell, oldest first, in
	// lowFold.spells (their index + 1; 0 for none); those no sale can look back at any
	// more are dropped.
	head, tail int32
	// first is the day the key was first seen in the history's window (0 for never).
	first int32
	// saleFrom is the first day of the sale the key's latest in-stock sighting is in, 0
	// when that sighting was not on sale.
	saleFrom int32
	// low90 is the lowest price paid in the last ProductLowDays days, in cents (0 for
	// none).
	low90 int32
}

// spellNode is a spell in lowFold.spells and the next of its key's (index + 1; 0 for
// none).
type spellNode struct {
	priceSpell
	next int32
}

// lowFold folds the daily prices into a lowTrack per series key (store.DayPrice.Key)
// while the history streams them; lows is what it leaves for the rest of the publish.
// The keys' spells are lists in one array, not a slice each: at 2,000 menus 700,000
// small allocations, all traced by every collection of the walk, which the memory
// limit makes continuous.
type lowFold struct {
	tracks []lowTrack
	spells []spellNode
	// free is the first of the dropped spells' nodes, reused before the array grows
	// (index + 1; 0 for none).
	free int32
	// today is the publish's day; dayText and day the day being folded.
	today   int32
	dayText string
	day     int32
}

// newLowFold is a fold for about keys series keys (0 when not known): the arrays are
// made once rather than grown, which at 2,000 menus would copy 700,000 entries over and
// over and leave a quarter of the last copy unused.
func newLowFold(now time.Time, keys int) *lowFold {
	return &lowFold{tracks: make([]lowTrack, 0, keys), spells: make([]spellNode, 0, keys), today: dayNumberOf(now)}
}

// push appends s to t's spells.
func (l *lowFold) push(t *lowTrack, s priceSpell) {
	n := l.free
	if n != 0 {
		l.free = l.spells[n-1].next
		l.spells[n-1] = spellNode{priceSpell: s}
	} else {
		l.spells = append(l.spells, spellNode{priceSpell: s})
		n = int32(len(l.spells))
	}
	if t.tail != 0 {
		l.spells[t.tail-1].next = n
	} else {
		t.head = n
	}
	t.tail = n
}

// dropFirst drops t's oldest spell, its node kept for the next push.
func (l *lowFold) dropFirst(t *lowTrack) {
	n := t.head
	t.head = l.spells[n-1].next
	if t.head == 0 {
		t.tail = 0
	}
	l.spells[n-1].next = l.free
	l.free = n
}

// dayNumberOf is t's day in America/New_York (store.Day) as a number of days since
// 1970-01-01.
func dayNumberOf(t time.Time) int32 {
	n, _ := dayNumber(store.Day(t))
	return n
}

// dayNumber is a YYYY-MM-DD day as a number of days since 1970-01-01.
func dayNumber(day string) (int32, bool) {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return 0, false
	}
	return int32(t.Unix() / 86400), true
}

// inCents is a price in whole cents, held in an int32 (an absurd price is clamped: the
// publish has flagged it already).
func inCents(v float64) int32 {
	return int32(math.Min(math.Round(v*100), math.MaxInt32))
}

// observe folds one day's observation of one key: days come in order.
func (l *lowFold) observe(day string, key int32, price, sale float64, inStock bool) {
	if day != l.dayText {
		n, ok := dayNumber(day)
		if !ok {
			return
		}
		l.dayText, l.day = day, n
	}
	if key < 0 {
		return
	}
	for int(key) >= len(l.tracks) {
		l.tracks = append(l.tracks, lowTrack{})
	}
	t := &l.tracks[key]
	if t.first == 0 {
		t.first = l.day
	}
	onSale := sale > 0 && sale < price
	paid := price
	if onSale {
		paid = sale
	}
	// Out of stock or without a price, nothing was paid that day: the day neither
	// begins nor ends a sale.
	if !inStock || paid <= 0 {
		return
	}
	s := priceSpell{from: l.day, to: l.day, paid: inCents(paid), price: inCents(price), sale: onSale}
	switch {
	case !onSale:
		t.saleFrom = 0
	case t.saleFrom == 0:
		t.saleFrom = l.day
	}
	if t.tail != 0 && l.spells[t.tail-1].paid == s.paid && l.spells[t.tail-1].price == s.price && l.spells[t.tail-1].sale == s.sale {
		l.spells[t.tail-1].to = l.day
	} else {
		l.push(t, s)
	}
	if l.day > l.today-ProductLowDays && (t.low90 == 0 || s.paid < t.low90) {
		t.low90 = s.paid
	}
	// A sale that begins later looks back from a later day than this one; the sale under
	// way looks back from its first day: spells that ended before are never read.
	from := l.day
	if t.saleFrom != 0 {
		from = t.saleFrom
	}
	for t.head != 0 && l.spells[t.head-1].to < from-LowBeforeSale {
		l.dropFirst(t)
	}
}

// lows are the folded lows, held to the end of the publish (every menu, search and
// product file reads them) in two flat arrays without pointers: a lowTrack per key
// and a slice of spells each, at 2,000 menus 700,000 small allocations (48 MB), was
// the largest thing the publish itself held and made every collection trace them.
type lows struct {
	keys []keyLows // by series key
	// spells are each key's spells lowFor reads, oldest first: keys[k]'s from
	// keys[k].spells up to the next key's (the end for the last).
	spells []priceSpell
	today  int32
}

// keyLows is a lowTrack once the fold is done, its spells in lows.spells.
type keyLows struct {
	first, saleFrom, low90 int32
	spells                 int32
}

// lows is what the fold leaves: of each key's spells only those lowFor reads (those
// that end in the LowBeforeSale days before its sale began, or before today when it
// is not on sale, and began before that), which after a day of runs is none.
func (l *lowFold) lows() *lows {
	out := &lows{keys: make([]keyLows, len(l.tracks)), today: l.today}
	for k, t := range l.tracks {
		out.keys[k] = keyLows{first: t.first, saleFrom: t.saleFrom, low90: t.low90, spells: int32(len(out.spells))}
		began := saleBegan(t.saleFrom, l.today)
		for n := t.head; n != 0; n = l.spells[n-1].next {
			if s := l.spells[n-1].priceSpell; readBeforeSale(s, began) {
				out.spells = append(out.spells, s)
			}
		}
	}
	return out
}

// saleBegan is the day a key's sale began: saleFrom, or today when the history's last
// sighting was not on sale (the menu changed since: the sale began today).
func saleBegan(saleFrom, today int32) int32 {
	if saleFrom == 0 {
		return today
	}
	return saleFrom
}

// readBeforeSale reports whether a spell is in the LowBeforeSale days before a sale
// that began on day began.
func readBeforeSale(s priceSpell, began int32) bool {
	return s.from < began && s.to >= began-LowBeforeSale
}

// spellsOf are key k's spells (of those lows kept).
func (l *lows) spellsOf(k int) []priceSpell {
	end := int32(len(l.spells))
	if k+1 < len(l.keys) {
		end = l.keys[k+1].spells
	}
	return l.spells[l.keys[k].spells:end]
}

// saleLow is what the snapshots say of an offer on sale beside its prices.
type saleLow struct {
	// low is the lowest price paid in the LowBeforeSale days before the sale began, in
	// cents; 0 when the offer was not seen in stock then.
	low int32
	// regularCharged is whether the regular price (or more) was charged, not on sale,
	// in those days.
	regularCharged bool
	// daysSeen is how many days omc has seen the offer when it has seen it for fewer
	// than LowBeforeSale days before the sale began, else 0.
	daysSeen int32
}

// lowFor is the saleLow of an offer series key on sale now at regular price price;
// firstListed is when the series was first listed (the fallback for a key the
// history's window has not seen).
func (l *lows) lowFor(key int32, price float64, firstListed time.Time) saleLow {
	var t keyLows
	var spells []priceSpell
	if l != nil && key >= 0 && int(key) < len(l.keys) {
		t, spells = l.keys[key], l.spellsOf(int(key))
	}
	today := int32(0)
	if l != nil {
		today = l.today
	}
	first := t.first
	if first == 0 && !firstListed.IsZero() {
		first = dayNumberOf(firstListed)
	}
	if first == 0 {
		first = today
	}
	began := saleBegan(t.saleFrom, today)
	var r saleLow
	regular := inCents(price)
	for _, s := range spells {
		if !readBeforeSale(s, began) {
			continue
		}
		if r.low == 0 || s.paid < r.low {
			r.low = s.paid
		}
		if !s.sale && s.price >= regular {
			r.regularCharged = true
		}
	}
	if first > began-LowBeforeSale {
		r.daysSeen = max(today-first+1, 1)
	}
	return r
}

// lowDiscount is the share of the 30-day low a sale price takes off (negative when the
// sale costs more than the low), 0 when there is no low: a discount is never counted
// against a regular price omc has not seen charged.
func (r saleLow) lowDiscount(sale float64) float64 {
	if r.low <= 0 {
		return 0
	}
	return math.Round(1000*(1-sale*100/float64(r.low))) / 1000
}

// low90 is the key's lowest price paid in the last ProductLowDays days, in cents (0
// for none).
func (l *lows) low90(key int32) int32 {
	if l == nil || key < 0 || int(key) >= len(l.keys) {
		return 0
	}
	return l.keys[key].low90
}

// SaleLow is what the snapshots write beside an offer on sale (SNAPSHOTS.md, "Lows").
type SaleLow struct {
	// Low is the lowest price paid in the LowBeforeSale days before the sale began, null
	// when omc did not see the offer in stock then.
	Low *float64 `json:"low"`
	// RegularCharged is whether the struck regular price (or more) was charged, not on
	// sale, in those days.
	RegularCharged bool `json:"regularCharged"`
	// DaysSeen is how many days omc has seen the offer, when that is fewer than
	// LowBeforeSale days before the sale began; null otherwise.
	DaysSeen *int32 `json:"daysSeen"`
}

// saleLowOf is the SaleLow of an offer on sale, nil for one that is not.
func (o *offer) saleLowOf() *SaleLow {
	if o.salePrice() == nil || o.place == nil {
		return nil
	}
	return o.place.lows.lowFor(o.key, o.Price, timeAtSeconds(o.seriesFirst)).snapshot()
}

// snapshot is r as the snapshots write it.
func (r saleLow) snapshot() *SaleLow {
	out := &SaleLow{RegularCharged: r.regularCharged}
	if r.low > 0 {
		v := float64(r.low) / 100
		out.Low = &v
	}
	if r.daysSeen > 0 {
		out.DaysSeen = &r.daysSeen
	}
	return out
}

// lowDiscount is the share of the 30-day low an offer's sale takes off (saleLow's).
func (o *offer) lowDiscount() float64 {
	if o.salePrice() == nil || o.place == nil {
		return 0
	}
	return o.place.lows.lowFor(o.key, o.Price, timeAtSeconds(o.seriesFirst)).lowDiscount(o.SalePrice)
}

// low90Of is the offer's lowest price paid in the last ProductLowDays days, nil when
// none is known.
func (o *offer) low90Of() *float64 {
	if o.place == nil {
		return nil
	}
	c := o.place.lows.low90(o.key)
	if c <= 0 {
		return nil
	}
	v := float64(c) / 100
	return &v
}

// appendSaleLows appends `,"saleLows":[…]`, the SaleLow of each offer of offers on
// sale with its index ("offer"), when some is: a file's offers are mostly not on sale,
// and a column would hold a null for each.
func appendSaleLows(b []byte, offers []*offer) []byte {
	first := true
	for i, o := range offers {
		r := o.saleLowOf()
		if r == nil {
			continue
		}
		if first {
			b = append(b, `,"saleLows":[`...)
			first = false
		} else {
			b = append(b, ',')
		}
		b = append(b, `{"offer":`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = appendSaleLowFields(append(b, ','), r)
		b = append(b, '}')
	}
	if !first {
		b = append(b, ']')
	}
	return b
}

// IndexedSaleLow is the SaleLow of the offer at index Offer of a file's offer columns.
type IndexedSaleLow struct {
	Offer int `json:"offer"`
	SaleLow
}

// lowLabel is a sale's SaleLow in the site's words (the feeds write it as the site
// shows it).
func lowLabel(r *SaleLow) string {
	if r == nil {
		return ""
	}
	var parts []string
	if r.Low != nil {
		parts = append(parts, "lowest in the 30 days before: "+money(*r.Low))
	}
	if !r.RegularCharged {
		parts = append(parts, "regular price not charged in the last 30 days")
	}
	if r.DaysSeen != nil {
		unit := "days"
		if *r.DaysSeen == 1 {
			unit = "day"
		}
		parts = append(parts, fmt.Sprintf("seen by omc for %d %s", *r.DaysSeen, unit))
	}
	return strings.Join(parts, "; ")
}

// appendSaleLowFields appends r's fields as SaleLow's JSON has them, without braces.
func appendSaleLowFields(b []byte, r *SaleLow) []byte {
	b = append(b, `"low":`...)
	b = appendFloatOrNull(b, r.Low)
	b = append(b, `,"regularCharged":`...)
	b = appendBool(b, r.RegularCharged)
	b = append(b, `,"daysSeen":`...)
	if r.DaysSeen == nil {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, int64(*r.DaysSeen), 10)
}

// appendOfferLows appends an offer's saleLow (on sale) and low90 as ProductOffer has
// them, each after a comma.
func appendOfferLows(b []byte, o *offer) []byte {
	if r := o.saleLowOf(); r != nil {
		b = append(b, `,"saleLow":{`...)
		b = append(appendSaleLowFields(b, r), '}')
	}
	b = append(b, `,"low90":`...)
	return appendFloatOrNull(b, o.low90Of())
}
