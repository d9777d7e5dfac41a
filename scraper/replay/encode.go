package replay

import (
	"encoding/json"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// appendJSON appends v as json.Marshal writes it, byte for byte, without reflection for
// the values the replay's records are made of (nil, bool, string, float64, int, int64,
// []any, []string, []int64, map[string]any); any other value, and any string or number
// whose encoding is not plain, goes through json.Marshal. Records are maps, which
// json.Marshal sorts by key through reflection: that was most of the cost of serving a
// large menu (TestAppendJSON checks the two agree on every demo record).
func appendJSON(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case string:
		return appendJSONString(b, v)
	case float64:
		if abs := math.Abs(v); abs == 0 || abs >= 1e-6 && abs < 1e21 {
			return strconv.AppendFloat(b, v, 'f', -1, 64), nil
		}
	case int:
		return strconv.AppendInt(b, int64(v), 10), nil
	case int64:
		return strconv.AppendInt(b, v, 10), nil
	case []any:
		return appendJSONList(b, v)
	case []string:
		return appendJSONList(b, v)
	case []int64:
		return appendJSONList(b, v)
	case map[string]any:
		if v == nil {
			return append(b, "null"...), nil
		}
		keys := sortedKeys(v)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendJSONString(b, k); err != nil {
				return nil, err
			}
			b = append(b, ':')
			if b, err = appendJSON(b, v[k]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, raw...), nil
}

func appendJSONList[T any](b []byte, list []T) ([]byte, error) {
	if list == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	for i, x := range list {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendJSON(b, x); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// appendJSONString quotes s directly when it is printable ASCII that json.Marshal
// writes unescaped (no quote, backslash or HTML-escaped <, > and &).
func appendJSONString(b []byte, s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			raw, err := json.Marshal(s)
			if err != nil {
				return nil, err
			}
			return append(b, raw...), nil
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), nil
}

// keyOrders caches the sorted keys of each key set seen, found by a hash of the set:
// a replay's records of one platform share a few key sets, and sorting every record's
// keys was the largest part of encoding it. At most maxKeyOrders sets are kept.
var (
	keyOrders     sync.Map // uint64 → []string
	keyOrderCount atomic.Int64
	keySeed       = maphash.MakeSeed()
)

const maxKeyOrders = 4096

// sortedKeys are m's keys, sorted.
func sortedKeys(m map[string]any) []string {
	// XOR makes the hash independent of the map's order; a cached list is used only
	// when it holds exactly m's keys (as many, every one in m), so a collision costs a
	// sort, never a wrong record.
	var h uint64
	for k := range m {
		h ^= maphash.String(keySeed, k)
	}
	if cached, ok := keyOrders.Load(h); ok {
		keys := cached.([]string)
		same := len(keys) == len(m)
		for i := 0; same && i < len(keys); i++ {
			_, same = m[keys[i]]
		}
		if same {
			return keys
		}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if keyOrderCount.Load() < maxKeyOrders {
		if _, loaded := keyOrders.LoadOrStore(h, keys); !loaded {
			keyOrderCount.Add(1)
		}
	}
	return keys
}
