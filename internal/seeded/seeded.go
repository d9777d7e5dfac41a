package seeded

// Rand is a splitmix64 generator. Not safe for concurrent use.
type Rand struct{ state uint64 }

// New returns a generator started from seed.
func New(seed uint64) *Rand { return &Rand{state: seed} }

func (r *Rand) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a number in [0, n); n must be above 0.
func (r *Rand) Intn(n int) int {
	return int(r.next() % uint64(n))
}

// Unit returns a number in [0, 1).
func (r *Rand) Unit() float64 {
	return float64(r.next()>>11) / (1 << 53)
}

// Perm is a Fisher–Yates shuffle of 0..n-1.
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	return p
}
