package store_test

import (
	"reflect"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// One grouping for a run's failed menus and for a sum over runs: counts of one
// platform and reason add up, and the most failing menus (unverified leads left out)
// come first, so a platform failing on leads never hides one that broke.
func TestGroupFailures(t *testing.T) {
	menus := []store.FailedMenu{
		{Platform: "jane", Reason: data.ReasonBlocked, Unverified: true},
		{Platform: "jane", Reason: data.ReasonBlocked, Unverified: true},
		{Platform: "jane", Reason: data.ReasonBlocked, Unverified: true},
		{Platform: "dutchie", Reason: data.ReasonParse},
		{Platform: "dutchie", Reason: data.ReasonParse},
		{Platform: "sweed", Reason: data.ReasonParse},
		{Platform: "dutchie", Reason: data.ReasonBlocked},
	}
	want := []store.RunFailure{
		{Platform: "dutchie", Reason: data.ReasonParse, Menus: 2},
		{Platform: "dutchie", Reason: data.ReasonBlocked, Menus: 1},
		{Platform: "sweed", Reason: data.ReasonParse, Menus: 1},
		{Platform: "jane", Reason: data.ReasonBlocked, Menus: 3, Unverified: 3},
	}
	got := store.GroupFailures(menus)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("GroupFailures = %+v\nwant %+v", got, want)
	}
	// Two runs' groups summed are the groups of all their menus.
	sum := store.GroupRunFailures(append(store.GroupFailures(menus[:4]), store.GroupFailures(menus[4:])...))
	if !reflect.DeepEqual(sum, want) {
		t.Errorf("GroupRunFailures of two runs = %+v\nwant %+v", sum, want)
	}
	if got := store.GroupFailures(nil); got == nil || len(got) != 0 {
		t.Errorf("no failures = %#v, want an empty list (JSON [])", got)
	}
}
