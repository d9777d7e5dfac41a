package publish

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/ohiomc/omc/data"
)

// priceVector is one case of testdata/price-vectors.json, which the site's price rules
// (site/src/lib/price-vectors.test.ts) are tested against too.
type priceVector struct {
	Name      string        `json:"name"`
	Category  data.Category `json:"category"`
	Grams     *float64      `json:"grams"`
	Mg        *float64      `json:"mg"`
	Price     float64       `json:"price"`
	SalePrice *float64      `json:"salePrice"`
	Paid      float64       `json:"paid"`
	OnSale    bool          `json:"onSale"`
	UnitPrice *float64      `json:"unitPrice"`
	Unit      *string       `json:"unit"`
}

// orZero is how the store keeps an unknown weight, dose or sale price: 0.
func orZero(v *float64) float64 {
	if v == nil {
		return 0
	}
	return *v
}

// TestPriceVectors holds the price paid, the sale and the unit price of the snapshots
// to the vectors the site shares.
func TestPriceVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/price-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Vectors []priceVector }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatalf("testdata/price-vectors.json: %v", err)
	}
	if len(file.Vectors) < 10 {
		t.Fatalf("testdata/price-vectors.json: only %d vectors", len(file.Vectors))
	}
	for _, v := range file.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			in := data.Offer{Category: v.Category, Grams: orZero(v.Grams), Milligrams: orZero(v.Mg), Price: v.Price, SalePrice: orZero(v.SalePrice)}
			o := &offer{desc: &desc{Offer: &in}, Price: in.Price, SalePrice: in.SalePrice}
			if got := o.Cost(); got != v.Paid {
				t.Errorf("paid %v, want %v", got, v.Paid)
			}
			if got := o.salePrice() != nil; got != v.OnSale {
				t.Errorf("on sale %v, want %v", got, v.OnSale)
			}
			price, unit := o.unitPriceOf()
			if (price == nil) != (v.UnitPrice == nil) || (unit == nil) != (v.Unit == nil) {
				t.Fatalf("unit price %v %v, want %v %v", pointee(price), pointee(unit), pointee(v.UnitPrice), pointee(v.Unit))
			}
			if price != nil && (*price != *v.UnitPrice || *unit != *v.Unit) {
				t.Errorf("unit price %v %s, want %v %s", *price, *unit, *v.UnitPrice, *v.Unit)
			}
		})
	}
}

// pointee shows a pointer's value, or nil.
func pointee[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
