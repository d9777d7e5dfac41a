package publish

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestEncodePool(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		var mu sync.Mutex
		got := map[string]string{}
		recorded := 0
		p := newEncodePool(func(path string, b []byte) {
			mu.Lock()
			defer mu.Unlock()
			recorded++
		}, func(path string, b []byte) error {
			got[path] = string(b) // copied: the pool reuses b
			return nil
		})
		for i := range 200 {
			if err := p.emit(fmt.Sprint("f", i), map[string]any{"n": i, "name": "Bloom & Co"}); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.emit("menu", menuFile{info: MenuInfo{Slug: "bloom-akron"}}); err != nil {
			t.Fatal(err)
		}
		if err := p.wait(); err != nil {
			t.Fatal(err)
		}
		if recorded != 201 {
			t.Errorf("%d files recorded, want 201", recorded)
		}
		if len(got) != 201 || got["f7"] != `{"n":7,"name":"Bloom & Co"}` || got["f199"] != `{"n":199,"name":"Bloom & Co"}` {
			t.Errorf("encoded %d files: f7 %s, f199 %s", len(got), got["f7"], got["f199"])
		}
		if want := `{"generatedAt":"","sample":false,"slug":"bloom-akron","name":"","location":"","city":"","address":"","region":"",` +
			`"lat":0,"lng":0,"coordinates":"","website":"","monitored":false,"licence":null,"phone":null,"hours":null,"openingHours":null,` +
			`"onStateList":null,"medical":false,"adultUse":false,"county":null,"salesTaxPercent":null,"markets":[],` +
			`"products":{"code":[],"orderPath":[],"name":[],"strain":[],"brand":[],"category":[],"strainType":[],"size":[],"grams":[],"mg":[],"terpenes":[]}}`; got["menu"] != want {
			t.Errorf("menu encoded as\n%s\nwant\n%s", got["menu"], want)
		}
	})
	t.Run("ErrWrite", func(t *testing.T) {
		disk := errors.New("disk full")
		var mu sync.Mutex
		written := 0
		p := newEncodePool(func(string, []byte) {}, func(path string, b []byte) error {
			if path == "f3" {
				return disk
			}
			mu.Lock()
			written++
			mu.Unlock()
			return nil
		})
		var emitErr error
		for i := 0; i < 100000 && emitErr == nil; i++ {
			emitErr = p.emit(fmt.Sprint("f", i), i)
		}
		if !errors.Is(emitErr, disk) {
			t.Errorf("emit after a failed write: %v, want %v", emitErr, disk)
		}
		if err := p.wait(); !errors.Is(err, disk) {
			t.Errorf("wait: %v, want %v", err, disk)
		}
		if written >= 100000 {
			t.Errorf("%d files written: the pool went on after the failure", written)
		}
	})
	t.Run("ErrEncode", func(t *testing.T) {
		p := newEncodePool(func(string, []byte) {}, func(string, []byte) error { return nil })
		p.emit("bad", func() {}) // encoding/json cannot encode a func
		if err := p.wait(); err == nil || !strings.HasPrefix(err.Error(), "publish bad: json: unsupported type") {
			t.Errorf("wait: %v, want the encoding error naming the file", err)
		}
	})
}
