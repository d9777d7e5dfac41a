package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Jane menus are read from the Algolia index behind iheartjane.com (docs/platforms.md §3):
// one POST per page of up to 1000 records, filtered by store_id.
const (
	janeDefaultEndpoint = "https://search.iheartjane.com/1/indexes/menu-products-production/query"
	janeDefaultAppID    = "VFM4X0N23A"
	janeHitsPerPage     = 1000
	// janeReachable is Algolia's paginationLimitedTo: no record past the 1000th of one
	// query can be read, so a larger menu is read kind by kind.
	janeReachable = 1000
	// janeMaxPages bounds one query's pages: Algolia never serves a hit past the 1000th,
	// so a reply claiming more pages than that is a broken proxy, not a big menu.
	janeMaxPages = janeReachable
)

// janeKinds are Jane's product kinds, the per-kind queries of a menu over 1000 records.
var janeKinds = []string{"flower", "pre-roll", "vape", "extract", "edible", "tincture", "topical", "gear", "merch"}

var janePlatform = platform{
	name:     "jane",
	hosts:    []string{"search.iheartjane.com"},
	settings: []string{"apiKey", "appId", "endpoint", "keyPage"},
	check:    janeCheck,
	build: func(b adapterBase, c data.PlatformConfig) (data.Adapter, error) {
		keyPage, err := urlSetting(c, "keyPage", "")
		if err != nil {
			return nil, err
		}
		endpoint, err := urlSetting(c, "endpoint", janeDefaultEndpoint)
		if err != nil {
			return nil, err
		}
		return &Jane{adapterBase: b, appID: setting(c, "appId", janeDefaultAppID), endpoint: endpoint,
			apiKey: c.Settings["apiKey"], keyPage: keyPage}, nil
	},
}

// janeCheck is the registry's rule for a Jane menu: a storeId of digits. Validate asks
// more at fetch time (a positive number, a way to the search key).
func janeCheck(m data.MenuSource) error {
	if m.StoreID == "" {
		return errors.New("jane menu needs storeId")
	}
	for _, r := range m.StoreID {
		if r < '0' || r > '9' {
			return fmt.Errorf("jane storeId %q is not a number", m.StoreID)
		}
	}
	return nil
}

// Jane is the adapter for iHeartJane menus.
type Jane struct {
	adapterBase
	appID, apiKey string
	endpoint      string
	// keyPage is a Jane menu page to read the search key from when neither the menu
	// nor the platform sets a key and the menu has no url of its own.
	keyPage string

	// pageKeys are the keys read from menu pages, with the app id each came with, by
	// the page's host: chains publish different keys, so one chain's key (or its page
	// being blocked) never stands for another's.
	keyMu    sync.Mutex
	pageKeys map[string]*janeSecrets
	// hostLocks keep one host's key page from being read twice at once, without one
	// slow or blocked page holding up another host's.
	hostLocks map[string]*sync.Mutex
}

var _ data.Adapter = (*Jane)(nil)

// janeSecrets is what a Jane menu page's jane-app-secrets and jane-app-settings JSON
// scripts say of the search index.
type janeSecrets struct {
	APIKey string `json:"algoliaApiKey"`
	AppID  string `json:"algoliaAppId"`
}

// Validate implements data.Adapter: a Jane menu is a numeric store id, and the search
// key must be configured (it is public, but rotates: docs/platforms.md §3).
func (j *Jane) Validate(src data.MenuSource) error {
	// The id goes into an Algolia filter: only a plain positive number is safe there.
	if id, err := strconv.ParseUint(src.StoreID, 10, 64); err != nil || id == 0 {
		return fmt.Errorf("jane menu needs storeId, the positive number of iheartjane.com/stores/<id>; got %q", src.StoreID)
	}
	if src.APIKey != "" || (src.KeyPage == "" && j.apiKey != "") {
		return nil
	}
	page := j.keyPageOf(src)
	if page == "" {
		return errors.New("jane: set the menu's apiKey or keyPage (the public Algolia search key of the jane-app-secrets script on the chain's Jane menu page, or that page), its url to read it from, or platforms.jane.settings.apiKey")
	}
	if _, err := parseBaseURL(page); err != nil {
		return fmt.Errorf("jane key page %q (read for the search key): %w", page, err)
	}
	return nil
}

// janeReply is the part of Algolia's reply the adapter reads.
type janeReply struct {
	Hits    []json.RawMessage `json:"hits"`
	NbHits  int               `json:"nbHits"`
	NbPages int               `json:"nbPages"`
	Page    int               `json:"page"`
}

// janeRecords reads a reply's records (nil when it has no hits array). A reply is
// decoded in one pass straight into its records' fields; when that fails (a record of
// the wrong shape, or a broken reply), it is read as before, as raw records each
// decoded on its own, so that a bad record costs only itself and a broken reply gets
// the same error.
func janeRecords(body []byte) ([]*janeRecord, janeReply, error) {
	// The fast decoder first; a reply it refuses is decoded again, afresh, by
	// encoding/json, so that whatever it does not take exactly as encoding/json would
	// ends where it always did. FuzzJaneReply checks that a record read this way maps
	// exactly as the record decoded by encoding/json on its own does.
	var err error
	bulk, ok := janeFastReply(body)
	if !ok {
		bulk = janeBulkReply{}
		err = jsonv2.Unmarshal(body, &bulk, janeFastOptions)
	}
	if err == nil && len(bulk.Hits) == 0 {
		// No record: whether the hits array is there at all is for encoding/json to
		// say, as it always did.
		err = errNoJaneHits
	}
	if err != nil {
		bulk = janeBulkReply{}
		err = json.Unmarshal(body, &bulk)
	}
	if err == nil {
		reply := janeReply{NbHits: bulk.NbHits, NbPages: bulk.NbPages, Page: bulk.Page}
		if bulk.Hits == nil {
			return nil, reply, nil
		}
		page := &janePage{body: body}
		for i, r := range bulk.Hits {
			if r == nil {
				r = &janeRecord{} // a null record decodes to nothing, as into a struct
				bulk.Hits[i] = r
			}
			r.decoded, r.page, r.index = true, page, i
		}
		return bulk.Hits, reply, nil
	}
	var reply janeReply
	if err := json.Unmarshal(body, &reply); err != nil {
		return nil, reply, err
	}
	if reply.Hits == nil {
		return nil, reply, nil
	}
	recs := make([]*janeRecord, len(reply.Hits))
	for i, raw := range reply.Hits {
		recs[i] = &janeRecord{raw: raw}
	}
	return recs, reply, nil
}

// janeFastOptions decode a Jane reply with github.com/go-json-experiment/json (the
// encoding/json/v2 prototype, by the Go team) under encoding/json's semantics
// (DefaultOptionsV1: names matched without regard to case, the last of duplicate names
// winning, invalid UTF-8 replaced): it reads a reply in one pass where encoding/json
// scans it twice (validating, then decoding), which halves the CPU of the scraper's
// hottest path. Its one gap is encoding/json's Number, which it knows only under its
// own type: a number literal is kept as written, null leaves the field as it was, and
// anything else (a numeric string) is refused, sending the reply to encoding/json.
var janeFastOptions = jsonv2.JoinOptions(jsonv1.DefaultOptionsV1(),
	jsonv2.WithUnmarshalers(jsonv2.UnmarshalFromFunc(func(dec *jsontext.Decoder, n *json.Number) error {
		v, err := dec.ReadValue()
		if err != nil {
			return err
		}
		switch v.Kind() {
		case 'n':
			return nil
		case '0':
			*n = json.Number(v)
			return nil
		}
		return errNotJaneNumber
	})))

var (
	errNotJaneNumber = errors.New("not a number literal")
	errNoJaneHits    = errors.New("no hits")
)

// janeBulkReply is a reply decoded in one pass.
type janeBulkReply struct {
	// Hits are each the fields of its embedded janeFields. Records are large (every
	// weight's attributes): pointers spare regrowing and copying an array of them.
	Hits    []*janeRecord `json:"hits"`
	NbHits  int           `json:"nbHits"`
	NbPages int           `json:"nbPages"`
	Page    int           `json:"page"`
}

// janePage is a reply whose records were decoded in one pass, kept for the rare record
// that needs its raw form (an attribute of an unknown weight).
type janePage struct {
	body []byte
	once sync.Once
	hits []json.RawMessage
}

func (p *janePage) hit(i int) json.RawMessage {
	p.once.Do(func() {
		var reply janeReply
		if json.Unmarshal(p.body, &reply) == nil {
			p.hits = reply.Hits
		}
	})
	if i < len(p.hits) {
		return p.hits[i]
	}
	return nil
}

// FetchMenu implements data.Adapter.
func (j *Jane) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	appID, key, err := j.credentials(ctx, src, &menu)
	if err != nil {
		return menu, err
	}
	header := http.Header{
		"Content-Type":             {"application/json"},
		"Accept":                   {"application/json"},
		"X-Algolia-Application-Id": {appID},
		"X-Algolia-Api-Key":        {key},
	}
	hits, total, err := j.query(ctx, src.StoreID, "", header, &menu)
	if err = keyRefused(err); err != nil {
		if data.ReasonOf(err) == data.ReasonKey {
			j.forgetKey(src)
		}
		return menu, err
	}
	if total > janeReachable && !firstPageOnly(ctx) {
		hits = hits[:0]
		for _, kind := range janeKinds {
			more, _, err := j.query(ctx, src.StoreID, kind, header, &menu)
			if err != nil {
				return menu, err
			}
			hits = append(hits, more...)
		}
	}
	set := recordSet{where: "jane store " + src.StoreID}
	// Products link to their pages under the store's page on iheartjane.com, when the
	// registry's url is that page (its slug is in no record).
	store := janeStore(src)
	// The store's position is the first its records carry (_geoloc, the same on every
	// record of a store in the capture), read while the records are decoded anyway
	// (by the parse goroutine: menu takes it only once addAll has returned).
	var place *data.Place
	if err := addRecords(ctx, j.engine, &set, hits, func(r *janeRecord) ([]data.Offer, error) {
		if err := r.decode(); err != nil {
			if place == nil {
				place = janeGeo(r.raw)
			}
			return nil, err
		}
		if place == nil && usablePlace(r.Geo) {
			place = r.Geo
		}
		if id := r.StoreID.String(); id != "" && id != src.StoreID {
			return nil, &otherStoreError{what: "store_id " + id, want: src.StoreID}
		}
		if err := janeForMarket(r.StoreTypes, src.Market); err != nil {
			return nil, err
		}
		return r.offers(store)
	}); err != nil {
		return menu, err
	}
	menu.Place = place
	return menu, set.into(&menu)
}

// janeForMarket leaves out a record whose store_types name only the other market
// (["medical"] read for an adult-use menu); a record naming none is kept.
func janeForMarket(types []string, market data.Market) error {
	if len(types) == 0 {
		return nil
	}
	serves := janeMarkets(types)
	why := fmt.Sprintf("store_types %q", types)
	return forMarket(market, serves[data.Medical] && !serves[data.Recreational], serves[data.Recreational] && !serves[data.Medical], why)
}

// janeMarkets are the markets Jane's store_types name ("medical", "recreational",
// "adult use").
func janeMarkets(types []string) map[data.Market]bool {
	out := map[data.Market]bool{}
	for _, t := range types {
		t = strings.ToLower(t)
		switch {
		case strings.Contains(t, "rec") || strings.Contains(t, "adult"):
			out[data.Recreational] = true
		case strings.Contains(t, "medical"):
			out[data.Medical] = true
		}
	}
	return out
}

// janeGeo is the position of a record the adapter cannot read whole (one field of
// the wrong type): its _geoloc alone may still be good.
func janeGeo(raw json.RawMessage) *data.Place {
	var rec struct {
		Geo *data.Place `json:"_geoloc"`
	}
	if json.Unmarshal(raw, &rec) == nil && usablePlace(rec.Geo) {
		return rec.Geo
	}
	return nil
}

func usablePlace(p *data.Place) bool { return p != nil && (p.Lat != 0 || p.Lng != 0) }

// query reads every page of one query; kind "" is the whole store.
func (j *Jane) query(ctx context.Context, storeID, kind string, header http.Header, menu *data.Menu) ([]*janeRecord, int, error) {
	endpoint, err := rebase(j.endpoint, j.base)
	if err != nil {
		return nil, 0, err
	}
	filters := "store_id = " + storeID
	if kind != "" {
		filters += ` AND kind:"` + kind + `"`
	}
	var hits []*janeRecord
	total := 0
	for page := 0; ; page++ {
		where := fmt.Sprintf("jane store %s page %d", storeID, page)
		if page >= janeMaxPages {
			return nil, 0, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
				Detail: fmt.Sprintf("jane store %s: more than %d pages", storeID, janeMaxPages)}
		}
		if kind != "" {
			where = fmt.Sprintf("jane store %s kind %s page %d", storeID, kind, page)
		}
		body, _ := json.Marshal(map[string]any{"query": "", "filters": filters, "hitsPerPage": janeHitsPerPage, "page": page})
		resp, err := j.do(ctx, polite.Request{Method: http.MethodPost, URL: endpoint, Header: header, Body: body}, where, menu)
		if err != nil {
			return nil, 0, err
		}
		recs, reply, err := janeRecords(resp.Body)
		if err != nil {
			return nil, 0, bodyError(where, resp, err)
		}
		if recs == nil {
			return nil, 0, bodyError(where, resp, errors.New("reply has no hits array"))
		}
		hits = append(hits, recs...)
		total = reply.NbHits
		if page+1 >= reply.NbPages || len(recs) == 0 || firstPageOnly(ctx) {
			break
		}
	}
	return hits, total, nil
}

// janeSecretScript finds the JSON scripts a Jane menu page embeds for its front end:
// <script id="jane-app-secrets" type="application/json">{"algoliaApiKey": …}</script>
// and jane-app-settings, which carries algoliaAppId.
var janeSecretScript = regexp.MustCompile(`(?is)<script\b[^>]*\bid=["']jane-app-(secrets|settings)["'][^>]*>(.*?)</script>`)

// keyPageOf is the page a menu's search key is read from: the menu's keyPage, else its
// own url, else the platform's keyPage ("" when none).
func (j *Jane) keyPageOf(src data.MenuSource) string {
	for _, page := range []string{src.KeyPage, src.URL, j.keyPage} {
		if page != "" {
			return page
		}
	}
	return ""
}

// credentials returns the Algolia app id and search key: the menu's own key, the
// platform's, or the one the menu's key page publishes (read once per host, then shared
// by that host's menus: a chain's menus are on its own pages).
func (j *Jane) credentials(ctx context.Context, src data.MenuSource, menu *data.Menu) (appID, key string, err error) {
	if src.APIKey != "" {
		return j.appID, src.APIKey, nil
	}
	if src.KeyPage == "" && j.apiKey != "" {
		return j.appID, j.apiKey, nil
	}
	page := j.keyPageOf(src)
	host := janeKeyHost(page)
	lock := j.hostLock(host)
	lock.Lock()
	defer lock.Unlock()
	if k := j.cachedKey(host); k != nil {
		return k.AppID, k.APIKey, nil
	}
	where := fmt.Sprintf("jane store %s: search key from %s", src.StoreID, page)
	target, err := rebase(page, j.base)
	if err != nil {
		return "", "", err
	}
	resp, err := j.do(ctx, polite.Request{Method: http.MethodGet, URL: target, Header: http.Header{"Accept": {"text/html"}}}, where, menu)
	if err != nil {
		return "", "", err
	}
	secrets, ok := janePageSecrets(resp.Body)
	if !ok {
		if isChallenge(resp) {
			return "", "", &data.FetchError{Reason: data.ReasonBlocked, Status: resp.Status, Detail: where + ": bot-challenge page"}
		}
		return "", "", &data.FetchError{Reason: data.ReasonKey, Status: resp.Status,
			Detail: where + ": no jane-app-secrets script with an algoliaApiKey in the page (set the menu's apiKey or keyPage)"}
	}
	if secrets.AppID == "" {
		secrets.AppID = j.appID
	}
	j.keyMu.Lock()
	j.pageKeys[host] = &secrets
	j.keyMu.Unlock()
	return secrets.AppID, secrets.APIKey, nil
}

// hostLock is the lock of one key page host, made on first use.
func (j *Jane) hostLock(host string) *sync.Mutex {
	j.keyMu.Lock()
	defer j.keyMu.Unlock()
	if j.hostLocks == nil {
		j.hostLocks, j.pageKeys = map[string]*sync.Mutex{}, map[string]*janeSecrets{}
	}
	if j.hostLocks[host] == nil {
		j.hostLocks[host] = &sync.Mutex{}
	}
	return j.hostLocks[host]
}

// cachedKey is the key read from host's page this run, nil when none was.
func (j *Jane) cachedKey(host string) *janeSecrets {
	j.keyMu.Lock()
	defer j.keyMu.Unlock()
	return j.pageKeys[host]
}

// forgetKey drops the key read from a menu's key page after the index refused it, so
// that the host's next menu reads the page again (keys rotate).
func (j *Jane) forgetKey(src data.MenuSource) {
	j.keyMu.Lock()
	defer j.keyMu.Unlock()
	delete(j.pageKeys, janeKeyHost(j.keyPageOf(src)))
}

// janeKeyHost is the host a key page's key is cached under: its lower-case host, or
// the page itself when it has none.
func janeKeyHost(page string) string {
	if u, err := url.Parse(page); err == nil && u.Host != "" {
		return strings.ToLower(u.Host)
	}
	return page
}

// keyRefused turns the index's refusal of the search key (Algolia's 403 "Invalid
// Application-ID or API key") into a key failure: the chain needs its own key.
func keyRefused(err error) error {
	var fe *data.FetchError
	if errors.As(err, &fe) && fe.Reason == data.ReasonHTTPStatus && (fe.Status == http.StatusForbidden || fe.Status == http.StatusUnauthorized) &&
		strings.Contains(strings.ToLower(fe.Detail), "api key") {
		out := *fe
		out.Reason = data.ReasonKey
		return &out
	}
	return err
}

// janePageSecrets reads the search key (and app id, when given) from a menu page.
func janePageSecrets(page []byte) (janeSecrets, bool) {
	var out janeSecrets
	for _, m := range janeSecretScript.FindAllSubmatch(page, -1) {
		var s janeSecrets
		if json.Unmarshal(bytes.TrimSpace(m[2]), &s) != nil {
			continue
		}
		if s.APIKey != "" && strings.EqualFold(string(m[1]), "secrets") {
			out.APIKey = s.APIKey
		}
		if s.AppID != "" {
			out.AppID = s.AppID
		}
	}
	return out, out.APIKey != ""
}

// janeWeightGrams are the nominal grams of Jane's weight buckets.
var janeWeightGrams = map[string]float64{
	"half gram": 0.5, "gram": 1, "two gram": 2, "eighth ounce": 3.5, "quarter ounce": 7,
	"half ounce": 14, "ounce": 28, "each": 0,
}

// janeSpecial is special_price_<w>: strings, or {} when the size is not on special.
type janeSpecial struct {
	DiscountPrice json.Number `json:"discount_price"`
}

// janeLabResults are the lab figures of one weight bucket (price_id): cannabinoids and
// terpenes in "%".
type janeLabResults struct {
	PriceID    string `json:"price_id"`
	LabResults []struct {
		CompoundName string   `json:"compound_name"`
		Value        *float64 `json:"value"`
		Unit         string   `json:"unit"`
	} `json:"lab_results"`
}

type janePotency struct {
	PriceID    string   `json:"price_id"`
	THCPotency *float64 `json:"thc_potency"`
	CBDPotency *float64 `json:"cbd_potency"`
}

// janeRecord is the part of an Algolia record the adapter reads, decoded in one pass:
// the fixed fields, and the per-weight attributes (price_<w>, discounted_price_<w>,
// special_price_<w>, max_cart_quantity_<w>) of Jane's eight weight buckets. An
// attribute of a weight outside them is read from the record as a map (attr).
type janeRecord struct {
	janeFields
	decoded bool
	// raw is the record as the reply has it, or page and index say where it is.
	raw   json.RawMessage
	page  *janePage
	index int
	more  map[string]json.RawMessage // every attribute, decoded only for an unknown weight
}

// janeFields is an alias of an unnamed struct type so that a decoding error names the
// field as the adapter always has ("Go struct field .percent_thc").
type janeFields = struct {
	ProductID         json.Number   `json:"product_id"`
	Name              string        `json:"name"`
	Brand             *string       `json:"brand"`
	Kind              *string       `json:"kind"`
	KindSubtype       *string       `json:"kind_subtype"`
	RootSubtype       *string       `json:"root_subtype"`
	CustomProductType *string       `json:"custom_product_type"`
	Lineage           *string       `json:"category"`
	PercentTHC        *float64      `json:"percent_thc"`
	PercentCBD        *float64      `json:"percent_cbd"`
	Weights           []string      `json:"available_weights"`
	Amount            *string       `json:"amount"`
	NetWeightGrams    *float64      `json:"net_weight_grams"`
	URLSlug           *string       `json:"url_slug"`
	Potencies         []janePotency `json:"inventory_potencies"`
	// Terpenes: compound_names lists them by name; lab_results gives amounts per
	// weight bucket. The record's own "terpenes" field is empty in the capture.
	CompoundNames []string         `json:"compound_names"`
	LabResults    []janeLabResults `json:"lab_results"`
	Description   *string          `json:"description"`
	// Geo is the store's position (the same on every record of a store).
	Geo *data.Place `json:"_geoloc"`
	// StoreID is the store the record is listed at; StoreTypes the markets it is sold
	// to there (["medical"] in the capture).
	StoreID    json.Number `json:"store_id"`
	StoreTypes []string    `json:"store_types"`

	// The per-weight attributes, inlined by every decoder as embedded fields are.
	janeWeightAttrs
}

// janeWeightAttrs is the one table of Jane's per-weight attributes: price_<w>,
// discounted_price_<w>, special_price_<w> and max_cart_quantity_<w> of its eight weight
// buckets. The decoders fill it by these tags; attr and the fast decoder find a field
// by its name through janeWeightIndex, which is built from them.
type janeWeightAttrs struct {
	PriceHalfGram          json.RawMessage `json:"price_half_gram"`
	DiscountedHalfGram     json.RawMessage `json:"discounted_price_half_gram"`
	SpecialHalfGram        json.RawMessage `json:"special_price_half_gram"`
	MaxCartHalfGram        json.RawMessage `json:"max_cart_quantity_half_gram"`
	PriceGram              json.RawMessage `json:"price_gram"`
	DiscountedGram         json.RawMessage `json:"discounted_price_gram"`
	SpecialGram            json.RawMessage `json:"special_price_gram"`
	MaxCartGram            json.RawMessage `json:"max_cart_quantity_gram"`
	PriceTwoGram           json.RawMessage `json:"price_two_gram"`
	DiscountedTwoGram      json.RawMessage `json:"discounted_price_two_gram"`
	SpecialTwoGram         json.RawMessage `json:"special_price_two_gram"`
	MaxCartTwoGram         json.RawMessage `json:"max_cart_quantity_two_gram"`
	PriceEighthOunce       json.RawMessage `json:"price_eighth_ounce"`
	DiscountedEighthOunce  json.RawMessage `json:"discounted_price_eighth_ounce"`
	SpecialEighthOunce     json.RawMessage `json:"special_price_eighth_ounce"`
	MaxCartEighthOunce     json.RawMessage `json:"max_cart_quantity_eighth_ounce"`
	PriceQuarterOunce      json.RawMessage `json:"price_quarter_ounce"`
	DiscountedQuarterOunce json.RawMessage `json:"discounted_price_quarter_ounce"`
	SpecialQuarterOunce    json.RawMessage `json:"special_price_quarter_ounce"`
	MaxCartQuarterOunce    json.RawMessage `json:"max_cart_quantity_quarter_ounce"`
	PriceHalfOunce         json.RawMessage `json:"price_half_ounce"`
	DiscountedHalfOunce    json.RawMessage `json:"discounted_price_half_ounce"`
	SpecialHalfOunce       json.RawMessage `json:"special_price_half_ounce"`
	MaxCartHalfOunce       json.RawMessage `json:"max_cart_quantity_half_ounce"`
	PriceOunce             json.RawMessage `json:"price_ounce"`
	DiscountedOunce        json.RawMessage `json:"discounted_price_ounce"`
	SpecialOunce           json.RawMessage `json:"special_price_ounce"`
	MaxCartOunce           json.RawMessage `json:"max_cart_quantity_ounce"`
	PriceEach              json.RawMessage `json:"price_each"`
	DiscountedEach         json.RawMessage `json:"discounted_price_each"`
	SpecialEach            json.RawMessage `json:"special_price_each"`
	MaxCartEach            json.RawMessage `json:"max_cart_quantity_each"`
}

// janeWeightIndex is the field number in janeWeightAttrs of each attribute name.
var janeWeightIndex = func() map[string]int {
	t := reflect.TypeFor[janeWeightAttrs]()
	index := make(map[string]int, t.NumField())
	for i := range t.NumField() {
		index[t.Field(i).Tag.Get("json")] = i
	}
	return index
}()

// field is the attribute with janeWeightIndex number i.
func (w *janeWeightAttrs) field(i int) *json.RawMessage {
	return reflect.ValueOf(w).Elem().Field(i).Addr().Interface().(*json.RawMessage)
}

// attr is the per-weight attribute name ("price_eighth_ounce"); ok is false when the
// record does not have it (null counts as absent wherever it is read).
func (r *janeRecord) attr(name string) (json.RawMessage, bool) {
	if i, ok := janeWeightIndex[name]; ok {
		v := *r.field(i)
		return v, v != nil
	}
	if r.more == nil {
		raw := r.raw
		if raw == nil && r.page != nil {
			raw = r.page.hit(r.index)
		}
		if err := json.Unmarshal(raw, &r.more); err != nil {
			return nil, false
		}
	}
	v, ok := r.more[name]
	return v, ok
}

// decode decodes a raw record once (nothing to do for one decoded with its reply). A
// record that is not a JSON object is refused with the error decoding it as a map
// gives, as it always was.
func (r *janeRecord) decode() error {
	if r.decoded {
		return nil
	}
	if t := bytes.TrimLeft(r.raw, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		var h map[string]json.RawMessage
		if err := json.Unmarshal(r.raw, &h); err != nil {
			return err
		}
	}
	if err := json.Unmarshal(r.raw, &r.janeFields); err != nil {
		return err
	}
	r.decoded = true
	return nil
}

// offers maps a decoded record; store is the store's page on iheartjane.com
// (janeStore), nil when unknown, under which the product's page is.
func (r *janeRecord) offers(store *url.URL) ([]data.Offer, error) {
	if r.ProductID == "" {
		return nil, errors.New("no product_id")
	}
	if strings.TrimSpace(r.Name) == "" {
		// A known defect of Ohio menus: the name is empty and the strain sits in the
		// slug ("josh-d-josh-d-og-2-83g-indica").
		r.Name = nameFromSlug(deref(r.URLSlug), deref(r.Brand))
		if r.Name == "" {
			return nil, fmt.Errorf("product %s has neither name nor slug", r.ProductID)
		}
	}
	cat := Category(deref(r.Kind), deref(r.CustomProductType), deref(r.RootSubtype), deref(r.KindSubtype))
	base := data.Offer{
		ProductID:   r.ProductID.String(),
		Name:        strings.TrimSpace(r.Name),
		Brand:       strings.TrimSpace(deref(r.Brand)),
		StrainType:  StrainType(deref(r.Lineage)),
		Category:    cat,
		RawCategory: deref(r.Kind),
		Subtype:     SubtypeOf(deref(r.KindSubtype), deref(r.RootSubtype)),
		URL:         janeProductPage(store, r.ProductID.String(), deref(r.URLSlug)),
	}
	base.Strain = StrainName(base.Name, base.Brand)
	base.Lineage = menuLineage(cat, deref(r.Description))
	// The record's true size, when Jane forced it into a bucket (Ohio's 2.83 g in "two
	// gram"): amount / net_weight_grams, else a weight written in the name or slug.
	trueSize := ParseSize(deref(r.Amount))
	if trueSize.Grams == 0 && r.NetWeightGrams != nil && *r.NetWeightGrams > 0 {
		trueSize.Grams = *r.NetWeightGrams
	}
	named := ParseSize(base.Name)
	if named.Grams == 0 && named.Milligrams == 0 {
		named = ParseSize(deref(r.URLSlug))
	}

	var offers []data.Offer
	for i, w := range r.Weights {
		key := strings.ReplaceAll(w, " ", "_")
		price, ok, err := r.number("price_" + key)
		if err != nil {
			return nil, err
		}
		if !ok || price <= 0 {
			continue // a weight without a price is not for sale
		}
		o := base
		o.Size = w
		o.Price = dollars(price)
		if sale, ok, err := r.number("discounted_price_" + key); err != nil {
			return nil, err
		} else if ok && sale > 0 && sale < price {
			o.SalePrice = dollars(sale)
		} else if sp, ok := r.attr("special_price_" + key); ok {
			var s janeSpecial
			if json.Unmarshal(sp, &s) == nil && s.DiscountPrice != "" {
				if v, err := s.DiscountPrice.Float64(); err == nil && v > 0 && v < price {
					o.SalePrice = dollars(v)
				}
			}
		}
		o.InStock = true
		if q, ok, _ := r.number("max_cart_quantity_" + key); ok && q <= 0 {
			o.InStock = false
		}
		nominal := janeWeightGrams[w]
		switch {
		case cat == data.Edible:
			mg := trueSize.Milligrams
			if mg == 0 {
				mg = named.Milligrams
			}
			o.Milligrams = mg
		case len(r.Weights) == 1 && trueSize.Grams > 0:
			// The record's only size is the package amount describes, whatever the bucket:
			// the capture has 4.2 g flower in "two gram" and a 300 mg cart in "half gram".
			o.Grams = trueSize.Grams
		case i == 0 && nearBucket(trueSize.Grams, nominal):
			o.Grams = trueSize.Grams
		case len(r.Weights) == 1 && nearBucket(named.Grams, nominal):
			o.Grams = named.Grams
		default:
			o.Grams = nominal
		}
		janePotencyOf(&o, r.Potencies, key, r.PercentTHC, r.PercentCBD)
		o.Terpenes = janeTerpenes(r.LabResults, r.CompoundNames, key)
		offers = append(offers, o)
	}
	return offers, nil
}

// janeTerpenes are the terpenes of one weight bucket: with amounts from its own lab
// results when it has some, then the product's compound_names (names only).
func janeTerpenes(labs []janeLabResults, names []string, key string) []data.Terpene {
	var set terpeneSet
	for _, l := range labs {
		if l.PriceID != key {
			continue
		}
		for _, c := range l.LabResults {
			set.add(c.CompoundName, c.Value, c.Unit)
		}
	}
	for _, n := range names {
		set.add(n, nil, "")
	}
	return set.terpenes()
}

// janePotencyOf prefers the size's own lab potency over the product-level one, which
// is just one of them (docs/platforms.md §3), even when the size's is zero: the capture's
// percent_cbd 0.1 of product 2382804 comes from the lab result of a half ounce that is
// not for sale, while the ounce on the menu has none. The product-level figures stand
// in only for a size without an entry.
func janePotencyOf(o *data.Offer, potencies []janePotency, key string, thc, cbd *float64) {
	for _, p := range potencies {
		if p.PriceID == key {
			if p.THCPotency != nil {
				thc = p.THCPotency
			}
			if p.CBDPotency != nil {
				cbd = p.CBDPotency
			}
			break
		}
	}
	if thc != nil {
		o.THC = positive(*thc)
	}
	if cbd != nil {
		o.CBD = positive(*cbd)
	}
	if o.THC != nil || o.CBD != nil {
		o.PotencyUnit = "%"
	}
}

// number reads a numeric attribute that may be a number, a numeric string or null.
func (r *janeRecord) number(key string) (float64, bool, error) {
	raw, ok := r.attr(key)
	if !ok || string(raw) == "null" {
		return 0, false, nil
	}
	s := strings.Trim(string(raw), `"`)
	if s == "" {
		return 0, false, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false, fmt.Errorf("%s: %s is not a number", key, raw)
	}
	return v, true, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// attemptsOf is how many HTTP requests one Engine.Do made.
func attemptsOf(resp *polite.Response, err error) int {
	if resp != nil && resp.Attempts > 0 {
		return resp.Attempts
	}
	return 1
}
