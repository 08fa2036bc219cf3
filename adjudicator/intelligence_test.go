package adjudicator

import (
	"slices"
	"strings"
	"testing"
)

// giveResults gives side n results of an intelligence project (16.16).
func giveResults(t *testing.T, s *State, p Power, project string, n int) {
	t.Helper()
	r, _ := FindProject(SideOf(p), project)
	var evs []Event
	if _, err := ResearchEvent(s, p, project, n*r.StepsPerResult, false, &evs); err != nil {
		t.Fatal(err)
	}
	if got := HeldResults(*s, SideOf(p), project); got < n {
		t.Fatalf("%s holds %d %s results, want %d", SideOf(p), got, project, n)
	}
}

func ring(country string) Order { return Order{Kind: SpyRingOrder, Project: country} }

func covert(country, cond string) Order {
	o := Order{Kind: CovertOrder, Project: country}
	if cond != "" {
		o.Args = []string{cond}
	}
	return o
}

// Rule 16.16B: an espionage result must be placed in the spy-ring segment
// at the end of the economic phase, by the side's leader; a ring where
// another stands eliminates both; an unplaced result lapses.
func TestRule16_16BSpyRingPlacement(t *testing.T) {
	s := diplomacyGame(SegSpyRings)
	s.Diplomacy.On = true
	if r := Required(s); len(r) != 0 {
		t.Fatalf("16.16B: nobody holds espionage, required %v", r)
	}
	giveResults(t, &s, Germany, ProjectEspionage, 1)
	giveResults(t, &s, Britain, ProjectEspionage, 1)
	if r := Required(s); !slices.Equal(r, []Power{Germany, Britain}) {
		t.Fatalf("16.16B: required %v, want the leaders Germany and Britain", r)
	}
	refused := func(p Power, os []Order, frag string) {
		t.Helper()
		errs := checkSpyRings(s, p, os)
		if len(errs) == 0 || !strings.Contains(errs[0].Msg, frag) {
			t.Errorf("%s %v: want a refusal with %q, got %v", p, os, frag, errs)
		}
	}
	refused(Italy, []Order{ring("Poland")}, "Germany orders")
	refused(Germany, nil, "must place every espionage result")
	refused(Germany, []Order{ring("Poland"), ring("Austria")}, "hold 1 espionage")
	refused(Germany, []Order{ring(RussiaTarget)}, "diplomatic target")
	refused(Germany, []Order{{Kind: SpyRingOrder, Project: "research", Args: []string{"axis", "naval"}}}, "opposing side")
	refused(Germany, []Order{{Kind: ReactivateOrder, Project: "Poland"}}, "no standing spy ring")
	if errs := checkSpyRings(s, Germany, []Order{ring("Poland")}); len(errs) > 0 {
		t.Fatal(errs)
	}
	n, evs, err := Resolve(s, map[Power][]Order{Germany: {ring("Poland")}, Britain: {ring("Poland")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Diplomacy.Rings) != 2 || n.Diplomacy.Rings[0].Eliminated == "" || n.Diplomacy.Rings[1].Eliminated == "" {
		t.Errorf("16.16B: two rings in Poland should both be eliminated: %+v", n.Diplomacy.Rings)
	}
	if HeldResults(n, Axis, ProjectEspionage) != 0 || HeldResults(n, Allies, ProjectEspionage) != 0 {
		t.Error("16.16B: the espionage results are not used")
	}
	if len(allEvents[IntelligenceAnnounced](evs)) != 2 {
		t.Errorf("16.16B: announcements %v", allEvents[IntelligenceAnnounced](evs))
	}
	// Eliminated rings give no exception (24.551B) but still open the
	// opposing placements... of neither side, since both were active
	// (16.16B: each side commits secretly).
	if spyRingIn(n, Germany, "Poland") || openPlacement(n, Germany, "Poland") || !openPlacement(n, Russia, "Poland") {
		t.Errorf("24.551: exception %v, German open %v, Russian open %v", spyRingIn(n, Germany, "Poland"),
			openPlacement(n, Germany, "Poland"), openPlacement(n, Russia, "Poland"))
	}
	// Unplaced: the result lapses at the deadline.
	n, evs, _ = Resolve(s, nil)
	if HeldResults(n, Axis, ProjectEspionage) != 0 || !slices.ContainsFunc(allEvents[IntelligenceAnnounced](evs), func(a IntelligenceAnnounced) bool {
		return a.What == "espionage" && a.Side == Axis
	}) {
		t.Error("16.16B: an unplaced espionage result should lapse, announced")
	}
}

// Rule 24.551: an active diplomatic ring lifts the limits in its target,
// adds +1, makes the opposing counters there open and reveals the opposing
// secret diplomatic events there.
func TestRule24_551SpyRingEffects(t *testing.T) {
	s := diplomacyGame(SegSpyRings)
	s.Diplomacy.On = true
	// A secret French diplomatic event in Poland, due at 9.41D.
	s = WithDeck(s, Deck{Name: "test", Cards: []Card{{Number: 1, National: map[Power]CardEvent{France: {Title: "Polish friends",
		Secret: true, Category: CategoryDiplomatic, Effects: []Effect{{Kind: EffectDiplomaticModifier, Country: "Poland", Value: 1}}}}}}})
	giveResults(t, &s, Germany, ProjectEspionage, 1)
	s.Events.Held = append(s.Events.Held, HeldEvent{Card: 1, Power: France, Secret: true, At: RevealDiplomacy})
	n, evs, err := Resolve(s, map[Power][]Order{Germany: {ring("Poland")}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(allEvents[RandomEventApplied](evs), func(a RandomEventApplied) bool { return a.Card == 1 && a.Power == France }) {
		t.Errorf("24.551A: the French secret event in Poland is not revealed: %v", evs)
	}
	if !publicModifierFor(n, "Poland", Allies) {
		t.Error("24.551A: the revealed event's modifier is not recorded")
	}
	s = n
	s.Segment = SegDiplomacyAxis1
	place(t, &s, map[Power][]Order{Germany: {dip("Austria", 1)}})
	s.Segment = SegDiplomacyAllies
	evs = place(t, &s, map[Power][]Order{France: {dip("Poland", 2)}})
	rp := allEvents[DiplomaticRoundPlaced](evs)
	if len(rp) != 1 || len(rp[0].Locations) != 1 || rp[0].Locations[0].Strength != 2 || !rp[0].Locations[0].Open {
		t.Errorf("24.551A: France's counter in Poland should be placed openly: %+v", rp)
	}
	s.Segment = SegDiplomacyAxis2
	if errs := checkPlacements(s, Germany, []Order{dip("Poland", 3)}); len(errs) > 0 {
		t.Fatalf("24.551B: Germany refused in its ring's target: %v", errs)
	}
	place(t, &s, map[Power][]Order{Germany: {dip("Poland", 3)}})
	if pl := s.Diplomacy.Placements[len(s.Diplomacy.Placements)-1]; pl.Exempt != spyRingExempt {
		t.Errorf("24.551B: the ring's counter counts against the limit: %+v", pl)
	}
	eff, _, _ := targetEffort(s, "Poland")
	if eff.Axis != 4 || eff.Allies != 3 {
		t.Errorf("24.551B: Poland effort %+v, want Axis 3+1, Allies 2+1", eff)
	}
}

// Rule 16.16B: a ring is reactivated no sooner than four turns after its
// last activation; the leader is asked then.
func TestRule16_16BReactivation(t *testing.T) {
	s := diplomacyGame(SegSpyRings)
	s.Diplomacy.On = true
	s.Diplomacy.Rings = []SpyRing{{Side: Allies, Country: "Spain", Placed: FirstTurn, Activated: FirstTurn}}
	s.Sheets.SpyRings = []ResearchSpyRing{{Side: Soviet, Target: Axis, Category: NavalResearch, Activated: FirstTurn}}
	for i := 0; i < 3; i++ {
		s.Turn = s.Turn.Next()
		if r := Required(s); len(r) != 0 {
			t.Fatalf("16.16B: %s: required %v before four turns", s.Turn, r)
		}
	}
	s.Turn = s.Turn.Next()
	if r := Required(s); len(r) != 0 {
		t.Fatalf("16.16B: %s: required %v: a reactivation is never asked for (r-16-16b-order)", s.Turn, r)
	}
	if rs := reactivations(s, Allies); len(rs) != 1 || !strings.Contains(strings.Join(IntelligenceLines(s, Britain), " "), "REACTIVATE SPY RING SPAIN") {
		t.Errorf("16.16B: Britain's notice does not offer the reactivation: %v %v", rs, IntelligenceLines(s, Britain))
	}
	re := Order{Kind: ReactivateOrder, Project: "research", Args: []string{"axis", "naval"}}
	n, evs, err := Resolve(s, map[Power][]Order{Britain: {{Kind: ReactivateOrder, Project: "Spain"}}, Russia: {re}})
	if err != nil {
		t.Fatal(err)
	}
	if n.Diplomacy.Rings[0].Activated != s.Turn || !activeRing(n, Allies, "Spain") {
		t.Errorf("16.16B: ring not reactivated: %+v", n.Diplomacy.Rings)
	}
	if n.Sheets.SpyRings[0].Activated != s.Turn || len(allEvents[ResearchSpied](evs)) != 1 {
		t.Errorf("16.16B: research ring not reactivated with its reveal: %+v", n.Sheets.SpyRings)
	}
	// The ring stays into the next turn, inactive.
	var end []Event
	n.Diplomacy.endTurn()
	endTurn(&n, &end)
	if len(n.Diplomacy.Rings) != 1 {
		t.Errorf("16.16B: the standing ring is lost at the end of the turn")
	}
}

// covertGame is a turn whose counters are revealed, at the covert segment:
// Germany 2 and France 2 in Poland, Italy 1 in Albania, Britain 1 in
// Norway.
func covertGame(t *testing.T) State {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Diplomacy.On = true
	place(t, &s, map[Power][]Order{Germany: {dip("Poland", 2)}, Italy: {dip("Albania", 1)}})
	s.Segment = SegDiplomacyAllies
	place(t, &s, map[Power][]Order{France: {dip("Poland", 2)}, Britain: {dip("Norway", 1)}})
	s.Segment = SegCovert
	return s
}

// Rule 16.16A: covert operations after the reveal, in the order Germany,
// Italy, Britain, France, Russia; the conditions choose among a power's
// alternatives; the result is used once.
func TestRule16_16ACovertOperations(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, Germany, ProjectCovertOperations, 1)
	giveResults(t, &s, Britain, ProjectCovertOperations, 1)
	if errs := checkCovert(s, Russia, []Order{covert("Poland", "")}); len(errs) == 0 {
		t.Error("16.16A: Russia holds no covert operation")
	}
	if errs := checkCovert(s, Italy, []Order{covert(RussiaTarget, "")}); len(errs) != 0 {
		t.Errorf("10.91F: a covert operation in Russia refused: %v", errs)
	}
	var evs []Event
	resolveCovert(&s, map[Power][]Order{
		Germany: {covert("Albania", CondDecisive), covert("Poland", CondBehind), covert("Poland", CondDecisive), covert("Austria", "")},
		Britain: {covert("Poland", CondBehind), covert("Norway", CondNotAhead)},
	}, &evs)
	ann := allEvents[IntelligenceAnnounced](evs)
	if len(ann) != 2 || ann[0].Power != Germany || ann[0].Target != "Poland" || ann[1].Power != Britain || ann[1].Target != "Poland" {
		t.Fatalf("16.16A: %+v", ann)
	}
	// Germany broke the tie in Poland (decisive, where it was not behind;
	// Albania was not decisive); Britain was then behind there.
	eff, _, _ := targetEffort(s, "Poland")
	if eff.Axis != 3 || eff.Allies != 3 {
		t.Errorf("16.16A: Poland %+v", eff)
	}
	if HeldResults(s, Axis, ProjectCovertOperations) != 0 || HeldResults(s, Allies, ProjectCovertOperations) != 0 {
		t.Error("16.16A: a covert operation is used once")
	}
	// One operation a power even with two lines that hold.
	s = covertGame(t)
	giveResults(t, &s, Germany, ProjectCovertOperations, 2)
	evs = nil
	resolveCovert(&s, map[Power][]Order{Germany: {covert("Poland", ""), covert("Austria", "")}}, &evs)
	if n := len(allEvents[IntelligenceAnnounced](evs)); n != 1 {
		t.Errorf("16.16A: Germany conducted %d operations", n)
	}
}

// Rule 16.16C: counter-intelligence eliminates a covert operation before
// it takes effect (both results used), or an active spy ring after the
// placements are revealed; a counter the ring's exception allowed beyond
// the limits is then withdrawn.
func TestRule16_16CCounterIntelligence(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, Germany, ProjectCovertOperations, 1)
	giveResults(t, &s, Britain, ProjectCounterIntel, 1)
	ci := Order{Kind: CounterIntelOrder, Project: "any", Args: []string{"covert", CondDecisive}}
	if errs := checkCovert(s, France, []Order{ci}); len(errs) == 0 {
		t.Error("16.16C: France is not the Allied leader")
	}
	var evs []Event
	resolveCovert(&s, map[Power][]Order{Germany: {covert("Poland", "")}, Britain: {ci}}, &evs)
	ann := allEvents[IntelligenceAnnounced](evs)
	if len(ann) != 1 || !strings.Contains(ann[0].Outcome, "counter-intelligence") {
		t.Fatalf("16.16C: %+v", ann)
	}
	if eff, _, _ := targetEffort(s, "Poland"); eff.Axis != 2 {
		t.Errorf("16.16C: the operation took effect: %+v", eff)
	}
	if HeldResults(s, Axis, ProjectCovertOperations) != 0 || HeldResults(s, Allies, ProjectCounterIntel) != 0 {
		t.Error("16.16C: both results are used")
	}
	// IF DECISIVE spares an operation that changes nothing.
	s = covertGame(t)
	giveResults(t, &s, Germany, ProjectCovertOperations, 1)
	giveResults(t, &s, Britain, ProjectCounterIntel, 1)
	evs = nil
	resolveCovert(&s, map[Power][]Order{Germany: {covert("Albania", "")}, Britain: {ci}}, &evs)
	if HeldResults(s, Allies, ProjectCounterIntel) != 1 {
		t.Error("16.16C: counter-intelligence IF DECISIVE used against an operation that decides nothing")
	}

	// Against a spy ring: Germany placed two counters in the first round
	// under its ring's exception... and one beyond the limits.
	s = diplomacyGame(SegDiplomacyAxis1)
	s.Diplomacy.On = true
	s.Diplomacy.Rings = []SpyRing{{Side: Axis, Country: "Poland", Placed: s.Turn, Activated: s.Turn}}
	place(t, &s, map[Power][]Order{Germany: {dip("Poland", 3), dip("Austria", 1)}})
	s.Segment = SegDiplomacyAxis2
	place(t, &s, map[Power][]Order{Germany: {dip("Hungary", 1)}})
	s.Segment = SegCovert
	giveResults(t, &s, Britain, ProjectCounterIntel, 1)
	evs = nil
	resolveCovert(&s, map[Power][]Order{Britain: {{Kind: CounterIntelOrder, Project: "Poland", Args: []string{"ring"}}}}, &evs)
	if s.Diplomacy.Rings[0].Eliminated == "" {
		t.Fatal("16.16C: the ring stands")
	}
	if pl := s.Diplomacy.Placements[0]; pl.Country != "Poland" || pl.Void != "24.551B" {
		t.Errorf("24.551B: the counter beyond the limits stays: %+v", pl)
	}
	if eff, _, _ := targetEffort(s, "Poland"); eff.Axis != 0 {
		t.Errorf("24.551B: Poland %+v after the ring's elimination", eff)
	}
}

// Rule 16.16H: each level of subversion is +1 for Russia in a minor
// country, after the covert operations; each used once.
func TestRule16_16HSubversion(t *testing.T) {
	s := covertGame(t)
	giveResults(t, &s, Russia, ProjectSubversion, 2)
	if errs := checkCovert(s, Germany, []Order{{Kind: SubvertOrder, Project: "Poland"}}); len(errs) == 0 {
		t.Error("16.16H: Germany subverts")
	}
	var evs []Event
	resolveCovert(&s, map[Power][]Order{Russia: {
		{Kind: SubvertOrder, Project: "Norway", Args: []string{CondDecisive}}, // Allies 1, Russia 0: +1 ties, decisive
		{Kind: SubvertOrder, Project: "Poland", Args: []string{CondDecisive}}, // 2-2-0: +1 changes nothing
		{Kind: SubvertOrder, Project: "Rumania"},
		{Kind: SubvertOrder, Project: "Turkey"},
	}}, &evs)
	var got []string
	for _, a := range allEvents[IntelligenceAnnounced](evs) {
		got = append(got, a.Target)
	}
	if !slices.Equal(got, []string{"Norway", "Rumania"}) {
		t.Errorf("16.16H: subverted %v, want Norway, Rumania", got)
	}
	if HeldResults(s, Soviet, ProjectSubversion) != 0 {
		t.Error("16.16H: levels not used")
	}
}

// Rule 16.16: the whole phase through Resolve, with the intelligence orders
// sent in advance: the spy ring with the economic orders, the covert
// operation with the Axis' first round.
func TestRule16_16IntelligenceByResolve(t *testing.T) {
	s, _, err := Resolve(WithDiplomacy(NewGame(3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	giveResults(t, &s, Germany, ProjectEspionage, 1)
	giveResults(t, &s, Germany, ProjectCovertOperations, 1)
	standing := []Order{{Kind: SpyRingOrder, Project: "Bulgaria", For: SegSpyRings}}
	if errs := Validate(s, Germany, standing); len(errs) > 0 {
		t.Fatal(errs)
	}
	s, _, err = Resolve(s, map[Power][]Order{Germany: standing})
	if err != nil {
		t.Fatal(err)
	}
	if s.Segment != SegDiplomacyAxis1 || !activeRing(s, Axis, "Bulgaria") {
		t.Fatalf("16.16B: standing spy ring not placed: %s %+v", s.Segment, s.Diplomacy.Rings)
	}
	cov := Order{Kind: CovertOrder, Project: "Greece", Args: []string{CondNotAhead}, For: SegCovert}
	if errs := Validate(s, Italy, []Order{dip("Greece", 1), cov}); len(errs) > 0 {
		t.Fatal(errs)
	}
	s, _, _ = Resolve(s, map[Power][]Order{Germany: {dip("Bulgaria", 2)}, Italy: {dip("Greece", 1), cov}})
	s, _, _ = Resolve(s, map[Power][]Order{Russia: {dip("Turkey", 1)}})
	s, _, _ = Resolve(s, map[Power][]Order{Britain: {dip("Greece", 2)}})
	var evs []Event
	s, evs, _ = Resolve(s, nil)
	ann := allEvents[IntelligenceAnnounced](evs)
	if len(ann) != 1 || ann[0].Power != Italy || ann[0].Target != "Greece" {
		t.Fatalf("16.16A: %+v", ann)
	}
	var revealed, covertAt, result int = -1, -1, -1
	for i, e := range evs {
		switch e.(type) {
		case DiplomacyRevealed:
			revealed = i
		case IntelligenceAnnounced:
			covertAt = i
		case DiplomaticResult:
			if result < 0 {
				result = i
			}
		}
	}
	if !(revealed >= 0 && revealed < covertAt && covertAt < result) {
		t.Errorf("16.16A: the reveal (%d), covert operations (%d) and results (%d) out of order", revealed, covertAt, result)
	}
	for _, e := range evs {
		if r, ok := e.(DiplomaticResult); ok && r.Country == "Bulgaria" && r.Effort.Axis != 3 {
			t.Errorf("24.551B: Bulgaria %+v, want 2 + 1 for the ring", r.Effort)
		}
		if r, ok := e.(DiplomaticResult); ok && r.Country == "Greece" && r.Winner != "" {
			t.Errorf("16.16A: Greece %+v, want a 2-2 tie after Italy's operation", r)
		}
	}
}

// Rule 24.83B: the Axis power that made the greater contribution to
// eliminating a Russian flag gets next turn's +1; covert operations are
// ignored in the comparison.
func TestRule24_83BCovertIgnored(t *testing.T) {
	s := diplomacyGame(SegDiplomacyAxis1)
	s.Diplomacy.On = true
	m := s.Minor("Poland")
	m.setFlagCounts(map[Power]int{Russia: 1})
	place(t, &s, map[Power][]Order{Germany: {dip("Poland", 2)}})
	s.Diplomacy.Modifiers = append(s.Diplomacy.Modifiers, DiplomaticModifier{Country: "Poland", Side: Axis, Power: Italy, Value: 2, Card: 9, Rule: "9.31C"})
	s.Segment = SegCovert
	giveResults(t, &s, Italy, ProjectCovertOperations, 1)
	var evs []Event
	resolveCovert(&s, map[Power][]Order{Italy: {covert("Poland", "")}}, &evs)
	s.Segment = SegDiplomacyResolve
	resolveDiplomacy(&s, &evs)
	if len(s.Diplomacy.Threat) != 1 || s.Diplomacy.Threat[0].Power != Germany {
		t.Errorf("24.83B: next turn's modifier %+v, want Germany's (2 + 0 against Italy's 2, the covert +1 ignored, Germany on a tie)", s.Diplomacy.Threat)
	}
}
