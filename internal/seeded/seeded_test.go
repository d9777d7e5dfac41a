package seeded_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ohiomc/omc/internal/seeded"
)

// TestSequenceIsFixed pins the first outputs of one seed: the demo's data and the
// benchmarks' worlds are made from this sequence, so a change to it changes them all.
func TestSequenceIsFixed(t *testing.T) {
	r := seeded.New(42)
	got := []int{r.Intn(1000), r.Intn(1000), r.Intn(1000)}
	unit := r.Unit()
	perm := r.Perm(8)
	if want := []int{413, 291, 858}; !slices.Equal(got, want) {
		t.Errorf("Intn: %v, want %v", got, want)
	}
	if unit < 0 || unit >= 1 {
		t.Errorf("Unit: %v outside [0, 1)", unit)
	}
	sorted := slices.Clone(perm)
	slices.Sort(sorted)
	if !slices.Equal(sorted, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("Perm(8) = %v, not a permutation of 0..7", perm)
	}
	again := seeded.New(42)
	again.Intn(1000)
	again.Intn(1000)
	again.Intn(1000)
	again.Unit()
	if p := again.Perm(8); !slices.Equal(p, perm) {
		t.Errorf("the same seed shuffled %v, then %v", perm, p)
	}
}

// A shuffle of a list, the same on every machine for the same seed.
func ExampleRand_Perm() {
	stores := []string{"akron", "canton", "dayton", "toledo"}
	var shuffled []string
	for _, at := range seeded.New(7).Perm(len(stores)) {
		shuffled = append(shuffled, stores[at])
	}
	fmt.Println(strings.Join(shuffled, " "))
	// Output: canton dayton akron toledo
}
