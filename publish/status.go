package publish

import (
	"slices"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
	"github.com/ohiomc/omc/store"
)

// DispensaryStatus is one element of api/DispensaryStatus (docs/specification.md §3), plus fields the
// site's other screens use.
type DispensaryStatus struct {
	Name           string         `json:"name"`
	Location       string         `json:"location"`
	Monitored      bool           `json:"monitored"`
	MarketStatuses []MarketStatus `json:"marketStatuses"`
	Slug           string         `json:"slug"`
	City           string         `json:"city"`
	Region         string         `json:"region"`
	Lat            float64        `json:"lat,omitempty"`
	Lng            float64        `json:"lng,omitempty"`
	Website        string         `json:"website,omitempty"`
	// Address is the street ("" when unknown); Coordinates says whether Lat/Lng are the
	// store's own ("store") or its city's ("city").
	Address string `json:"address"`
	// County is "" when unknown (StoreListing.County, which this field carries here).
	County      string `json:"county"`
	Coordinates string `json:"coordinates"`
	// Verified is false for a store known only from an unverified lead.
	Verified bool `json:"verified"`
	// Platforms are the menu platforms of its menus, sorted, without repeats.
	Platforms []string `json:"platforms"`
	// StoreListing: licence, phone, hours, openingHours, onStateList, medical, adultUse,
	// salesTaxPercent (its county is County above).
	StoreListing
}

// MarketStatus is the freshness data of one market's menu: the last-update date of each
// tracked category (RFC 3339 UTC, null when never) and its product count (-1 unknown).
type MarketStatus struct {
	Market           data.Market `json:"market"`
	LastFlower       *string     `json:"lastFlower"`
	LastPreroll      *string     `json:"lastPreroll"`
	LastVape         *string     `json:"lastVape"`
	LastExtract      *string     `json:"lastExtract"`
	LastEdible       *string     `json:"lastEdible"`
	LastFlowerCount  int         `json:"lastFlowerCount"`
	LastPrerollCount int         `json:"lastPrerollCount"`
	LastVapeCount    int         `json:"lastVapeCount"`
	LastExtractCount int         `json:"lastExtractCount"`
	LastEdibleCount  int         `json:"lastEdibleCount"`
	// MenuURL is the public menu page of this market, null when the registry has none.
	MenuURL *string `json:"menuUrl"`
	// Source is the platform of the source that served the market's latest successful
	// fetch: its menu's own, or the registry alternative read when that one was
	// blocked; null when none has served it.
	Source *string `json:"source"`
}

// StatusSummary counts what the status page summarises, at publish time.
type StatusSummary struct {
	Dispensaries int `json:"dispensaries"`
	Monitored    int `json:"monitored"`
	NotMonitored int `json:"notMonitored"`
	Menus        int `json:"menus"`
	// Licensed counts the stores with an active licence on the state's roster.
	Licensed int `json:"licensed"`
	freshness.Summary
}

// BuildStatus turns store statuses into the published list and its summary at now.
func BuildStatus(sts []store.Status, now time.Time) ([]DispensaryStatus, StatusSummary) {
	out := make([]DispensaryStatus, 0, len(sts))
	var sum StatusSummary
	for _, st := range sts {
		d := st.Dispensary
		listing := storeListing(st)
		ds := DispensaryStatus{
			Name: d.Name, Location: d.Location(), Monitored: d.IsMonitored(), Slug: d.Slug,
			City: d.City, Region: d.Region, Lat: d.Lat, Lng: d.Lng, Website: d.Website,
			MarketStatuses: []MarketStatus{},
			Address:        d.Address, County: d.County, Coordinates: coordinates(d), Verified: d.IsVerified(),
			Platforms: []string{}, StoreListing: listing,
		}
		// The county the store's tax rate is for (StoreListing.County), which falls back
		// to its city's when the roster and the registry name none.
		if listing.County != nil {
			ds.County = *listing.County
		}
		if ds.Licence != nil && ds.Licence.Active {
			sum.Licensed++
		}
		for _, m := range d.Menus {
			if !slices.Contains(ds.Platforms, m.Platform) {
				ds.Platforms = append(ds.Platforms, m.Platform)
			}
		}
		slices.Sort(ds.Platforms)
		sum.Dispensaries++
		if ds.Monitored {
			sum.Monitored++
		} else {
			sum.NotMonitored++
		}
		for _, m := range st.Markets {
			ms := MarketStatus{Market: m.Market, Source: sourceOf(m)}
			for _, src := range d.Menus {
				if src.Market == m.Market && src.URL != "" {
					u := src.URL
					ms.MenuURL = &u
					break
				}
			}
			for _, cs := range m.Categories {
				date, count := dateOf(cs.LastUpdate), cs.Count
				if count < -1 {
					count = -1
				}
				switch cs.Category {
				case data.Flower:
					ms.LastFlower, ms.LastFlowerCount = date, count
				case data.Preroll:
					ms.LastPreroll, ms.LastPrerollCount = date, count
				case data.Vape:
					ms.LastVape, ms.LastVapeCount = date, count
				case data.Extract:
					ms.LastExtract, ms.LastExtractCount = date, count
				case data.Edible:
					ms.LastEdible, ms.LastEdibleCount = date, count
				}
				sum.Add(freshness.Score(cs.LastUpdate, now))
			}
			sum.Menus++
			ds.MarketStatuses = append(ds.MarketStatuses, ms)
		}
		out = append(out, ds)
	}
	return out, sum
}

// sourceOf is a market's serving source as published: null when none has served it.
func sourceOf(m store.MarketStatus) *string {
	if m.Source == "" {
		return nil
	}
	s := m.Source
	return &s
}

func dateOf(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}
