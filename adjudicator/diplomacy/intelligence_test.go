package diplomacy_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// giveResults gives side n results of an intelligence project (16.16).
func giveResults(t *testing.T, s *storm.State, p storm.Power, project string, n int) {
	t.Helper()
	r, _ := storm.FindProject(storm.SideOf(p), project)
	var evs []event.Event
	if _, err := track.ResearchEvent(s, p, project, n*r.StepsPerResult, false, &evs); err != nil {
		t.Fatal(err)
	}
	if got := track.HeldResults(*s, storm.SideOf(p), project); got < n {
		t.Fatalf("%s holds %d %s results, want %d", storm.SideOf(p), got, project, n)
	}
}

func ring(country string) storm.Order { return storm.Order{Kind: storm.SpyRingOrder, Project: country} }

func covert(country, cond string) storm.Order {
	o := storm.Order{Kind: storm.CovertOrder, Project: country}
	if cond != "" {
		o.Args = []string{cond}
	}
	return o
}

// Rule 16.16B: an espionage result must be placed in the spy-ring segment
// at the end of the economic phase, by the side's leader; a ring where
// another stands eliminates both; an unplaced result lapses.
func TestRule16_16BSpyRingPlacement(t *testing.T) {
	s := diplomacyGame(storm.SegSpyRings)
	s.Diplomacy.On = true
	if r := adjudicator.Required(s); len(r) != 0 {
		t.Fatalf("16.16B: nobody holds espionage, required %v", r)
	}
	giveResults(t, &s, storm.Germany, storm.ProjectEspionage, 1)
	giveResults(t, &s, storm.Britain, storm.ProjectEspionage, 1)
	if r := adjudicator.Required(s); !slices.Equal(r, []storm.Power{storm.Germany, storm.Britain}) {
		t.Fatalf("16.16B: required %v, want the leaders Germany and Britain", r)
	}
	refused := func(p storm.Power, os []storm.Order, frag string) {
		t.Helper()
		errs := diplomacy.CheckSpyRings(s, p, os)
		if len(errs) == 0 || !strings.Contains(errs[0].Msg, frag) {
			t.Errorf("%s %v: want a refusal with %q, got %v", p, os, frag, errs)
		}
	}
	refused(storm.Italy, []storm.Order{ring("Poland")}, "Germany orders")
	refused(storm.Germany, nil, "must place every espionage result")
	refused(storm.Germany, []storm.Order{ring("Poland"), ring("Austria")}, "hold 1 espionage")
	refused(storm.Germany, []storm.Order{ring(storm.RussiaTarget)}, "diplomatic target")
	refused(storm.Germany, []storm.Order{{Kind: storm.SpyRingOrder, Project: "research", Args: []string{"axis", "naval"}}}, "opposing side")
	refused(storm.Germany, []storm.Order{{Kind: storm.ReactivateOrder, Project: "Poland"}}, "no standing spy ring")
	if errs := diplomacy.CheckSpyRings(s, storm.Germany, []storm.Order{ring("Poland")}); len(errs) > 0 {
		t.Fatal(errs)
	}
	n, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {ring("Poland")}, storm.Britain: {ring("Poland")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Diplomacy.Rings) != 2 || n.Diplomacy.Rings[0].Eliminated == "" || n.Diplomacy.Rings[1].Eliminated == "" {
		t.Errorf("16.16B: two rings in Poland should both be eliminated: %+v", n.Diplomacy.Rings)
	}
	if track.HeldResults(n, storm.Axis, storm.ProjectEspionage) != 0 || track.HeldResults(n, storm.Allies, storm.ProjectEspionage) != 0 {
		t.Error("16.16B: the espionage results are not used")
	}
	if len(randomevent.AllEvents[event.IntelligenceAnnounced](evs)) != 2 {
		t.Errorf("16.16B: announcements %v", randomevent.AllEvents[event.IntelligenceAnnounced](evs))
	}
	// Eliminated rings give no exception (24.551B) but still open the
	// opposing placements... of neither side, since both were active
	// (16.16B: each side commits secretly).
	if diplomacy.SpyRingIn(n, storm.Germany, "Poland") || diplomacy.OpenPlacement(n, storm.Germany, "Poland") || !diplomacy.OpenPlacement(n, storm.Russia, "Poland") {
		t.Errorf("24.551: exception %v, German open %v, Russian open %v", diplomacy.SpyRingIn(n, storm.Germany, "Poland"),
			diplomacy.OpenPlacement(n, storm.Germany, "Poland"), diplomacy.OpenPlacement(n, storm.Russia, "Poland"))
	}
	// Unplaced: the result lapses at the deadline.
	n, evs, _ = adjudicator.Resolve(s, nil)
	if track.HeldResults(n, storm.Axis, storm.ProjectEspionage) != 0 || !slices.ContainsFunc(randomevent.AllEvents[event.IntelligenceAnnounced](evs), func(a event.IntelligenceAnnounced) bool {
		return a.What == "espionage" && a.Side == storm.Axis
	}) {
		t.Error("16.16B: an unplaced espionage result should lapse, announced")
	}
}

// Rule 24.551: an active diplomatic ring lifts the limits in its target,
// adds +1, makes the opposing counters there open and reveals the opposing
// secret diplomatic events there.
func TestRule24_551SpyRingEffects(t *testing.T) {
	s := diplomacyGame(storm.SegSpyRings)
	s.Diplomacy.On = true
	// A secret French diplomatic event in Poland, due at 9.41D.
	s = randomevent.WithDeck(s, storm.Deck{Name: "test", Cards: []storm.Card{{Number: 1, National: map[storm.Power]storm.CardEvent{storm.France: {Title: "Polish friends",
		Secret: true, Category: storm.CategoryDiplomatic, Effects: []storm.Effect{{Kind: storm.EffectDiplomaticModifier, Country: "Poland", Value: 1}}}}}}})
	giveResults(t, &s, storm.Germany, storm.ProjectEspionage, 1)
	s.Events.Held = append(s.Events.Held, storm.HeldEvent{Card: 1, Power: storm.France, Secret: true, At: storm.RevealDiplomacy})
	n, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {ring("Poland")}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(randomevent.AllEvents[event.RandomEventApplied](evs), func(a event.RandomEventApplied) bool { return a.Card == 1 && a.Power == storm.France }) {
		t.Errorf("24.551A: the French secret event in Poland is not revealed: %v", evs)
	}
	if !diplomacy.PublicModifierFor(n, "Poland", storm.Allies) {
		t.Error("24.551A: the revealed event's modifier is not recorded")
	}
	s = n
	s.Segment = storm.SegDiplomacyAxis1
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Austria", 1)}})
	s.Segment = storm.SegDiplomacyAllies
	evs = place(t, &s, map[storm.Power][]storm.Order{storm.France: {dip("Poland", 2)}})
	rp := randomevent.AllEvents[event.DiplomaticRoundPlaced](evs)
	if len(rp) != 1 || len(rp[0].Locations) != 1 || rp[0].Locations[0].Strength != 2 || !rp[0].Locations[0].Open {
		t.Errorf("24.551A: France's counter in Poland should be placed openly: %+v", rp)
	}
	s.Segment = storm.SegDiplomacyAxis2
	if errs := diplomacy.CheckPlacements(s, storm.Germany, []storm.Order{dip("Poland", 3)}); len(errs) > 0 {
		t.Fatalf("24.551B: Germany refused in its ring's target: %v", errs)
	}
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 3)}})
	if pl := s.Diplomacy.Placements[len(s.Diplomacy.Placements)-1]; pl.Exempt != diplomacy.SpyRingExempt {
		t.Errorf("24.551B: the ring's counter counts against the limit: %+v", pl)
	}
	eff, _, _ := diplomacy.TargetEffort(s, "Poland")
	if eff.Axis != 4 || eff.Allies != 3 {
		t.Errorf("24.551B: Poland effort %+v, want Axis 3+1, Allies 2+1", eff)
	}
}

// Rule 16.16B: a ring is reactivated no sooner than four turns after its
// last activation; the leader is asked then.
func TestRule16_16BReactivation(t *testing.T) {
	s := diplomacyGame(storm.SegSpyRings)
	s.Diplomacy.On = true
	s.Diplomacy.Rings = []storm.SpyRing{{Side: storm.Allies, Country: "Spain", Placed: storm.FirstTurn, Activated: storm.FirstTurn}}
	s.Sheets.SpyRings = []storm.ResearchSpyRing{{Side: storm.Soviet, Target: storm.Axis, Category: storm.NavalResearch, Activated: storm.FirstTurn}}
	for i := 0; i < 3; i++ {
		s.Turn = s.Turn.Next()
		if r := adjudicator.Required(s); len(r) != 0 {
			t.Fatalf("16.16B: %s: required %v before four turns", s.Turn, r)
		}
	}
	s.Turn = s.Turn.Next()
	if r := adjudicator.Required(s); len(r) != 0 {
		t.Fatalf("16.16B: %s: required %v: a reactivation is never asked for (r-16-16b-order)", s.Turn, r)
	}
	if rs := diplomacy.Reactivations(s, storm.Allies); len(rs) != 1 || !strings.Contains(strings.Join(diplomacy.IntelligenceLines(s, storm.Britain), " "), "REACTIVATE SPY RING SPAIN") {
		t.Errorf("16.16B: Britain's notice does not offer the reactivation: %v %v", rs, diplomacy.IntelligenceLines(s, storm.Britain))
	}
	re := storm.Order{Kind: storm.ReactivateOrder, Project: "research", Args: []string{"axis", "naval"}}
	n, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.ReactivateOrder, Project: "Spain"}}, storm.Russia: {re}})
	if err != nil {
		t.Fatal(err)
	}
	if n.Diplomacy.Rings[0].Activated != s.Turn || !diplomacy.ActiveRing(n, storm.Allies, "Spain") {
		t.Errorf("16.16B: ring not reactivated: %+v", n.Diplomacy.Rings)
	}
	if n.Sheets.SpyRings[0].Activated != s.Turn || len(randomevent.AllEvents[event.ResearchSpied](evs)) != 1 {
		t.Errorf("16.16B: research ring not reactivated with its reveal: %+v", n.Sheets.SpyRings)
	}
	// The ring stays into the next turn, inactive.
	var end []event.Event
	n.Diplomacy.EndTurn()
	adjudicator.EndTurn(&n, &end)
	if len(n.Diplomacy.Rings) != 1 {
		t.Errorf("16.16B: the standing ring is lost at the end of the turn")
	}
}

// covertGame is a turn whose counters are revealed, at the covert segment:
// Germany 2 and France 2 in Poland, Italy 1 in Albania, Britain 1 in
// Norway.
func covertGame(t *testing.T) storm.State {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Diplomacy.On = true
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 2)}, storm.Italy: {dip("Albania", 1)}})
	s.Segment = storm.SegDiplomacyAllies
	place(t, &s, map[storm.Power][]storm.Order{storm.France: {dip("Poland", 2)}, storm.Britain: {dip("Norway", 1)}})
	s.Segment = storm.SegCovert
	return s
}

// Rule 16.16A: covert operations after the reveal, in the order Germany,
// Italy, Britain, France, Russia; the conditions choose among a power's
// alternatives; the result is used once.
func TestRule16_16ACovertOperations(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, storm.Germany, storm.ProjectCovertOperations, 1)
	giveResults(t, &s, storm.Britain, storm.ProjectCovertOperations, 1)
	if errs := diplomacy.CheckCovert(s, storm.Russia, []storm.Order{covert("Poland", "")}); len(errs) == 0 {
		t.Error("16.16A: Russia holds no covert operation")
	}
	if errs := diplomacy.CheckCovert(s, storm.Italy, []storm.Order{covert(storm.RussiaTarget, "")}); len(errs) != 0 {
		t.Errorf("10.91F: a covert operation in Russia refused: %v", errs)
	}
	var evs []event.Event
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{
		storm.Germany: {covert("Albania", storm.CondDecisive), covert("Poland", storm.CondBehind), covert("Poland", storm.CondDecisive), covert("Austria", "")},
		storm.Britain: {covert("Poland", storm.CondBehind), covert("Norway", storm.CondNotAhead)},
	}, &evs)
	ann := randomevent.AllEvents[event.IntelligenceAnnounced](evs)
	if len(ann) != 2 || ann[0].Power != storm.Germany || ann[0].Target != "Poland" || ann[1].Power != storm.Britain || ann[1].Target != "Poland" {
		t.Fatalf("16.16A: %+v", ann)
	}
	// Germany broke the tie in Poland (decisive, where it was not behind;
	// Albania was not decisive); Britain was then behind there.
	eff, _, _ := diplomacy.TargetEffort(s, "Poland")
	if eff.Axis != 3 || eff.Allies != 3 {
		t.Errorf("16.16A: Poland %+v", eff)
	}
	if track.HeldResults(s, storm.Axis, storm.ProjectCovertOperations) != 0 || track.HeldResults(s, storm.Allies, storm.ProjectCovertOperations) != 0 {
		t.Error("16.16A: a covert operation is used once")
	}
	// One operation a power even with two lines that hold.
	s = covertGame(t)
	giveResults(t, &s, storm.Germany, storm.ProjectCovertOperations, 2)
	evs = nil
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Germany: {covert("Poland", ""), covert("Austria", "")}}, &evs)
	if n := len(randomevent.AllEvents[event.IntelligenceAnnounced](evs)); n != 1 {
		t.Errorf("16.16A: Germany conducted %d operations", n)
	}
}

// Rule 16.16C: counter-intelligence eliminates a covert operation before
// it takes effect (both results used), or an active spy ring after the
// placements are revealed; a counter the ring's exception allowed beyond
// the limits is then withdrawn.
func TestRule16_16CCounterIntelligence(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, storm.Germany, storm.ProjectCovertOperations, 1)
	giveResults(t, &s, storm.Britain, storm.ProjectCounterIntel, 1)
	ci := storm.Order{Kind: storm.CounterIntelOrder, Project: "any", Args: []string{"covert", storm.CondDecisive}}
	if errs := diplomacy.CheckCovert(s, storm.France, []storm.Order{ci}); len(errs) == 0 {
		t.Error("16.16C: France is not the Allied leader")
	}
	var evs []event.Event
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Germany: {covert("Poland", "")}, storm.Britain: {ci}}, &evs)
	ann := randomevent.AllEvents[event.IntelligenceAnnounced](evs)
	if len(ann) != 1 || !strings.Contains(ann[0].Outcome, "counter-intelligence") {
		t.Fatalf("16.16C: %+v", ann)
	}
	if eff, _, _ := diplomacy.TargetEffort(s, "Poland"); eff.Axis != 2 {
		t.Errorf("16.16C: the operation took effect: %+v", eff)
	}
	if track.HeldResults(s, storm.Axis, storm.ProjectCovertOperations) != 0 || track.HeldResults(s, storm.Allies, storm.ProjectCounterIntel) != 0 {
		t.Error("16.16C: both results are used")
	}
	// IF DECISIVE spares an operation that changes nothing.
	s = covertGame(t)
	giveResults(t, &s, storm.Germany, storm.ProjectCovertOperations, 1)
	giveResults(t, &s, storm.Britain, storm.ProjectCounterIntel, 1)
	evs = nil
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Germany: {covert("Albania", "")}, storm.Britain: {ci}}, &evs)
	if track.HeldResults(s, storm.Allies, storm.ProjectCounterIntel) != 1 {
		t.Error("16.16C: counter-intelligence IF DECISIVE used against an operation that decides nothing")
	}

	// Against a spy ring: Germany placed two counters in the first round
	// under its ring's exception... and one beyond the limits.
	s = diplomacyGame(storm.SegDiplomacyAxis1)
	s.Diplomacy.On = true
	s.Diplomacy.Rings = []storm.SpyRing{{Side: storm.Axis, Country: "Poland", Placed: s.Turn, Activated: s.Turn}}
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 3), dip("Austria", 1)}})
	s.Segment = storm.SegDiplomacyAxis2
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Hungary", 1)}})
	s.Segment = storm.SegCovert
	giveResults(t, &s, storm.Britain, storm.ProjectCounterIntel, 1)
	evs = nil
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.CounterIntelOrder, Project: "Poland", Args: []string{"ring"}}}}, &evs)
	if s.Diplomacy.Rings[0].Eliminated == "" {
		t.Fatal("16.16C: the ring stands")
	}
	if pl := s.Diplomacy.Placements[0]; pl.Country != "Poland" || pl.Void != "24.551B" {
		t.Errorf("24.551B: the counter beyond the limits stays: %+v", pl)
	}
	if eff, _, _ := diplomacy.TargetEffort(s, "Poland"); eff.Axis != 0 {
		t.Errorf("24.551B: Poland %+v after the ring's elimination", eff)
	}
}

// Rule 16.16H: each level of subversion is +1 for Russia in a minor
// country, after the covert operations; each used once.
func TestRule16_16HSubversion(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, storm.Russia, storm.ProjectSubversion, 2)
	if errs := diplomacy.CheckCovert(s, storm.Germany, []storm.Order{{Kind: storm.SubvertOrder, Project: "Poland"}}); len(errs) == 0 {
		t.Error("16.16H: Germany subverts")
	}
	var evs []event.Event
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Russia: {
		{Kind: storm.SubvertOrder, Project: "Norway", Args: []string{storm.CondDecisive}}, // Allies 1, Russia 0: +1 ties, decisive
		{Kind: storm.SubvertOrder, Project: "Poland", Args: []string{storm.CondDecisive}}, // 2-2-0: +1 changes nothing
		{Kind: storm.SubvertOrder, Project: "Rumania"},
		{Kind: storm.SubvertOrder, Project: "Turkey"},
	}}, &evs)
	var got []string
	for _, a := range randomevent.AllEvents[event.IntelligenceAnnounced](evs) {
		got = append(got, a.Target)
	}
	if !slices.Equal(got, []string{"Norway", "Rumania"}) {
		t.Errorf("16.16H: subverted %v, want Norway, Rumania", got)
	}
	if track.HeldResults(s, storm.Soviet, storm.ProjectSubversion) != 0 {
		t.Error("16.16H: levels not used")
	}
}

// Rule 16.16: the whole phase through Resolve, with the intelligence orders
// sent in advance: the spy ring with the economic orders, the covert
// operation with the Axis' first round.
func TestRule16_16IntelligenceByResolve(t *testing.T) {
	s, _, err := adjudicator.Resolve(diplomacy.WithDiplomacy(setup.NewGame(3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	giveResults(t, &s, storm.Germany, storm.ProjectEspionage, 1)
	giveResults(t, &s, storm.Germany, storm.ProjectCovertOperations, 1)
	standing := []storm.Order{{Kind: storm.SpyRingOrder, Project: "Bulgaria", For: storm.SegSpyRings}}
	if errs := adjudicator.Validate(s, storm.Germany, standing); len(errs) > 0 {
		t.Fatal(errs)
	}
	s, _, err = adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: standing})
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != storm.SegDiplomacyAxis1 || !diplomacy.ActiveRing(s, storm.Axis, "Bulgaria") {
		t.Fatalf("16.16B: standing spy ring not placed: %s %+v", s.Segment, s.Diplomacy.Rings)
	}
	cov := storm.Order{Kind: storm.CovertOrder, Project: "Greece", Args: []string{storm.CondNotAhead}, For: storm.SegCovert}
	if errs := adjudicator.Validate(s, storm.Italy, []storm.Order{dip("Greece", 1), cov}); len(errs) > 0 {
		t.Fatal(errs)
	}
	s, _, _ = adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {dip("Bulgaria", 2)}, storm.Italy: {dip("Greece", 1), cov}})
	s, _, _ = adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Russia: {dip("Turkey", 1)}})
	s, _, _ = adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Britain: {dip("Greece", 2)}})
	var evs []event.Event
	s, evs, _ = adjudicator.Resolve(s, nil)
	ann := randomevent.AllEvents[event.IntelligenceAnnounced](evs)
	if len(ann) != 1 || ann[0].Power != storm.Italy || ann[0].Target != "Greece" {
		t.Fatalf("16.16A: %+v", ann)
	}
	var revealed, covertAt, result int = -1, -1, -1
	for i, e := range evs {
		switch e.(type) {
		case event.DiplomacyRevealed:
			revealed = i
		case event.IntelligenceAnnounced:
			covertAt = i
		case event.DiplomaticResult:
			if result < 0 {
				result = i
			}
		}
	}
	if !(revealed >= 0 && revealed < covertAt && covertAt < result) {
		t.Errorf("16.16A: the reveal (%d), covert operations (%d) and results (%d) out of order", revealed, covertAt, result)
	}
	for _, e := range evs {
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == "Bulgaria" && r.Effort.Axis != 3 {
			t.Errorf("24.551B: Bulgaria %+v, want 2 + 1 for the ring", r.Effort)
		}
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == "Greece" && r.Winner != "" {
			t.Errorf("16.16A: Greece %+v, want a 2-2 tie after Italy's operation", r)
		}
	}
}

// Rule 24.83B: the Axis power that made the greater contribution to
// eliminating a Russian flag gets next turn's +1; covert operations are
// ignored in the comparison.
func TestRule24_83BCovertIgnored(t *testing.T) {
	s := diplomacyGame(storm.SegDiplomacyAxis1)
	s.Diplomacy.On = true
	m := s.Minor("Poland")
	m.SetFlagCounts(map[storm.Power]int{storm.Russia: 1})
	place(t, &s, map[storm.Power][]storm.Order{storm.Germany: {dip("Poland", 2)}})
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, storm.DiplomaticModifier{Country: "Poland", Side: storm.Axis, Power: storm.Italy, Value: 2, Card: 9, Rule: "9.31C"})
	s.Segment = storm.SegCovert
	giveResults(t, &s, storm.Italy, storm.ProjectCovertOperations, 1)
	var evs []event.Event
	diplomacy.ResolveCovert(&s, map[storm.Power][]storm.Order{storm.Italy: {covert("Poland", "")}}, &evs)
	s.Segment = storm.SegDiplomacyResolve
	diplomacy.ResolveDiplomacy(&s, &evs)
	if len(s.Diplomacy.Threat) != 1 || s.Diplomacy.Threat[0].Power != storm.Germany {
		t.Errorf("24.83B: next turn's modifier %+v, want Germany's (2 + 0 against Italy's 2, the covert +1 ignored, Germany on a tie)", s.Diplomacy.Threat)
	}
}
