package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// failureRequest is one request a store failure applies to, with the platform and key
// the test names the store by in SetFailure.
type failureRequest struct {
	name     string
	platform string
	key      string
	build    func(base string) (*http.Request, error)
}

// failureRequests cover each platform and each identifier a failure can be set by.
var failureRequests = []failureRequest{
	{"jane 100", "jane", "0100", func(base string) (*http.Request, error) { // compared as a number
		req, err := http.NewRequest(http.MethodPost, base+janeQueryPath, strings.NewReader(`{"filters":"store_id = 100","hitsPerPage":10}`))
		if err == nil {
			for k, v := range algoliaHeaders {
				req.Header.Set(k, v)
			}
		}
		return req, err
	}},
	{"dutchie FilteredProducts", "dutchie", "test-dutchie", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, dutchieURL(base, "/api-4/graphql", "FilteredProducts", productsVars(testDispensaryID, "rec", 0, 10), testHash), nil)
	}},
	{"dutchie ConsumerDispensaries", "dutchie", testDispensaryID, func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodPost, base+"/graphql", strings.NewReader(
			dutchieBody("ConsumerDispensaries", map[string]any{"dispensaryFilter": map[string]any{"cNameOrID": "test-dutchie"}}, testHash)))
	}},
	{"sweed GetProductList", "sweed", "77", func(base string) (*http.Request, error) {
		req, err := http.NewRequest(http.MethodPost, base+sweedListPath, strings.NewReader(`{"filters":{"category":[495364]},"page":1,"pageSize":24,"saleType":"Recreational"}`))
		if err == nil {
			req.Header.Set("Storeid", "77")
		}
		return req, err
	}},
	{"weedmaps menu_items", "weedmaps", "test-weedmaps", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, base+"/discovery/v1/listings/dispensaries/test-weedmaps/menu_items?limit=100&page=1", nil)
	}},
	{"dutchieplus menu", "dutchieplus", testRetailer, func(base string) (*http.Request, error) {
		req, err := http.NewRequest(http.MethodPost, base+dutchiePlusPath, strings.NewReader(
			`{"operationName":"Menu","variables":{"retailerId":"`+testRetailer+`","menuType":"RECREATIONAL","limit":10,"offset":0}}`))
		if err == nil {
			req.Header.Set("Authorization", "Bearer k")
		}
		return req, err
	}},
	{"leafbridge wizard_show_products", "leafbridge", testRetailer, func(base string) (*http.Request, error) {
		form := url.Values{"action": {"wizard_show_products"}, "nonce_ajax": {leafbridgeNonce}, "prods_pageNumber": {"1"},
			"wizard_data[retailer_id]": {testRetailer}, "wizard_data[menu_type]": {"MEDICAL"}}
		req, err := http.NewRequest(http.MethodPost, base+leafbridgeAjaxPath, strings.NewReader(form.Encode()))
		if err == nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		return req, err
	}},
	{"joint _search", "joint", "4242", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodPost, base+"/wp-json/joint-ecommerce/v1/products/4242/_search", strings.NewReader(`{"size":10,"from":0}`))
	}},
	{"dispense categories", "dispense", testVenue, func(base string) (*http.Request, error) {
		req, err := http.NewRequest(http.MethodGet, base+"/v1/venues/"+testVenue+"/product-categories", nil)
		if err == nil {
			req.Header.Set("Api-Key", "k")
		}
		return req, err
	}},
	{"jsonld page", "jsonld", "test-jsonld", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, base+"/stores/test-jsonld/menu", nil)
	}},
	{"html page", "html", "test-html", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, base+"/locations/test-html/menu", nil)
	}},
	{"tymber menu page", "tymber", "test-tymber", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, base+"/shop/test-tymber/menu", nil)
	}},
	{"tymber category page", "tymber", "test-tymber", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, base+"/shop/test-tymber/menu/categories/edibles", nil)
	}},
	{"leafly menu_items", "leafly", "test-leafly", func(base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, base+"/api/dispensaries/v1/test-leafly/menu_items?take=50&skip=0", nil)
	}},
}

func TestFailureModes(t *testing.T) {
	tests := []struct {
		mode  FailMode
		check func(t *testing.T, status int, header http.Header, body []byte)
	}{
		{Fail500, func(t *testing.T, status int, _ http.Header, body []byte) {
			if status != http.StatusInternalServerError || len(body) == 0 || len(body) > 200 {
				t.Errorf("status %d with %d bytes, want 500 with a small body", status, len(body))
			}
		}},
		{FailMalformed, func(t *testing.T, status int, header http.Header, body []byte) {
			if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "application/json") {
				t.Errorf("status %d, type %q; want 200 JSON", status, header.Get("Content-Type"))
			}
			if len(body) == 0 || json.Valid(body) {
				t.Errorf("body %q is valid JSON or empty, want truncated JSON", body)
			}
		}},
		{FailBlocked, func(t *testing.T, status int, header http.Header, body []byte) {
			if status != http.StatusForbidden || !strings.HasPrefix(header.Get("Content-Type"), "text/html") {
				t.Errorf("status %d, type %q; want 403 HTML", status, header.Get("Content-Type"))
			}
			if !strings.Contains(string(body), "Attention Required! | Cloudflare") {
				t.Errorf("body is not the Cloudflare block page: %.100s", body)
			}
		}},
	}
	for _, tt := range tests {
		for _, fr := range failureRequests {
			t.Run(string(tt.mode)+"/"+fr.name, func(t *testing.T) {
				srv := New(literalDataset(5))
				ts := httptest.NewServer(srv)
				defer ts.Close()
				srv.SetFailure(fr.platform, fr.key, tt.mode)

				status, header, body := send(t, ts.URL, fr)
				check := tt.check
				if pagePlatforms[fr.platform] && tt.mode == FailMalformed {
					check = checkCutPage
				}
				check(t, status, header, body)

				srv.ClearFailures()
				if status, _, body := send(t, ts.URL, fr); status != http.StatusOK || !intact(fr.platform, body) {
					t.Errorf("after ClearFailures: status %d, intact %v", status, intact(fr.platform, body))
				}
			})
		}
	}
}

// pagePlatforms answer web pages, not JSON.
var pagePlatforms = map[string]bool{"jsonld": true, "html": true, "tymber": true}

// intact reports whether a reply is whole: valid JSON, or a page that ends.
func intact(platform string, body []byte) bool {
	if pagePlatforms[platform] {
		return bytes.HasSuffix(bytes.TrimSpace(body), []byte("</html>"))
	}
	return json.Valid(body)
}

// checkCutPage checks a malformed page: 200 HTML, cut before its end, with no product
// the page's menu data can still give (its JSON-LD or __NEXT_DATA__ cut, or no card).
func checkCutPage(t *testing.T, status int, header http.Header, body []byte) {
	t.Helper()
	if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "text/html") {
		t.Errorf("status %d, type %q; want 200 HTML", status, header.Get("Content-Type"))
	}
	if len(body) == 0 || intact("html", body) {
		t.Errorf("page of %d bytes is whole, want it cut", len(body))
	}
	if m := ldScript.FindSubmatch(body); m != nil {
		t.Errorf("the JSON-LD survived the cut: %.100s", m[1])
	}
	if m := nextData.FindSubmatch(body); m != nil {
		t.Errorf("__NEXT_DATA__ survived the cut: %.100s", m[1])
	}
	if bytes.Contains(body, []byte(`<article class="menu-product"`)) {
		t.Error("product cards survived the cut")
	}
}

// send makes the request of fr against base and returns the reply.
func send(t *testing.T, base string, fr failureRequest) (int, http.Header, []byte) {
	t.Helper()
	req, err := fr.build(base)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, body
}

func TestFailureOnlyHitsItsStore(t *testing.T) {
	srv := New(literalDataset(5))
	ts := httptest.NewServer(srv)
	defer ts.Close()
	srv.SetFailure("jane", "101", Fail500)
	srv.SetFailure("dutchie", "another-store", FailBlocked)
	for _, fr := range failureRequests {
		if status, _, _ := send(t, ts.URL, fr); status != http.StatusOK {
			t.Errorf("%s: status %d, want 200 (the failures are set on other stores)", fr.name, status)
		}
	}
	srv.SetFailure("jane", "100", Fail500)
	srv.SetFailure("jane", "100", FailNone)
	if status, _, _ := send(t, ts.URL, failureRequests[0]); status != http.StatusOK {
		t.Errorf("after SetFailure(FailNone): status %d, want 200", status)
	}
}

func TestFailureTimeout(t *testing.T) {
	t.Run("client gives up", func(t *testing.T) {
		srv := New(literalDataset(5))
		ts := httptest.NewServer(srv)
		defer ts.Close()
		srv.SetFailure("dutchie", "test-dutchie", FailTimeout)
		client := &http.Client{Timeout: 50 * time.Millisecond}
		req, err := failureRequests[1].build(ts.URL)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			t.Fatalf("got status %d, want the client to time out", resp.StatusCode)
		}
		var netErr interface{ Timeout() bool }
		if !errors.As(err, &netErr) || !netErr.Timeout() {
			t.Errorf("error %v is not a time-out", err)
		}
	})

	t.Run("held at most holdFor, then 504", func(t *testing.T) {
		srv := New(literalDataset(5))
		srv.holdFor = time.Millisecond
		ts := httptest.NewServer(srv)
		defer ts.Close()
		srv.SetFailure("jane", "100", FailTimeout)
		if status, _, _ := send(t, ts.URL, failureRequests[0]); status != http.StatusGatewayTimeout {
			t.Errorf("status %d, want 504", status)
		}
	})

	t.Run("shutdown releases held requests", func(t *testing.T) {
		srv := New(literalDataset(5))
		held := make(chan struct{}, 1)
		srv.holding = func() { held <- struct{}{} }
		base, shutdown, err := srv.Listen("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv.SetFailure("jane", "100", FailTimeout)
		type result struct {
			status int
			err    error
		}
		done := make(chan result, 1)
		go func() {
			req, err := failureRequests[0].build(base)
			if err != nil {
				done <- result{err: err}
				return
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				done <- result{err: err}
				return
			}
			resp.Body.Close()
			done <- result{status: resp.StatusCode}
		}()
		<-held
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := shutdown(ctx); err != nil {
			t.Fatalf("shutdown: %v (a held request kept the server busy)", err)
		}
		if r := <-done; r.err == nil && r.status != http.StatusServiceUnavailable {
			t.Errorf("released request got status %d, want 503 or a closed connection", r.status)
		}
	})
}
