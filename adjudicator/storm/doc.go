// Package storm is the ground of the rules engine, named after the game as
// godip's root package is after Diplomacy: the game state (State and every
// type it holds), powers, sides, turns and the segments of the sequence of
// play (2, 7.31), orders and their words, the seeded random generator, and
// the rule tables as data, each row citing its rule: the tile pool (6.2),
// activity counter pools (12.21, 12.22), the research record sheets (15.4),
// ship classes and the shipbuilding table (19), aggression targets and
// borders (27.31, 27.41, 28.42), the table of aggression effects (30), the
// random event deck's cards and effects (8.4, 9.1), and which powers order
// in which diplomatic and crisis segment (16.16, 24.55, 27.11).
//
// It holds the small queries and mutations of the state that several
// phases share (the standing orders kept for a segment, a minor's flags, a
// research project's row). It imports no other package of the engine.
package storm
