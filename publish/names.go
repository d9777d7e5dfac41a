package publish

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/ohiomc/omc/data"
)

// Stores name one product (one code) their own way: "Comet Tail", "COMET TAIL", "Comet
// Tail Flower". A product page, a search result and a deal show one name per code, the
// product's display name; a store's menu (api/menus) keeps the store's own words.

// nameTally counts the listings of each product code by name, to choose its display
// name (productNames).
type nameTally struct {
	listings map[codeName]int
}

type codeName struct{ code, name string }

func newNameTally() *nameTally { return &nameTally{listings: map[codeName]int{}} }

// add counts one listing of o's product under o's name.
func (t *nameTally) add(o *data.Offer) {
	t.listings[codeName{codeOf(o), strings.Join(strings.Fields(o.Name), " ")}]++
}

// productNames chooses each code's display name: of the names its listings give, folded
// to lower case, the one most listings give (ties: the shorter, then the first in
// order); written as the listings most often write it without shouting, or in title case
// when every listing of that name shouts ("COMET TAIL" is shown "Comet Tail").
func (t *nameTally) productNames() map[string]string {
	type form struct {
		listings int
		// spelling is the most used spelling that does not shout, "" when every one does;
		// spellingUses its uses; shouted the most used spelling of all.
		spelling, shouted      string
		spellingUses, shouting int
	}
	forms := map[codeName]*form{} // by code and folded name
	for cn, n := range t.listings {
		k := codeName{cn.code, strings.ToLower(cn.name)}
		f := forms[k]
		if f == nil {
			f = &form{}
			forms[k] = f
		}
		f.listings += n
		if shouts(cn.name) {
			if n > f.shouting || (n == f.shouting && cn.name < f.shouted) {
				f.shouted, f.shouting = cn.name, n
			}
		} else if n > f.spellingUses || (n == f.spellingUses && cn.name < f.spelling) {
			f.spelling, f.spellingUses = cn.name, n
		}
	}
	type best struct {
		folded string
		f      *form
	}
	chosen := map[string]best{}
	for k, f := range forms {
		b, ok := chosen[k.code]
		if !ok || f.listings > b.f.listings || (f.listings == b.f.listings &&
			(len(k.name) < len(b.folded) || (len(k.name) == len(b.folded) && k.name < b.folded))) {
			chosen[k.code] = best{k.name, f}
		}
	}
	title := cases.Title(language.English)
	out := make(map[string]string, len(chosen))
	for code, b := range chosen {
		if b.f.spelling != "" {
			out[code] = b.f.spelling
		} else {
			out[code] = title.String(b.f.shouted)
		}
	}
	return out
}

// shouts reports whether a name is written in capitals only: it has a letter and no
// lower-case one.
func shouts(name string) bool {
	letter := false
	for _, r := range name {
		if unicode.IsLower(r) {
			return false
		}
		letter = letter || unicode.IsLetter(r)
	}
	return letter
}
