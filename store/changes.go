package store

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
)

// seriesState is the part of an offer series that has history: what a shopper pays and
// whether the menu lists it in stock.
type seriesState struct {
	Price, SalePrice float64
	InStock          bool
	// Listed is false once a successful fetch of the menu no longer lists the offer.
	Listed bool
}

// change is one series' new state, recorded by the fetch that saw it.
type change struct {
	series int64
	state  seriesState
}

// A fetch's changes are stored as one blob rather than a row each: at Ohio's size and
// churn (≈ 100k offers, 8 % changing per run, 2,190 runs a year) a row per change would
// cost 20–45 bytes with its index, over the year's budget; the blob costs ≈ 6. Layout, per
// change in ascending series order: uvarint(series id − previous series id), the price,
// the sale price, a flags byte (bit 0 in stock, bit 1 listed). A price is uvarint(2 ×
// cents) when it is a whole number of cents, else uvarint(1) and its 8 IEEE-754 bytes,
// so no price is ever rounded.
const (
	flagInStock = 1 << iota
	flagListed
)

func encodeChanges(cs []change) []byte {
	if len(cs) == 0 {
		return nil
	}
	slices.SortFunc(cs, func(a, b change) int { return cmp.Compare(a.series, b.series) })
	buf := make([]byte, 0, len(cs)*7)
	prev := int64(0)
	for _, c := range cs {
		buf = binary.AppendUvarint(buf, uint64(c.series-prev))
		prev = c.series
		buf = appendPrice(buf, c.state.Price)
		buf = appendPrice(buf, c.state.SalePrice)
		var flags byte
		if c.state.InStock {
			flags |= flagInStock
		}
		if c.state.Listed {
			flags |= flagListed
		}
		buf = append(buf, flags)
	}
	return buf
}

func appendPrice(buf []byte, p float64) []byte {
	if c := math.Round(p * 100); c >= 0 && c < 1<<50 && c/100 == p {
		return binary.AppendUvarint(buf, uint64(c)*2)
	}
	buf = binary.AppendUvarint(buf, 1)
	return binary.LittleEndian.AppendUint64(buf, math.Float64bits(p))
}

var errChanges = errors.New("truncated or corrupt changes")

// decodeChanges calls fn with each change of a blob, in series order.
func decodeChanges(b []byte, fn func(change)) error {
	prev := int64(0)
	for len(b) > 0 {
		d, n := binary.Uvarint(b)
		if n <= 0 {
			return errChanges
		}
		b = b[n:]
		c := change{series: prev + int64(d)}
		prev = c.series
		var err error
		if c.state.Price, b, err = readPrice(b); err != nil {
			return err
		}
		if c.state.SalePrice, b, err = readPrice(b); err != nil {
			return err
		}
		if len(b) == 0 {
			return errChanges
		}
		c.state.InStock, c.state.Listed = b[0]&flagInStock != 0, b[0]&flagListed != 0
		b = b[1:]
		fn(c)
	}
	return nil
}

func readPrice(b []byte) (float64, []byte, error) {
	v, n := binary.Uvarint(b)
	if n <= 0 {
		return 0, nil, errChanges
	}
	b = b[n:]
	if v%2 == 0 {
		return float64(v/2) / 100, b, nil
	}
	if v != 1 || len(b) < 8 {
		return 0, nil, fmt.Errorf("%w: bad price tag %d", errChanges, v)
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b)), b[8:], nil
}
