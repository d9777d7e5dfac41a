package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// The jsonld adapter reads the schema.org markup a dispensary's own page carries in
// <script type="application/ld+json"> (docs/platforms.md §8: no real page with products was
// captured; the shapes are schema.org's and Google's documented ones). Products are
// found wherever the markup puts them: at the top, in @graph, in an ItemList's
// ListItems, in an OfferCatalog or a Store's makesOffer (Offer.itemOffered), in a
// Menu's sections (MenuItem), and as a ProductGroup's hasVariant.
//
// Prices: an Offer's price is what a shopper pays; a priceSpecification of priceType
// StrikethroughPrice or ListPrice above it is the regular price, making the offer a
// sale (Google's documented sale markup). An AggregateOffer's lowPrice/highPrice is a
// range across sizes or sellers, never a discount: its nested offers are read, and
// without them it is one offer only when the range is a single price (lowPrice equal
// to highPrice, or lowPrice alone with offerCount 1).
// priceCurrency must be USD; an offer without one is taken as USD (an Ohio store).

const (
	// jsonldMaxDepth bounds the walk of the markup: a menu nests a few levels
	// (Menu > MenuSection > MenuSection > MenuItem > Offer > priceSpecification).
	jsonldMaxDepth = 32
)

var jsonldPlatform = platform{
	name:  "jsonld",
	build: func(b adapterBase, _ data.PlatformConfig) (data.Adapter, error) { return &JSONLD{pageAdapter{b}}, nil },
}

// JSONLD is the adapter for menus published as schema.org JSON-LD on the
// dispensary's own page (endpoint, else url).
type JSONLD struct {
	pageAdapter
}

var _ data.Adapter = (*JSONLD)(nil)

// FetchMenu implements data.Adapter.
func (j *JSONLD) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	page, err := menuPage(src, "jsonld")
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: err.Error()}
	}
	where := "jsonld page " + page.String()
	resp, err := getPage(ctx, j.engine, j.base, page, where, &menu)
	if err != nil {
		return menu, err
	}
	res, err := boundParse(ctx, j.engine, func(b *parseBudget) (jsonldResult, error) {
		return jsonldParse(b, resp.Body, page, where)
	})
	if err != nil {
		return menu, pageError(where, resp, err)
	}
	err = res.set.into(&menu)
	menu.Skipped = append(menu.Skipped, res.notes...)
	return menu, err
}

// jsonldResult is what a page's JSON-LD gave: its products, and notes on the blocks
// that were not JSON (kept out of the products' count: a broken breadcrumb block
// says nothing about the menu).
type jsonldResult struct {
	set   *recordSet
	notes []string
}

// jsonldParse reads every product of a page's JSON-LD into a record set; links resolve
// against page, the store's public address.
func jsonldParse(b *parseBudget, body []byte, page *url.URL, where string) (jsonldResult, error) {
	blocks, err := pageScripts(b, body, func(typ, _ string) bool {
		mt, _, _ := strings.Cut(typ, ";")
		return strings.EqualFold(strings.TrimSpace(mt), "application/ld+json")
	})
	if err != nil {
		return jsonldResult{}, err
	}
	if len(blocks) == 0 {
		return jsonldResult{}, errors.New(`no JSON-LD (<script type="application/ld+json">) in the page; expected schema.org Product offers (layout changed?)`)
	}
	w := ldWalker{b: b, types: map[string]bool{}}
	var bad []string
	for i, blk := range blocks {
		var v any
		if err := json.Unmarshal(blk, &v); err != nil {
			// One broken block (a stray comma in hand-written markup) does not hide
			// the others.
			bad = append(bad, fmt.Sprintf("JSON-LD block %d: %v", i+1, err))
			continue
		}
		if err := w.walk(v, "", 0); err != nil {
			return jsonldResult{}, err
		}
	}
	if len(w.records) == 0 {
		msg := "no Product offers in JSON-LD"
		if types := w.typeList(); types != "" {
			msg += " (found " + types + ")"
		}
		if w.links > 0 {
			msg += fmt.Sprintf("; %d list items only link to product pages, which are not followed", w.links)
		}
		if len(bad) > 0 {
			msg += "; " + strings.Join(bad, "; ")
		}
		return jsonldResult{}, errors.New(msg + "; expected schema.org Product, Offer or MenuItem markup (layout changed?)")
	}
	set := &recordSet{where: where}
	seen := map[string]bool{}
	for i, r := range w.records {
		if err := b.spend(); err != nil {
			return jsonldResult{}, err
		}
		offers, err := r.offers(page)
		fresh := offers[:0]
		for _, o := range offers {
			key := o.ProductID + "\x00" + o.Size + "\x00" + strconv.FormatFloat(o.Price, 'f', 2, 64)
			if !seen[key] {
				seen[key] = true
				fresh = append(fresh, o)
			}
		}
		if err == nil && len(offers) > 0 && len(fresh) == 0 {
			continue // the same product listed twice (an ItemList and the @graph)
		}
		set.add(i, fresh, err)
	}
	return jsonldResult{set: set, notes: prefixAll(where+": ", bad)}, nil
}

func prefixAll(prefix string, ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = prefix + s
	}
	return out
}

// ldRecord is one product found in the markup, with what it inherits.
type ldRecord struct {
	product   map[string]any
	group     map[string]any // the ProductGroup of a variant
	offerList []any          // the Offer(s) to read: the product's own, or the enclosing one
	section   string         // the MenuSection name around a MenuItem
}

// ldWalker collects the products of decoded JSON-LD.
type ldWalker struct {
	b       *parseBudget
	records []ldRecord
	types   map[string]bool // the top types seen, for the failure message
	links   int             // ListItems that are only a link
}

func (w *ldWalker) walk(v any, section string, depth int) error {
	if err := w.b.spend(); err != nil {
		return err
	}
	if depth > jsonldMaxDepth {
		return nil
	}
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			if err := w.walk(x, section, depth+1); err != nil {
				return err
			}
		}
		return nil
	case map[string]any:
		return w.walkNode(v, section, depth)
	}
	return nil
}

func (w *ldWalker) walkNode(n map[string]any, section string, depth int) error {
	// The types of the page's top nodes name what the markup is about in a failure.
	if depth == 0 {
		for _, t := range ldTypes(n) {
			w.types[t] = true
		}
		for _, m := range ldObjects(n["@graph"]) {
			for _, t := range ldTypes(m) {
				w.types[t] = true
			}
		}
	}
	switch {
	case ldIs(n, "ProductGroup"):
		variants := ldObjects(n["hasVariant"])
		if len(variants) == 0 {
			w.records = append(w.records, ldRecord{product: n, offerList: ldList(n["offers"]), section: section})
			return nil
		}
		for _, p := range variants {
			w.records = append(w.records, ldRecord{product: p, group: n, offerList: ldList(p["offers"]), section: section})
		}
		return nil
	case ldIs(n, "Product", "IndividualProduct", "ProductModel", "SomeProducts", "MenuItem"):
		w.records = append(w.records, ldRecord{product: n, offerList: ldList(n["offers"]), section: section})
		return nil
	case ldIs(n, "Offer", "AggregateOffer"):
		if p, ok := n["itemOffered"].(map[string]any); ok && ldIs(p, "Product", "IndividualProduct", "ProductModel", "SomeProducts", "MenuItem") {
			// The offer carries the price of the product it offers.
			w.records = append(w.records, ldRecord{product: p, offerList: []any{n}, section: section})
			return nil
		}
	case ldIs(n, "MenuSection"):
		// Nested sections make a path: "Concentrates > Live Rosin".
		if name := ldText(n["name"]); name != "" && section != "" {
			section += " > " + name
		} else if name != "" {
			section = name
		}
	case ldIs(n, "ListItem"):
		if s, ok := n["item"].(string); ok && s != "" {
			w.links++
		} else if _, ok := n["item"]; !ok && ldText(n["url"]) != "" {
			w.links++
		}
	}
	// Keys in order: map order is random, and the offers' order is the golden's.
	keys := make([]string, 0, len(n))
	for k := range n {
		if k != "@context" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := w.walk(n[k], section, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (w *ldWalker) typeList() string {
	types := make([]string, 0, len(w.types))
	for t := range w.types {
		types = append(types, t)
	}
	sort.Strings(types)
	if len(types) > 8 {
		types = append(types[:8], "…")
	}
	return strings.Join(types, ", ")
}

// ldTypes returns a node's @type values without the schema.org prefix.
func ldTypes(n map[string]any) []string {
	var out []string
	for _, t := range ldList(n["@type"]) {
		if s, ok := t.(string); ok {
			out = append(out, ldTerm(s))
		}
	}
	return out
}

// ldTerm strips a schema.org IRI or prefix: "https://schema.org/InStock" is "InStock".
func ldTerm(s string) string {
	s = strings.TrimSpace(s)
	for _, p := range []string{"https://schema.org/", "http://schema.org/", "https://www.schema.org/", "http://www.schema.org/", "schema:"} {
		if len(s) > len(p) && strings.EqualFold(s[:len(p)], p) {
			return s[len(p):]
		}
	}
	return s
}

func ldIs(n map[string]any, types ...string) bool {
	for _, t := range ldTypes(n) {
		if slices.Contains(types, t) {
			return true
		}
	}
	return false
}

// ldList is v as a list: JSON-LD writes a single value or an array alike.
func ldList(v any) []any {
	switch v := v.(type) {
	case nil:
		return nil
	case []any:
		return v
	}
	return []any{v}
}

func ldObjects(v any) []map[string]any {
	var out []map[string]any
	for _, x := range ldList(v) {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// ldText is the text of a value: a string, a number, the name or @value of a node, or
// the first of a list; entities are decoded (pages escape their markup twice).
func ldText(v any) string {
	switch v := v.(type) {
	case string:
		return strings.Join(strings.Fields(html.UnescapeString(v)), " ")
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case map[string]any:
		if s := ldText(v["name"]); s != "" {
			return s
		}
		return ldText(v["@value"])
	case []any:
		for _, x := range v {
			if s := ldText(x); s != "" {
				return s
			}
		}
	}
	return ""
}

// ldTexts is every text of a value that may be a list.
func ldTexts(v any) []string {
	var out []string
	for _, x := range ldList(v) {
		if s := ldText(x); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// ldNumber reads a schema.org number: a JSON number or a numeric string ("35.00",
// "$35.00", "1,200"). ok is false when absent; an unreadable value is an error.
func ldNumber(v any) (n float64, ok bool, err error) {
	switch v := v.(type) {
	case nil:
		return 0, false, nil
	case float64:
		return v, true, nil
	case string:
		s := strings.TrimSpace(strings.ReplaceAll(strings.TrimPrefix(strings.TrimSpace(v), "$"), ",", ""))
		if s == "" {
			return 0, false, nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, false, fmt.Errorf("%.40q is not a number", v)
		}
		return f, true, nil
	case map[string]any:
		return ldNumber(v["@value"])
	}
	return 0, false, fmt.Errorf("%.40v is not a number", v)
}

// ldUnits maps UN/CEFACT unit codes (schema.org unitCode) and common unitText to the
// size units ParseSize reads.
var ldUnits = map[string]string{
	"grm": "g", "g": "g", "gram": "g", "grams": "g",
	"mgm": "mg", "mg": "mg", "milligram": "mg", "milligrams": "mg",
	"onz": "oz", "oz": "oz", "ounce": "oz", "ounces": "oz",
	"p1": "%", "%": "%", "percent": "%",
}

// ldQuantity reads a QuantitativeValue ({value, unitCode|unitText}) or a text like
// "3.5 g" as a size label and its grams (milligrams for a mg quantity).
func ldQuantity(v any) (label string, grams, mg float64) {
	if m, ok := v.(map[string]any); ok {
		val, ok, err := ldNumber(m["value"])
		if !ok || err != nil || val <= 0 {
			return ldText(m["name"]), 0, 0
		}
		unit := ldUnits[strings.ToLower(ldText(m["unitText"]))]
		if unit == "" {
			unit = ldUnits[strings.ToLower(ldText(m["unitCode"]))]
		}
		num := strconv.FormatFloat(val, 'f', -1, 64)
		switch unit {
		case "g":
			return num + " g", roundGrams(val), 0
		case "mg":
			return num + " mg", 0, val
		case "oz":
			// US menus sell an eighth as 3.5 g: an ounce is 28 g.
			return num + " oz", roundGrams(val * 28), 0
		}
		return "", 0, 0
	}
	label = ldText(v)
	sz := ParseSize(label)
	return label, sz.Grams, sz.Milligrams
}

// ldProperty returns the additionalProperty (schema.org PropertyValue) whose name
// matches one of names, as its value and unit.
func ldProperty(p map[string]any, names ...string) (value any, unit string, found bool) {
	for _, pv := range ldObjects(p["additionalProperty"]) {
		key := data.LabelKey(ldText(pv["name"]))
		if key == "" {
			key = data.LabelKey(ldText(pv["propertyID"]))
		}
		if !slices.Contains(names, key) {
			continue
		}
		unit = ldUnits[strings.ToLower(ldText(pv["unitText"]))]
		if unit == "" {
			unit = ldUnits[strings.ToLower(ldText(pv["unitCode"]))]
		}
		return pv["value"], unit, true
	}
	return nil, "", false
}

// ldPotency reads a potency property: 22.5 with a unit, or "22.5%", "100 mg".
func ldPotency(p map[string]any, names ...string) (float64, string) {
	v, unit, ok := ldProperty(p, names...)
	if !ok {
		return 0, ""
	}
	if n, ok, err := ldNumber(v); ok && err == nil {
		return n, unit
	}
	s := strings.ToLower(ldText(v))
	for _, u := range []string{"%", "mg"} {
		if num, ok := strings.CutSuffix(strings.TrimSpace(s), u); ok {
			if n, ok, err := ldNumber(strings.TrimSpace(num)); ok && err == nil {
				return n, u
			}
		}
	}
	return 0, ""
}

// ldID is a product's identifier: its sku or productID, else its @id or url.
func ldID(n map[string]any) string {
	for _, k := range []string{"productGroupID", "sku", "productID", "identifier", "@id", "url", "mpn", "gtin", "gtin13", "gtin12"} {
		if s := ldText(n[k]); s != "" {
			return s
		}
	}
	return ""
}

// ldAvailable reads schema.org availability: absent is in stock (the product is
// listed); only the sold-out and not-yet states are out.
func ldAvailable(v any) bool {
	switch ldTerm(ldText(v)) {
	case "OutOfStock", "SoldOut", "Discontinued", "PreOrder", "PreSale", "BackOrder":
		return false
	}
	return true
}

// ldSizeLabel reports whether an offer's name is a size ("1/8 oz", "3.5g", "Eighth").
func ldSizeLabel(s string) bool {
	sz := ParseSize(s)
	return sz.Grams > 0 || sz.Milligrams > 0
}

// offers maps a record to one offer per schema.org Offer.
func (r ldRecord) offers(page *url.URL) ([]data.Offer, error) {
	p, g := r.product, r.group
	if g == nil {
		g = map[string]any{}
	}
	name := ldText(p["name"])
	if name == "" {
		name = ldText(g["name"])
	}
	if name == "" {
		return nil, fmt.Errorf("%s without a name", strings.Join(ldTypes(p), "/"))
	}
	brand := ldText(p["brand"])
	if brand == "" {
		brand = ldText(g["brand"])
	}
	if brand == "" {
		brand = ldText(p["manufacturer"])
	}
	labels := categoryPath(append(append(ldTexts(p["category"]), ldTexts(g["category"])...), r.section)...)
	raw := ""
	if cats := append(ldTexts(p["category"]), ldTexts(g["category"])...); len(cats) > 0 {
		raw = cats[0]
	} else {
		raw = r.section
	}
	id := ldID(g)
	if id == "" {
		id = ldID(p)
	}
	if id == "" {
		id = "name:" + data.LabelKey(brand+" "+name)
	}
	base := data.Offer{
		ProductID:   id,
		Name:        name,
		Brand:       brand,
		Strain:      StrainName(name, brand),
		Category:    Category(labels...),
		RawCategory: raw,
		URL:         webLink(ldText(p["url"]), page),
	}
	if base.URL == "" {
		base.URL = webLink(ldText(g["url"]), page)
	}
	for _, src := range []map[string]any{p, g} {
		if v, _, ok := ldProperty(src, "strain type", "straintype", "lineage", "strain lineage", "type"); ok && base.StrainType == "" {
			base.StrainType = StrainType(ldText(v))
		}
	}
	for _, l := range labels {
		if base.StrainType == "" {
			base.StrainType = StrainType(l)
		}
	}
	thc, thcUnit := ldPotency(p, "thc", "thc content", "total thc", "thc percentage")
	cbd, cbdUnit := ldPotency(p, "cbd", "cbd content", "total cbd", "cbd percentage")
	setPotency(&base, thc, thcUnit, cbd, cbdUnit)

	// The product's own size: weight, else size, else what its name says.
	sizeLabel, grams, mg := ldQuantity(p["weight"])
	if sizeLabel == "" {
		sizeLabel, grams, mg = ldQuantity(p["size"])
	}

	var offers []data.Offer
	var firstErr error
	for _, raw := range r.expandOffers() {
		o, err := ldOffer(base, raw, page, sizeLabel, grams, mg)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if o != nil {
			offers = append(offers, *o)
		}
	}
	if len(offers) == 0 {
		if firstErr != nil {
			return nil, fmt.Errorf("%s %q: %w", strings.Join(ldTypes(p), "/"), data.Clip(name), firstErr)
		}
		return nil, fmt.Errorf("%s %q has no offer with a price", strings.Join(ldTypes(p), "/"), data.Clip(name))
	}
	return offers, nil
}

// expandOffers is the record's Offers, an AggregateOffer's nested offers in its place.
func (r ldRecord) expandOffers() []map[string]any {
	var out []map[string]any
	for _, o := range ldObjects(r.offerList) {
		if ldIs(o, "AggregateOffer") {
			if nested := ldObjects(o["offers"]); len(nested) > 0 {
				out = append(out, nested...)
				continue
			}
		}
		out = append(out, o)
	}
	return out
}

// ldOffer maps one Offer; nil, nil is an offer that sells nothing (price 0).
func ldOffer(base data.Offer, o map[string]any, page *url.URL, sizeLabel string, grams, mg float64) (*data.Offer, error) {
	price, list, currency, ok, err := ldPrices(o)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("offer without a price")
	}
	if currency != "" && !strings.EqualFold(currency, "USD") {
		return nil, fmt.Errorf("price in %s, not USD", currency)
	}
	pay, sells := sellingPrice(price)
	if !sells {
		return nil, nil
	}
	out := base
	out.Price, out.SalePrice = pay, 0
	if regular, ok := sellingPrice(list); ok && regular > pay {
		out.Price, out.SalePrice = regular, salePrice(regular, pay)
	}
	out.InStock = ldAvailable(o["availability"])
	if out.URL == "" {
		out.URL = webLink(ldText(o["url"]), page)
	}
	// The offer's own size (an offer per size: its name, or eligibleQuantity), else
	// the product's, else what the name says.
	label, g, m := "", 0.0, 0.0
	if n := ldText(o["name"]); ldSizeLabel(n) {
		label, g, m = n, ParseSize(n).Grams, ParseSize(n).Milligrams
	} else if l, lg, lm := ldQuantity(o["eligibleQuantity"]); lg > 0 || lm > 0 {
		label, g, m = l, lg, lm
	} else if item, ok := o["itemOffered"].(map[string]any); ok {
		label, g, m = ldQuantity(item["weight"])
	}
	if label == "" {
		label, g, m = sizeLabel, grams, mg
	}
	out.Size = label
	if out.Category == data.Edible {
		pm := m
		if pm == 0 && out.PotencyUnit == "mg" && out.THC != nil {
			pm = *out.THC
		}
		out.Milligrams = EdibleMilligrams(pm, label)
		if out.Milligrams == 0 {
			out.Milligrams = EdibleMilligrams(0, out.Name)
		}
		return &out, nil
	}
	out.Grams = g
	if out.Grams == 0 && m == 0 {
		if label == "" {
			out.Grams = ParseSize(out.Name).Grams
		} else {
			out.Grams = ParseSize(label).Grams
		}
	}
	return &out, nil
}

// ldPrices reads an Offer's price (an AggregateOffer's single price too), its regular
// price from priceSpecification (0 when none) and its currency; ok is false when it
// gives no price.
func ldPrices(o map[string]any) (price, list float64, currency string, ok bool, err error) {
	price, ok, err = ldNumber(o["price"])
	if err != nil {
		return 0, 0, "", false, fmt.Errorf("price: %w", err)
	}
	currency = ldText(o["priceCurrency"])
	if ldIs(o, "AggregateOffer") && !ok {
		low, lok, err := ldNumber(o["lowPrice"])
		if err != nil {
			return 0, 0, "", false, fmt.Errorf("lowPrice: %w", err)
		}
		high, hok, err := ldNumber(o["highPrice"])
		if err != nil {
			return 0, 0, "", false, fmt.Errorf("highPrice: %w", err)
		}
		count, _, _ := ldNumber(o["offerCount"])
		switch {
		case lok && hok && dollars(high) != dollars(low):
			return 0, 0, "", false, fmt.Errorf("AggregateOffer gives a price range (%.2f to %.2f) without its offers", low, high)
		case lok && !hok && count != 1:
			// "From $20": the lowest of several prices, none of which is known.
			return 0, 0, "", false, fmt.Errorf("AggregateOffer gives only its lowest price (%.2f) without its offers", low)
		}
		price, ok = low, lok
	}
	// priceSpecification: the regular (strikethrough or list) price, and the price
	// itself when the Offer has none.
	for _, ps := range ldObjects(o["priceSpecification"]) {
		v, vok, err := ldNumber(ps["price"])
		if err != nil {
			return 0, 0, "", false, fmt.Errorf("priceSpecification price: %w", err)
		}
		if !vok {
			continue
		}
		switch ldTerm(ldText(ps["priceType"])) {
		case "StrikethroughPrice", "ListPrice", "MSRP", "SRP":
			list = max(list, v)
		case "", "SalePrice", "InvoicePrice", "MinimumAdvertisedPrice":
			if !ok {
				price, ok = v, true
				if currency == "" {
					currency = ldText(ps["priceCurrency"])
				}
			}
		}
	}
	return price, list, currency, ok, nil
}

// categoryPath splits category paths ("Flower > Indica", "Vapes/Cartridges") into
// labels, the most specific of each path first: a "Concentrates > Live Rosin" section
// is read as Live Rosin, then Concentrates.
func categoryPath(paths ...string) []string {
	var labels []string
	for _, c := range paths {
		parts := strings.FieldsFunc(c, func(r rune) bool { return r == '>' || r == '/' || r == '|' || r == ',' })
		for i := len(parts) - 1; i >= 0; i-- {
			if part := strings.TrimSpace(parts[i]); part != "" {
				labels = append(labels, part)
			}
		}
	}
	return labels
}
