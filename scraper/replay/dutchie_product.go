package replay

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// dutchieProduct is one element of data.filteredProducts.products, with the keys, key
// order and value types of the Ethos 2025 capture
// (scraper/testdata/dutchie/filteredproducts_ethos-harmarville-pa_2025-11.json).
// Fields the replay has no data for are null or empty there too in many records.
type dutchieProduct struct {
	UnderscoreID               string               `json:"_id"`
	ID                         string               `json:"id"`
	AdditionalOptions          []any                `json:"AdditionalOptions"`
	DuplicatedProductID        *string              `json:"duplicatedProductId"`
	LibraryProductID           *string              `json:"libraryProductId"`
	LibraryProductScore        *float64             `json:"libraryProductScore"`
	Brand                      *dutchieBrand        `json:"brand"`
	BrandID                    *string              `json:"brandId"`
	BrandName                  string               `json:"brandName"`
	CBD                        *float64             `json:"CBD"`
	CBDContent                 dutchiePotency       `json:"CBDContent"`
	CertificateOfAnalysis      bool                 `json:"certificateOfAnalysisEnabled"`
	CollectionCardBadge        *string              `json:"collectionCardBadge"`
	ComingSoon                 *bool                `json:"comingSoon"`
	CreatedAt                  string               `json:"createdAt"` // epoch ms as a string
	UpdatedAt                  string               `json:"updatedAt"`
	DispensaryID               string               `json:"DispensaryID"`
	EnterpriseProductID        *string              `json:"enterpriseProductId"`
	Image                      *string              `json:"Image"`
	Images                     []any                `json:"images"`
	Measurements               *dutchieMeasurements `json:"measurements"`
	MedicalOnly                bool                 `json:"medicalOnly"`
	MedicalPrices              []float64            `json:"medicalPrices"`
	MedicalSpecialPrices       []float64            `json:"medicalSpecialPrices"`
	WholesalePrices            *[]float64           `json:"wholesalePrices"`
	Name                       string               `json:"Name"`
	NonArmsLength              *bool                `json:"nonArmsLength"`
	Options                    []string             `json:"Options"`
	LimitsPerCustomer          *int                 `json:"limitsPerCustomer"`
	ManualInventory            []dutchieInventory   `json:"manualInventory"`
	POSMetaData                *struct{}            `json:"POSMetaData"`
	Prices                     []float64            `json:"Prices"`
	PricingTierData            *struct{}            `json:"pricingTierData"`
	SpecialIDsPerOption        []dutchieOptionIDs   `json:"specialIdsPerOption"`
	RawOptions                 []string             `json:"rawOptions"`
	RecOnly                    bool                 `json:"recOnly"`
	RecPrices                  []float64            `json:"recPrices"`
	RecSpecialPrices           []float64            `json:"recSpecialPrices"`
	Special                    *bool                `json:"special"`
	SpecialData                *dutchieSpecialData  `json:"specialData"`
	Status                     string               `json:"Status"`
	StrainType                 string               `json:"strainType"`
	Subcategory                *string              `json:"subcategory"`
	THC                        *float64             `json:"THC"`
	THCContent                 dutchiePotency       `json:"THCContent"`
	Type                       string               `json:"type"`
	VapeTaxApplicable          *bool                `json:"vapeTaxApplicable"`
	Weight                     int                  `json:"weight"` // a sort weight, not grams
	Featured                   *bool                `json:"featured"`
	IsBelowThreshold           *bool                `json:"isBelowThreshold"`
	IsBelowKioskThreshold      *bool                `json:"isBelowKioskThreshold"`
	OptionsBelowThreshold      []string             `json:"optionsBelowThreshold"`
	OptionsBelowKioskThreshold []string             `json:"optionsBelowKioskThreshold"`
	CName                      string               `json:"cName"`
	PastCNames                 []string             `json:"pastCNames"`
	BrandLogo                  *string              `json:"brandLogo"`
	BottleDepositTaxCents      *int                 `json:"bottleDepositTaxCents"`
	UseBetterPotencyTaxes      *bool                `json:"useBetterPotencyTaxes"`
	Typename                   string               `json:"__typename"`
	Effects                    map[string]int       `json:"effects"`
	CannabinoidsV2             []any                `json:"cannabinoidsV2"`
	Provider                   string               `json:"provider"`
}

type dutchieBrand struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	ParentBrandID *string `json:"parentBrandId"`
	ImageURL      *string `json:"imageUrl"`
	Typename      string  `json:"__typename"`
	UnderscoreID  string  `json:"_id"`
	Description   string  `json:"description"`
}

// dutchiePotency is THCContent/CBDContent: unit PERCENTAGE or MILLIGRAMS, range null
// when unknown.
type dutchiePotency struct {
	Unit     string    `json:"unit"`
	Range    []float64 `json:"range"`
	Typename string    `json:"__typename"`
}

// dutchieMeasurements is the 2023 capture's net weight per option, in mg.
type dutchieMeasurements struct {
	NetWeight struct {
		Unit     string    `json:"unit"`
		Values   []float64 `json:"values"`
		Typename string    `json:"__typename"`
	} `json:"netWeight"`
	Volume   *struct{} `json:"volume"`
	Typename string    `json:"__typename"`
}

type dutchieInventory struct {
	Option    string `json:"option"`
	Inventory int    `json:"inventory"`
	Typename  string `json:"__typename"`
}

type dutchieOptionIDs struct {
	Option       string   `json:"option"`
	ConditionIDs []string `json:"conditionIds"`
	RewardIDs    []string `json:"rewardIds"`
	Typename     string   `json:"__typename"`
}

type dutchieSpecialData struct {
	BogoSpecials *[]any               `json:"bogoSpecials"`
	SaleSpecials []dutchieSaleSpecial `json:"saleSpecials"`
	Typename     string               `json:"__typename"`
}

type dutchieSaleSpecial struct {
	SpecialID       string  `json:"specialId"`
	SpecialName     string  `json:"specialName"`
	SpecialType     string  `json:"specialType"`
	Discount        float64 `json:"discount"`
	PercentDiscount bool    `json:"percentDiscount"`
	DollarDiscount  bool    `json:"dollarDiscount"`
	MenuType        string  `json:"menuType"`
	Typename        string  `json:"__typename"`
}

// The replay has no clock; product dates are fixed at the Ohio snapshot time.
var dutchieUpdated = time.Date(2026, 6, 30, 14, 50, 0, 0, time.UTC)

// newDutchieProduct renders one product of st for pricingType "rec" or "med": Prices
// holds that pricing type's prices, as in the capture (a "med" request whose Prices
// equal medicalPrices).
func newDutchieProduct(st *Store, p Product, pricing string) dutchieProduct {
	id := dutchieProductID(st.DispensaryID, p.ID)
	seed := hash64("dutchie-product-extra", id)
	cName := p.Slug
	if cName == "" {
		cName = slugify(p.Name)
	}
	d := dutchieProduct{
		UnderscoreID: id, ID: id,
		AdditionalOptions:          []any{},
		BrandName:                  p.Brand,
		CBDContent:                 dutchiePotency{Unit: "PERCENTAGE", Typename: "ProductPotency"},
		CreatedAt:                  strconv.FormatInt(dutchieUpdated.Add(-time.Duration(seed%(180*24))*time.Hour).UnixMilli(), 10),
		UpdatedAt:                  dutchieUpdated.Format("2006-01-02T15:04:05.000Z"),
		DispensaryID:               st.DispensaryID,
		Images:                     []any{},
		Name:                       p.Name,
		MedicalPrices:              []float64{},
		MedicalSpecialPrices:       []float64{},
		RecPrices:                  []float64{},
		RecSpecialPrices:           []float64{},
		Options:                    []string{},
		ManualInventory:            []dutchieInventory{},
		SpecialIDsPerOption:        []dutchieOptionIDs{},
		RawOptions:                 []string{},
		Status:                     "Active",
		StrainType:                 dutchieStrains[p.StrainType],
		THCContent:                 dutchiePotency{Unit: "PERCENTAGE", Typename: "ProductPotency"},
		Type:                       dutchieTypes[p.Category],
		Weight:                     1 + int(seed%15),
		OptionsBelowThreshold:      []string{},
		OptionsBelowKioskThreshold: []string{},
		CName:                      cName,
		PastCNames:                 []string{cName},
		Typename:                   "Products",
		Effects:                    map[string]int{},
		CannabinoidsV2:             []any{},
		Provider:                   "dutchie",
	}
	if p.Brand != "" {
		brandID := uuid("dutchie-brand", p.Brand)
		d.Brand = &dutchieBrand{ID: brandID, UnderscoreID: brandID, Name: p.Brand, Typename: "Brand"}
		d.BrandID = &brandID
	}
	if p.Subtype != "" {
		sub := slugify(p.Subtype)
		d.Subcategory = &sub
	}
	switch {
	case p.PotencyUnit == "mg" && p.THC > 0:
		d.THCContent = dutchiePotency{Unit: "MILLIGRAMS", Range: []float64{p.THC}, Typename: "ProductPotency"}
	case p.THC > 0:
		d.THCContent.Range = []float64{p.THC}
	}
	if p.PotencyUnit == "%" && p.CBD > 0 {
		d.CBDContent.Range = []float64{p.CBD}
	}

	grams, salePercent := d.setSizes(st, p, seed)
	if pricing == "med" {
		d.Prices = d.MedicalPrices
	} else {
		d.Prices = d.RecPrices
	}
	if len(grams) == len(d.Options) && len(grams) > 0 {
		m := &dutchieMeasurements{Typename: "Products_measurements"}
		m.NetWeight.Unit, m.NetWeight.Values, m.NetWeight.Typename = "MILLIGRAMS", grams, "Products_measurement"
		d.Measurements = m
	}
	if salePercent > 0 {
		yes := true
		d.Special = &yes
		d.SpecialData = &dutchieSpecialData{
			SaleSpecials: []dutchieSaleSpecial{{
				SpecialID:       hex24("dutchie-special", st.DispensaryID, strconv.Itoa(int(salePercent))),
				SpecialName:     fmt.Sprintf("%d%% OFF %s!", int(salePercent), dutchieTypes[p.Category]),
				SpecialType:     "sale",
				Discount:        salePercent,
				PercentDiscount: true,
				MenuType:        "both",
				Typename:        "Products_specialData_saleSpecials",
			}},
			Typename: "Products_specialData",
		}
	}
	return d
}

// setSizes sets the product's options, prices, inventory and special ids, one per size
// in stock, and returns the sizes' weights in mg (those known) and the first sale's
// percentage.
func (d *dutchieProduct) setSizes(st *Store, p Product, seed uint64) (grams []float64, salePercent float64) {
	for i, s := range p.inStockSizes() {
		d.Options = append(d.Options, s.Label)
		d.RecPrices = append(d.RecPrices, s.Price)
		d.MedicalPrices = append(d.MedicalPrices, cents(s.Price*st.MedicalPriceFactor))
		if s.SalePrice > 0 && s.SalePrice < s.Price {
			d.RecSpecialPrices = append(d.RecSpecialPrices, s.SalePrice)
			d.MedicalSpecialPrices = append(d.MedicalSpecialPrices, cents(s.SalePrice*st.MedicalPriceFactor))
			if salePercent == 0 {
				salePercent = math.Round(100 * (s.Price - s.SalePrice) / s.Price)
			}
		}
		d.ManualInventory = append(d.ManualInventory, dutchieInventory{
			Option: s.Label, Inventory: 1 + int((seed>>(8*uint(i%8)))%60), Typename: "Products_manualInventory",
		})
		d.SpecialIDsPerOption = append(d.SpecialIDsPerOption, dutchieOptionIDs{
			Option: s.Label, ConditionIDs: []string{}, RewardIDs: []string{}, Typename: "Products_specialIdsPerOption",
		})
		if s.Grams > 0 {
			grams = append(grams, math.Round(s.Grams*1000))
		}
	}
	return grams, salePercent
}

// slugify makes a Dutchie-style cName: lower case words joined by hyphens.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
