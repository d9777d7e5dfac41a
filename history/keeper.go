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

	"github.com/ohiomc/omc/store"
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
	store.Inspection
	// Digests are the SHA-256 of the copy's append-only history rows (store.Digests): a
	// later save checks that these rows are all still there, unchanged. Records of an
	// older omc have none; their counts are checked.
	Digests map[string]store.TableDigest `json:"digests,omitempty"`
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
	// Open opens the database to migrate and snapshot it (default store.Open; omc gives
	// the scraper's product codes, which migrating a first-schema database needs).
	Open func(ctx context.Context, path string) (*store.DB, error)
	// TempDir is where a save works (default os.TempDir()).
	TempDir string
}

func (k *Keeper) now() time.Time {
	if k.Now != nil {
		return k.Now()
	}
	return time.Now()
}

func (k *Keeper) open(ctx context.Context, path string) (*store.DB, error) {
	if k.Open != nil {
		return k.Open(ctx, path)
	}
	return store.Open(ctx, path)
}

func (k *Keeper) tempDir() string {
	if k.TempDir != "" {
		return k.TempDir
	}
	return os.TempDir()
}

// lock takes the storage's lock when it has one (Locker).
func (k *Keeper) lock(ctx context.Context) (func(), error) {
	if l, ok := k.Storage.(Locker); ok {
		return l.Lock(ctx)
	}
	return func() {}, nil
}

var recordName = regexp.MustCompile(`^omc-(\d{6})-\d{8}T\d{6}Z\.json$`)

// Records returns the readable records in storage, newest first, and the records that
// could not be read.
func (k *Keeper) Records(ctx context.Context) ([]Record, []Refusal, error) {
	tmp, done, err := workDir(k.tempDir(), "omc-history-")
	if err != nil {
		return nil, nil, fmt.Errorf("records of %s: %w", k.Storage, err)
	}
	defer done()
	return k.records(ctx, tmp)
}

// records is Records, working in tmp.
func (k *Keeper) records(ctx context.Context, tmp string) ([]Record, []Refusal, error) {
	names, err := k.Storage.List(ctx)
	if err != nil {
		return nil, nil, err
	}
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
func Problems(in store.Inspection, last *Record) []string {
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
	known := store.Migrations()
	for _, m := range in.Migrations {
		if !slices.Contains(known, m) {
			out = append(out, fmt.Sprintf("schema migration %s is unknown to this omc (a newer version wrote it)", m))
		}
	}
	if last != nil {
		for _, t := range store.HistoryTables {
			if in.Counts[t] < last.Counts[t] {
				out = append(out, fmt.Sprintf("%s has %d rows, the last good copy (%s) had %d: history would be lost", t, in.Counts[t], last.Copy, last.Counts[t]))
			}
		}
	}
	return out
}

// historyProblems are the history a database at file lost or rewrote since the last
// good copy (its record's digests of the append-only rows), series states its fetches
// never recorded and roster listings its roster changes never recorded; and the
// digests of all its append-only rows, for its own record.
func historyProblems(ctx context.Context, file string, last *Record) ([]string, map[string]store.TableDigest, error) {
	var out []string
	var through map[string]store.TableDigest
	if last != nil {
		through = last.Digests
	}
	now, all, err := store.Digests(ctx, file, through)
	if err != nil {
		return nil, nil, err
	}
	for _, t := range sortedKeys(through) {
		if was := through[t]; now[t].SHA256 != was.SHA256 {
			out = append(out, fmt.Sprintf("%s: %s of the last good copy (%s) were changed or deleted: history would be lost", t, store.DigestCovers(t, was.Through), last.Copy))
		}
	}
	p, err := store.SeriesStateProblems(ctx, file)
	if err != nil {
		return nil, nil, err
	}
	out = append(out, p...)
	if p, err = store.RosterStateProblems(ctx, file); err != nil {
		return nil, nil, err
	}
	return append(out, p...), all, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Restored is what Restore did.
type Restored struct {
	// Record is the copy restored, nil when storage held none.
	Record  *Record
	Refused []Refusal
	// Replaced is where the database that was at dbPath was kept ("" when none was).
	Replaced string
}

// NewerError is a restore refused because the live database holds runs the copy lacks:
// restoring would lose them.
type NewerError struct {
	DB, Copy string
	// Runs are the live database's runs the copy lacks; Newest the latest's start.
	Runs   int
	Newest string
}

func (e *NewerError) Error() string {
	runs, them := fmt.Sprintf("%d runs", e.Runs), "them"
	if e.Runs == 1 {
		runs, them = "1 run", "it"
	}
	return fmt.Sprintf("restore refused: %s holds %s (the newest started %s) that the newest good copy %s lacks; "+
		"restoring would lose %s. Save it (omc history save), or restore --force, which keeps it beside as %s.replaced-<time>",
		e.DB, runs, e.Newest, e.Copy, them, e.DB)
}

// Restore writes the newest good copy to dbPath. Each copy is checked before it is
// used: its checksum, integrity_check, its schema, and row counts equal to those its
// record gives; a copy failing any is refused and the next older one tried. Storage
// holding no copy is not an error (Record is nil, nothing written: the first run starts
// a new database); storage holding only bad copies is a *RefusedError, and dbPath is
// left as it was.
//
// A sound database at dbPath that holds runs the copy lacks is newer than the copy:
// unless force, the restore is refused (a *NewerError) and nothing changes. A database
// that is replaced is kept beside, as dbPath.replaced-<time> (its -wal and -shm with it).
func (k *Keeper) Restore(ctx context.Context, dbPath string, force bool) (Restored, error) {
	recs, bad, err := k.Records(ctx)
	if err != nil {
		return Restored{}, err
	}
	res := Restored{Refused: bad}
	dir := filepath.Dir(dbPath)
	// The copy is downloaded and decompressed beside dbPath (one file system: the
	// rename that puts it in place is atomic), in a working folder the next restore
	// removes if this one is killed; an older omc's .restore-* files go too.
	sweepFiles(dir, ".restore-")
	work, done, err := workDir(dir, ".omc-restore-")
	if err != nil {
		return res, configError("restore to", dbPath, err)
	}
	defer done()
	for i := range recs {
		r := recs[i]
		tmp, reasons, err := k.fetchCopy(ctx, r, work)
		if err != nil {
			return res, err
		}
		if len(reasons) > 0 {
			res.Refused = append(res.Refused, Refusal{Name: r.Copy, Reasons: reasons})
			continue
		}
		if !force {
			if err := newerThan(ctx, dbPath, tmp, r.Copy); err != nil {
				return res, err
			}
		}
		if res.Replaced, err = k.keepReplaced(dbPath); err != nil {
			return res, err
		}
		if err := os.Rename(tmp, dbPath); err != nil {
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

// newerThan is a *NewerError when the database at live is sound (integrity, a schema
// this omc knows) and holds runs the copy at file lacks; nil otherwise (no database,
// or a damaged one: the copy is better than either).
func newerThan(ctx context.Context, live, file, copyName string) error {
	if _, err := os.Stat(live); err != nil {
		return nil
	}
	in, err := store.Inspect(ctx, live)
	if err != nil || len(Problems(in, nil)) > 0 {
		return nil
	}
	mine, err := store.RunStarts(ctx, live)
	if err != nil {
		return nil
	}
	theirs, err := store.RunStarts(ctx, file)
	if err != nil {
		return err
	}
	e := &NewerError{DB: live, Copy: copyName}
	for id, started := range mine {
		if theirs[id] != started {
			e.Runs++
			e.Newest = max(e.Newest, started)
		}
	}
	if e.Runs > 0 {
		return e
	}
	return nil
}

// keepReplaced moves the database at dbPath, with its -wal and -shm, to
// dbPath.replaced-<time> and returns that name; "" when there is none.
func (k *Keeper) keepReplaced(dbPath string) (string, error) {
	if _, err := os.Stat(dbPath); errors.Is(err, os.ErrNotExist) {
		for _, suffix := range []string{"-wal", "-shm"} {
			os.Remove(dbPath + suffix)
		}
		return "", nil
	}
	kept := dbPath + ".replaced-" + k.now().UTC().Format("20060102T150405Z")
	for i := 2; ; i++ { // never over an earlier kept database
		if _, err := os.Lstat(kept); errors.Is(err, os.ErrNotExist) {
			break
		}
		kept = fmt.Sprintf("%s.replaced-%s-%d", dbPath, k.now().UTC().Format("20060102T150405Z"), i)
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Rename(dbPath+suffix, kept+suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("restore to %s: keep the database it replaces: %w", dbPath, err)
		}
	}
	return kept, nil
}

// fetchCopy downloads and decompresses a copy into dir and checks it against its
// record; it returns the database file, or why the copy is refused (the file removed).
func (k *Keeper) fetchCopy(ctx context.Context, r Record, dir string) (string, []string, error) {
	zst := filepath.Join(dir, r.Copy)
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
	in, err := store.Inspect(ctx, db)
	var reasons []string
	if err != nil {
		reasons = []string{err.Error()}
	} else {
		reasons = Problems(in, &r)
		for _, t := range store.HistoryTables {
			// A record of an older omc counts fewer tables: the others are not compared.
			if want, ok := r.Counts[t]; ok && in.Counts[t] > want {
				reasons = append(reasons, fmt.Sprintf("%s has %d rows, its record says %d", t, in.Counts[t], want))
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
	Inspection store.Inspection
	// Last is the newest good copy in storage it was compared with (nil: none).
	Last     *Record
	Problems []string
}

// Check inspects the database at dbPath, read-only, against the newest copy in
// storage: Problems, and the last good copy's history rows all there unchanged (its
// record's digests), and every series' latest state the one its fetches recorded.
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
	c.Inspection, c.Problems, _ = k.inspect(ctx, dbPath, c.Last)
	return c, nil
}

// inspect is what Check finds of the database at file against last, with the digests
// of all its append-only rows (nil when it has problems or another schema).
func (k *Keeper) inspect(ctx context.Context, file string, last *Record) (store.Inspection, []string, map[string]store.TableDigest) {
	in, err := store.Inspect(ctx, file)
	if err != nil {
		return in, []string{err.Error()}, nil
	}
	problems := Problems(in, last)
	if len(problems) > 0 || !current(in) {
		// Damaged, or of another schema: the history checks read the current one.
		return in, problems, nil
	}
	hp, all, err := historyProblems(ctx, file, last)
	if err != nil {
		return in, append(problems, err.Error()), nil
	}
	return in, append(problems, hp...), all
}

// current reports whether the database has every migration this omc knows.
func current(in store.Inspection) bool {
	return slices.Equal(in.Migrations, store.Migrations())
}

// Save checks the database at dbPath against the newest copy in storage and, when it
// passes, stores a compressed, consistent copy (VACUUM INTO) with its record, then
// removes the copies beyond Keep. A database failing its check is a *RefusedError and
// storage is left untouched: the last good copy stays the newest.
//
// A database of an older schema is migrated first, as every command does when it opens
// one (a damaged one is refused as it is). Saves to a storage that locks (a folder)
// take turns.
func (k *Keeper) Save(ctx context.Context, dbPath string) (Record, error) {
	if _, err := os.Stat(dbPath); err != nil {
		return Record{}, fmt.Errorf("save %s: %w", dbPath, err)
	}
	unlock, err := k.lock(ctx)
	if err != nil {
		return Record{}, err
	}
	defer unlock()
	tmp, done, err := workDir(k.tempDir(), "omc-save-")
	if err != nil {
		return Record{}, fmt.Errorf("save %s: %w", dbPath, err)
	}
	defer done()
	recs, _, err := k.records(ctx, tmp)
	if err != nil {
		return Record{}, err
	}
	var last *Record
	if len(recs) > 0 {
		last = &recs[0]
	}
	// The database itself is checked for damage, schema and shrunken tables before it
	// is copied (a damaged file may copy without an error); its history, row by row,
	// is checked in the snapshot, which is what is stored: one read of the history
	// instead of two.
	in, err := store.Inspect(ctx, dbPath)
	if err == nil && len(Problems(in, nil)) == 0 && !current(in) {
		db, oerr := k.open(ctx, dbPath) // migrates
		if oerr != nil {
			return Record{}, &RefusedError{What: dbPath, Reasons: []string{"migrating it: " + oerr.Error()}}
		}
		db.Close()
		in, err = store.Inspect(ctx, dbPath)
	}
	if err != nil {
		return Record{}, &RefusedError{What: dbPath, Reasons: []string{err.Error()}}
	}
	if p := Problems(in, last); len(p) > 0 {
		return Record{}, &RefusedError{What: dbPath, Reasons: p}
	}
	snap := filepath.Join(tmp, "omc.db")
	db, err := k.open(ctx, dbPath)
	if err != nil {
		return Record{}, &RefusedError{What: dbPath, Reasons: []string{err.Error()}}
	}
	err = db.SnapshotTo(ctx, snap)
	db.Close()
	if err != nil {
		return Record{}, &RefusedError{What: dbPath, Reasons: []string{err.Error()}}
	}
	// The snapshot is what is stored: its integrity, and the history checks.
	in, p, digests := k.inspect(ctx, snap, last)
	if len(p) > 0 {
		return Record{}, &RefusedError{What: dbPath, Reasons: p}
	}
	if digests == nil {
		return Record{}, &RefusedError{What: dbPath, Reasons: []string{fmt.Sprintf("its schema (%s) is not this omc's", strings.Join(in.Migrations, " "))}}
	}
	r := Record{Seq: 1, SavedAt: k.now().UTC().Truncate(time.Second), Inspection: in, Digests: digests}
	if last != nil {
		r.Seq = last.Seq + 1
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
	os.Remove(zst)
	os.Remove(snap)
	return r, k.prune(ctx, tmp)
}

// prune keeps the Keep newest copies that verify (verify: their checksum and a test
// decompress) and removes every copy older than the oldest of them, record before copy
// so that an interrupted prune leaves no record without its copy. A copy that fails
// to verify does not count: a silently corrupt copy never makes a good one go, and
// the newest good copy is never removed. A copy that cannot be downloaded stops the
// prune (nothing more is removed). tmp is the save's working folder.
func (k *Keeper) prune(ctx context.Context, tmp string) error {
	keep := k.Keep
	if keep <= 0 {
		keep = 5
	}
	recs, _, err := k.records(ctx, tmp)
	if err != nil || len(recs) <= keep {
		return err
	}
	good := 0
	for _, r := range recs {
		if good < keep {
			ok, err := k.verify(ctx, r, tmp)
			if err != nil {
				return fmt.Errorf("prune %s: %w", k.Storage, err)
			}
			if ok {
				good++
			}
			continue
		}
		if err := k.Storage.Delete(ctx, strings.TrimSuffix(r.Copy, ".db.zst")+".json"); err != nil {
			return err
		}
		if err := k.Storage.Delete(ctx, r.Copy); err != nil {
			return err
		}
	}
	return nil
}

// verify downloads a copy into tmp and decompresses it, without writing the database:
// true when it is zstd whose content has its record's checksum and size.
func (k *Keeper) verify(ctx context.Context, r Record, tmp string) (bool, error) {
	zst := filepath.Join(tmp, r.Copy)
	defer os.Remove(zst)
	if err := k.Storage.Get(ctx, r.Copy, zst); err != nil {
		return false, err
	}
	sum, n, err := decompress(zst, "")
	return err == nil && sum == r.SHA256 && n == r.Bytes, nil
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

// decompress writes the zstd file src to dst and returns the SHA-256 and size written;
// with dst "" it only reads (a test decompress).
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
	h := sha256.New()
	if dst == "" {
		n, err := io.Copy(h, zr)
		return hex.EncodeToString(h.Sum(nil)), n, err
	}
	out, err := os.Create(dst)
	if err != nil {
		return "", 0, err
	}
	defer out.Close()
	n, err := io.Copy(io.MultiWriter(out, h), zr)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, out.Sync()
}
