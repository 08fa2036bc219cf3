package threshold

import "stormjudge/adjudicator/storm"

// Axis aggression targets and restrictions (27.1-27.4). The crisis phase
// takes AGGRESSION orders against them (crisisphase.go); each Axis power's
// notice lists what it may announce this turn and why the rest is barred
// (view `aggressions`).

// AggressionTargetsOf are the targets of 27.31 (Italy) and 27.41 (Germany),
// in the rules' order.
var AggressionTargetsOf = map[storm.Power][]string{
	storm.Italy:   {storm.Ethiopia, "Albania", "Yugoslavia", "Greece"},                                                                    // 27.31A-D
	storm.Germany: {storm.Rhineland, "Austria", "Sudetenland", "Czechoslovakia", "Danzig and the Corridor", "Poland", storm.BalticStates}, // 27.41A-G
}
