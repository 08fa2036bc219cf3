package diplomacy_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// diplomacyGame is NewGame(1) in the given placement round, every power
// with 20 tile points and the counters 1 x 3, 1 x 2, 2 x 1, 1 x 0.
func diplomacyGame(round storm.Segment) storm.State {
	s := setup.NewGame(1)
	s.Segment = round
	for _, ps := range s.Powers {
		ps.TilePoints = 20
		ps.Counters = storm.ActivityCounters{Three: 1, Two: 1, One: 2, Zero: 1}
		ps.Used = storm.ActivityCounters{}
	}
	return s
}

func dip(country string, strength int) storm.Order {
	return storm.Order{Kind: storm.Diplomatic, Project: country, Counters: []int{strength}}
}

// place checks and places a round's orders.
func place(t *testing.T, s *storm.State, orders map[storm.Power][]storm.Order) []event.Event {
	t.Helper()
	for p, os := range orders {
		if errs := diplomacy.CheckPlacements(*s, p, os); len(errs) > 0 {
			t.Fatalf("%s: %v", p, errs)
		}
	}
	var evs []event.Event
	diplomacy.PlaceRound(s, orders, &evs)
	return evs
}

func wantPlacementRefused(t *testing.T, s storm.State, p storm.Power, orders []storm.Order, rule string) {
	t.Helper()
	for _, e := range diplomacy.CheckPlacements(s, p, orders) {
		if e.Rule == rule {
			return
		}
	}
	t.Errorf("%s %v: want a refusal under %s, got %v", p, orders, rule, diplomacy.CheckPlacements(s, p, orders))
}

// Rule 24.55: Axis one each, Russia, Allies, Axis again only after a first
// counter; 24.54E two a turn; 24.54D one per country.
func TestRule24_55PlacementRounds(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{dip("Poland", 2), dip("Austria", 1)}, "24.55")
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{dip("Poland", 2)}, "24.55")
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 2)}})
	s.Segment = storm.SegDiplomacyAllies
	place(t, &s, map[storm.Power][]storm.Order{storm.Britain: {dip("Norway", 1), dip("Sweden", 2)}})
	wantPlacementRefused(t, s, storm.France, []storm.Order{dip("Norway", 1)}, "24.56C")
	s.Segment = storm.SegDiplomacyAxis2
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{dip("Albania", 1)}, "24.55D")
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{dip("Poland", 1)}, "24.54D")
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Austria", 3)}})
	s.Segment = storm.SegDiplomacyAllies
	wantPlacementRefused(t, s, storm.Britain, []storm.Order{dip("Spain", 1)}, "24.54E")
}

// Rule 24.51, 24.52B: counters left after the economic phase, research-
// and shipbuilding-only ones excluded; no deficit, the cost paid at the
// end (24.52C).
func TestRule24_51CountersAndCost(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAllies)
	s.Powers[storm.France].Counters = storm.ActivityCounters{One: 1, Ship: 1, Research: 1}
	wantPlacementRefused(t, s, storm.France, []storm.Order{dip("Belgium/Luxembourg", 1), dip("Spain", 1)}, "24.51")
	s.Powers[storm.Britain].TilePoints = 2
	wantPlacementRefused(t, s, storm.Britain, []storm.Order{dip("Norway", 3)}, "24.52B")
	place(t, &s, map[storm.Power][]storm.Order{storm.Britain: {dip("Norway", 2)}})
	if s.Powers[storm.Britain].TilePoints != 2 {
		t.Errorf("24.52C: paid at placement: %d tile points", s.Powers[storm.Britain].TilePoints)
	}
	var evs []event.Event
	diplomacy.ResolveDiplomacy(&s, &evs)
	if s.Powers[storm.Britain].TilePoints != 0 {
		t.Errorf("24.52C: %d tile points after resolution, want 0", s.Powers[storm.Britain].TilePoints)
	}
}

// Rule 24.56: unconquered targets, not Russia, Allies kept out of Russian
// flags and public Russian events; 24.61 Russian targets and purges;
// 24.56G the 0 counter.
func TestRule24_56Restrictions(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyRussia)
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{dip("Russia", 1)}, "24.56E")
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{dip("Spain", 1)}, "24.61B")
	s.Russia.Cohesion = storm.FullCohesion
	if errs := diplomacy.CheckPlacements(s, storm.Russia, []storm.Order{dip("Sweden", 1)}); len(errs) > 0 {
		t.Errorf("24.61C: Sweden at full cohesion refused: %v", errs)
	}
	s.Russia.NoDiplomaticCounters = true
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{dip("Poland", 1)}, "24.61A")
	s = diplomacyGame(storm.SegDiplomacyAllies)
	m := s.Minor("Turkey")
	m.SetFlagCounts(map[storm.Power]int{storm.Russia: 1})
	wantPlacementRefused(t, s, storm.France, []storm.Order{dip("Turkey", 1)}, "24.56D")
	s.Diplomacy.Modifiers = []storm.DiplomaticModifier{{Country: "Bulgaria", Side: storm.Soviet, Power: storm.Russia, Value: 1, Card: 9}}
	wantPlacementRefused(t, s, storm.Britain, []storm.Order{dip("Bulgaria", 1)}, "24.56D")
	s.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: "Austria", Turn: s.Turn, Completed: &s.Turn}}
	s.Segment = storm.SegDiplomacyAxis1
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{dip("Austria", 1)}, "24.56A")
	s.Powers[storm.Italy].Counters = storm.ActivityCounters{Zero: 1}
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{dip("Albania", 0)}, "24.56G")
}

// Rule 24.54C: values sealed behind a commitment the resolution lets
// anyone check; locations public.
func TestRule24_54CSealedValuesAndCommitments(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	evs := place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 3)}, storm.Italy: {dip("Albania", 0)}})
	round, _ := enginetest.FirstOf[event.DiplomaticRoundPlaced](evs)
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
		if sealed, ok := e.(event.DiplomaticCountersSealed); ok && e.Visibility().Public {
			t.Errorf("sealed values public: %+v", sealed)
		}
	}
	var res []event.Event
	diplomacy.ResolveDiplomacy(&s, &res)
	rev, _ := enginetest.FirstOf[event.DiplomacyRevealed](res)
	for _, c := range rev.Commitments {
		var mine []storm.Placement
		for _, pl := range rev.Placements {
			if pl.Power == c.Power && pl.Round == c.Round {
				mine = append(mine, pl)
			}
		}
		if diplomacy.CommitmentHash(s.Turn, c.Power, c.Round, mine, c.Salt) != c.Hash {
			t.Errorf("%s's commitment does not check", c.Power)
		}
		mine[0].Strength++
		if diplomacy.CommitmentHash(s.Turn, c.Power, c.Round, mine, c.Salt) == c.Hash {
			t.Errorf("%s's commitment checks a changed value", c.Power)
		}
	}
	if !strings.Contains(diplomacy.CommitmentText(s.Turn, storm.Germany, storm.SegDiplomacyAxis1, []storm.Placement{{Country: "Poland", Strength: 3}}, "x"), "Poland=3\n") {
		t.Error("commitment text format")
	}
}

// Rule 24.81B: only an alliance strictly higher than both others gets a
// result; 24.82A-B flags placed or removed one level; 24.82C the
// successful power and the power that loses a flag.
func TestRule24_81ResolvingDiplomacy(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Bulgaria", 2)}, storm.Italy: {dip("Greece", 1)}})
	s.Segment = storm.SegDiplomacyRussia
	place(t, &s, map[storm.Power][]storm.Order{storm.Russia: {dip("Poland", 2), dip("Finland", 1)}})
	s.Segment = storm.SegDiplomacyAllies
	place(t, &s, map[storm.Power][]storm.Order{storm.France: {dip("Greece", 1)}, storm.Britain: {dip("Finland", 3)}})
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, storm.DiplomaticModifier{Country: "Hungary", Side: storm.Allies, Power: storm.Britain, Value: 1, Card: 5, Rule: "9.31C"})
	var evs []event.Event
	diplomacy.ResolveDiplomacy(&s, &evs)
	got := map[string]event.DiplomaticResult{}
	for _, e := range evs {
		if r, ok := e.(event.DiplomaticResult); ok {
			got[r.Country] = r
		}
	}
	want := map[string]struct {
		winner storm.Side
		flags  map[storm.Power]int
	}{
		"Bulgaria": {storm.Axis, map[storm.Power]int{storm.Germany: 1}},                   // neutral: a German flag
		"Greece":   {"", map[storm.Power]int{}},                                           // 1 against 1: no result
		"Poland":   {storm.Soviet, map[storm.Power]int{storm.France: 1, storm.Russia: 1}}, // Allied flag stays before the pact (24.82B)
		"Finland":  {storm.Allies, map[storm.Power]int{}},                                 // the German flag removed
		"Hungary":  {storm.Allies, map[storm.Power]int{}},                                 // an event alone (24.16): the Italian flag removed
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
	if r := got["Finland"]; r.Power != storm.Britain {
		t.Errorf("24.82C: Finland's result goes to %s, want Britain", r.Power)
	}
}

func sameFlags(a, b map[storm.Power]int) bool {
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
	shift := func(flags map[storm.Power]int, side storm.Side, winner storm.Power, contrib map[storm.Power]int, pact bool) (map[storm.Power]int, string, storm.State) {
		s := setup.NewGame(1)
		if pact {
			s.SupportFacts.PactSigned = &s.Turn
		}
		m := s.Minor("Bulgaria")
		m.SetFlagCounts(flags)
		ch := diplomacy.ShiftAlignment(&s, m, side, winner, contrib)
		return m.FlagCounts(), ch, s
	}
	cases := []struct {
		name   string
		flags  map[storm.Power]int
		side   storm.Side
		winner storm.Power
		pact   bool
		want   map[storm.Power]int
		threat bool
	}{
		{"allied beside russian", map[storm.Power]int{storm.Russia: 2}, storm.Allies, storm.France, false, map[storm.Power]int{storm.Russia: 2, storm.France: 1}, false},
		{"axis removes russian first", map[storm.Power]int{storm.Russia: 1, storm.Britain: 2}, storm.Axis, storm.Italy, false, map[storm.Power]int{storm.Britain: 2}, true},
		{"after the pact allies remove russian", map[storm.Power]int{storm.Russia: 2}, storm.Allies, storm.France, true, map[storm.Power]int{storm.Russia: 1}, false},
		{"four flags", map[storm.Power]int{storm.Germany: 3, storm.Italy: 1}, storm.Axis, storm.Germany, false, map[storm.Power]int{storm.Germany: 3, storm.Italy: 1}, false},
		{"more flags lose", map[storm.Power]int{storm.Germany: 1, storm.Italy: 2}, storm.Allies, storm.France, false, map[storm.Power]int{storm.Germany: 1, storm.Italy: 1}, false},
		{"tie: italy loses", map[storm.Power]int{storm.Germany: 1, storm.Italy: 1}, storm.Allies, storm.France, false, map[storm.Power]int{storm.Germany: 1}, false},
		{"tie: britain loses", map[storm.Power]int{storm.France: 1, storm.Britain: 1}, storm.Soviet, storm.Russia, true, map[storm.Power]int{storm.France: 1}, false},
		{"four allied flags: russian advantage", map[storm.Power]int{storm.France: 4}, storm.Soviet, storm.Russia, false, map[storm.Power]int{storm.France: 4}, false},
	}
	for _, c := range cases {
		got, ch, s := shift(c.flags, c.side, c.winner, map[storm.Power]int{c.winner: 1}, c.pact)
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
	s := diplomacyGame(storm.SegDiplomacyResolve)
	s.Minor("Bulgaria").SetFlagCounts(map[storm.Power]int{storm.Germany: 4})
	s.Diplomacy.Modifiers = []storm.DiplomaticModifier{{Country: "Bulgaria", Side: storm.Axis, Power: storm.Germany, Value: 2, Card: 7, Rule: "9.31C"}}
	before := s.Powers[storm.Germany].Support
	var evs []event.Event
	diplomacy.ResolveDiplomacy(&s, &evs)
	if got := s.Powers[storm.Germany].Support - before; got != 2 {
		t.Errorf("24.82E: German support %+d, want +2", got)
	}
}

// Rule 24.55 through Resolve: a game that plays diplomacy asks the round's
// powers that can place, one round after the other, and resolves; the
// secret values never reach a public event before the resolution.
func TestRule24_55DiplomaticPhaseByResolve(t *testing.T) {
	s, _, err := adjudicator.Resolve(diplomacy.WithDiplomacy(setup.NewGame(3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = adjudicator.Resolve(s, nil) // the economic phase: everyone passes
	if s.Segment != storm.SegDiplomacyAxis1 || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Germany, storm.Italy}) {
		t.Fatalf("segment %s, required %v", s.Segment, adjudicator.Required(s))
	}
	var all []event.Event
	step := func(orders map[storm.Power][]storm.Order) {
		t.Helper()
		for p, os := range orders {
			if errs := adjudicator.Validate(s, p, os); len(errs) > 0 {
				t.Fatalf("%s %s: %v", s.Segment, p, errs)
			}
		}
		var evs []event.Event
		s, evs, err = adjudicator.Resolve(s, orders)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, evs...)
	}
	step(map[storm.Power][]storm.Order{storm.Germany: {dip("Bulgaria", 2)}, storm.Italy: {dip("Greece", 1)}})
	if s.Segment != storm.SegDiplomacyRussia {
		t.Fatalf("segment %s", s.Segment)
	}
	step(map[storm.Power][]storm.Order{storm.Russia: {dip("Turkey", 1)}})
	step(map[storm.Power][]storm.Order{storm.Britain: {dip("Norway", 1)}})
	if s.Segment != storm.SegDiplomacyAxis2 || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Italy, storm.Germany}) {
		t.Fatalf("segment %s, required %v", s.Segment, adjudicator.Required(s))
	}
	step(nil)
	if s.Segment != storm.SegEconomic || s.Turn != storm.FirstTurn.Next() {
		t.Fatalf("after diplomacy: %s %s", s.Turn, s.Segment)
	}
	revealed := false
	for _, e := range all {
		switch e := e.(type) {
		case event.DiplomacyRevealed:
			revealed = true
		case event.DiplomaticCountersSealed:
			if e.Visibility().Public {
				t.Error("sealed values public")
			}
		}
		if rp, ok := e.(event.DiplomaticRoundPlaced); ok && !revealed {
			for _, l := range rp.Locations {
				if l.Strength != 0 && !l.Military {
					t.Errorf("value public before the resolution: %+v", l)
				}
			}
		}
	}
	if got := s.Minor("Bulgaria").FlagCounts()[storm.Germany]; got != 1 || !revealed {
		t.Errorf("Bulgaria German flags %d, revealed %v", got, revealed)
	}
}

func mil(country string) storm.Order {
	return storm.Order{Kind: storm.MilitaryCounter, Project: country}
}

// Rules 24.42-24.47: military counters, open, +1, one tile point, one per
// country, in the placing power's round, within its targets and its limit.
func TestRule24_4MilitaryCounters(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Powers[storm.Germany].Active.Armor += 6 // an Axis balance of power advantage
	s.Powers[storm.Germany].Support = 2
	s.Powers[storm.Italy].Support = 1
	if diplomacy.MilitaryCounterLimit(s, storm.Germany) < 1 {
		t.Fatalf("Germany may place no military counter: advantage %d", diplomacy.BalanceAdvantage(s, storm.Axis))
	}
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{mil("Sweden")}, "24.43")
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{mil("Austria"), mil("Austria")}, "24.42D")
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{mil("Greece")}, "24.44")
	evs := place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {mil("Austria"), dip("Austria", 1)}, storm.Italy: {mil("Albania")}})
	round, _ := enginetest.FirstOf[event.DiplomaticRoundPlaced](evs)
	open := 0
	for _, l := range round.Locations {
		if l.Military && l.Strength == 1 {
			open++
		}
	}
	if open != 2 {
		t.Errorf("24.42B: %d military counters placed openly, want 2: %+v", open, round.Locations)
	}
	s.Segment = storm.SegDiplomacyAxis2
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{mil("Poland")}, "24.42A")
	s.Segment = storm.SegDiplomacyAllies
	wantPlacementRefused(t, s, storm.Britain, []storm.Order{mil("Belgium/Luxembourg")}, "24.46")
	wantPlacementRefused(t, s, storm.France, []storm.Order{mil("Belgium/Luxembourg")}, "24.45") // no Allied advantage
	s.Segment = storm.SegDiplomacyResolve
	before := s.Powers[storm.Germany].TilePoints
	var res []event.Event
	diplomacy.ResolveDiplomacy(&s, &res)
	if got := before - s.Powers[storm.Germany].TilePoints; got != 2 {
		t.Errorf("24.42F: Germany paid %d, want 1 for the military and 1 for the diplomatic counter", got)
	}
	for _, e := range res {
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == "Austria" && r.Effort.Axis != 2 {
			t.Errorf("24.42G: the Axis effort in Austria is %d, want 2", r.Effort.Axis)
		}
	}
	// Russia: a garrison surplus and positive support, not in a purge.
	r := diplomacyGame(storm.SegDiplomacyRussia)
	r.Powers[storm.Russia].Support = 2
	r.Russia.Garrison.Surplus = 3
	if diplomacy.MilitaryCounterLimit(r, storm.Russia) != 2 {
		t.Errorf("24.47B: Russia may place %d", diplomacy.MilitaryCounterLimit(r, storm.Russia))
	}
	r.Russia.NoMilitaryCounters = true
	wantPlacementRefused(t, r, storm.Russia, []storm.Order{mil("Poland")}, "24.47")
}

// Rules 24.31-24.38: the anti-Comintern counter.
func TestRule24_3AntiComintern(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	// 24.32: strength by purge events.
	for n, want := range map[int]int{0: 1, 9: 1, 10: 2, 19: 2, 20: 3, 30: 3} {
		s.Russia.PurgeEvents = n
		if got := diplomacy.AntiCominternStrength(s); got != want {
			t.Errorf("24.32: %d purge events: strength %d, want %d", n, got, want)
		}
	}
	s.Russia.PurgeEvents = 0
	// 24.34C: at setup Finland and Rumania have a German flag, Poland a
	// French one (24.34B: out), Turkey none: Turkey first, then the Axis
	// flags, fewest first.
	if got := diplomacy.AntiCominternPlaces(s); !slices.Equal(got, []string{"Turkey", "Finland", "Rumania"}) {
		t.Errorf("24.34: ranking %v", got)
	}
	s.Minor("Rumania").SetFlagCounts(map[storm.Power]int{storm.Russia: 1})
	if got := diplomacy.AntiCominternPlaces(s); got[0] != "Rumania" {
		t.Errorf("24.34C: a Russian flag first: %v", got)
	}
	s.Minor("Rumania").SetFlagCounts(map[storm.Power]int{storm.Germany: 1})
	// 24.34D: a tie chosen by the Axis.
	s.Minor("Turkey").SetFlagCounts(map[storm.Power]int{})
	s.Minor("Finland").SetFlagCounts(map[storm.Power]int{})
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{{Kind: storm.AntiCominternOrder, Project: "Rumania"}}, "24.34C")
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{{Kind: storm.AntiCominternOrder, Project: "Turkey"}}, "24.31")
	evs := place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.AntiCominternOrder, Project: "Turkey"}, dip("Finland", 3)}})
	ac, _ := enginetest.FirstOf[event.AntiCominternPlaced](evs)
	if ac.Country != "Turkey" || ac.Strength != 1 {
		t.Errorf("24.31: placed %+v, want Turkey, 1", ac)
	}
	// 24.36A, 24.56B: the Allies not there, Russia may.
	s.Segment = storm.SegDiplomacyAllies
	wantPlacementRefused(t, s, storm.Britain, []storm.Order{dip("Turkey", 1)}, "24.56B")
	s.Segment = storm.SegDiplomacyRussia
	if errs := diplomacy.CheckPlacements(s, storm.Russia, []storm.Order{dip("Turkey", 1)}); len(errs) > 0 {
		t.Errorf("24.36A: Russia refused in Turkey: %v", errs)
	}
	// 24.37: it counts as a German counter.
	s.Segment = storm.SegDiplomacyResolve
	var res []event.Event
	diplomacy.ResolveDiplomacy(&s, &res)
	for _, e := range res {
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == "Turkey" && (r.Effort.Axis != 1 || r.Power != storm.Germany) {
			t.Errorf("24.37: Turkey %+v", r)
		}
	}
	// 24.35: the Axis' own effort beyond its strength displaces it; where
	// it stays an Axis counter is void (24.56B).
	d := diplomacyGame(storm.SegDiplomacyAxis1)
	evs = place(t, &d, map[storm.Power][]storm.Order{storm.Germany: {dip("Turkey", 2)}})
	ac, _ = enginetest.FirstOf[event.AntiCominternPlaced](evs)
	if ac.Country != "Finland" || !slices.Equal(ac.Displaced, []string{"Turkey"}) {
		t.Errorf("24.35: placed %+v, want Finland after Turkey", ac)
	}
	d = diplomacyGame(storm.SegDiplomacyAxis1)
	evs = place(t, &d, map[storm.Power][]storm.Order{storm.Italy: {dip("Turkey", 1)}})
	if v, ok := enginetest.FirstOf[event.OrderVoided](evs); !ok || v.Rule != "24.56B" || d.Diplomacy.Placements[0].Void != "24.56B" || d.Powers[storm.Italy].Used != (storm.ActivityCounters{}) {
		t.Errorf("24.56B: Italy's counter under the anti-Comintern counter: %+v, placements %+v", v, d.Diplomacy.Placements)
	}
	// 24.38: none after the pact.
	d = diplomacyGame(storm.SegDiplomacyAxis1)
	d.SupportFacts.PactSigned = &d.Turn
	if place(t, &d, map[storm.Power][]storm.Order{storm.Germany: {dip("Austria", 1)}}); d.Diplomacy.AntiComintern != nil {
		t.Errorf("24.38: placed after the pact: %+v", d.Diplomacy.AntiComintern)
	}
	wantPlacementRefused(t, d, storm.Germany, []storm.Order{{Kind: storm.AntiCominternOrder, Project: "Turkey"}}, "24.38")
}

// Standing orders (issue 11's round trips, 24.55): Germany sends its
// second-round counter and Britain its Allied counter with the first
// round's orders; neither round waits for them, and a standing order the
// state no longer allows is void when its round opens.
func TestRule24_55StandingOrders(t *testing.T) {
	s, _, _ := adjudicator.Resolve(diplomacy.WithDiplomacy(setup.NewGame(3)), nil)
	s, _, _ = adjudicator.Resolve(s, nil)
	ger := []storm.Order{dip("Bulgaria", 2), {Kind: storm.Diplomatic, Project: "Austria", Counters: []int{1}, For: storm.SegDiplomacyAxis2}}
	bri := []storm.Order{{Kind: storm.Diplomatic, Project: "Norway", Counters: []int{2}, For: storm.SegDiplomacyAllies}}
	if errs := adjudicator.Validate(s, storm.Germany, ger); len(errs) > 0 {
		t.Fatal(errs)
	}
	if !adjudicator.MayOrder(s, storm.Britain, bri) || adjudicator.MayOrder(s, storm.Britain, []storm.Order{dip("Norway", 2)}) {
		t.Error("MayOrder: standing orders alone welcome, others not")
	}
	if errs := adjudicator.Validate(s, storm.Britain, bri); len(errs) > 0 {
		t.Fatal(errs)
	}
	bad := []storm.Order{{Kind: storm.Diplomatic, Project: "Norway", Counters: []int{2}, For: storm.SegCovert}}
	if errs := adjudicator.Validate(s, storm.Italy, bad); len(errs) == 0 {
		t.Error("a standing order for a segment that is not a placement round accepted")
	}
	if errs := adjudicator.Validate(s, storm.Italy, []storm.Order{{Kind: storm.Diplomatic, Project: "Norway", Counters: []int{2}, For: storm.SegDiplomacyAllies}}); len(errs) == 0 {
		t.Error("Italy's order for the Allied round accepted")
	}
	s, _, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: ger, storm.Britain: bri, storm.Italy: {dip("Albania", 1)}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != storm.SegDiplomacyRussia {
		t.Fatalf("segment %s", s.Segment)
	}
	s, _, _ = adjudicator.Resolve(s, nil) // Russia passes
	// The Allied round: Britain's standing order stands; only France is asked.
	if s.Segment != storm.SegDiplomacyAllies || slices.Contains(adjudicator.Required(s), storm.Britain) || !slices.Contains(adjudicator.Required(s), storm.France) {
		t.Fatalf("segment %s required %v", s.Segment, adjudicator.Required(s))
	}
	s, evs, _ := adjudicator.Resolve(s, nil)
	found := false
	for _, e := range evs {
		if r, ok := e.(event.DiplomaticRoundPlaced); ok && r.Round == storm.SegDiplomacyAllies {
			found = len(r.Locations) == 1 && r.Locations[0].Power == storm.Britain && r.Locations[0].Country == "Norway"
		}
	}
	if !found {
		t.Error("Britain's standing order was not placed")
	}
	// Axis second round: Germany's standing order made it not asked; Italy is.
	if s.Segment != storm.SegDiplomacyAxis2 || slices.Contains(adjudicator.Required(s), storm.Germany) {
		t.Fatalf("segment %s required %v", s.Segment, adjudicator.Required(s))
	}
	s, _, _ = adjudicator.Resolve(s, nil)
	if s.Segment != storm.SegEconomic {
		t.Fatalf("segment %s", s.Segment)
	}
	if s.Minor("Austria").FlagCounts()[storm.Germany] != 2 || len(s.Diplomacy.Standing) != 0 {
		t.Errorf("Austria flags %v, standing %+v", s.Minor("Austria").FlagCounts(), s.Diplomacy.Standing)
	}
}

// Rule 24.14, 24.54E: a random event's additional diplomatic counter, at
// the normal cost, beyond the two a turn (and beyond one in an Axis round,
// seed 003's "Diplomatic initiative"), in its country or region.
func TestRule24_14ExtraDiplomaticCounter(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Diplomacy.On = true
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Germany, 9, "Diplomatic initiative", storm.Effect{Kind: storm.EffectExtraDiplomaticCounter}, nil, &evs)
	evs = place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 2), dip("Austria", 1)}})
	for _, pl := range s.Diplomacy.Placements {
		if pl.Country == "Austria" && pl.Exempt != "random event 9 (24.14)" {
			t.Errorf("24.54E: the second Axis counter not under the event: %+v", pl)
		}
	}
	s.Segment = storm.SegDiplomacyAxis2
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{dip("Bulgaria", 1), dip("Greece", 1)}, "24.54E")
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Bulgaria", 1)}})
	// A regional leave: only in its region.
	r := diplomacyGame(storm.SegDiplomacyAllies)
	r.Diplomacy.On = true
	randomevent.ApplyEffect(&r, storm.Britain, 4, "Scandinavian mission", storm.Effect{Kind: storm.EffectExtraDiplomaticCounter, Region: storm.Scandinavia}, nil, &evs)
	wantPlacementRefused(t, r, storm.Britain, []storm.Order{dip("Spain", 1), dip("Greece", 2), dip("Bulgaria", 3)}, "24.54E")
	if errs := diplomacy.CheckPlacements(r, storm.Britain, []storm.Order{dip("Spain", 1), dip("Greece", 2), dip("Norway", 3)}); len(errs) > 0 {
		t.Errorf("24.14: a third counter in Scandinavia refused: %v", errs)
	}
}

// revealAndResolve ends the placement rounds with the Axis' second round
// (no orders), where the counters and events are revealed (24.81A), and
// resolves diplomacy.
func revealAndResolve(s *storm.State) []event.Event {
	var evs []event.Event
	s.Segment = storm.SegDiplomacyAxis2
	diplomacy.ResolvePlacementRound(s, nil, &evs)
	s.Segment = storm.SegDiplomacyResolve
	diplomacy.ResolveDiplomacySegment(s, nil, &evs)
	return evs
}

// Rule 4.16 (seed 003, step 6): a flexible event's modifier goes to the
// target of its region the holder names, else the region's first; a
// secret one can be directed before it is revealed.
func TestRule4_16FlexibleModifier(t *testing.T) {
	s := randomevent.WithDeck(diplomacyGame(storm.SegDiplomacyAxis1), enginetest.TestDeck(12, nil)) // flexible events come from a deck
	s.Diplomacy.On = true
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Italy, 5, "Italian influence in the Balkans", storm.Effect{Kind: storm.EffectFlexibleModifier, Region: storm.Balkans, Value: 1}, nil, &evs)
	wantPlacementRefused(t, s, storm.Italy, []storm.Order{{Kind: storm.FlexibleOrder, Card: 5, Project: "Norway"}}, "4.16")
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{{Kind: storm.FlexibleOrder, Card: 5, Project: "Greece"}}, "4.16")
	place(t, &s, map[storm.Power][]storm.Order{storm.Italy: {{Kind: storm.FlexibleOrder, Card: 5, Project: "Greece"}}})
	res := revealAndResolve(&s)
	fa, ok := enginetest.FirstOf[event.FlexibleApplied](res)
	if !ok || fa.Country != "Greece" || fa.Power != storm.Italy {
		t.Errorf("4.16: %+v", fa)
	}
	for _, e := range res {
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == "Greece" && (r.Winner != storm.Axis || r.Power != storm.Italy) {
			t.Errorf("4.16: Greece %+v", r)
		}
	}
	// Unchosen: the region's first target.
	d := diplomacyGame(storm.SegDiplomacyResolve)
	d.Diplomacy.On = true
	randomevent.ApplyEffect(&d, 0, 6, "Balkan credits", storm.Effect{Kind: storm.EffectFlexibleModifier, Region: storm.Balkans, Value: 2, Side: storm.Soviet}, nil, &evs)
	res = revealAndResolve(&d)
	if fa, _ := enginetest.FirstOf[event.FlexibleApplied](res); fa.Country != storm.RegionCountries(storm.Balkans)[0] || fa.Power != storm.Russia {
		t.Errorf("4.16 default: %+v", fa)
	}
}

// Review mends: the salt draws nothing from the game's generator; a
// military counter does not use up a diplomatic one (24.54E, 24.55D);
// Italy places before Germany in the second Axis round (24.55); Russian
// military counters need support 1, 2, 3 (24.47A-C); no flexible modifier
// in Russia.
func TestRule24_55ReviewMends(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Powers[storm.Germany].Active.Armor += 6
	s.Powers[storm.Germany].Support = 2
	rng := s.RNG
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {mil("Austria"), dip("Poland", 1)}})
	if s.RNG != rng {
		t.Error("placing counters drew from the game's generator")
	}
	s.Segment = storm.SegDiplomacyAxis2
	if errs := diplomacy.CheckPlacements(s, storm.Germany, []storm.Order{dip("Bulgaria", 2)}); len(errs) > 0 {
		t.Errorf("24.55D: a military and a diplomatic counter in the first round block the second: %v", errs)
	}
	if errs := diplomacy.CheckPlacements(s, storm.Italy, []storm.Order{dip("Greece", 1)}); len(errs) == 0 {
		t.Error("24.55D: Italy placed nothing first")
	}
	a := diplomacyGame(storm.SegDiplomacyAxis1)
	place(t, &a, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 1)}, storm.Italy: {dip("Albania", 1)}})
	a.Segment = storm.SegDiplomacyAxis2
	evs := place(t, &a, map[storm.Power][]storm.Order{storm.Germany: {dip("Greece", 2)}, storm.Italy: {dip("Greece", 1)}})
	if v, ok := enginetest.FirstOf[event.OrderVoided](evs); !ok || v.Power != storm.Germany {
		t.Errorf("24.55: in the second round Italy places first: %+v", v)
	}
	r := diplomacyGame(storm.SegDiplomacyRussia)
	r.Powers[storm.Russia].Support = 1
	r.Russia.Garrison.Surplus = 6
	if got := diplomacy.MilitaryCounterLimit(r, storm.Russia); got != 1 {
		t.Errorf("24.47A-C: surplus 6, support 1: %d military counters, want 1", got)
	}
	f := storm.FlexibleEvent{Region: storm.EasternEurope}
	if !slices.Contains(diplomacy.FlexibleTargets(f), storm.RussiaTarget) {
		t.Error("4.16, 10.91F: a flexible Eastern European modifier may go to Russia")
	}
}

// Rule 24.14: the order of the lines does not decide which counter uses a
// regional event's leave.
func TestRule24_14LineOrderDoesNotMatter(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Diplomacy.On = true
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Germany, 9, "Balkan initiative", storm.Effect{Kind: storm.EffectExtraDiplomaticCounter, Region: storm.Balkans}, nil, &evs)
	for _, os := range [][]storm.Order{{dip("Bulgaria", 2), dip("Austria", 1)}, {dip("Austria", 1), dip("Bulgaria", 2)}} {
		if errs := diplomacy.CheckPlacements(s, storm.Germany, os); len(errs) > 0 {
			t.Errorf("%v: %v", os, errs)
		}
	}
}

// Rule 24.551B (a random event's spy ring): a counter in its target does
// not count against the limits, its alliance gets +1 there, and Russia may
// place there despite geography or a purge (24.61A-B).
func TestRule24_551SpyRingEvent(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyRussia)
	s.Diplomacy.On = true
	s.Russia.NoDiplomaticCounters = true
	var evs []event.Event
	randomevent.ApplyEffect(&s, storm.Russia, 8, "Madrid cell", storm.Effect{Kind: storm.EffectSpyRing, Country: "Spain"}, nil, &evs)
	wantPlacementRefused(t, s, storm.Russia, []storm.Order{dip("Poland", 1)}, "24.61A")
	if errs := diplomacy.CheckPlacements(s, storm.Russia, []storm.Order{dip("Spain", 2)}); len(errs) > 0 {
		t.Fatalf("24.551B: Russia refused in its spy ring's target: %v", errs)
	}
	place(t, &s, map[storm.Power][]storm.Order{storm.Russia: {dip("Spain", 2)}})
	if pl := s.Diplomacy.Placements[0]; pl.Exempt == "" {
		t.Errorf("24.54E: the spy ring's counter counts against the limit: %+v", pl)
	}
	s.Segment = storm.SegDiplomacyResolve
	var res []event.Event
	diplomacy.ResolveDiplomacy(&s, &res)
	for _, e := range res {
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == "Spain" && r.Effort.Russia != 3 {
			t.Errorf("24.551B: Russian effort in Spain %d, want 2 + 1", r.Effort.Russia)
		}
	}
}

// Rule 24.52B: a power may reveal a secret support event to pay for its
// diplomatic counters (9.41E): PLAY with the round's orders.
func TestRule24_52BRevealSupportToPay(t *testing.T) {
	d := enginetest.TestDeck(12, func(c *storm.Card) {
		c.National[storm.Germany] = storm.CardEvent{Title: "Rally", Secret: true, Category: storm.CategorySupport, Effects: []storm.Effect{{Kind: storm.EffectSupport, Value: 2}}}
	})
	s, _, err := adjudicator.Resolve(diplomacy.WithDiplomacy(setup.NewGameWithDeck(1, d)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = adjudicator.Resolve(s, nil) // the economic phase passes; Germany keeps its event
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("segment %s", s.Segment)
	}
	h := randomevent.HeldEvents(s, storm.Germany)
	if len(h) != 1 {
		t.Fatalf("Germany holds %v", h)
	}
	s.Powers[storm.Germany].TilePoints = 1
	s.Powers[storm.Germany].Counters = storm.ActivityCounters{Three: 1}
	s.Powers[storm.Germany].Used = storm.ActivityCounters{}
	wantPlacementRefused(t, s, storm.Germany, []storm.Order{dip("Bulgaria", 3)}, "24.52B")
	orders := []storm.Order{{Kind: storm.Play, Card: h[0].Card}, dip("Bulgaria", 3)}
	if errs := adjudicator.Validate(s, storm.Germany, orders); len(errs) > 0 {
		t.Fatalf("24.52B: refused with the event played: %v", errs)
	}
	n, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: orders})
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := enginetest.FirstOf[event.RandomEventApplied](evs); !ok || a.Power != storm.Germany || !a.Secret {
		t.Errorf("9.41E: the event was not revealed: %+v", a)
	}
	if len(n.Diplomacy.Placements) != 1 || n.Powers[storm.Germany].TilePoints != 3 {
		t.Errorf("placements %+v, tile points %d (want 1 + 2, paid at the end)", n.Diplomacy.Placements, n.Powers[storm.Germany].TilePoints)
	}
}

// CombineOrders: standing orders alone are added (replacing those for the
// rounds they name); orders for the open segment replace the earlier
// ones and keep the standing orders for rounds they do not name.
func TestRule24_55CombineOrders(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Diplomacy.On = true
	now := dip("Poland", 2)
	axis2 := storm.Order{Kind: storm.Diplomatic, Project: "Austria", Counters: []int{1}, For: storm.SegDiplomacyAxis2}
	axis2b := storm.Order{Kind: storm.Diplomatic, Project: "Bulgaria", Counters: []int{1}, For: storm.SegDiplomacyAxis2}
	got, pass := adjudicator.CombineOrders(s, []storm.Order{now, axis2}, false, []storm.Order{axis2b}, false)
	if !slices.EqualFunc(got, []storm.Order{now, axis2b}, func(a, b storm.Order) bool { return a.String() == b.String() }) || pass {
		t.Errorf("standing alone: %v %v", got, pass)
	}
	got, pass = adjudicator.CombineOrders(s, []storm.Order{now, axis2}, false, nil, true)
	if !slices.EqualFunc(got, []storm.Order{axis2}, func(a, b storm.Order) bool { return a.String() == b.String() }) || !pass {
		t.Errorf("PASS after orders: %v %v", got, pass)
	}
	got, _ = adjudicator.CombineOrders(s, []storm.Order{axis2}, true, []storm.Order{dip("Greece", 1)}, false)
	if len(got) != 2 || got[0].String() != axis2.String() {
		t.Errorf("new orders keep the standing ones: %v", got)
	}
}

// Rule 24.52B: a support event played to pay for the open round's counter
// pays for the standing counter of a later round too: the receipt's
// foresight reckons with the tile points the PLAY brings (9.41E).
func TestRule24_52BPlayedSupportPaysTheStandingCounter(t *testing.T) {
	d := enginetest.TestDeck(12, func(c *storm.Card) {
		c.National[storm.Germany] = storm.CardEvent{Title: "Rally", Secret: true, Category: storm.CategorySupport, Effects: []storm.Effect{{Kind: storm.EffectSupport, Value: 2}}}
	})
	s, _, err := adjudicator.Resolve(diplomacy.WithDiplomacy(setup.NewGameWithDeck(1, d)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = adjudicator.Resolve(s, nil)
	h := randomevent.HeldEvents(s, storm.Germany)
	if s.Segment != storm.SegDiplomacyAxis1 || len(h) != 1 {
		t.Fatalf("segment %s, Germany holds %v", s.Segment, h)
	}
	s.Powers[storm.Germany].TilePoints = 1
	s.Powers[storm.Germany].Counters = storm.ActivityCounters{One: 2}
	s.Powers[storm.Germany].Used = storm.ActivityCounters{}
	later := dip("Hungary", 1)
	later.For = storm.SegDiplomacyAxis2
	without := []storm.Order{dip("Bulgaria", 1), later}
	if errs := adjudicator.Validate(s, storm.Germany, without); len(errs) != 1 || errs[0].Rule != "24.52B" {
		t.Fatalf("without the event: %v, want the standing counter refused (24.52B)", errs)
	}
	with := append([]storm.Order{{Kind: storm.Play, Card: h[0].Card}}, without...)
	if errs := adjudicator.Validate(s, storm.Germany, with); len(errs) > 0 {
		t.Errorf("24.52B: with the event played, refused: %v", errs)
	}
}

// Rule 24.53A: an additional civil war counter uses no activity counter,
// so a standing counter for a later round may use the one it leaves.
func TestRule24_53AFreeCounterLeavesTheStandingOnesCounter(t *testing.T) {
	s, _, err := adjudicator.Resolve(diplomacy.WithDiplomacy(setup.NewGame(1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = adjudicator.Resolve(s, nil)
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("segment %s", s.Segment)
	}
	ps := s.Powers[storm.Germany]
	ps.TilePoints = 10
	ps.Counters, ps.Used = storm.ActivityCounters{One: 1}, storm.ActivityCounters{}
	ps.Economy.FreeDiplomaticCounters = 1
	s.Diplomacy.CivilWars = []storm.CivilWar{{Country: "Spain", Began: s.Turn, Counters: []int{1, 2, 3, 4, 5}}}
	free := storm.Order{Kind: storm.Diplomatic, Project: "Spain", Counters: []int{1}, Args: []string{"free"}}
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{free}); len(errs) > 0 {
		t.Fatalf("the free counter alone: %v", errs)
	}
	later := dip("Hungary", 1)
	later.For = storm.SegDiplomacyAxis2
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{free, later}); len(errs) > 0 {
		t.Errorf("24.53A: the free counter took the standing order's counter: %v", errs)
	}
}
