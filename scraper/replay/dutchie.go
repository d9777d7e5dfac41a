package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"

	"github.com/ohiomc/omc/data"
)

// The Dutchie operations the replay knows, and the server-side page cap the captures
// imply (perPage 200 answered with pages of 100; docs/platforms.md §1).
const (
	opFilteredProducts     = "FilteredProducts"
	opConsumerDispensaries = "ConsumerDispensaries"
	dutchieMaxPerPage      = 100
)

// graphQLRequest is an Apollo persisted-query request, from a GET's URL parameters or a
// POST's JSON body.
type graphQLRequest struct {
	OperationName string          `json:"operationName"`
	Query         string          `json:"query"`
	Variables     json.RawMessage `json:"variables"`
	Extensions    json.RawMessage `json:"extensions"`
}

// dutchiePath is Dutchie's GraphQL endpoint as dutchie.com serves it and as
// operator-domain proxies do ("/api-4/graphql").
var dutchiePath = regexp.MustCompile(`^/(api-\d+/)?graphql$`)

// dutchiePlatform: Dutchie's consumer GraphQL endpoint, stores keyed by cName (their
// dispensaryId when the menu gives none) and found by either.
var dutchiePlatform = platform{
	name:   "dutchie",
	routes: []route{{dutchiePath.MatchString, (*Server).serveDutchie}},
	key: func(m data.MenuSource) string {
		if m.CName != "" {
			return m.CName
		}
		return m.DispensaryID
	},
	// A demo store is keyed by cName, else by the dispensary slug, with the registry's
	// dispensaryId or one derived from the key.
	store: func(st *Store, d data.Dispensary, m data.MenuSource) error {
		st.Key = m.CName
		if st.Key == "" {
			st.Key = d.Slug
		}
		st.DispensaryID = m.DispensaryID
		if st.DispensaryID == "" {
			st.DispensaryID = DutchieDispensaryID(st.Key)
		}
		if !dutchieIDPattern.MatchString(st.DispensaryID) {
			return fmt.Errorf("dutchie dispensaryId %q is not 24 lowercase hex digits", st.DispensaryID)
		}
		return nil
	},
}

func (s *Server) serveDutchie(w http.ResponseWriter, r *http.Request) {
	req, err := parseGraphQLRequest(r)
	if err != nil {
		writeGraphQLError(w, http.StatusBadRequest, err.Error(), "BAD_REQUEST")
		return
	}
	hash, err := persistedHash(req.Extensions)
	if err != nil {
		writeGraphQLError(w, http.StatusBadRequest, err.Error(), "BAD_REQUEST")
		return
	}
	if hash == "" && req.Query == "" {
		writeGraphQLError(w, http.StatusBadRequest, "GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.", "BAD_REQUEST")
		return
	}
	if req.OperationName != opFilteredProducts && req.OperationName != opConsumerDispensaries {
		writePersistedQueryNotFound(w)
		return
	}
	s.mu.Lock()
	required := s.hashes[req.OperationName]
	s.mu.Unlock()
	if required != "" && hash != required {
		writePersistedQueryNotFound(w)
		return
	}
	vars, err := variablesObject(req.Variables)
	if err != nil {
		writeGraphQLError(w, http.StatusBadRequest, err.Error(), "BAD_USER_INPUT")
		return
	}
	if req.OperationName == opFilteredProducts {
		s.filteredProducts(w, r, vars)
	} else {
		s.consumerDispensaries(w, r, vars)
	}
}

func parseGraphQLRequest(r *http.Request) (graphQLRequest, error) {
	switch r.Method {
	case http.MethodGet:
		q := r.URL.Query()
		req := graphQLRequest{OperationName: q.Get("operationName"), Query: q.Get("query")}
		if v := q.Get("variables"); v != "" {
			req.Variables = json.RawMessage(v)
		}
		if e := q.Get("extensions"); e != "" {
			req.Extensions = json.RawMessage(e)
		}
		return req, nil
	case http.MethodPost:
		raw, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
		if err != nil {
			return graphQLRequest{}, fmt.Errorf("read body: %w", err)
		}
		if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) {
			return graphQLRequest{}, errors.New("batched operations are not supported by the replay")
		}
		var req graphQLRequest
		if err := json.Unmarshal(raw, &req); err != nil {
			return graphQLRequest{}, fmt.Errorf("body is not a GraphQL request object: %v", err)
		}
		return req, nil
	default:
		return graphQLRequest{}, fmt.Errorf("method %s: use GET or POST", r.Method)
	}
}

// persistedHash reads extensions.persistedQuery.sha256Hash; "" when there is none.
func persistedHash(ext json.RawMessage) (string, error) {
	if len(ext) == 0 || string(ext) == "null" {
		return "", nil
	}
	var e struct {
		PersistedQuery *struct {
			Version    int    `json:"version"`
			SHA256Hash string `json:"sha256Hash"`
		} `json:"persistedQuery"`
	}
	if err := json.Unmarshal(ext, &e); err != nil {
		return "", fmt.Errorf("extensions is not a JSON object: %v", err)
	}
	if e.PersistedQuery == nil {
		return "", nil
	}
	return e.PersistedQuery.SHA256Hash, nil
}

// variablesObject accepts variables as an object, or as a string holding one (some
// clients encode them twice in POST bodies).
func variablesObject(raw json.RawMessage) (json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return json.RawMessage("{}"), nil
	}
	if raw[0] == '"' {
		var inner string
		if err := json.Unmarshal(raw, &inner); err != nil {
			return nil, fmt.Errorf("variables: %v", err)
		}
		raw = json.RawMessage(inner)
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(raw, &probe); err != nil {
		return nil, fmt.Errorf("variables is not a JSON object: %v", err)
	}
	return raw, nil
}

type filteredProductsVars struct {
	ProductsFilter *struct {
		DispensaryID string   `json:"dispensaryId"`
		PricingType  string   `json:"pricingType"`
		Types        []string `json:"types"`
		StrainTypes  []string `json:"strainTypes"`
	} `json:"productsFilter"`
	Page    *int `json:"page"`
	PerPage *int `json:"perPage"`
}

func (s *Server) filteredProducts(w http.ResponseWriter, r *http.Request, raw json.RawMessage) {
	var v filteredProductsVars
	if err := json.Unmarshal(raw, &v); err != nil {
		writeGraphQLError(w, http.StatusBadRequest, "variables: "+err.Error(), "BAD_USER_INPUT")
		return
	}
	if msg := v.problem(); msg != "" {
		writeGraphQLError(w, http.StatusBadRequest, msg, "BAD_USER_INPUT")
		return
	}
	f := v.ProductsFilter
	mode, done := s.failed(w, r, "dutchie", f.DispensaryID)
	if done {
		return
	}
	pricing := f.PricingType
	if pricing == "" {
		pricing = "rec"
	}
	var listed []Product
	st, ok := s.dataset().Store("dutchie", f.DispensaryID)
	if ok && st.DispensaryID == f.DispensaryID {
		for _, p := range st.OnMenu() {
			if len(f.Types) > 0 && !slices.Contains(f.Types, dutchieTypes[p.Category]) {
				continue
			}
			if len(f.StrainTypes) > 0 && !slices.Contains(f.StrainTypes, dutchieStrains[p.StrainType]) {
				continue
			}
			listed = append(listed, p)
		}
	}
	perPage := min(*v.PerPage, dutchieMaxPerPage)
	page := 0
	if v.Page != nil {
		page = *v.Page
	}
	products := []dutchieProduct{}
	if from := page * perPage; page < (len(listed)+perPage-1)/perPage {
		for _, p := range listed[from:min(from+perPage, len(listed))] {
			products = append(products, newDutchieProduct(st, p, pricing))
		}
	}
	reply := map[string]any{"data": map[string]any{"filteredProducts": map[string]any{
		"products": products,
		"queryInfo": map[string]any{
			"totalCount": len(listed), "totalPages": (len(listed) + perPage - 1) / perPage, "__typename": "queryInfoType",
		},
		"__typename": "ProductsList",
	}}}
	s.writeGraphQLData(w, reply, mode)
}

// problem names the first thing wrong with the variables, or "".
func (v filteredProductsVars) problem() string {
	switch {
	case v.ProductsFilter == nil:
		return `Variable "$productsFilter" of required type "productsFilter!" was not provided.`
	case v.ProductsFilter.DispensaryID == "":
		return "variables.productsFilter.dispensaryId is required"
	case v.ProductsFilter.PricingType != "" && v.ProductsFilter.PricingType != "rec" && v.ProductsFilter.PricingType != "med":
		return fmt.Sprintf("variables.productsFilter.pricingType must be \"rec\" or \"med\", got %q", v.ProductsFilter.PricingType)
	case v.PerPage == nil:
		return "variables.perPage is required"
	case *v.PerPage < 1:
		return fmt.Sprintf("variables.perPage must be 1 or more, got %d", *v.PerPage)
	case v.Page != nil && *v.Page < 0:
		return fmt.Sprintf("variables.page must be 0 or more (pages count from 0), got %d", *v.Page)
	}
	return ""
}

func (s *Server) consumerDispensaries(w http.ResponseWriter, r *http.Request, raw json.RawMessage) {
	var v struct {
		DispensaryFilter *struct {
			CNameOrID string `json:"cNameOrID"`
		} `json:"dispensaryFilter"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		writeGraphQLError(w, http.StatusBadRequest, "variables: "+err.Error(), "BAD_USER_INPUT")
		return
	}
	if v.DispensaryFilter == nil || v.DispensaryFilter.CNameOrID == "" {
		writeGraphQLError(w, http.StatusBadRequest, "variables.dispensaryFilter.cNameOrID is required", "BAD_USER_INPUT")
		return
	}
	key := v.DispensaryFilter.CNameOrID
	mode, done := s.failed(w, r, "dutchie", key)
	if done {
		return
	}
	found := []map[string]any{}
	if st, ok := s.dataset().Store("dutchie", key); ok {
		found = append(found, dutchieDispensary(st))
	}
	s.writeGraphQLData(w, map[string]any{"data": map[string]any{"filteredDispensaries": found}}, mode)
}

// dutchieDispensary is the part of Dutchie's dispensary record scrapers read.
func dutchieDispensary(st *Store) map[string]any {
	return map[string]any{
		"id":                st.DispensaryID,
		"cName":             st.Key,
		"name":              st.Name,
		"status":            "open",
		"embeddedMenuUrl":   "https://dutchie.com/embedded-menu/" + st.Key,
		"medicalDispensary": slices.Contains(st.Markets, data.Medical),
		"recDispensary":     slices.Contains(st.Markets, data.Recreational),
		"timezone":          "America/New_York",
		"location": map[string]any{
			"city": st.City, "state": "OH", "country": "United States",
			"geometry":   map[string]any{"coordinates": []float64{st.Lng, st.Lat}, "__typename": "Dispensaries_location_geometry"},
			"__typename": "Dispensaries_location",
		},
		"__typename": "Dispensaries",
	}
}

func (s *Server) writeGraphQLData(w http.ResponseWriter, reply any, mode FailMode) {
	body, err := json.Marshal(reply)
	if err != nil {
		writeGraphQLError(w, http.StatusInternalServerError, "encode reply: "+err.Error(), "INTERNAL_SERVER_ERROR")
		return
	}
	if mode == FailMalformed {
		body = truncate(body)
	}
	writeJSON(w, http.StatusOK, body)
}

// writePersistedQueryNotFound is Apollo's answer to a hash it does not know: HTTP 200
// with an error, which tells the client to send the query text or a current hash.
func writePersistedQueryNotFound(w http.ResponseWriter) {
	writeGraphQLError(w, http.StatusOK, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
}

func writeGraphQLError(w http.ResponseWriter, status int, message, code string) {
	body, _ := json.Marshal(map[string]any{"errors": []any{map[string]any{
		"message": message, "extensions": map[string]any{"code": code},
	}}})
	writeJSON(w, status, body)
}
