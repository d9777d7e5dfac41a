package replay

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
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
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
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
