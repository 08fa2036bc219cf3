package threshold

import "stormjudge/adjudicator/storm"

// AggressionTargetsOf are the targets of 27.31 (Italy) and 27.41 (Germany),
// in the rules' order.
var AggressionTargetsOf = map[storm.Power][]string{
	storm.Italy:   {storm.Ethiopia, "Albania", "Yugoslavia", "Greece"},                                                                    // 27.31A-D
	storm.Germany: {storm.Rhineland, "Austria", "Sudetenland", "Czechoslovakia", "Danzig and the Corridor", "Poland", storm.BalticStates}, // 27.41A-G
}
