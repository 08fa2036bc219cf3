// Package crisis adjudicates the crisis phase (26-31): Axis aggressions and
// their restrictions (27.1-27.4), the Allied response, the resistance draw
// (28), the Axis response, the ultimatum and the brink, with the IF lines
// kept as plans (26.11); an aggression's success and Italy's conquests
// (29), the effects of an aggression (30, the table is storm's data), the
// pact offered or not (31), and the war a crisis ends in (27.83). It
// imports the ground, the tracks, threshold and randomevent, never another
// phase.
package crisis
