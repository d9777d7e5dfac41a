package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ohiomc/omc/publish"
)

// TestPrintCollisions checks what omc publish says of the product codes it told apart:
// nothing when there were none, else a line per tie (ten at most, then how many more).
func TestPrintCollisions(t *testing.T) {
	var none bytes.Buffer
	printPublished(deps{Out: &bytes.Buffer{}, ErrOut: &none}, publish.Result{})
	if none.Len() != 0 {
		t.Errorf("a publish without ties printed %q", none.String())
	}
	var ties []string
	for i := range 12 {
		ties = append(ties, fmt.Sprintf("store-%d recreational: 2 items share code-%d: …", i, i))
	}
	var errOut bytes.Buffer
	printPublished(deps{Out: &bytes.Buffer{}, ErrOut: &errOut}, publish.Result{Manifest: publish.Manifest{CodeCollisions: ties}})
	got := errOut.String()
	for _, want := range []string{"shared 12 codes on one store's menu", "manifest.json codeCollisions", "  " + ties[0] + "\n",
		"  " + ties[9] + "\n", "… and 2 more"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, ties[10]) {
		t.Errorf("output lists more than ten ties:\n%s", got)
	}
}
