// Package economy adjudicates the income phase and the economic phase (11-
// 19): national income, trade pacts and maintenance (11, 17), tile points
// carried over (11.9), factory conversion and mobilization (14), research
// points and their results (15), unit construction (18) and shipbuilding
// (19), activity counters (12.22), the reserve additions (14.737), the
// Anglo-French transfers (16.16G) and Russia's required construction (18.51).
// The economic phase is a pipeline of parts (economic.go). It imports the
// ground, the tracks and randomevent, never another phase.
package economy
