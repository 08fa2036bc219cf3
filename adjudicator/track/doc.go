// Package track holds the tracks and records every phase reads and moves:
// support levels (10), the economic climate (11.3), the balance of power
// (20), the Russian garrison (21), the European Aggression Index (23),
// and the research record's shared readings (15.21, 15.5: the research
// leader, results held, used and revealed, projects advanced by events or
// spy rings). It also holds two steps every phase takes the same way:
// orders voided with what they depended on, and a war declared (26.13).
// It imports storm and event.
package track
