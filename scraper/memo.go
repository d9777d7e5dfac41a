package scraper

import "sync"

// memo remembers the results of a pure function of a comparable key. Menus repeat the
// same names, brands and sizes on offer after offer and store after store (a
// 2,000-menu scrape has 700,000 offers of a few tens of thousands of products), and
// cleaning a name runs a dozen regular expressions: computed once per distinct input, a
// run spends its time on what is new. The map is emptied when it reaches limit entries,
// so a long-lived process keeps at most that many.
type memo[K comparable, V any] struct {
	mu    sync.Mutex
	m     map[K]V
	limit int
}

func newMemo[K comparable, V any](limit int) *memo[K, V] {
	return &memo[K, V]{m: map[K]V{}, limit: limit}
}

// get returns f(k), from the memo when it has it.
func (c *memo[K, V]) get(k K, f func(K) V) V {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = f(k)
	c.mu.Lock()
	if len(c.m) >= c.limit {
		clear(c.m)
	}
	c.m[k] = v
	c.mu.Unlock()
	return v
}
