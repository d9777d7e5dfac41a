package publish

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/ohiomc/omc/store"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	kzstd "github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/parquet-go/parquet-go/format"

	"github.com/ohiomc/omc/data"
)

// The open data: the price history as Parquet, one file per month, and the weekly price
// index as CSV and JSON, listed by api/open-data.json. Parquet because readers (DuckDB,
// pandas, R, Spark) query it where it is served, by column and with its types, and a
// year of Ohio's spells is a few MB in it. The writer is parquet-go: maintained, pure Go
// (no cgo, as omc builds), with a generic typed writer and reader (GenericWriter[T]), so
// a row is a Go struct and its columns are declared once, in its tags.
const (
	PathOpenData      = "api/open-data"
	PathOpenDataDir   = "open-data/"
	PathPriceSpells   = PathOpenDataDir + "prices/"
	PathPriceIndexCSV = PathOpenDataDir + "price-index-weekly.csv"
	PathPriceIndexJSN = PathOpenDataDir + "price-index-weekly.json"
	// OpenDataLicence is the licence of the published data (data/README.md).
	OpenDataLicence = "CC-BY-4.0"
	// OpenDataFormat numbers the layout of the month files: a closed month is carried
	// over from the tree before only when that tree wrote it in this layout.
	OpenDataFormat = 1
	// parquetType is the media type of Parquet (IANA, 2024).
	parquetType = "application/vnd.apache.parquet"
)

// SpellRow is one row of a month's Parquet file: one price spell (store.PriceSpell).
// Prices are dollars; sale_price is null when the offer was not on sale; grams, mg and
// thc are null when the menu did not say.
type SpellRow struct {
	Store       string    `parquet:"store,dict"`
	Region      string    `parquet:"region,dict"`
	Market      string    `parquet:"market,dict"`
	Code        string    `parquet:"code"`
	Name        string    `parquet:"name"`
	Brand       string    `parquet:"brand,dict"`
	Category    string    `parquet:"category,dict"`
	Size        string    `parquet:"size,dict"`
	Grams       *float64  `parquet:"grams,optional"`
	Mg          *float64  `parquet:"mg,optional"`
	THC         *float64  `parquet:"thc,optional"`
	PotencyUnit string    `parquet:"potency_unit,dict"`
	Price       float64   `parquet:"price"`
	SalePrice   *float64  `parquet:"sale_price,optional"`
	FirstSeen   time.Time `parquet:"first_seen,timestamp(millisecond)"`
	LastSeen    time.Time `parquet:"last_seen,timestamp(millisecond)"`
	Fetches     int32     `parquet:"fetches"`
}

// OpenData is api/open-data.json: the open data files of this publish.
type OpenData struct {
	GeneratedAt string `json:"generatedAt"`
	Sample      bool   `json:"sample"`
	Licence     string `json:"licence"`
	Format      int    `json:"format"`
	// Months are the price history's files, oldest first.
	Months []OpenDataMonth `json:"months"`
	// Index are the weekly price index's files (CSV, JSON).
	Index []OpenDataFile `json:"index"`
	// Weeks are the weeks the index covers, oldest first.
	Weeks []string `json:"weeks"`
}

// OpenDataFile is one published file: its path in the tree, size in bytes, rows and
// sha256.
type OpenDataFile struct {
	Path   string `json:"path"`
	Size   int    `json:"size"`
	Rows   int64  `json:"rows"`
	SHA256 string `json:"sha256"`
}

// OpenDataMonth is one month's Parquet file; Closed once the month is over (its bytes
// never change again).
type OpenDataMonth struct {
	Month string `json:"month"`
	OpenDataFile
	Closed bool `json:"closed"`
}

// openData writes the month files of the price history as the spells come.
type openData struct {
	now      time.Time
	current  string // the month of now: the only one not closed
	regions  map[string]string
	carried  map[string][]byte // closed months of the tree before, by month
	put      func(path string, b []byte) error
	months   []OpenDataMonth
	month    string // the month being written, "" when none
	skip     bool   // the month being walked is carried over
	buf      bytes.Buffer
	w        *parquet.GenericWriter[SpellRow]
	codec    *spellCodec // every month's
	batch    []SpellRow
	rowCount int64
}

// buildPriceSpells walks the history's price spells into one Parquet file per month,
// handing each to put; a closed month the tree before wrote in this format (prevOut,
// checked against its manifest) is carried over byte for byte, not rewritten, so its
// bytes stay whatever later changes the store's descriptions.
func buildPriceSpells(ctx context.Context, sd *store.ShopData, ds []data.Dispensary, prevOut string, now time.Time, put func(string, []byte) error) ([]OpenDataMonth, error) {
	codec, err := newSpellCodec()
	if err != nil {
		return nil, fmt.Errorf("publish open data: %w", err)
	}
	defer codec.close()
	od := &openData{now: now, current: store.Month(now), regions: map[string]string{}, put: put,
		carried: carriedMonths(prevOut, store.Month(now)), codec: codec}
	for _, d := range ds {
		od.regions[d.Slug] = d.Region
	}
	err = sd.EachPriceSpell(ctx, now.Add(time.Second), od.add)
	if err == nil {
		err = od.endMonth()
	}
	if err == nil {
		err = od.carryRest()
	}
	if err != nil {
		return nil, fmt.Errorf("publish open data: %w", err)
	}
	sort.Slice(od.months, func(i, j int) bool { return od.months[i].Month < od.months[j].Month })
	return od.months, nil
}

// add takes one spell; spells come month by month.
func (od *openData) add(sp store.PriceSpell) error {
	if sp.Month != od.month {
		if err := od.endMonth(); err != nil {
			return err
		}
		if err := od.startMonth(sp.Month); err != nil {
			return err
		}
	}
	// A price the store keeps as unknown (0: the menu gave none, or one no shop charges)
	// is no price to publish.
	if od.skip || sp.Price <= 0 {
		return nil
	}
	od.batch = append(od.batch, od.row(sp))
	if len(od.batch) == cap(od.batch) {
		return od.flushRows()
	}
	return nil
}

func (od *openData) row(sp store.PriceSpell) SpellRow {
	o := sp.Desc
	r := SpellRow{Store: sp.Slug, Region: od.regions[sp.Slug], Market: string(sp.Market), Code: codeOf(o), Name: o.Name,
		Brand: o.Brand, Category: string(o.Category), Size: o.Size, Grams: positive(o.Grams), Mg: positive(o.Milligrams),
		PotencyUnit: o.PotencyUnit, Price: cents(sp.Price), FirstSeen: sp.FirstSeen.UTC(), LastSeen: sp.LastSeen.UTC(),
		Fetches: int32(min(sp.Fetches, 1<<31-1))}
	if o.THC != nil {
		r.THC = positive(*o.THC)
	}
	if sp.SalePrice > 0 && sp.SalePrice < sp.Price {
		v := cents(sp.SalePrice)
		r.SalePrice = &v
	}
	return r
}

// spellWriterOptions make a month's bytes depend on its rows alone: a fixed created-by
// (the library's default names its version and build), no key-value metadata, fixed
// row group and page sizes, zstd at its default level (codec).
func spellWriterOptions(codec *spellCodec) []parquet.WriterOption {
	return []parquet.WriterOption{
		parquet.CreatedBy("omc open data", fmt.Sprint(OpenDataFormat), ""),
		parquet.Compression(codec),
		parquet.MaxRowsPerRowGroup(1 << 17),
		parquet.PageBufferSize(256 << 10),
	}
}

// spellCodec compresses the months' pages as parquet-go's zstd codec at its default
// level and a concurrency of one does (an encoder made with the same options writes the
// same bytes), with one encoder for the whole walk. That codec keeps its encoders in a
// sync.Pool, which every collection empties, and each new encoder allocates a history
// window of 16 MB: under the memory limit, where the collector runs all the time, one
// month's file made six of them (96 MB at 2,000 menus), two at a time live.
type spellCodec struct {
	enc *kzstd.Encoder
	dec zstd.Codec // decoding is parquet-go's own
}

func newSpellCodec() (*spellCodec, error) {
	enc, err := kzstd.NewWriter(nil, kzstd.WithEncoderConcurrency(1), kzstd.WithEncoderLevel(zstd.DefaultLevel),
		kzstd.WithZeroFrames(true), kzstd.WithEncoderCRC(false))
	if err != nil {
		return nil, fmt.Errorf("zstd encoder: %w", err)
	}
	return &spellCodec{enc: enc, dec: zstd.Codec{Level: zstd.DefaultLevel, Concurrency: 1}}, nil
}

func (c *spellCodec) String() string { return c.dec.String() }

func (c *spellCodec) CompressionCodec() format.CompressionCodec { return c.dec.CompressionCodec() }

func (c *spellCodec) Encode(dst, src []byte) ([]byte, error) {
	return c.enc.EncodeAll(src, dst[:0]), nil
}

func (c *spellCodec) Decode(dst, src []byte) ([]byte, error) { return c.dec.Decode(dst, src) }

func (c *spellCodec) close() { c.enc.Close() }

func (od *openData) startMonth(month string) error {
	od.month, od.rowCount = month, 0
	if b, ok := od.carried[month]; ok {
		od.skip = true
		delete(od.carried, month)
		return od.emitMonth(month, b)
	}
	od.skip = false
	od.buf.Reset()
	od.w = parquet.NewGenericWriter[SpellRow](&od.buf, spellWriterOptions(od.codec)...)
	if od.batch == nil {
		od.batch = make([]SpellRow, 0, 4096)
	}
	return nil
}

func (od *openData) flushRows() error {
	n, err := od.w.Write(od.batch)
	od.rowCount += int64(n)
	clear(od.batch)
	od.batch = od.batch[:0]
	if err != nil {
		return fmt.Errorf("month %s: %w", od.month, err)
	}
	return nil
}

// endMonth finishes the month being written.
func (od *openData) endMonth() error {
	if od.month == "" || od.skip {
		od.month = ""
		return nil
	}
	if err := od.flushRows(); err != nil {
		return err
	}
	if err := od.w.Close(); err != nil {
		return fmt.Errorf("month %s: %w", od.month, err)
	}
	od.w = nil
	month := od.month
	od.month = ""
	return od.emitMonth(month, od.buf.Bytes())
}

// carryRest keeps the closed months of the tree before that the history no longer has
// (a store restored from an older copy): a closed month's file is never taken back.
func (od *openData) carryRest() error {
	months := make([]string, 0, len(od.carried))
	for m := range od.carried {
		months = append(months, m)
	}
	sort.Strings(months)
	for _, m := range months {
		if err := od.emitMonth(m, od.carried[m]); err != nil {
			return err
		}
	}
	return nil
}

func (od *openData) emitMonth(month string, b []byte) error {
	rows, err := parquetRows(b)
	if err != nil {
		return fmt.Errorf("month %s: %w", month, err)
	}
	path := PathPriceSpells + month + ".parquet"
	sum := sha256.Sum256(b)
	od.months = append(od.months, OpenDataMonth{Month: month, Closed: month < od.current,
		OpenDataFile: OpenDataFile{Path: path, Size: len(b), Rows: rows, SHA256: hex.EncodeToString(sum[:])}})
	return od.put(path, b)
}

// parquetRows reads the row count from a Parquet file's footer.
func parquetRows(b []byte) (int64, error) {
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return 0, err
	}
	return f.NumRows(), nil
}

// carriedMonths reads the closed months (before current) that the published tree in
// out lists in its api/open-data.json in this format, each checked against its sha256:
// a file that is missing, changed or unreadable is not carried over, and is written
// again from the history.
func carriedMonths(out, current string) map[string][]byte {
	carried := map[string][]byte{}
	if out == "" {
		return carried
	}
	raw, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(PathOpenData)))
	if err != nil {
		return carried
	}
	var prev OpenData
	if json.Unmarshal(raw, &prev) != nil || prev.Format != OpenDataFormat {
		return carried
	}
	for _, m := range prev.Months {
		if m.Month >= current || m.Path != PathPriceSpells+m.Month+".parquet" || !m.Closed {
			continue
		}
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(m.Path)))
		if err != nil {
			continue
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != m.SHA256 {
			continue
		}
		if _, err := parquetRows(b); err != nil {
			continue
		}
		carried[m.Month] = b
	}
	return carried
}

// OpenDataRules are the header rules of the open data files: a closed month never
// changes and is cached as immutable; the current month and the index change with
// every publish and are cached as the snapshots are.
func OpenDataRules(od OpenData) []HeaderRule {
	rules := []HeaderRule{{"/" + PathOpenDataDir + "*", [][2]string{{"Access-Control-Allow-Origin", "*"}}}}
	for _, m := range od.Months {
		cache := CacheSnapshots
		if m.Closed {
			cache = CacheImmutable
		}
		rules = append(rules, HeaderRule{"/" + m.Path, [][2]string{{"Content-Type", parquetType}, {"Cache-Control", cache}}})
	}
	for _, f := range od.Index {
		typ := "application/json; charset=utf-8"
		if strings.HasSuffix(f.Path, ".csv") {
			typ = "text/csv; charset=utf-8"
		}
		rules = append(rules, HeaderRule{"/" + f.Path, [][2]string{{"Content-Type", typ}, {"Cache-Control", CacheSnapshots}}})
	}
	return rules
}

// ReadOpenDataRules are OpenDataRules for the tree published in dir (omc serve), none
// when it has no readable api/open-data.json.
func ReadOpenDataRules(dir string) []HeaderRule {
	raw, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(PathOpenData)))
	if err != nil {
		return nil
	}
	var od OpenData
	if json.Unmarshal(raw, &od) != nil {
		return nil
	}
	return OpenDataRules(od)
}

// openDataFiles adds the price index's files (from the trends) to files and, listing
// them with the month files, api/open-data.json; it returns that listing.
func openDataFiles(trends Trends, months []OpenDataMonth, files map[string][]byte, now time.Time, sample bool) (OpenData, error) {
	od := OpenData{GeneratedAt: now.UTC().Format(time.RFC3339), Sample: sample, Licence: OpenDataLicence,
		Format: OpenDataFormat, Months: months, Index: []OpenDataFile{}, Weeks: trends.Weeks}
	if od.Months == nil {
		od.Months = []OpenDataMonth{}
	}
	if od.Weeks == nil {
		od.Weeks = []string{}
	}
	trends.GeneratedAt, trends.Sample = od.GeneratedAt, sample
	csvFile, jsonFile, rows, err := priceIndexFiles(trends)
	if err != nil {
		return OpenData{}, fmt.Errorf("publish open data: %w", err)
	}
	for _, f := range []struct {
		path string
		b    []byte
	}{{PathPriceIndexCSV, csvFile}, {PathPriceIndexJSN, jsonFile}} {
		sum := sha256.Sum256(f.b)
		od.Index = append(od.Index, OpenDataFile{Path: f.path, Size: len(f.b), Rows: rows, SHA256: hex.EncodeToString(sum[:])})
		files[f.path] = f.b
	}
	b, err := marshal(od)
	if err != nil {
		return OpenData{}, fmt.Errorf("publish open data: %w", err)
	}
	files[PathOpenData] = b
	return od, nil
}

// keepTrends hands every snapshot on to emit, keeping api/trends' value in t.
func keepTrends(t *Trends, emit Emit) Emit {
	return func(path string, v any) error {
		if tr, ok := v.(Trends); ok && path == PathTrends {
			*t = tr
		}
		return emit(path, v)
	}
}

// lockedPut is put called under mu: one goroutine at a time.
func lockedPut(mu *sync.Mutex, put func(string, []byte) error) func(string, []byte) error {
	return func(path string, b []byte) error {
		mu.Lock()
		defer mu.Unlock()
		return put(path, b)
	}
}

// historyWalks is what the walks of the fetch log beside the shopping snapshots give.
type historyWalks struct {
	highlights Highlights
	months     []OpenDataMonth
	err        error
}

// walkHistory builds the yearly highlights, then the open data's month files (handed to
// add as each is written).
func walkHistory(ctx context.Context, db *store.DB, sd *store.ShopData, ds []data.Dispensary, opts Options, add func(string, []byte) error) historyWalks {
	var w historyWalks
	if w.highlights, w.err = buildHighlights(ctx, db, sd, opts.Now); w.err != nil {
		w.err = fmt.Errorf("publish highlights: %w", w.err)
		return w
	}
	w.months, w.err = buildPriceSpells(ctx, sd, ds, opts.Out, opts.Now, add)
	return w
}
