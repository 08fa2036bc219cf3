package storm

// RNG is the per-game random generator (splitmix64). Its whole state is the
// exported word State, so a State's JSON restores the generator exactly and a
// game replays bit for bit. There is no global generator in this package.
type RNG struct {
	State uint64 `json:"state"`
	Draws uint64 `json:"draws"` // number of values drawn so far (audit aid)
}

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG { return RNG{State: seed} }

// Uint64 returns the next 64 random bits (splitmix64).
func (r *RNG) Uint64() uint64 {
	r.State += 0x9e3779b97f4a7c15
	r.Draws++
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform integer in [0, n); n must be positive. It rejects
// the biased tail so every value is exactly equally likely.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		panic("adjudicator: Intn of non-positive bound")
	}
	u := uint64(n)
	limit := ^uint64(0) - ^uint64(0)%u
	for {
		v := r.Uint64()
		if v < limit {
			return int(v % u)
		}
	}
}
