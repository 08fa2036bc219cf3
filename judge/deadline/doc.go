// Package deadline holds the clock's rules for a game record
// (docs/orders.md, "Deadlines"): which kind a segment is for the rules,
// when its deadline falls as it opens (rounded up to the minute, past the
// absences of the powers that order in it), how it moves (DEADLINE,
// EXTEND, RESUME, ABSENCE), which reminders are due, when a miss is
// counted, the NMR policy, and which powers the segment still waits for.
//
// Its functions read and set the fields of a store.Game and read a
// store.Tx; they send nothing and write no audit line. The pipeline
// (package judge: Tick, Adjudicate) and the commands (package command)
// both move deadlines, which is why they are a package of their own
// rather than a part of either. It does not import the judge.
package deadline
