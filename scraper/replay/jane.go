package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Algolia limits that shape pagination: hitsPerPage is 0–1000 (default 20) and no hit
// past the 1000th can be reached (paginationLimitedTo).
const (
	algoliaDefaultHitsPerPage = 20
	algoliaMaxHitsPerPage     = 1000
	algoliaPaginationLimit    = 1000
	maxRequestBody            = 1 << 20
)

// janeQuery is one parsed Algolia query.
type janeQuery struct {
	query       string
	filters     string
	hitsPerPage int
	page        int
	storeID     int64 // 0 when the filters name no store
	kind        string
	noMatch     bool // the filters contradict each other
	// aroundLatLng, aroundRadius (metres) and the stores the filters leave out
	// ("store_id != N"): a search around a point (jane_nearby.go).
	around    string
	radius    int
	notStores []int64
}

// janeReply is Algolia's search reply, fields in the order Algolia writes them: the
// hits first (pre-encoded, see encode), then these.
type janeReply struct {
	hits             [][]byte
	NbHits           int    `json:"nbHits"`
	Page             int    `json:"page"`
	NbPages          int    `json:"nbPages"`
	HitsPerPage      int    `json:"hitsPerPage"`
	ExhaustiveNbHits bool   `json:"exhaustiveNbHits"`
	ExhaustiveTypo   bool   `json:"exhaustiveTypo"`
	Query            string `json:"query"`
	Params           string `json:"params"`
	ProcessingTimeMS int    `json:"processingTimeMS"`
}

// encode writes the reply as json.Marshal would write it with a "hits" field first, the
// hits being already encoded (appendJSON).
func (r janeReply) encode() ([]byte, error) {
	rest, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	n := len(rest) + 16
	for _, h := range r.hits {
		n += len(h) + 1
	}
	body := make([]byte, 0, n)
	body = append(body, `{"hits":[`...)
	for i, h := range r.hits {
		if i > 0 {
			body = append(body, ',')
		}
		body = append(body, h...)
	}
	body = append(body, "],"...)
	return append(body, rest[1:]...), nil
}

// janeQueryPath is Jane's Algolia menu index.
const janeQueryPath = "/1/indexes/menu-products-production/query"

// janePlatform: Jane's Algolia menu index, stores keyed by their numeric storeId.
var janePlatform = platform{
	name: "jane",
	routes: []route{
		{exactPath(janeQueryPath), (*Server).serveJane},
		{func(p string) bool { return strings.HasPrefix(p, "/1/indexes/") }, func(_ *Server, w http.ResponseWriter, _ *http.Request) {
			writeAlgoliaError(w, http.StatusNotFound, "Index does not exist")
		}},
	},
	canon: janeStoreKey,
	store: func(st *Store, _ data.Dispensary, m data.MenuSource) error {
		if st.Key = janeStoreKey(m.StoreID); st.Key == "" {
			return fmt.Errorf("jane storeId %q is not a positive number", m.StoreID)
		}
		return nil
	},
	demoSettings: map[string]string{"apiKey": "demo-search-key"},
}

// janeStoreKey is a Jane store id as a plain number ("0042" is store 42), "" when it is
// not a positive number.
func janeStoreKey(key string) string {
	n, ok := normalJaneStore(key)
	if !ok {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

// normalJaneStore reads a Jane store id; ok is false when it is not a positive number.
func normalJaneStore(key string) (int64, bool) {
	n, err := strconv.ParseInt(key, 10, 64)
	return n, err == nil && n > 0
}

func (s *Server) serveJane(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeAlgoliaError(w, http.StatusMethodNotAllowed, "Method not allowed, use POST")
		return
	}
	if !hasAlgoliaCredentials(r) {
		writeAlgoliaError(w, http.StatusForbidden, "Invalid Application-ID or API key")
		return
	}
	q, err := parseJaneQuery(r)
	if err != nil {
		writeAlgoliaError(w, http.StatusBadRequest, err.Error())
		return
	}
	if q.around != "" {
		s.serveJaneNearby(w, q)
		return
	}
	mode := FailNone
	if q.storeID != 0 {
		mode = s.failure("jane", strconv.FormatInt(q.storeID, 10))
	}
	if mode != FailNone && mode != FailMalformed {
		s.fail(w, r, mode)
		return
	}
	reply, err := s.janeReply(q)
	if err != nil {
		writeAlgoliaError(w, http.StatusInternalServerError, "encode reply: "+err.Error())
		return
	}
	body, err := reply.encode()
	if err != nil {
		writeAlgoliaError(w, http.StatusInternalServerError, "encode reply: "+err.Error())
		return
	}
	if mode == FailMalformed {
		body = truncate(body)
	}
	writeJSON(w, http.StatusOK, body)
}

// hasAlgoliaCredentials accepts the application id and API key as headers (what most
// scrapers send) or as URL parameters (what Algolia's JavaScript client sends).
func hasAlgoliaCredentials(r *http.Request) bool {
	get := func(name string) string {
		if v := r.Header.Get(name); v != "" {
			return v
		}
		return r.URL.Query().Get(strings.ToLower(name))
	}
	return strings.TrimSpace(get("X-Algolia-Application-Id")) != "" && strings.TrimSpace(get("X-Algolia-API-Key")) != ""
}

// parseJaneQuery reads either body form: {"query","filters","hitsPerPage","page"} or
// {"params":"filters=store_id%3D2410&hitsPerPage=1000&page=0"}. A key given both ways
// takes the JSON value.
func parseJaneQuery(r *http.Request) (janeQuery, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
	if err != nil {
		return janeQuery{}, fmt.Errorf("read body: %w", err)
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(raw, &body); err != nil {
		return janeQuery{}, fmt.Errorf("body is not a JSON object: %v", err)
	}
	values := url.Values{}
	if p, ok := body["params"]; ok {
		var params string
		if err := json.Unmarshal(p, &params); err != nil {
			return janeQuery{}, errors.New("params must be a string")
		}
		if values, err = url.ParseQuery(params); err != nil {
			return janeQuery{}, fmt.Errorf("params: %v", err)
		}
	}
	for _, name := range []string{"numericFilters", "facetFilters", "tagFilters"} {
		if _, ok := body[name]; ok || values.Has(name) {
			return janeQuery{}, fmt.Errorf("%s is not supported by the replay; use filters", name)
		}
	}
	q := janeQuery{hitsPerPage: algoliaDefaultHitsPerPage}
	if q.query, err = stringParam(body, values, "query"); err != nil {
		return janeQuery{}, err
	}
	if q.filters, err = stringParam(body, values, "filters"); err != nil {
		return janeQuery{}, err
	}
	if n, ok, err := intParam(body, values, "hitsPerPage"); err != nil {
		return janeQuery{}, err
	} else if ok {
		q.hitsPerPage = n
	}
	if q.hitsPerPage < 0 || q.hitsPerPage > algoliaMaxHitsPerPage {
		return janeQuery{}, fmt.Errorf("hitsPerPage must be between 0 and %d, got %d", algoliaMaxHitsPerPage, q.hitsPerPage)
	}
	if n, ok, err := intParam(body, values, "page"); err != nil {
		return janeQuery{}, err
	} else if ok {
		q.page = n
	}
	if q.page < 0 {
		return janeQuery{}, fmt.Errorf("page must be 0 or more, got %d", q.page)
	}
	if q.around, err = stringParam(body, values, "aroundLatLng"); err != nil {
		return janeQuery{}, err
	}
	if n, ok, err := intParam(body, values, "aroundRadius"); err != nil {
		return janeQuery{}, err
	} else if ok {
		q.radius = n
	}
	if err := q.parseFilters(); err != nil {
		return janeQuery{}, err
	}
	return q, nil
}

func stringParam(body map[string]json.RawMessage, values url.Values, name string) (string, error) {
	if raw, ok := body[name]; ok {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("%s must be a string", name)
		}
		return s, nil
	}
	return values.Get(name), nil
}

// intParam reads a number from the JSON body (number or numeric string) or from params.
func intParam(body map[string]json.RawMessage, values url.Values, name string) (int, bool, error) {
	text := ""
	if raw, ok := body[name]; ok {
		text = strings.Trim(string(raw), `"`)
	} else if values.Has(name) {
		text = values.Get(name)
	} else {
		return 0, false, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, false, fmt.Errorf("%s must be an integer, got %s", name, text)
	}
	return n, true, nil
}

var (
	filterAnd    = regexp.MustCompile(`\s+AND\s+`)
	filterOr     = regexp.MustCompile(`\s(OR|NOT)\s|^NOT\s`)
	filterClause = regexp.MustCompile(`^([A-Za-z_]+)\s*(?:=|:)\s*"?([^"]*?)"?$`)
	filterNot    = regexp.MustCompile(`^store_id\s*!=\s*(\d+)$`)
)

// parseFilters understands what a menu scraper sends: `store_id = <id>`, optionally
// ANDed with `kind:<kind>`, and what a search for stores sends: `store_id != <id>`s. Anything else is refused rather than silently ignored.
func (q *janeQuery) parseFilters() error {
	f := strings.TrimSpace(q.filters)
	if f == "" {
		return nil
	}
	if filterOr.MatchString(f) {
		return fmt.Errorf("filters %q: only AND is supported by the replay", q.filters)
	}
	for _, clause := range filterAnd.Split(f, -1) {
		clause = strings.TrimSpace(strings.Trim(strings.TrimSpace(clause), "()"))
		if m := filterNot.FindStringSubmatch(clause); m != nil {
			id, _ := strconv.ParseInt(m[1], 10, 64)
			q.notStores = append(q.notStores, id)
			continue
		}
		m := filterClause.FindStringSubmatch(clause)
		if m == nil {
			return fmt.Errorf("filters %q: cannot read %q", q.filters, clause)
		}
		attr, value := m[1], strings.TrimSpace(m[2])
		switch attr {
		case "store_id":
			id, err := strconv.ParseInt(value, 10, 64)
			if err != nil {
				return fmt.Errorf("filters %q: store_id %q is not a number", q.filters, value)
			}
			if q.storeID != 0 && q.storeID != id {
				q.noMatch = true
			}
			q.storeID = id
		case "kind":
			if q.kind != "" && q.kind != value {
				q.noMatch = true
			}
			q.kind = value
		default:
			return fmt.Errorf("filters %q: attribute %q is not supported by the replay (store_id, kind)", q.filters, attr)
		}
	}
	return nil
}

// janeReply answers q like Algolia: an unknown store simply has no hits.
func (s *Server) janeReply(q janeQuery) (janeReply, error) {
	type row struct {
		st *Store
		p  Product
	}
	var rows []row
	if !q.noMatch {
		for _, st := range s.janeIndex().stores(q.storeID) {
			for _, p := range st.OnMenu() {
				if q.kind == "" || janeKinds[p.Category] == q.kind {
					rows = append(rows, row{st, p})
				}
			}
		}
	}
	reply := janeReply{
		NbHits:           len(rows),
		Page:             q.page,
		HitsPerPage:      q.hitsPerPage,
		ExhaustiveNbHits: true,
		ExhaustiveTypo:   true,
		Query:            q.query,
		Params:           url.Values{"query": {q.query}, "filters": {q.filters}, "hitsPerPage": {strconv.Itoa(q.hitsPerPage)}, "page": {strconv.Itoa(q.page)}}.Encode(),
		ProcessingTimeMS: 1,
	}
	if q.hitsPerPage == 0 {
		return reply, nil
	}
	reachable := min(len(rows), algoliaPaginationLimit)
	reply.NbPages = (reachable + q.hitsPerPage - 1) / q.hitsPerPage
	if q.page >= reply.NbPages {
		return reply, nil
	}
	from := q.page * q.hitsPerPage
	var buf []byte
	for i := from; i < min(from+q.hitsPerPage, reachable); i++ {
		start := len(buf)
		var err error
		if buf, err = appendJSON(buf, janeHit(rows[i].st, rows[i].p)); err != nil {
			return janeReply{}, fmt.Errorf("jane store %s product %s: %w", rows[i].st.Key, rows[i].p.ID, err)
		}
		reply.hits = append(reply.hits, buf[start:len(buf):len(buf)])
	}
	return reply, nil
}

// janeIndex is what the Jane handler needs of one dataset: its Jane stores by store
// id, in dataset order. A dataset never changes once served, so the index lives as
// long as the dataset does. The hits themselves are encoded per request: keeping a
// large dataset's every hit encoded would hold gigabytes.
type janeIndex struct {
	ds    *Dataset
	all   []*Store
	byKey map[string][]*Store
}

// janeIndex is the index of the dataset being served.
func (s *Server) janeIndex() *janeIndex {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.jane == nil || s.jane.ds != s.ds {
		idx := &janeIndex{ds: s.ds, byKey: map[string][]*Store{}}
		for i := range s.ds.Stores {
			if st := &s.ds.Stores[i]; st.Platform == "jane" {
				idx.all = append(idx.all, st)
				if key := janeStoreKey(st.Key); key != "" {
					idx.byKey[key] = append(idx.byKey[key], st)
				}
			}
		}
		s.jane = idx
	}
	return s.jane
}

// stores are the stores a query's store id selects: all of them for 0.
func (idx *janeIndex) stores(id int64) []*Store {
	if id == 0 {
		return idx.all
	}
	return idx.byKey[strconv.FormatInt(id, 10)]
}

// writeAlgoliaError answers in Algolia's error shape.
func writeAlgoliaError(w http.ResponseWriter, status int, message string) {
	body, _ := json.Marshal(struct {
		Message string `json:"message"`
		Status  int    `json:"status"`
	}{message, status})
	writeJSON(w, status, body)
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}
