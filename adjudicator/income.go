package adjudicator

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
var climateIncome = map[Power][7]int{
	//        -3  -2  -1  0  +1  +2  +3
	Germany: {-2, -2, -1, 0, +1, +2, +2}, // 11.35A: up to +/-2
	Italy:   {-1, -1, 0, 0, 0, +1, +1},   // 11.35A: up to +/-1
	Britain: {-2, -2, -1, 0, +1, +2, +2}, // 11.35A: up to +/-2
	France:  {-1, -1, 0, 0, 0, +1, +1},   // 11.35A: up to +/-1
	Russia:  {0, 0, 0, 0, 0, 0, 0},       // 11.35A: no effect on Russia
}

// ClimateIncome returns the income effect of an economic climate (11.35A);
// the climate is clamped to -3..+3 (11.34).
func ClimateIncome(p Power, climate int) int {
	c := min(max(climate, -3), 3)
	return climateIncome[p][c+3]
}

// SupportLevel computes a power's support level at the start of a turn: it
// begins at zero each turn (10.31) and adds the modifiers implemented so far,
// the support from military factories (10.41A).
func SupportLevel(s State, p Power) int {
	return MobilizationSupport(p, s.Powers[p].Factories.Military)
}

// Maintenance is the upkeep of p's active units (11.81), reduced by one per
// military factory and never below zero (11.82).
func Maintenance(ps PowerState) int {
	return max(ps.Active.Total()*unitUpkeep-ps.Factories.Military, 0)
}

// resolveIncome is the income phase (11.12C), simultaneous for all powers.
// Powers draw their random tiles in the order of play (6.25, 7.21).
func resolveIncome(s *State, _ map[Power][]Order, evs *[]Event) {
	for _, p := range Powers {
		ps := s.Powers[p]
		ps.Support = SupportLevel(*s, p) // 10.31
		in := Income{
			Civilian:    civilianIncome * ps.Factories.Civilian, // 11.21A
			Support:     ps.Support,                             // 11.51
			Climate:     ClimateIncome(p, s.EconomicClimate),    // 11.35A
			Maintenance: Maintenance(*ps),                       // 11.81, 11.82
		}
		for _, m := range s.Minors { // 11.62
			if m.TradePact == p {
				in.TradePacts += TradePactValue(m.Name)
			}
		}
		if s.replenish() { // 6.24
			*evs = append(*evs, TilePoolReplenished{FaceDown: s.Tiles.FaceDown})
		}
		tile := s.drawFaceDown() // 11.91
		in.TileDraw = tile
		in.Total = in.Civilian + in.Support + in.TradePacts + in.TileDraw + in.Climate + in.RandomEvents - in.Maintenance
		ps.Income = in
		ps.TilePoints += in.Total
		short := 0
		if ps.TilePoints < 0 { // 6.12: tile points cannot go below zero
			short = -ps.TilePoints
			ps.TilePoints = 0
		}
		ps.Counters = countersFor(p, ps.Pool, ps.Factories) // 12.21, 12.22A/B
		*evs = append(*evs, IncomeComputed{Turn: s.Turn, Power: p, Income: in, Shortfall: short, TilePoints: ps.TilePoints})
	}
}
