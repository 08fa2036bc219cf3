package storm

import (
	"cmp"
	"slices"
)

// civilianCounter is a row of 12.22A/B: the counter a power adds to its
// pool while it has at least Civilian civilian factories.
type civilianCounter struct {
	Power    Power
	Civilian int
	Strength int
	Research bool // research only
	Rule     string
}

// CivilianCounters are the rows of 12.22A/B.
var CivilianCounters = []civilianCounter{
	{Germany, 6, 1, true, "12.22A"},
	{Italy, 3, 1, true, "12.22A"},
	{Britain, 5, 1, true, "12.22A"},
	{France, 3, 1, true, "12.22A"},
	{Germany, 7, 2, false, "12.22B"},
	{Britain, 6, 2, false, "12.22B"},
}

// IndexedError is an OrderError with the index of its order.
type IndexedError struct {
	OrderError
	Index int
}

// SortByIndex sorts errs by the index of their orders, stably: without
// sort.SliceStable's reflection and closure, allocated for every set of
// orders checked.
func SortByIndex(errs []IndexedError) {
	slices.SortStableFunc(errs, func(a, b IndexedError) int { return cmp.Compare(a.Index, b.Index) })
}

// Option is an order a power may give now, with its cost in tile points.
// With are orders that must be sent together with Order for it to be
// accepted (e.g. the research points of a counter used for research,
// 15.22); Validate accepts Order and With as one set of orders.
type Option struct {
	Order Order   `json:"order"`
	Cost  int     `json:"cost"`
	Note  string  `json:"note"`
	With  []Order `json:"with,omitempty"`
}

// Orders returns the option's order followed by the orders it needs.
func (o Option) Orders() []Order {
	return append(append(make([]Order, 0, 1+len(o.With)), o.Order), o.With...) // one allocation
}
