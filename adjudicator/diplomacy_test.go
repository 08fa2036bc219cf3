package adjudicator

import (
	"slices"
	"strings"
	"testing"
)

// diplomacyGame is NewGame(1) in the given placement round, every power
// with 20 tile points and the counters 1 x 3, 1 x 2, 2 x 1, 1 x 0.
func diplomacyGame(round Segment) State {
	s := NewGame(1)
	s.Segment = round
	for _, ps := range s.Powers {
		ps.TilePoints = 20
		ps.Counters = ActivityCounters{Three: 1, Two: 1, One: 2, Zero: 1}
		ps.Used = ActivityCounters{}
	}
	return s
}

func dip(country string, strength int) Order {
	return Order{Kind: Diplomatic, Project: country, Counters: []int{strength}}
}

// place checks and places a round's orders.
func place(t *testing.T, s *State, orders map[Power][]Order) []Event {
	t.Helper()
	for p, os := range orders {
		if errs := checkPlacements(*s, p, os); len(errs) > 0 {
			t.Fatalf("%s: %v", p, errs)
		}
	}
	var evs []Event
	placeRound(s, orders, &evs)
	return evs
}

func wantPlacementRefused(t *testing.T, s State, p Power, orders []Order, rule string) {
	t.Helper()
	for _, e := range checkPlacements(s, p, orders) {
		if e.Rule == rule {
			return
		}
	}
	t.Errorf("%s %v: want a refusal under %s, got %v", p, orders, rule, checkPlacements(s, p, orders))
}

// Rule 24.55: Axis one each, Russia, Allies, Axis again only after a first
// counter; 24.54E two a turn; 24.54D one per country.
func TestRule24_55PlacementRounds(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	wantPlacementRefused(t, s, Germany, []Order{dip("Poland", 2), dip("Austria", 1)}, "24.55")
	wantPlacementRefused(t, s, Russia, []Order{dip("Poland", 2)}, "24.55")
	place(t, &s, map[Power][]Order{Germany: {dip("Poland", 2)}})
	s.Segment = SegDiplomacyAllies
	place(t, &s, map[Power][]Order{Britain: {dip("Norway", 1), dip("Sweden", 2)}})
	wantPlacementRefused(t, s, France, []Order{dip("Norway", 1)}, "24.56C")
	s.Segment = SegDiplomacyAxis2
	wantPlacementRefused(t, s, Italy, []Order{dip("Albania", 1)}, "24.55D")
	wantPlacementRefused(t, s, Germany, []Order{dip("Poland", 1)}, "24.54D")
	place(t, &s, map[Power][]Order{Germany: {dip("Austria", 3)}})
	s.Segment = SegDiplomacyAllies
	wantPlacementRefused(t, s, Britain, []Order{dip("Spain", 1)}, "24.54E")
}

// Rule 24.51, 24.52B: counters left after the economic phase, research-
// and shipbuilding-only ones excluded; no deficit, the cost paid at the
// end (24.52C).
func TestRule24_51CountersAndCost(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAllies)
	s.Powers[France].Counters = ActivityCounters{One: 1, Ship: 1, Research: 1}
	wantPlacementRefused(t, s, France, []Order{dip("Belgium/Luxembourg", 1), dip("Spain", 1)}, "24.51")
	s.Powers[Britain].TilePoints = 2
	wantPlacementRefused(t, s, Britain, []Order{dip("Norway", 3)}, "24.52B")
	place(t, &s, map[Power][]Order{Britain: {dip("Norway", 2)}})
	if s.Powers[Britain].TilePoints != 2 {
		t.Errorf("24.52C: paid at placement: %d tile points", s.Powers[Britain].TilePoints)
	}
	var evs []Event
	resolveDiplomacy(&s, &evs)
	if s.Powers[Britain].TilePoints != 0 {
		t.Errorf("24.52C: %d tile points after resolution, want 0", s.Powers[Britain].TilePoints)
	}
}

// Rule 24.56: unconquered targets, not Russia, Allies kept out of Russian
// flags and public Russian events; 24.61 Russian targets and purges;
// 24.56G the 0 counter.
func TestRule24_56Restrictions(t *testing.T) {
	s := diplomacyGame(SegDiplomacyRussia)
	wantPlacementRefused(t, s, Russia, []Order{dip("Russia", 1)}, "24.56E")
	wantPlacementRefused(t, s, Russia, []Order{dip("Spain", 1)}, "24.61B")
	s.Russia.Cohesion = FullCohesion
	if errs := checkPlacements(s, Russia, []Order{dip("Sweden", 1)}); len(errs) > 0 {
		t.Errorf("24.61C: Sweden at full cohesion refused: %v", errs)
	}
	s.Russia.NoDiplomaticCounters = true
	wantPlacementRefused(t, s, Russia, []Order{dip("Poland", 1)}, "24.61A")
	s = diplomacyGame(SegDiplomacyAllies)
	m := s.Minor("Turkey")
	m.setFlagCounts(map[Power]int{Russia: 1})
	wantPlacementRefused(t, s, France, []Order{dip("Turkey", 1)}, "24.56D")
	s.Diplomacy.Modifiers = []DiplomaticModifier{{Country: "Bulgaria", Side: Soviet, Power: Russia, Value: 1, Card: 9}}
	wantPlacementRefused(t, s, Britain, []Order{dip("Bulgaria", 1)}, "24.56D")
	s.SupportFacts.Aggressions = []Aggression{{Aggressor: Germany, Target: "Austria", Turn: s.Turn, Completed: &s.Turn}}
	s.Segment = SegDiplomacyAxis1
	wantPlacementRefused(t, s, Italy, []Order{dip("Austria", 1)}, "24.56A")
	s.Powers[Italy].Counters = ActivityCounters{Zero: 1}
	wantPlacementRefused(t, s, Italy, []Order{dip("Albania", 0)}, "24.56G")
}

// Rule 24.54C: values sealed behind a commitment the resolution lets
// anyone check; locations public.
func TestRule24_54CSealedValuesAndCommitments(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	evs := place(t, &s, map[Power][]Order{Germany: {dip("Poland", 3)}, Italy: {dip("Albania", 0)}})
	round, _ := firstOf[DiplomaticRoundPlaced](evs)
	if len(round.Locations) != 2 || len(round.Commitments) != 2 {
		t.Fatalf("round %+v", round)
	}
	for _, l := range round.Locations {
		if l.Strength != 0 && !l.Military {
			t.Errorf("24.54C: a public location carries a value: %+v", l)
		}
	}
	for _, c := range round.Commitments {
		if c.Salt != "" {
			t.Errorf("24.54C: a public commitment carries its salt: %+v", c)
		}
	}
	for _, e := range evs {
		if sealed, ok := e.(DiplomaticCountersSealed); ok && e.Visibility().Public {
			t.Errorf("sealed values public: %+v", sealed)
		}
	}
	var res []Event
	resolveDiplomacy(&s, &res)
	rev, _ := firstOf[DiplomacyRevealed](res)
	for _, c := range rev.Commitments {
		var mine []Placement
		for _, pl := range rev.Placements {
			if pl.Power == c.Power && pl.Round == c.Round {
				mine = append(mine, pl)
			}
		}
		if CommitmentHash(s.Turn, c.Power, c.Round, mine, c.Salt) != c.Hash {
			t.Errorf("%s's commitment does not check", c.Power)
		}
		mine[0].Strength++
		if CommitmentHash(s.Turn, c.Power, c.Round, mine, c.Salt) == c.Hash {
			t.Errorf("%s's commitment checks a changed value", c.Power)
		}
	}
	if !strings.Contains(commitmentText(s.Turn, Germany, SegDiplomacyAxis1, []Placement{{Country: "Poland", Strength: 3}}, "x"), "Poland=3\n") {
		t.Error("commitment text format")
	}
}

// Rule 24.81B: only an alliance strictly higher than both others gets a
// result; 24.82A-B flags placed or removed one level; 24.82C the
// successful power and the power that loses a flag.
func TestRule24_81ResolvingDiplomacy(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	place(t, &s, map[Power][]Order{Germany: {dip("Bulgaria", 2)}, Italy: {dip("Greece", 1)}})
	s.Segment = SegDiplomacyRussia
	place(t, &s, map[Power][]Order{Russia: {dip("Poland", 2), dip("Finland", 1)}})
	s.Segment = SegDiplomacyAllies
	place(t, &s, map[Power][]Order{France: {dip("Greece", 1)}, Britain: {dip("Finland", 3)}})
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, DiplomaticModifier{Country: "Hungary", Side: Allies, Power: Britain, Value: 1, Card: 5, Rule: "9.31C"})
	var evs []Event
	resolveDiplomacy(&s, &evs)
	got := map[string]DiplomaticResult{}
	for _, e := range evs {
		if r, ok := e.(DiplomaticResult); ok {
			got[r.Country] = r
		}
	}
	want := map[string]struct {
		winner Side
		flags  map[Power]int
	}{
		"Bulgaria": {Axis, map[Power]int{Germany: 1}},             // neutral: a German flag
		"Greece":   {"", map[Power]int{}},                         // 1 against 1: no result
		"Poland":   {Soviet, map[Power]int{France: 1, Russia: 1}}, // Allied flag stays before the pact (24.82B)
		"Finland":  {Allies, map[Power]int{}},                     // the German flag removed
		"Hungary":  {Allies, map[Power]int{}},                     // an event alone (24.16): the Italian flag removed
	}
	for c, w := range want {
		r, ok := got[c]
		if !ok {
			t.Errorf("%s not resolved", c)
			continue
		}
		if r.Winner != w.winner || !sameFlags(r.FlagsAfter, w.flags) {
			t.Errorf("%s: winner %q flags %v (%s), want %q %v", c, r.Winner, r.FlagsAfter, r.Change, w.winner, w.flags)
		}
	}
	if r := got["Finland"]; r.Power != Britain {
		t.Errorf("24.82C: Finland's result goes to %s, want Britain", r.Power)
	}
}

func sameFlags(a, b map[Power]int) bool {
	if len(a) != len(b) {
		return false
	}
	for p, n := range a {
		if b[p] != n {
			return false
		}
	}
	return true
}

// Rule 24.82B-D: Russian and Allied flags side by side before the pact,
// the Axis removing the Russian one first (24.83 next turn), four flags at
// most, the more-flagged partner losing, four Allied flags an advantage
// only.
func TestRule24_82FlagShifts(t *testing.T) {
	shift := func(flags map[Power]int, side Side, winner Power, contrib map[Power]int, pact bool) (map[Power]int, string, State) {
		s := NewGame(1)
		if pact {
			s.SupportFacts.PactSigned = &s.Turn
		}
		m := s.Minor("Bulgaria")
		m.setFlagCounts(flags)
		ch := shiftAlignment(&s, m, side, winner, contrib)
		return m.FlagCounts(), ch, s
	}
	cases := []struct {
		name   string
		flags  map[Power]int
		side   Side
		winner Power
		pact   bool
		want   map[Power]int
		threat bool
	}{
		{"allied beside russian", map[Power]int{Russia: 2}, Allies, France, false, map[Power]int{Russia: 2, France: 1}, false},
		{"axis removes russian first", map[Power]int{Russia: 1, Britain: 2}, Axis, Italy, false, map[Power]int{Britain: 2}, true},
		{"after the pact allies remove russian", map[Power]int{Russia: 2}, Allies, France, true, map[Power]int{Russia: 1}, false},
		{"four flags", map[Power]int{Germany: 3, Italy: 1}, Axis, Germany, false, map[Power]int{Germany: 3, Italy: 1}, false},
		{"more flags lose", map[Power]int{Germany: 1, Italy: 2}, Allies, France, false, map[Power]int{Germany: 1, Italy: 1}, false},
		{"tie: italy loses", map[Power]int{Germany: 1, Italy: 1}, Allies, France, false, map[Power]int{Germany: 1}, false},
		{"tie: britain loses", map[Power]int{France: 1, Britain: 1}, Soviet, Russia, true, map[Power]int{France: 1}, false},
		{"four allied flags: russian advantage", map[Power]int{France: 4}, Soviet, Russia, false, map[Power]int{France: 4}, false},
	}
	for _, c := range cases {
		got, ch, s := shift(c.flags, c.side, c.winner, map[Power]int{c.winner: 1}, c.pact)
		if !sameFlags(got, c.want) {
			t.Errorf("%s: flags %v (%s), want %v", c.name, got, ch, c.want)
		}
		if c.threat != (len(s.Diplomacy.Threat) == 1) {
			t.Errorf("%s: 24.83 threat %+v", c.name, s.Diplomacy.Threat)
		}
	}
}

// Rule 24.82E: a random event modifier in a target that already has four
// flags of its side, or that was conquered, becomes support.
func TestRule24_82EUnusedEventBecomesSupport(t *testing.T) {
	s := diplomacyGame(SegDiplomacyResolve)
	s.Minor("Bulgaria").setFlagCounts(map[Power]int{Germany: 4})
	s.Diplomacy.Modifiers = []DiplomaticModifier{{Country: "Bulgaria", Side: Axis, Power: Germany, Value: 2, Card: 7, Rule: "9.31C"}}
	before := s.Powers[Germany].Support
	var evs []Event
	resolveDiplomacy(&s, &evs)
	if got := s.Powers[Germany].Support - before; got != 2 {
		t.Errorf("24.82E: German support %+d, want +2", got)
	}
}

func diplomacyRoundTripEvents() []Event {
	t := FirstTurn
	pl := []Placement{{Power: Germany, Country: "Poland", Strength: 2, Round: SegDiplomacyAxis1}}
	cm := []Commitment{{Power: Germany, Round: SegDiplomacyAxis1, Hash: "ab", Salt: "cd"}}
	return []Event{
		DiplomaticCountersSealed{Turn: t, Power: Germany, Round: SegDiplomacyAxis1, Placements: pl, Salt: "cd", Hash: "ab"},
		DiplomaticRoundPlaced{Turn: t, Round: SegDiplomacyAxis1, Locations: []Placement{{Power: Germany, Country: "Poland", Round: SegDiplomacyAxis1}},
			Commitments: []Commitment{{Power: Germany, Round: SegDiplomacyAxis1, Hash: "ab"}}},
		DiplomacyRevealed{Turn: t, Placements: pl, Commitments: cm},
		DiplomaticResult{Turn: t, Country: "Poland", Effort: Effort{Axis: 2}, Winner: Axis, Power: Germany, Change: "a Germany flag placed",
			FlagsBefore: map[Power]int{France: 1}, FlagsAfter: map[Power]int{}},
		DiplomacyPaid{Turn: t, Power: Germany, Cost: 2, TilePoints: 5},
		AntiCominternPlaced{Turn: t, Country: "Turkey", Strength: 1, Displaced: []string{"Finland"}},
		FlexibleApplied{Turn: t, Power: Italy, Card: 5, Country: "Greece", Value: 1, How: "Italy's choice"},
		IntelligenceAnnounced{Turn: t, Side: Axis, Power: Germany, What: "covert operation", Target: "Poland", Outcome: "+1 for Germany", Rule: "16.16A"},
		DisputeObligation{Turn: t, Card: 115, Side: Axis, Outcome: "placed"},
		TilePointsTransferred{Turn: t, From: Britain, To: France, Points: 2, FromTilePoints: 5, ToTilePoints: 9},
		CrisisEffect{Turn: t, Power: Germany, Outcome: AggressorBacksDown, Support: -1, Counter: -1, Rule: "27.62"},
		CivilWarBrokeOut{Turn: t, Country: "Spain", Government: Soviet, Rebels: []Side{Axis}, Rule: "25.31A"},
		CivilWarObligation{Turn: t, Country: "Spain", Side: Axis, Power: Germany, Outcome: "placed"},
		CivilWarResolved{Turn: t, Country: "Spain", Government: Soviet, Rebels: Axis, GovernmentLevel: 3, RebelLevel: 1, Drawn: 2, Threshold: 2,
			Winner: Soviet, Power: Russia, Result: true, Outcome: "a result", RemovedByEvents: []int{4}, CountersLeft: 3,
			FlagsBefore: map[Power]int{}, FlagsAfter: map[Power]int{Russia: 1}},
	}
}

// Rule 24.55 through Resolve: a game that plays diplomacy asks the round's
// powers that can place, one round after the other, and resolves; the
// secret values never reach a public event before the resolution.
func TestRule24_55DiplomaticPhaseByResolve(t *testing.T) {
	s, _, err := Resolve(WithDiplomacy(NewGame(3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = Resolve(s, nil) // the economic phase: everyone passes
	if s.Segment != SegDiplomacyAxis1 || !slices.Equal(Required(s), []Power{Germany, Italy}) {
		t.Fatalf("segment %s, required %v", s.Segment, Required(s))
	}
	var all []Event
	step := func(orders map[Power][]Order) {
		t.Helper()
		for p, os := range orders {
			if errs := Validate(s, p, os); len(errs) > 0 {
				t.Fatalf("%s %s: %v", s.Segment, p, errs)
			}
		}
		var evs []Event
		s, evs, err = Resolve(s, orders)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, evs...)
	}
	step(map[Power][]Order{Germany: {dip("Bulgaria", 2)}, Italy: {dip("Greece", 1)}})
	if s.Segment != SegDiplomacyRussia {
		t.Fatalf("segment %s", s.Segment)
	}
	step(map[Power][]Order{Russia: {dip("Turkey", 1)}})
	step(map[Power][]Order{Britain: {dip("Norway", 1)}})
	if s.Segment != SegDiplomacyAxis2 || !slices.Equal(Required(s), []Power{Italy, Germany}) {
		t.Fatalf("segment %s, required %v", s.Segment, Required(s))
	}
	step(nil)
	if s.Segment != SegEconomic || s.Turn != FirstTurn.Next() {
		t.Fatalf("after diplomacy: %s %s", s.Turn, s.Segment)
	}
	revealed := false
	for _, e := range all {
		switch e := e.(type) {
		case DiplomacyRevealed:
			revealed = true
		case DiplomaticCountersSealed:
			if e.Visibility().Public {
				t.Error("sealed values public")
			}
		}
		if rp, ok := e.(DiplomaticRoundPlaced); ok && !revealed {
			for _, l := range rp.Locations {
				if l.Strength != 0 && !l.Military {
					t.Errorf("value public before the resolution: %+v", l)
				}
			}
		}
	}
	if got := s.Minor("Bulgaria").FlagCounts()[Germany]; got != 1 || !revealed {
		t.Errorf("Bulgaria German flags %d, revealed %v", got, revealed)
	}
}

func mil(country string) Order { return Order{Kind: MilitaryCounter, Project: country} }

// Rules 24.42-24.47: military counters, open, +1, one tile point, one per
// country, in the placing power's round, within its targets and its limit.
func TestRule24_4MilitaryCounters(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Powers[Germany].Active.Armor += 6 // an Axis balance of power advantage
	s.Powers[Germany].Support = 2
	s.Powers[Italy].Support = 1
	if MilitaryCounterLimit(s, Germany) < 1 {
		t.Fatalf("Germany may place no military counter: advantage %d", BalanceAdvantage(s, Axis))
	}
	wantPlacementRefused(t, s, Germany, []Order{mil("Sweden")}, "24.43")
	wantPlacementRefused(t, s, Germany, []Order{mil("Austria"), mil("Austria")}, "24.42D")
	wantPlacementRefused(t, s, Italy, []Order{mil("Greece")}, "24.44")
	evs := place(t, &s, map[Power][]Order{Germany: {mil("Austria"), dip("Austria", 1)}, Italy: {mil("Albania")}})
	round, _ := firstOf[DiplomaticRoundPlaced](evs)
	open := 0
	for _, l := range round.Locations {
		if l.Military && l.Strength == 1 {
			open++
		}
	}
	if open != 2 {
		t.Errorf("24.42B: %d military counters placed openly, want 2: %+v", open, round.Locations)
	}
	s.Segment = SegDiplomacyAxis2
	wantPlacementRefused(t, s, Germany, []Order{mil("Poland")}, "24.42A")
	s.Segment = SegDiplomacyAllies
	wantPlacementRefused(t, s, Britain, []Order{mil("Belgium/Luxembourg")}, "24.46")
	wantPlacementRefused(t, s, France, []Order{mil("Belgium/Luxembourg")}, "24.45") // no Allied advantage
	s.Segment = SegDiplomacyResolve
	before := s.Powers[Germany].TilePoints
	var res []Event
	resolveDiplomacy(&s, &res)
	if got := before - s.Powers[Germany].TilePoints; got != 2 {
		t.Errorf("24.42F: Germany paid %d, want 1 for the military and 1 for the diplomatic counter", got)
	}
	for _, e := range res {
		if r, ok := e.(DiplomaticResult); ok && r.Country == "Austria" && r.Effort.Axis != 2 {
			t.Errorf("24.42G: the Axis effort in Austria is %d, want 2", r.Effort.Axis)
		}
	}
	// Russia: a garrison surplus and positive support, not in a purge.
	r := diplomacyGame(SegDiplomacyRussia)
	r.Powers[Russia].Support = 2
	r.Russia.Garrison.Surplus = 3
	if MilitaryCounterLimit(r, Russia) != 2 {
		t.Errorf("24.47B: Russia may place %d", MilitaryCounterLimit(r, Russia))
	}
	r.Russia.NoMilitaryCounters = true
	wantPlacementRefused(t, r, Russia, []Order{mil("Poland")}, "24.47")
}

// Rules 24.31-24.38: the anti-Comintern counter.
func TestRule24_3AntiComintern(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	// 24.32: strength by purge events.
	for n, want := range map[int]int{0: 1, 9: 1, 10: 2, 19: 2, 20: 3, 30: 3} {
		s.Russia.PurgeEvents = n
		if got := AntiCominternStrength(s); got != want {
			t.Errorf("24.32: %d purge events: strength %d, want %d", n, got, want)
		}
	}
	s.Russia.PurgeEvents = 0
	// 24.34C: at setup Finland and Rumania have a German flag, Poland a
	// French one (24.34B: out), Turkey none: Turkey first, then the Axis
	// flags, fewest first.
	if got := AntiCominternPlaces(s); !slices.Equal(got, []string{"Turkey", "Finland", "Rumania"}) {
		t.Errorf("24.34: ranking %v", got)
	}
	s.Minor("Rumania").setFlagCounts(map[Power]int{Russia: 1})
	if got := AntiCominternPlaces(s); got[0] != "Rumania" {
		t.Errorf("24.34C: a Russian flag first: %v", got)
	}
	s.Minor("Rumania").setFlagCounts(map[Power]int{Germany: 1})
	// 24.34D: a tie chosen by the Axis.
	s.Minor("Turkey").setFlagCounts(map[Power]int{})
	s.Minor("Finland").setFlagCounts(map[Power]int{})
	wantPlacementRefused(t, s, Germany, []Order{{Kind: AntiCominternOrder, Project: "Rumania"}}, "24.34C")
	wantPlacementRefused(t, s, Italy, []Order{{Kind: AntiCominternOrder, Project: "Turkey"}}, "24.31")
	evs := place(t, &s, map[Power][]Order{Germany: {{Kind: AntiCominternOrder, Project: "Turkey"}, dip("Finland", 3)}})
	ac, _ := firstOf[AntiCominternPlaced](evs)
	if ac.Country != "Turkey" || ac.Strength != 1 {
		t.Errorf("24.31: placed %+v, want Turkey, 1", ac)
	}
	// 24.36A, 24.56B: the Allies not there, Russia may.
	s.Segment = SegDiplomacyAllies
	wantPlacementRefused(t, s, Britain, []Order{dip("Turkey", 1)}, "24.56B")
	s.Segment = SegDiplomacyRussia
	if errs := checkPlacements(s, Russia, []Order{dip("Turkey", 1)}); len(errs) > 0 {
		t.Errorf("24.36A: Russia refused in Turkey: %v", errs)
	}
	// 24.37: it counts as a German counter.
	s.Segment = SegDiplomacyResolve
	var res []Event
	resolveDiplomacy(&s, &res)
	for _, e := range res {
		if r, ok := e.(DiplomaticResult); ok && r.Country == "Turkey" && (r.Effort.Axis != 1 || r.Power != Germany) {
			t.Errorf("24.37: Turkey %+v", r)
		}
	}
	// 24.35: the Axis' own effort beyond its strength displaces it; where
	// it stays an Axis counter is void (24.56B).
	d := diplomacyGame(SegDiplomacyAxis1)
	evs = place(t, &d, map[Power][]Order{Germany: {dip("Turkey", 2)}})
	ac, _ = firstOf[AntiCominternPlaced](evs)
	if ac.Country != "Finland" || !slices.Equal(ac.Displaced, []string{"Turkey"}) {
		t.Errorf("24.35: placed %+v, want Finland after Turkey", ac)
	}
	d = diplomacyGame(SegDiplomacyAxis1)
	evs = place(t, &d, map[Power][]Order{Italy: {dip("Turkey", 1)}})
	if v, ok := firstOf[OrderVoided](evs); !ok || v.Rule != "24.56B" || d.Diplomacy.Placements[0].Void != "24.56B" || d.Powers[Italy].Used != (ActivityCounters{}) {
		t.Errorf("24.56B: Italy's counter under the anti-Comintern counter: %+v, placements %+v", v, d.Diplomacy.Placements)
	}
	// 24.38: none after the pact.
	d = diplomacyGame(SegDiplomacyAxis1)
	d.SupportFacts.PactSigned = &d.Turn
	if evs = place(t, &d, map[Power][]Order{Germany: {dip("Austria", 1)}}); d.Diplomacy.AntiComintern != nil {
		t.Errorf("24.38: placed after the pact: %+v", d.Diplomacy.AntiComintern)
	}
	wantPlacementRefused(t, d, Germany, []Order{{Kind: AntiCominternOrder, Project: "Turkey"}}, "24.38")
}

// Standing orders (issue 11's round trips, 24.55): Germany sends its
// second-round counter and Britain its Allied counter with the first
// round's orders; neither round waits for them, and a standing order the
// state no longer allows is void when its round opens.
func TestRule24_55StandingOrders(t *testing.T) {
	s, _, _ := Resolve(WithDiplomacy(NewGame(3)), nil)
	s, _, _ = Resolve(s, nil)
	ger := []Order{dip("Bulgaria", 2), {Kind: Diplomatic, Project: "Austria", Counters: []int{1}, For: SegDiplomacyAxis2}}
	bri := []Order{{Kind: Diplomatic, Project: "Norway", Counters: []int{2}, For: SegDiplomacyAllies}}
	if errs := Validate(s, Germany, ger); len(errs) > 0 {
		t.Fatal(errs)
	}
	if !MayOrder(s, Britain, bri) || MayOrder(s, Britain, []Order{dip("Norway", 2)}) {
		t.Error("MayOrder: standing orders alone welcome, others not")
	}
	if errs := Validate(s, Britain, bri); len(errs) > 0 {
		t.Fatal(errs)
	}
	bad := []Order{{Kind: Diplomatic, Project: "Norway", Counters: []int{2}, For: SegCovert}}
	if errs := Validate(s, Italy, bad); len(errs) == 0 {
		t.Error("a standing order for a segment that is not a placement round accepted")
	}
	if errs := Validate(s, Italy, []Order{{Kind: Diplomatic, Project: "Norway", Counters: []int{2}, For: SegDiplomacyAllies}}); len(errs) == 0 {
		t.Error("Italy's order for the Allied round accepted")
	}
	s, _, err := Resolve(s, map[Power][]Order{Germany: ger, Britain: bri, Italy: {dip("Albania", 1)}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != SegDiplomacyRussia {
		t.Fatalf("segment %s", s.Segment)
	}
	s, _, _ = Resolve(s, nil) // Russia passes
	// The Allied round: Britain's standing order stands; only France is asked.
	if s.Segment != SegDiplomacyAllies || slices.Contains(Required(s), Britain) || !slices.Contains(Required(s), France) {
		t.Fatalf("segment %s required %v", s.Segment, Required(s))
	}
	s, evs, _ := Resolve(s, nil)
	found := false
	for _, e := range evs {
		if r, ok := e.(DiplomaticRoundPlaced); ok && r.Round == SegDiplomacyAllies {
			found = len(r.Locations) == 1 && r.Locations[0].Power == Britain && r.Locations[0].Country == "Norway"
		}
	}
	if !found {
		t.Error("Britain's standing order was not placed")
	}
	// Axis second round: Germany's standing order made it not asked; Italy is.
	if s.Segment != SegDiplomacyAxis2 || slices.Contains(Required(s), Germany) {
		t.Fatalf("segment %s required %v", s.Segment, Required(s))
	}
	s, _, _ = Resolve(s, nil)
	if s.Segment != SegEconomic {
		t.Fatalf("segment %s", s.Segment)
	}
	if s.Minor("Austria").FlagCounts()[Germany] != 2 || len(s.Diplomacy.Standing) != 0 {
		t.Errorf("Austria flags %v, standing %+v", s.Minor("Austria").FlagCounts(), s.Diplomacy.Standing)
	}
}

// Rule 24.14, 24.54E: a random event's additional diplomatic counter, at
// the normal cost, beyond the two a turn (and beyond one in an Axis round,
// seed 003's "Diplomatic initiative"), in its country or region.
func TestRule24_14ExtraDiplomaticCounter(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Diplomacy.On = true
	var evs []Event
	applyEffect(&s, Germany, 9, "Diplomatic initiative", Effect{Kind: EffectExtraDiplomaticCounter}, nil, &evs)
	evs = place(t, &s, map[Power][]Order{Germany: {dip("Poland", 2), dip("Austria", 1)}})
	for _, pl := range s.Diplomacy.Placements {
		if pl.Country == "Austria" && pl.Exempt != "random event 9 (24.14)" {
			t.Errorf("24.54E: the second Axis counter not under the event: %+v", pl)
		}
	}
	s.Segment = SegDiplomacyAxis2
	wantPlacementRefused(t, s, Germany, []Order{dip("Bulgaria", 1), dip("Greece", 1)}, "24.54E")
	place(t, &s, map[Power][]Order{Germany: {dip("Bulgaria", 1)}})
	// A regional leave: only in its region.
	r := diplomacyGame(SegDiplomacyAllies)
	r.Diplomacy.On = true
	applyEffect(&r, Britain, 4, "Scandinavian mission", Effect{Kind: EffectExtraDiplomaticCounter, Region: Scandinavia}, nil, &evs)
	wantPlacementRefused(t, r, Britain, []Order{dip("Spain", 1), dip("Greece", 2), dip("Bulgaria", 3)}, "24.54E")
	if errs := checkPlacements(r, Britain, []Order{dip("Spain", 1), dip("Greece", 2), dip("Norway", 3)}); len(errs) > 0 {
		t.Errorf("24.14: a third counter in Scandinavia refused: %v", errs)
	}
}

// revealAndResolve ends the placement rounds with the Axis' second round
// (no orders), where the counters and events are revealed (24.81A), and
// resolves diplomacy.
func revealAndResolve(s *State) []Event {
	var evs []Event
	s.Segment = SegDiplomacyAxis2
	resolvePlacementRound(s, nil, &evs)
	s.Segment = SegDiplomacyResolve
	resolveDiplomacySegment(s, nil, &evs)
	return evs
}

// Rule 4.16 (seed 003, step 6): a flexible event's modifier goes to the
// target of its region the holder names, else the region's first; a
// secret one can be directed before it is revealed.
func TestRule4_16FlexibleModifier(t *testing.T) {
	s := WithDeck(diplomacyGame(SegDiplomacyAxis1), testDeck(12, nil)) // flexible events come from a deck
	s.Diplomacy.On = true
	var evs []Event
	applyEffect(&s, Italy, 5, "Italian influence in the Balkans", Effect{Kind: EffectFlexibleModifier, Region: Balkans, Value: 1}, nil, &evs)
	wantPlacementRefused(t, s, Italy, []Order{{Kind: FlexibleOrder, Card: 5, Project: "Norway"}}, "4.16")
	wantPlacementRefused(t, s, Germany, []Order{{Kind: FlexibleOrder, Card: 5, Project: "Greece"}}, "4.16")
	place(t, &s, map[Power][]Order{Italy: {{Kind: FlexibleOrder, Card: 5, Project: "Greece"}}})
	res := revealAndResolve(&s)
	fa, ok := firstOf[FlexibleApplied](res)
	if !ok || fa.Country != "Greece" || fa.Power != Italy {
		t.Errorf("4.16: %+v", fa)
	}
	for _, e := range res {
		if r, ok := e.(DiplomaticResult); ok && r.Country == "Greece" && (r.Winner != Axis || r.Power != Italy) {
			t.Errorf("4.16: Greece %+v", r)
		}
	}
	// Unchosen: the region's first target.
	d := diplomacyGame(SegDiplomacyResolve)
	d.Diplomacy.On = true
	applyEffect(&d, 0, 6, "Balkan credits", Effect{Kind: EffectFlexibleModifier, Region: Balkans, Value: 2, Side: Soviet}, nil, &evs)
	res = revealAndResolve(&d)
	if fa, _ := firstOf[FlexibleApplied](res); fa.Country != RegionCountries(Balkans)[0] || fa.Power != Russia {
		t.Errorf("4.16 default: %+v", fa)
	}
}

// Review mends: the salt draws nothing from the game's generator; a
// military counter does not use up a diplomatic one (24.54E, 24.55D);
// Italy places before Germany in the second Axis round (24.55); Russian
// military counters need support 1, 2, 3 (24.47A-C); no flexible modifier
// in Russia.
func TestRule24_55ReviewMends(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Powers[Germany].Active.Armor += 6
	s.Powers[Germany].Support = 2
	rng := s.RNG
	place(t, &s, map[Power][]Order{Germany: {mil("Austria"), dip("Poland", 1)}})
	if s.RNG != rng {
		t.Error("placing counters drew from the game's generator")
	}
	s.Segment = SegDiplomacyAxis2
	if errs := checkPlacements(s, Germany, []Order{dip("Bulgaria", 2)}); len(errs) > 0 {
		t.Errorf("24.55D: a military and a diplomatic counter in the first round block the second: %v", errs)
	}
	if errs := checkPlacements(s, Italy, []Order{dip("Greece", 1)}); len(errs) == 0 {
		t.Error("24.55D: Italy placed nothing first")
	}
	a := diplomacyGame(SegDiplomacyAxis1)
	place(t, &a, map[Power][]Order{Germany: {dip("Poland", 1)}, Italy: {dip("Albania", 1)}})
	a.Segment = SegDiplomacyAxis2
	evs := place(t, &a, map[Power][]Order{Germany: {dip("Greece", 2)}, Italy: {dip("Greece", 1)}})
	if v, ok := firstOf[OrderVoided](evs); !ok || v.Power != Germany {
		t.Errorf("24.55: in the second round Italy places first: %+v", v)
	}
	r := diplomacyGame(SegDiplomacyRussia)
	r.Powers[Russia].Support = 1
	r.Russia.Garrison.Surplus = 6
	if got := MilitaryCounterLimit(r, Russia); got != 1 {
		t.Errorf("24.47A-C: surplus 6, support 1: %d military counters, want 1", got)
	}
	f := FlexibleEvent{Region: EasternEurope}
	if !slices.Contains(flexibleTargets(f), RussiaTarget) {
		t.Error("4.16, 10.91F: a flexible Eastern European modifier may go to Russia")
	}
}

// Rule 24.14: the order of the lines does not decide which counter uses a
// regional event's leave.
func TestRule24_14LineOrderDoesNotMatter(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Diplomacy.On = true
	var evs []Event
	applyEffect(&s, Germany, 9, "Balkan initiative", Effect{Kind: EffectExtraDiplomaticCounter, Region: Balkans}, nil, &evs)
	for _, os := range [][]Order{{dip("Bulgaria", 2), dip("Austria", 1)}, {dip("Austria", 1), dip("Bulgaria", 2)}} {
		if errs := checkPlacements(s, Germany, os); len(errs) > 0 {
			t.Errorf("%v: %v", os, errs)
		}
	}
}

// Rule 24.551B (a random event's spy ring): a counter in its target does
// not count against the limits, its alliance gets +1 there, and Russia may
// place there despite geography or a purge (24.61A-B).
func TestRule24_551SpyRingEvent(t *testing.T) {
	s := diplomacyGame(SegDiplomacyRussia)
	s.Diplomacy.On = true
	s.Russia.NoDiplomaticCounters = true
	var evs []Event
	applyEffect(&s, Russia, 8, "Madrid cell", Effect{Kind: EffectSpyRing, Country: "Spain"}, nil, &evs)
	wantPlacementRefused(t, s, Russia, []Order{dip("Poland", 1)}, "24.61A")
	if errs := checkPlacements(s, Russia, []Order{dip("Spain", 2)}); len(errs) > 0 {
		t.Fatalf("24.551B: Russia refused in its spy ring's target: %v", errs)
	}
	place(t, &s, map[Power][]Order{Russia: {dip("Spain", 2)}})
	if pl := s.Diplomacy.Placements[0]; pl.Exempt == "" {
		t.Errorf("24.54E: the spy ring's counter counts against the limit: %+v", pl)
	}
	s.Segment = SegDiplomacyResolve
	var res []Event
	resolveDiplomacy(&s, &res)
	for _, e := range res {
		if r, ok := e.(DiplomaticResult); ok && r.Country == "Spain" && r.Effort.Russia != 3 {
			t.Errorf("24.551B: Russian effort in Spain %d, want 2 + 1", r.Effort.Russia)
		}
	}
}

// Rule 24.52B: a power may reveal a secret support event to pay for its
// diplomatic counters (9.41E): PLAY with the round's orders.
func TestRule24_52BRevealSupportToPay(t *testing.T) {
	d := testDeck(12, func(c *Card) {
		c.National[Germany] = CardEvent{Title: "Rally", Secret: true, Category: CategorySupport, Effects: []Effect{{Kind: EffectSupport, Value: 2}}}
	})
	s, _, err := Resolve(WithDiplomacy(NewGameWithDeck(1, d)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = Resolve(s, nil) // the economic phase passes; Germany keeps its event
	if s.Segment != SegDiplomacyAxis1 {
		t.Fatalf("segment %s", s.Segment)
	}
	h := HeldEvents(s, Germany)
	if len(h) != 1 {
		t.Fatalf("Germany holds %v", h)
	}
	s.Powers[Germany].TilePoints = 1
	s.Powers[Germany].Counters = ActivityCounters{Three: 1}
	s.Powers[Germany].Used = ActivityCounters{}
	wantPlacementRefused(t, s, Germany, []Order{dip("Bulgaria", 3)}, "24.52B")
	orders := []Order{{Kind: Play, Card: h[0].Card}, dip("Bulgaria", 3)}
	if errs := Validate(s, Germany, orders); len(errs) > 0 {
		t.Fatalf("24.52B: refused with the event played: %v", errs)
	}
	n, evs, err := Resolve(s, map[Power][]Order{Germany: orders})
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := firstOf[RandomEventApplied](evs); !ok || a.Power != Germany || !a.Secret {
		t.Errorf("9.41E: the event was not revealed: %+v", a)
	}
	if len(n.Diplomacy.Placements) != 1 || n.Powers[Germany].TilePoints != 3 {
		t.Errorf("placements %+v, tile points %d (want 1 + 2, paid at the end)", n.Diplomacy.Placements, n.Powers[Germany].TilePoints)
	}
}

// CombineOrders: standing orders alone are added (replacing those for the
// rounds they name); orders for the open segment replace the earlier
// ones and keep the standing orders for rounds they do not name.
func TestRule24_55CombineOrders(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Diplomacy.On = true
	now := dip("Poland", 2)
	axis2 := Order{Kind: Diplomatic, Project: "Austria", Counters: []int{1}, For: SegDiplomacyAxis2}
	axis2b := Order{Kind: Diplomatic, Project: "Bulgaria", Counters: []int{1}, For: SegDiplomacyAxis2}
	got, pass := CombineOrders(s, []Order{now, axis2}, false, []Order{axis2b}, false)
	if !slices.EqualFunc(got, []Order{now, axis2b}, func(a, b Order) bool { return a.String() == b.String() }) || pass {
		t.Errorf("standing alone: %v %v", got, pass)
	}
	got, pass = CombineOrders(s, []Order{now, axis2}, false, nil, true)
	if !slices.EqualFunc(got, []Order{axis2}, func(a, b Order) bool { return a.String() == b.String() }) || !pass {
		t.Errorf("PASS after orders: %v %v", got, pass)
	}
	got, _ = CombineOrders(s, []Order{axis2}, true, []Order{dip("Greece", 1)}, false)
	if len(got) != 2 || got[0].String() != axis2.String() {
		t.Errorf("new orders keep the standing ones: %v", got)
	}
}
