// Package diplomacy adjudicates the diplomatic phase (24): the placement
// rounds, sealed values and commitments, the reveal and resolution, the
// Anti-Comintern (24.3), flexible events, spy rings and covert operations
// (16.16), civil wars (25, 24.53), disputes (24.552), diplomacy in Russia
// (10.91F) and diplomatic events treated as support events (10.41C). It
// imports the ground, the tracks, threshold and randomevent, never another
// phase.
package diplomacy
