package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// recordSet collects what an adapter made of a menu's records: the offers of the good
// ones and a description of each bad one. A record is one product; a bad product never
// costs the menu, but a menu where most records are unreadable is a parse failure
// (the platform changed its shape, and publishing half a menu would mislead).
type recordSet struct {
	where   string
	records int
	offers  []data.Offer
	skipped []string
	// otherMarket counts the skipped records the menu marks for the other market: read
	// well, left out on purpose, so not a sign of a changed layout.
	otherMarket int
	// foreign is the first record that names another store than the menu's: the
	// reply is then refused whole, never merged into this store's menu.
	foreign *otherStoreError
}

func (s *recordSet) add(i int, offers []data.Offer, err error) {
	s.records++
	if err != nil {
		var om *otherMarketError
		var foreign *otherStoreError
		switch {
		case errors.As(err, &om):
			s.otherMarket++
		case errors.As(err, &foreign) && s.foreign == nil:
			s.foreign = foreign
		}
		s.skipped = append(s.skipped, fmt.Sprintf("%s record %d: %v", s.where, i, err))
		return
	}
	s.offers = append(s.offers, offers...)
}

// seenIDs are the products of a menu read so far, by their platform id: a product
// listed again (on a later page, in a second category) is read once.
type seenIDs map[string]bool

// repeat marks id read and reports whether it was read before. A product without an
// id is never a repeat: nothing tells it apart.
func (s seenIDs) repeat(id string) bool {
	if id == "" {
		return false
	}
	if s[id] {
		return true
	}
	s[id] = true
	return false
}

// addPage reads one page of a paged menu into menu: fn maps a record to its offers
// and its platform id, and a product already read on an earlier page is read once.
// It returns how many of the page's products were new, so that the caller can tell a
// server that ignores its paging (every product again) from the menu's last page.
func addPage(ctx context.Context, e *polite.Engine, menu *data.Menu, where string, seen seenIDs, records []json.RawMessage, fn func(raw json.RawMessage) ([]data.Offer, string, error)) (int, error) {
	set := recordSet{where: where}
	before := len(seen)
	if err := set.addAll(ctx, e, records, func(raw json.RawMessage) ([]data.Offer, error) {
		offers, id, err := fn(raw)
		if seen.repeat(id) {
			return nil, errRepeat
		}
		return offers, err
	}); err != nil {
		return 0, err
	}
	fresh := len(seen) - before
	return fresh, set.into(menu)
}

// errRepeat is what an addAll mapping returns for a record already read (a product
// listed again on a later page or in another category).
var errRepeat = errors.New("repeated record")

// addAll maps a reply's records into s within the engine's parse bound, one step of
// the budget per record: however many records a reply holds, mapping them cannot hold
// a run past its politeness.parseTimeout. fn maps one record (nil offers, nil error
// for a record with no offers; errRepeat for a record already read, which is not
// counted).
func (s *recordSet) addAll(ctx context.Context, e *polite.Engine, records []json.RawMessage, fn func(raw json.RawMessage) ([]data.Offer, error)) error {
	return addRecords(ctx, e, s, records, fn)
}

// addRecords is addAll for records of any form (Jane's are decoded with their reply).
func addRecords[R any](ctx context.Context, e *polite.Engine, s *recordSet, records []R, fn func(R) ([]data.Offer, error)) error {
	// A record is one offer or a few: room for one each spares most regrowing.
	s.offers = slices.Grow(s.offers, len(records))
	_, err := boundParse(ctx, e, func(b *parseBudget) (struct{}, error) {
		for i, raw := range records {
			if err := b.spend(); err != nil {
				return struct{}{}, err
			}
			offers, err := fn(raw)
			if errors.Is(err, errRepeat) {
				continue
			}
			s.add(i, offers, err)
		}
		return struct{}{}, nil
	})
	if err != nil {
		return &data.FetchError{Reason: data.ReasonParse, Detail: s.where, Err: err}
	}
	return nil
}

// into moves the result into menu, or fails when more than half the records were bad.
func (s *recordSet) into(menu *data.Menu) error {
	if menu.Offers == nil {
		menu.Offers = s.offers // the set is done with them: no copy
	} else {
		menu.Offers = append(menu.Offers, s.offers...)
	}
	menu.Skipped = append(menu.Skipped, s.skipped...)
	if s.foreign != nil {
		menu.Offers = nil
		return &data.FetchError{Reason: data.ReasonOtherStore, Status: menu.HTTPStatus, Detail: s.where + ": " + s.foreign.Error()}
	}
	if bad := len(s.skipped) - s.otherMarket; s.records > 0 && 2*bad > s.records {
		return &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
			Detail: fmt.Sprintf("%s: layout changed: %d of %d records unreadable, first: %s", s.where, bad, s.records, s.firstUnreadable())}
	}
	return nil
}

// firstUnreadable is the first skipped record that is not another market's.
func (s *recordSet) firstUnreadable() string {
	for _, sk := range s.skipped {
		if !strings.Contains(sk, otherMarketWords) {
			return sk
		}
	}
	return s.skipped[0]
}

// otherMarketWords begin every otherMarketError's message.
const otherMarketWords = "for the other market: "

// otherMarketError is a record the menu's platform marks for one market only (Dutchie's
// medicalOnly and recOnly, Jane's store_types, Weedmaps' license_type), read for a
// menu of the other: left out, and counted in the fetch's skipped with why.
type otherMarketError struct {
	market data.Market // the menu's
	why    string      // what the record says: `medicalOnly`, `store_types ["medical"]`
}

func (e *otherMarketError) Error() string {
	return fmt.Sprintf("%s%s, not on the %s menu", otherMarketWords, e.why, e.market)
}

// forMarket returns an otherMarketError when a record marked for medical only
// (medicalOnly) or adult use only (adultOnly) is read for a menu of the other market,
// else nil; why says what the record says.
func forMarket(market data.Market, medicalOnly, adultOnly bool, why string) error {
	if (medicalOnly && market == data.Recreational) || (adultOnly && market == data.Medical) {
		return &otherMarketError{market: market, why: why}
	}
	return nil
}

// otherStoreError is a record that names another store than the menu's (by the
// platform's store id): the reply is another store's menu.
type otherStoreError struct {
	what string // what the record names: "store_id 2266"
	want string // the menu's own
}

func (e *otherStoreError) Error() string {
	return fmt.Sprintf("the reply names another store (%s, not %s): refused", e.what, e.want)
}
