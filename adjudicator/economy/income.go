package economy

import (
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Income figures.
const (
	civilianIncome = 2 // 11.21A: two tile points per civilian factory
	unitUpkeep     = 1 // 11.81: one point per active armor, infantry, air unit
)

// tradePactValue is the income of a trade pact (11.62): two for Poland,
// Spain, Turkey and Russia (11.62A), one for any other country (11.62B).
var tradePactValue = map[string]int{
	"Poland": 2, // 11.62A
	"Spain":  2, // 11.62A
	"Turkey": 2, // 11.62A
	"Russia": 2, // 11.62A
}

const otherTradePactValue = 1 // 11.62B

// TradePactValue returns the income from a trade pact with a country (11.62).
func TradePactValue(country string) int {
	if v, ok := tradePactValue[country]; ok {
		return v
	}
	return otherTradePactValue
}

// climateIncome is the income effect of the economic climate (11.35A) per
// power and climate, index climate+3. The printed table is garbled in the
// seed; this is the reading documented in docs/rules.md: Germany and Britain
// gain or lose 1 at +/-1 and 2 beyond; Italy and France 1 from +/-2; Russia
// never (11.35A).
var climateIncome = map[storm.Power][7]int{
	//        -3  -2  -1  0  +1  +2  +3
	storm.Germany: {-2, -2, -1, 0, +1, +2, +2}, // 11.35A: up to +/-2
	storm.Italy:   {-1, -1, 0, 0, 0, +1, +1},   // 11.35A: up to +/-1
	storm.Britain: {-2, -2, -1, 0, +1, +2, +2}, // 11.35A: up to +/-2
	storm.France:  {-1, -1, 0, 0, 0, +1, +1},   // 11.35A: up to +/-1
	storm.Russia:  {0, 0, 0, 0, 0, 0, 0},       // 11.35A: no effect on Russia
}

// ClimateIncome returns the income effect of an economic climate (11.35A);
// the climate is clamped to -3..+3 (11.34).
func ClimateIncome(p storm.Power, climate int) int {
	c := min(max(climate, -3), 3)
	return climateIncome[p][c+3]
}

// Maintenance is the upkeep of p's active units (11.81), reduced by one per
// military factory and never below zero (11.82). Purged Russian units are
// in reserve (22.21A) and so cost nothing (11.83).
func Maintenance(ps storm.PowerState) int {
	return max(ps.Active.Total()*unitUpkeep-ps.Factories.Military, 0)
}

// ResidualSupport is the income from ended British and French temporary
// support increases (11.71): one tile point per turn per counter of every
// residual grant that has ended.
func ResidualSupport(s storm.State, p storm.Power) int {
	n, _ := residualSupport(s, p)
	return n
}

// residualSupport is ResidualSupport and the docs anchor of the judge's
// reading that sized any of its grants (r-30-temporary), "" if none.
func residualSupport(s storm.State, p storm.Power) (n int, reading string) {
	for _, g := range s.Powers[p].Economy.Grants {
		if g.Residual && g.EndedBy(s.Turn) {
			n += max(g.Value, 0)
			if g.Reading != "" && g.Value > 0 {
				reading = g.Reading
			}
		}
	}
	return n, reading
}

// TileDraws is the number of random tiles p draws this turn: one (11.91),
// plus any extra draw of a random event, or none if an event prohibits it
// (11.92).
func TileDraws(ps storm.PowerState) int {
	if ps.Economy.NoTileDraw {
		return 0
	}
	return 1 + max(ps.Economy.ExtraTileDraws, 0)
}

// tradePactIncome is p's income from trade pacts (11.62).
func tradePactIncome(s storm.State, p storm.Power) int {
	n := 0
	for _, m := range s.Minors {
		if m.TradePact == p {
			n += TradePactValue(m.Name)
		}
	}
	return n
}

// ResolveIncome is the income phase (11.12C), simultaneous for all powers.
// In order: trade pacts follow the flags (11.61); the Russian garrison is
// checked (21.23A); support levels are determined from zero (10.31); each
// power's income is computed, its random tiles drawn in the order of play
// (6.25, 7.21); the activity counters of the turn are set (12.2).
func ResolveIncome(s *storm.State, _ map[storm.Power][]storm.Order, evs *[]event.Event) {
	randomevent.RevealHeld(s, storm.RevealIncome, evs) // 9.41A: economic events (randomevents.go)
	track.UpdateTradePacts(s, evs)                     // 11.61
	track.RunGarrisonCheck(s, "21.23A", evs)
	for _, p := range storm.Powers {
		ps := s.Powers[p]
		mods := track.SupportBreakdown(*s, p)
		ps.Support = track.SupportSum(mods) // 10.31
		*evs = append(*evs, event.SupportDetermined{Turn: s.Turn, Power: p, Modifiers: mods, Level: ps.Support})
	}
	for _, p := range storm.Powers {
		ps := s.Powers[p]
		in := storm.Income{
			Civilian:     civilianIncome * ps.Factories.Civilian,                        // 11.21A
			Support:      ps.Support,                                                    // 11.51
			TradePacts:   tradePactIncome(*s, p),                                        // 11.62
			Climate:      eventClimate(ps.Economy, ClimateIncome(p, s.EconomicClimate)), // 11.35A
			RandomEvents: ps.Economy.IncomeEvents,                                       // 11.41
			Maintenance:  Maintenance(*ps),                                              // 11.81, 11.82
		}
		in.Residual, in.ResidualReading = residualSupport(*s, p) // 11.71
		for range TileDraws(*ps) {                               // 11.91, 11.92
			if s.Replenish() { // 6.24
				*evs = append(*evs, event.TilePoolReplenished{FaceDown: s.Tiles.FaceDown})
			}
			in.TileDraw += s.DrawFaceDown()
		}
		in.Total = in.Civilian + in.Support + in.TradePacts + in.TileDraw + in.Climate + in.RandomEvents + in.Residual - in.Maintenance
		ps.Income = in
		ps.TilePoints += in.Total
		short := 0
		if ps.TilePoints < 0 { // 6.12: tile points cannot go below zero
			short = -ps.TilePoints
			ps.TilePoints = 0
			// The shortfall is unpaid maintenance first (17.11: units
			// go back to the reserve, below); the rest is a deficit
			// that lowers next turn's support (10.41D).
			ps.Economy.DeficitThisTurn += max(short-in.Maintenance, 0)
		}
		*evs = append(*evs, event.IncomeComputed{Turn: s.Turn, Power: p, Income: in, Shortfall: short, TilePoints: ps.TilePoints})
		ReturnUnpaidUnits(s, p, short, in.Maintenance, evs) // 17.11
		// 12.2: the pool from the facts, the counters of the turn.
		track.RefreshCounters(s, p, evs)
		if d, f := ps.Economy.CountersNow, ps.Economy.FreeDiplomaticCounters; d != (storm.ActivityCounters{}) || f > 0 {
			*evs = append(*evs, event.TemporaryCounters{Power: p, Delta: d, FreeDiplomatic: f, Counters: ps.Counters})
		}
	}
	// 20.53, 20.12: units returned to the reserve for unpaid maintenance
	// (17.11) leave the balance of power now.
	track.AnnounceBalance(s, false, evs)
}

// EndTurnEconomy closes the turn's economic bookkeeping: this turn's
// deficit reduces the next turn's support (10.41D); event effects of this
// turn lapse (10.24, 11.41, 11.92, 12.22F); the counter changes of a crisis
// move to the next turn (12.22G).
func EndTurnEconomy(s *storm.State) {
	for _, p := range storm.Powers {
		e := &s.Powers[p].Economy
		e.Deficit = e.DeficitThisTurn
		e.DeficitThisTurn = 0
		e.SupportEvents = 0
		e.IncomeEvents = 0
		e.ExtraTileDraws = 0
		e.NoTileDraw = false
		e.ClimateDoubled, e.ClimateIgnored = false, false
		e.FreeDiplomaticCounters = min(e.FreeDiplomaticNext, 1) // 24.53A: one a turn
		e.FreeDiplomaticNext = 0
		e.ResearchCounters = 0
		e.Transferred = 0
		e.Options = storm.EventOptions{} // 15.32D, 18.41, 19.52, 19.62, 19.73D: this turn
		e.CountersNow = e.CountersNext
		e.CountersNext = storm.ActivityCounters{}
	}
}

// eventClimate applies this turn's random events to the climate's income
// effect (11.35): ignored, else doubled.
func eventClimate(e storm.PowerEconomy, c int) int {
	switch {
	case e.ClimateIgnored:
		return 0
	case e.ClimateDoubled:
		return 2 * c
	}
	return c
}
