package publish

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
)

// PriceIndexRule is the weekly price index's rule, as its JSON states it.
const PriceIndexRule = "Each week (Monday to Sunday, America/New_York) takes every offer series' last " +
	"observation that week by a successful fetch, in stock and with a price; its price is the price " +
	"paid (the sale price when on sale). The figure is the median unit price of those offers: dollars " +
	"per gram for flower, vapes and extracts, per 100 mg THC for edibles; offers a menu flags " +
	"(a price or size that cannot be right) and offers without a weight or dose are left out. Medical " +
	"and adult-use (recreational) markets are kept apart: their prices differ and medical " +
	"sales carry no excise tax. By region and for Ohio as a whole (region \"Ohio\"); offers counts " +
	"the offers behind each figure. The weeks are the last year's, as api/trends."

// PriceIndex is open-data/price-index-weekly.json.
type PriceIndex struct {
	GeneratedAt string        `json:"generatedAt"`
	Sample      bool          `json:"sample"`
	Rule        string        `json:"rule"`
	Weeks       []string      `json:"weeks"`
	Series      []TrendPrices `json:"series"`
}

// priceIndexHeader are the columns of open-data/price-index-weekly.csv.
var priceIndexHeader = []string{"week", "category", "unit", "region", "market", "median_price", "offers"}

// priceIndexFiles writes the weekly price index from the trends' weekly medians (one
// computation for the Trends page and the index): its CSV, one row per week and series,
// and its JSON; rows is the CSV's row count.
func priceIndexFiles(t Trends) (csvFile, jsonFile []byte, rows int64, err error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.Write(priceIndexHeader); err != nil {
		return nil, nil, 0, err
	}
	for _, s := range t.Prices {
		for _, p := range s.Points {
			rec := []string{p.Week, string(s.Category), s.Unit, s.Region, string(s.Market),
				strconv.FormatFloat(p.Median, 'f', 2, 64), strconv.Itoa(p.Offers)}
			if err := w.Write(rec); err != nil {
				return nil, nil, 0, err
			}
			rows++
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, nil, 0, fmt.Errorf("price index csv: %w", err)
	}
	idx := PriceIndex{GeneratedAt: t.GeneratedAt, Sample: t.Sample, Rule: PriceIndexRule, Weeks: t.Weeks, Series: t.Prices}
	if idx.Weeks == nil {
		idx.Weeks = []string{}
	}
	if idx.Series == nil {
		idx.Series = []TrendPrices{}
	}
	j, err := marshal(idx)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("price index json: %w", err)
	}
	return b.Bytes(), j, rows, nil
}
