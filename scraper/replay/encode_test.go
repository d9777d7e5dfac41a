package replay

import (
	"encoding/json"
	"math"
	"testing"
)

// TestAppendJSON: appendJSON writes exactly what json.Marshal writes, for every Jane
// record of the demo dataset and for the values whose encoding is not plain.
func TestAppendJSON(t *testing.T) {
	_, demo := embeddedDemoRegistry(t)
	ds, err := DemoDataset(demo)
	if err != nil {
		t.Fatal(err)
	}
	var values []any
	for i := range ds.Stores {
		st := &ds.Stores[i]
		if st.Platform != "jane" {
			continue
		}
		for _, p := range st.OnMenu() {
			values = append(values, janeHit(st, p))
		}
	}
	if len(values) < 100 {
		t.Fatalf("only %d jane records in the demo dataset", len(values))
	}
	values = append(values,
		`Tom & Jerry's "<Kush>"`, "line\nbreak", "tab\t", "é", "\u2028", "\xff", "",
		0.0, math.Copysign(0, -1), 1e-7, 1e21, 123456789.125, 0.1, -3.5, 1e20, 5e-324,
		nil, true, false, 42, int64(-7), []any{}, []any(nil), []string(nil), []int64{1, 2},
		map[string]any{}, map[string]any(nil), map[string]any{"b": 1, "a": []any{map[string]any{"<": ">"}}, "": nil},
		struct {
			A int `json:"a"`
		}{3},
	)
	for _, v := range values {
		want, werr := json.Marshal(v)
		got, gerr := appendJSON(nil, v)
		if (werr == nil) != (gerr == nil) || string(got) != string(want) {
			t.Fatalf("appendJSON(%#v) = %s, %v\njson.Marshal gives %s, %v", v, got, gerr, want, werr)
		}
	}
	if _, err := appendJSON(nil, math.NaN()); err == nil {
		t.Error("NaN encoded without an error")
	}
}
