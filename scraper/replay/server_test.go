package replay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestServedCounts(t *testing.T) {
	srv := New(literalDataset(5))
	ts := httptest.NewServer(srv)
	defer ts.Close()

	janeSearch(t, ts.URL, `{"filters":"store_id = 100"}`)
	post(t, ts.URL+janeQueryPath, `{}`, nil) // refused (no key) but still served
	get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(testDispensaryID, "rec", 0, 10), testHash))
	get(t, dutchieURL(ts.URL, "/api-4/graphql", "FilteredProducts", productsVars(testDispensaryID, "rec", 0, 10), testHash))
	get(t, dutchieURL(ts.URL, "/graphql", "Nope", nil, testHash))
	get(t, ts.URL+"/robots.txt")
	get(t, ts.URL+"/elsewhere")

	want := map[string]int{"jane": 2, "dutchie": 3}
	if got := srv.Served(); !reflect.DeepEqual(got, want) {
		t.Errorf("Served() = %v, want %v", got, want)
	}
}

func TestRoutes(t *testing.T) {
	ts := httptest.NewServer(New(nil))
	defer ts.Close()
	tests := []struct {
		path   string
		status int
		body   string
	}{
		{"/robots.txt", 200, "Allow: /"},
		{"/elsewhere", 404, "not found"},
		{"/api-x/graphql", 404, "not found"},
		{"/graphql/extra", 404, "not found"},
		{"/stores/a/b/menu", 404, "not found"},
		{"/locations/a/menu/extra", 404, "not found"},
		{"/shop/a/menu/categories", 404, "not found"},
		{"/api/dispensaries/v1/a/menu_items/1", 404, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			status, body := get(t, ts.URL+tt.path)
			if status != tt.status || !strings.Contains(string(body), tt.body) {
				t.Errorf("%d %q, want %d containing %q", status, body, tt.status, tt.body)
			}
		})
	}
}

func TestListen(t *testing.T) {
	srv := New(literalDataset(5))
	base, shutdown, err := srv.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Errorf("base URL %q", base)
	}
	status, raw := janeSearch(t, base, `{"filters":"store_id = 100","hitsPerPage":3}`)
	if status != http.StatusOK || !strings.Contains(string(raw), `"nbHits":5`) {
		t.Errorf("status %d body %.200s", status, raw)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if _, err := http.Get(base + "/robots.txt"); err == nil {
		t.Error("server still answers after shutdown")
	}
	if _, _, err := srv.Listen("not-an-address"); err == nil || !strings.Contains(err.Error(), "not-an-address") {
		t.Errorf("Listen on a bad address: %v, want an error naming it", err)
	}
}
