package track

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// tradePactBarred are the countries with which no trade pact may be
// concluded (11.61C).
var tradePactBarred = map[string]bool{
	storm.Ethiopia:     true, // 11.61C
	storm.Rhineland:    true, // 11.61C
	storm.BalticStates: true, // 11.61C
}

// minFlagsForPact is the number of an alliance's flags that gives a trade
// pact (11.61).
const minFlagsForPact = 3

// tieWinner breaks a tie of two and two flags: Germany for the Axis
// (11.61A), France for the Allies (11.61B).
var tieWinner = map[storm.Side]storm.Power{storm.Axis: storm.Germany, storm.Allies: storm.France}

// TradePactHolder returns the major power holding the trade pact of m by
// its flags, or 0 (11.61): an Axis power controlling the country keeps a
// permanent pact (11.61E); otherwise an alliance with three or more flags
// gives the pact to its power with the most flags, ties going to Germany or
// France (11.61A-B); fewer than three flags end the pact (11.61D); some
// countries never have one (11.61C).
func TradePactHolder(m storm.Minor) storm.Power {
	if tradePactBarred[m.Name] {
		return 0 // 11.61C, before 11.61E: control gives a pact only where one may be concluded
	}
	if storm.SideOf(m.Controller) == storm.Axis && m.Controller.Valid() {
		return m.Controller // 11.61E
	}
	if !m.FlagPower.Valid() {
		return 0
	}
	own, partner := max(m.Flags, 0), 0
	other, ok := storm.AlliancePartner[m.FlagPower]
	if ok {
		partner = max(m.PartnerFlags, 0)
	}
	if own+partner < minFlagsForPact {
		return 0 // 11.61, 11.61D
	}
	switch {
	case own > partner:
		return m.FlagPower
	case partner > own:
		return other
	}
	return tieWinner[storm.SideOf(m.FlagPower)] // 11.61A-B
}

// UpdateTradePacts sets every trade pact from the flags and control
// (11.61) and reports the pacts concluded, transferred or ended. A pact
// follows the flags at once: it runs at the income phase, after the
// diplomatic results (11.61D) and when a minor country's control changes
// (11.61E), so that a pact is read as it stands wherever it counts (income
// 11.62, resistance 28.41, victory points at the outbreak of war 34.61).
func UpdateTradePacts(s *storm.State, evs *[]event.Event) {
	for i := range s.Minors {
		updateTradePact(&s.Minors[i], evs)
	}
}

// UpdateTradePactOf is UpdateTradePacts for the one minor country named,
// when its control changes (11.61E); nothing when there is none.
func UpdateTradePactOf(s *storm.State, name string, evs *[]event.Event) {
	if m := s.Minor(name); m != nil {
		updateTradePact(m, evs)
	}
}

// updateTradePact sets m's trade pact from its flags and control (11.61)
// and reports a change.
func updateTradePact(m *storm.Minor, evs *[]event.Event) {
	h := TradePactHolder(*m)
	if h == m.TradePact {
		return
	}
	rule := "11.61"
	switch {
	case h == m.Controller && h != 0:
		rule = "11.61E"
	case h == 0:
		rule = "11.61D"
	}
	*evs = append(*evs, event.TradePactChanged{Minor: m.Name, From: m.TradePact, To: h, Rule: rule})
	m.TradePact = h
}
