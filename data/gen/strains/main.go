package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/ohiomc/omc/data"
)

func main() {
	in := flag.String("in", "sources/kushy/strains-kushy_api.2017-11-14.csv", "the Kushy strains CSV (a copy of the dataset, with its licence and provenance)")
	out := flag.String("out", "strains/kushy.csv", "catalogue file to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		log.Fatalf("generate strains: %v", err)
	}
}

type row struct {
	id, name, typ, breeder string
}

// better orders two rows of one strain: the one with a type, then the plainer spelling
// ("OG Kush" before "O.G. Kush", "Do-Si-Dos" before "Do-Si-Dos +"), then the one with a
// breeder; on a tie the first row stays.
func (r row) better(than row) bool {
	if (r.typ != "") != (than.typ != "") {
		return r.typ != ""
	}
	if a, b := punctuation(r.name), punctuation(than.name); a != b {
		return a < b
	}
	return r.breeder != "" && than.breeder == ""
}

func punctuation(s string) int {
	n := 0
	for _, c := range s {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != ' ' {
			n++
		}
	}
	return n
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	header, err := cr.Read()
	if err != nil {
		return fmt.Errorf("%s: header: %w", in, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	for _, need := range []string{"id", "name", "type", "breeder"} {
		if _, ok := col[need]; !ok {
			return fmt.Errorf("%s: no %q column", in, need)
		}
	}
	var rows []row
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		r := row{
			id:      rec[col["id"]],
			name:    repair(strings.TrimSpace(rec[col["name"]])),
			typ:     strainType(rec[col["type"]]),
			breeder: breeder(repair(rec[col["breeder"]])),
		}
		if data.StrainKey(r.name) == "" {
			continue
		}
		rows = append(rows, r)
	}
	// One row per key: the richest, then the first.
	keep := map[string]row{}
	for _, r := range rows {
		k := data.StrainKey(r.name)
		if have, ok := keep[k]; !ok || r.better(have) {
			keep[k] = r
		}
	}
	var kept []row
	for _, r := range keep {
		kept = append(kept, r)
	}
	sort.Slice(kept, func(i, j int) bool {
		a, b := strings.ToLower(kept[i].name), strings.ToLower(kept[j].name)
		if a != b {
			return a < b
		}
		return kept[i].name < kept[j].name
	})

	o, err := os.Create(out)
	if err != nil {
		return err
	}
	w := csv.NewWriter(o)
	w.Write([]string{"name", "slug", "type", "breeder"})
	for _, r := range kept {
		w.Write([]string{r.name, data.StrainSlug(r.name), r.typ, r.breeder})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}

// repair undoes a UTF-8 text decoded as Windows-1252 and encoded again ("â€™" for "’",
// "Ã±" for "ñ"), leaving any other text alone.
func repair(s string) string {
	if !strings.ContainsAny(s, "âÃ") {
		return s
	}
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil || !utf8.Valid(b) {
		return s
	}
	return string(b)
}

func strainType(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "indica":
		return "indica"
	case "sativa":
		return "sativa"
	case "hybrid":
		return "hybrid"
	}
	// The source has a few "Organi", "Indoor"... (cultivation notes in the type column).
	return ""
}

func breeder(s string) string {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "", "null", "unknown", "unknown breeder", "n/a":
		return ""
	}
	return s
}
