package history

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/ohiomc/omc/data"
)

// Record is what a saved copy holds, stored beside it as <name>.json. It is written
// after its copy, so a copy without a record (an interrupted save) is never restored.
type Record struct {
	// Seq numbers the saves: the newest copy has the highest.
	Seq     int       `json:"seq"`
	Copy    string    `json:"copy"`
	SavedAt time.Time `json:"savedAt"`
	// SHA256 and Bytes are the uncompressed database's; Compressed the stored copy's size.
	SHA256     string `json:"sha256"`
	Bytes      int64  `json:"bytes"`
	Compressed int64  `json:"compressed"`
	data.Inspection
}

// Refusal is a copy that was not used, and why.
type Refusal struct {
	Name    string
	Reasons []string
}

func (r Refusal) String() string { return r.Name + ": " + strings.Join(r.Reasons, "; ") }

// RefusedError is a database that failed its check: nothing was saved or restored.
type RefusedError struct {
	What    string
	Reasons []string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s refused: %s", e.What, strings.Join(e.Reasons, "; "))
}

// Keeper restores, checks and saves the database against one storage.
type Keeper struct {
	Storage Storage
	// Keep is how many good copies are kept (default 5).
	Keep int
	// Now stamps saves (default time.Now).
	Now func() time.Time
}

var recordName = regexp.MustCompile(`^omc-(\d{6})-\d{8}T\d{6}Z\.json$`)

// Records returns the readable records in storage, newest first, and the records that
// could not be read.
func (k *Keeper) Records(ctx context.Context) ([]Record, []Refusal, error) {
	names, err := k.Storage.List(ctx)
	if err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp("", "omc-history-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	var recs []Record
	var bad []Refusal
	for _, n := range names {
		if !recordName.MatchString(n) {
			continue
		}
		dst := filepath.Join(tmp, n)
		if err := k.Storage.Get(ctx, n, dst); err != nil {
			return nil, nil, err
		}
		raw, err := os.ReadFile(dst)
		if err != nil {
			return nil, nil, err
		}
		var r Record
		if err := json.Unmarshal(raw, &r); err != nil || r.Copy == "" || r.SHA256 == "" {
			bad = append(bad, Refusal{Name: n, Reasons: []string{fmt.Sprintf("unreadable record: %v", err)}})
			continue
		}
		if !slices.Contains(names, r.Copy) {
			bad = append(bad, Refusal{Name: n, Reasons: []string{"its copy " + r.Copy + " is missing"}})
			continue
		}
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Seq > recs[j].Seq })
	return recs, bad, nil
}

// Problems are what is wrong with an inspected database, compared with the last good
// copy when there is one: damage (integrity_check), a schema this build does not know,
// history tables with fewer rows than the last good copy had.
func Problems(in data.Inspection, last *Record) []string {
	var out []string
	if in.Integrity != "ok" {
		msg := in.Integrity
		if len(msg) > 300 {
			msg = msg[:297] + "..."
		}
		out = append(out, "integrity_check: "+msg)
	}
	if len(in.Migrations) == 0 {
		out = append(out, "no omc schema (no migrations recorded)")
	}
	known := data.Migrations()
	for _, m := range in.Migrations {
		if !slices.Contains(known, m) {
			out = append(out, fmt.Sprintf("schema migration %s is unknown to this omc (a newer version wrote it)", m))
		}
	}
	if last != nil {
		for _, t := range data.HistoryTables {
			if in.Counts[t] < last.Counts[t] {
				out = append(out, fmt.Sprintf("%s has %d rows, the last good copy (%s) had %d: history would be lost", t, in.Counts[t], last.Copy, last.Counts[t]))
			}
		}
	}
	return out
}

// Restored is what Restore did.
type Restored struct {
	// Record is the copy restored, nil when storage held none.
	Record  *Record
	Refused []Refusal
}

// Restore writes the newest good copy to dbPath. Each copy is checked before it is
// used: its checksum, integrity_check, its schema, and row counts equal to those its
// record gives; a copy failing any is refused and the next older one tried. Storage
// holding no copy is not an error (Record is nil, nothing written: the first run starts
// a new database); storage holding only bad copies is a *RefusedError, and dbPath is
// left as it was.
func (k *Keeper) Restore(ctx context.Context, dbPath string) (Restored, error) {
	recs, bad, err := k.Records(ctx)
	if err != nil {
		return Restored{}, err
	}
	res := Restored{Refused: bad}
	dir := filepath.Dir(dbPath)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return res, fmt.Errorf("restore to %s: %w", dbPath, err)
	}
	for i := range recs {
		r := recs[i]
		tmp, reasons, err := k.fetchCopy(ctx, r, dir)
		if err != nil {
			return res, err
		}
		if len(reasons) > 0 {
			res.Refused = append(res.Refused, Refusal{Name: r.Copy, Reasons: reasons})
			continue
		}
		for _, suffix := range []string{"-wal", "-shm"} {
			if err := os.Remove(dbPath + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
				os.Remove(tmp)
				return res, fmt.Errorf("restore to %s: %w", dbPath, err)
			}
		}
		if err := os.Rename(tmp, dbPath); err != nil {
			os.Remove(tmp)
			return res, fmt.Errorf("restore to %s: %w", dbPath, err)
		}
		res.Record = &r
		return res, nil
	}
	if len(res.Refused) > 0 {
		var reasons []string
		for _, r := range res.Refused {
			reasons = append(reasons, r.String())
		}
		return res, &RefusedError{What: "every copy in " + k.Storage.String(), Reasons: reasons}
	}
	return res, nil
}

// fetchCopy downloads and decompresses a copy into dir and checks it against its
// record; it returns the database file, or why the copy is refused (the file removed).
func (k *Keeper) fetchCopy(ctx context.Context, r Record, dir string) (string, []string, error) {
	zst := filepath.Join(dir, ".restore-"+r.Copy)
	defer os.Remove(zst)
	if err := k.Storage.Get(ctx, r.Copy, zst); err != nil {
		return "", nil, err
	}
	db := strings.TrimSuffix(zst, ".zst")
	sum, n, err := decompress(zst, db)
	if err != nil {
		os.Remove(db)
		return "", []string{"not a zstd copy: " + err.Error()}, nil
	}
	if sum != r.SHA256 || n != r.Bytes {
		os.Remove(db)
		return "", []string{fmt.Sprintf("checksum %s (%d bytes), its record says %s (%d bytes)", short(sum), n, short(r.SHA256), r.Bytes)}, nil
	}
	in, err := data.Inspect(ctx, db)
	var reasons []string
	if err != nil {
		reasons = []string{err.Error()}
	} else {
		reasons = Problems(in, &r)
		for _, t := range data.HistoryTables {
			if in.Counts[t] > r.Counts[t] {
				reasons = append(reasons, fmt.Sprintf("%s has %d rows, its record says %d", t, in.Counts[t], r.Counts[t]))
			}
		}
	}
	if len(reasons) > 0 {
		os.Remove(db)
		return "", reasons, nil
	}
	return db, nil, nil
}

func short(sum string) string { return sum[:min(12, len(sum))] }

// Checked is what Check found.
type Checked struct {
	Inspection data.Inspection
	// Last is the newest good copy in storage it was compared with (nil: none).
	Last     *Record
	Problems []string
}

// Check inspects the database at dbPath, read-only, against the newest copy in storage.
func (k *Keeper) Check(ctx context.Context, dbPath string) (Checked, error) {
	var c Checked
	if _, err := os.Stat(dbPath); err != nil {
		return c, fmt.Errorf("check %s: %w", dbPath, err)
	}
	recs, _, err := k.Records(ctx)
	if err != nil {
		return c, err
	}
	if len(recs) > 0 {
		c.Last = &recs[0]
	}
	in, err := data.Inspect(ctx, dbPath)
	if err != nil {
		c.Problems = []string{err.Error()}
		return c, nil
	}
	c.Inspection = in
	c.Problems = Problems(in, c.Last)
	return c, nil
}

// Save checks the database at dbPath against the newest copy in storage and, when it
// passes, stores a compressed, consistent copy (VACUUM INTO) with its record, then
// removes the copies beyond Keep. A database failing its check is a *RefusedError and
// storage is left untouched: the last good copy stays the newest.
func (k *Keeper) Save(ctx context.Context, dbPath string) (Record, error) {
	c, err := k.Check(ctx, dbPath)
	if err != nil {
		return Record{}, err
	}
	if len(c.Problems) > 0 {
		return Record{}, &RefusedError{What: dbPath, Reasons: c.Problems}
	}
	tmp, err := os.MkdirTemp("", "omc-save-")
	if err != nil {
		return Record{}, err
	}
	defer os.RemoveAll(tmp)
	snap := filepath.Join(tmp, "omc.db")
	db, err := data.Open(ctx, dbPath)
	if err != nil {
		return Record{}, &RefusedError{What: dbPath, Reasons: []string{err.Error()}}
	}
	err = db.SnapshotTo(ctx, snap)
	db.Close()
	if err != nil {
		return Record{}, &RefusedError{What: dbPath, Reasons: []string{err.Error()}}
	}
	// The snapshot is what is stored: check it too.
	in, err := data.Inspect(ctx, snap)
	if err != nil {
		return Record{}, &RefusedError{What: dbPath + " (its snapshot)", Reasons: []string{err.Error()}}
	}
	if p := Problems(in, c.Last); len(p) > 0 {
		return Record{}, &RefusedError{What: dbPath + " (its snapshot)", Reasons: p}
	}
	now := time.Now
	if k.Now != nil {
		now = k.Now
	}
	r := Record{Seq: 1, SavedAt: now().UTC().Truncate(time.Second), Inspection: in}
	if c.Last != nil {
		r.Seq = c.Last.Seq + 1
	}
	base := fmt.Sprintf("omc-%06d-%s", r.Seq, r.SavedAt.Format("20060102T150405Z"))
	r.Copy = base + ".db.zst"
	zst := filepath.Join(tmp, r.Copy)
	if r.SHA256, r.Bytes, r.Compressed, err = compress(snap, zst); err != nil {
		return Record{}, err
	}
	recFile := filepath.Join(tmp, base+".json")
	raw, _ := json.MarshalIndent(r, "", "  ")
	if err := os.WriteFile(recFile, raw, 0o644); err != nil {
		return Record{}, err
	}
	if err := k.Storage.Put(ctx, r.Copy, zst); err != nil {
		return Record{}, err
	}
	if err := k.Storage.Put(ctx, base+".json", recFile); err != nil {
		return Record{}, err
	}
	return r, k.prune(ctx)
}

// prune removes the good copies beyond Keep, oldest first, record before copy so that
// an interrupted prune leaves no record without its copy.
func (k *Keeper) prune(ctx context.Context) error {
	keep := k.Keep
	if keep <= 0 {
		keep = 5
	}
	recs, _, err := k.Records(ctx)
	if err != nil {
		return err
	}
	for _, r := range recs[min(keep, len(recs)):] {
		if err := k.Storage.Delete(ctx, strings.TrimSuffix(r.Copy, ".db.zst")+".json"); err != nil {
			return err
		}
		if err := k.Storage.Delete(ctx, r.Copy); err != nil {
			return err
		}
	}
	return nil
}

// compress writes src to dst with zstd and returns src's SHA-256, its size and dst's.
func compress(src, dst string) (sum string, n, compressed int64, err error) {
	in, err := os.Open(src)
	if err != nil {
		return "", 0, 0, err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return "", 0, 0, err
	}
	defer out.Close()
	zw, err := zstd.NewWriter(out, zstd.WithEncoderLevel(zstd.SpeedBetterCompression))
	if err != nil {
		return "", 0, 0, err
	}
	h := sha256.New()
	if n, err = io.Copy(io.MultiWriter(zw, h), in); err != nil {
		zw.Close()
		return "", 0, 0, fmt.Errorf("compress %s: %w", src, err)
	}
	if err := zw.Close(); err != nil {
		return "", 0, 0, fmt.Errorf("compress %s: %w", src, err)
	}
	fi, err := out.Stat()
	if err != nil {
		return "", 0, 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, fi.Size(), out.Sync()
}

// decompress writes the zstd file src to dst and returns the SHA-256 and size written.
func decompress(src, dst string) (string, int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", 0, err
	}
	defer in.Close()
	zr, err := zstd.NewReader(in)
	if err != nil {
		return "", 0, err
	}
	defer zr.Close()
	out, err := os.Create(dst)
	if err != nil {
		return "", 0, err
	}
	defer out.Close()
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, h), zr)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, out.Sync()
}
