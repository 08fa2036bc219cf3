package adjudicator

import (
	"slices"
	"strings"
	"testing"
)

func crisisRoundTripEvents() []Event {
	t := FirstTurn
	th := Threshold{From: Britain, Against: Germany, Terms: []ThresholdTerm{{Rule: "32.34", What: "EAI", Value: 1}}, Net: 1, Meets: true}
	w := War{Turn: t, Kind: "crisis", Aggressor: Germany, Target: "Austria", Declarers: []Power{Britain}, Against: []Power{Germany}, Thresholds: []Threshold{th}}
	c := Concession{BasisFrom: Britain, BasisAgainst: Germany, Excess: 1, Support: 1, Preventable: true, Conceders: []Power{Germany}, Beneficiaries: []Power{Britain}}
	return []Event{
		CrisisAnnounced{Turn: t, Aggressor: Germany, Target: Rhineland},
		CrisisDecision{Turn: t, Aggressor: Germany, Target: Rhineland, Stage: StageResponse, Powers: []Power{Britain, France}, Decision: OpposeOrder, How: "agreed", Rule: "27.51"},
		CrisisResistance{Turn: t, Aggressor: Germany, Resistance: Resistance{Target: "Austria", Level: 3, Terms: []ResistanceTerm{{Rule: "28.21F", What: "x", Value: 2}}, Tile: 1}},
		CrisisEnded{Turn: t, Aggressor: Germany, Target: Rhineland, Outcome: AggressorBacksDown, Rule: "27.62"},
		AggressionSucceeded{Turn: t, Aggressor: Italy, Target: Ethiopia, Due: &t, Counter: true, Rule: "29.32"},
		ConquestCompleted{Turn: t, Target: Ethiopia, Done: true, Rule: "29.32"},
		PactSigned{Turn: t, Level: 31, Rounded: 30, Terms: []PactTerm{{Rule: "31.32", What: "basic", Value: 30}}, Purge: 6},
		PactNotOffered{Turn: t, Target: "Poland", Purge: 7, Rule: "31.61"},
		WarBroke{War: w},
		FinalResearchAssigned{Side: Axis, Project: "jets", Points: 1, Steps: 3, Rule: "33.21A"},
		GameEnded{Turn: t, War: w, Victory: Victory{Lines: []VPLine{{Side: Axis, Rule: "34.41", What: "x", Value: 1}}, Axis: 1, TwoWay: "a", ThreeWay: "b"},
			WorldAtWar: []WorldAtWarEffect{{Power: Italy, BRP: -3, NoDeclaration: true, Rule: "27.62C"}}},
		ThreatMade{Turn: t, Threat: Threat{Declarers: []Power{Britain, France}, Against: []Power{Germany}, Thresholds: []Threshold{th}, Concession: c}},
		ConcessionMade{Turn: t, Concession: c, How: "order"},
		PactFlagsRemoved{Turn: t, Country: "Poland", Removed: 1},
		PolandDecided{Turn: t, Choice: PolandSatellite, PactBroken: true, Rule: "29.22B, 31.81"},
		SupportGranted{Power: Britain, Grant: SupportGrant{Rule: "10.71B", What: "x", Value: 1, From: t, Turns: 2, Residual: true}, Inferred: true},
	}
}

// crisisGame is a game at the crisis phase of Spring 1935 with the crisis
// phase played by email.
func crisisGame(seed uint64) State {
	s := WithCrisis(NewGame(seed))
	s.Segment = SegCrisisAggression
	return s
}

func mustResolve(t *testing.T, s State, orders map[Power][]Order) (State, []Event) {
	t.Helper()
	for p, os := range orders {
		if errs := Validate(s, p, os); len(errs) > 0 {
			t.Fatalf("%s %s: %v", s.Segment, p, errs)
		}
	}
	n, evs, err := Resolve(s, orders)
	if err != nil {
		t.Fatal(err)
	}
	return n, evs
}

func aggression(target string, args ...string) Order {
	return Order{Kind: AggressionOrder, Project: target, Args: args}
}

func rhinelandDone(s *State) {
	t := Turn{Year: 1934, Season: Winter}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, Aggression{Aggressor: Germany, Target: Rhineland, Turn: t, Completed: &t})
}

// Rules 27.11, 27.21B, 27.51-27.52: the Allies acquiesce in the Rhineland;
// the aggression succeeds and is completed at once (29.21).
func TestRule27_52Acquiescence(t *testing.T) {
	s := crisisGame(1)
	if got := Required(s); !slices.Equal(got, []Power{Germany, Italy}) {
		t.Fatalf("27.11: required %v", got)
	}
	if errs := Validate(s, Germany, []Order{aggression("Austria")}); len(errs) != 1 || errs[0].Rule != "27.21" {
		t.Errorf("27.21B: Austria before the Rhineland: %v", errs)
	}
	s, evs := mustResolve(t, s, map[Power][]Order{Germany: {aggression("rhineland")}})
	if s.Segment != SegCrisisResponse || !slices.Equal(Required(s), []Power{Britain, France}) {
		t.Fatalf("27.51: %s, required %v", s.Segment, Required(s))
	}
	if a := allEvents[CrisisAnnounced](evs); len(a) != 1 || a[0].Target != Rhineland {
		t.Errorf("27.11: announced %+v", a)
	}
	s, evs = mustResolve(t, s, map[Power][]Order{Britain: {{Kind: AcquiesceOrder}}, France: {{Kind: AcquiesceOrder}}})
	if !completedBy(s, Germany, Rhineland) {
		t.Errorf("27.52A, 29.21: Rhineland not completed: %+v", s.SupportFacts.Aggressions)
	}
	if e := allEvents[CrisisEnded](evs); len(e) != 1 || e[0].Outcome != Acquiesced {
		t.Errorf("27.52: ended %+v", e)
	}
	if len(allEvents[CrisisResistance](evs)) != 0 {
		t.Errorf("28.52: a tile drawn without opposition")
	}
	if s.Segment != SegEconomic || s.Turn != FirstTurn.Next() {
		t.Errorf("after the crisis: %s %s", s.Turn, s.Segment)
	}
}

// Rules 27.53, 28.5, 27.61-27.62: opposed, a tile is drawn, the aggressor
// backs down: next turn's support and counters (27.62A-B).
func TestRule27_62AggressorBacksDown(t *testing.T) {
	s := crisisGame(2)
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Rhineland")}})
	s, evs := mustResolve(t, s, map[Power][]Order{Britain: {{Kind: OpposeOrder}}, France: {{Kind: OpposeOrder}}})
	r := allEvents[CrisisResistance](evs)
	if len(r) != 1 || r[0].Resistance.Tile < 1 || r[0].Resistance.Tile > 3 {
		t.Fatalf("28.5: resistance %+v", r)
	}
	if s.Segment != SegCrisisAxisResponse || !slices.Equal(Required(s), []Power{Germany}) {
		t.Fatalf("27.61: %s %v", s.Segment, Required(s))
	}
	if errs := Validate(s, Britain, []Order{{Kind: BackDownOrder}}); len(errs) == 0 {
		t.Errorf("27.61: Britain decides for Germany")
	}
	s, evs = mustResolve(t, s, map[Power][]Order{Germany: {{Kind: BackDownOrder}}})
	eff := allEvents[CrisisEffect](evs)
	want := map[Power]int{Germany: -1, Britain: 1, France: 1}
	if len(eff) != 3 {
		t.Fatalf("27.62: effects %+v", eff)
	}
	for _, e := range eff {
		if e.Support != want[e.Power] || e.Counter != want[e.Power] {
			t.Errorf("27.62: %+v", e)
		}
	}
	if completedBy(s, Germany, Rhineland) || len(s.SupportFacts.Aggressions) != 0 {
		t.Errorf("27.62: the aggression does not succeed: %+v", s.SupportFacts.Aggressions)
	}
	if s.Turn != FirstTurn.Next() || s.Powers[Germany].Economy.CountersNow.One != -1 || s.Powers[Britain].Economy.CountersNow.One != 1 {
		t.Errorf("27.62B: counters in %s: Germany %+v, Britain %+v", s.Turn, s.Powers[Germany].Economy.CountersNow, s.Powers[Britain].Economy.CountersNow)
	}
}

// Rule 27.51 (r-27-51-concert): Britain and France disagree; both are
// asked again; a second disagreement acquiesces.
func TestRule27_51AlliesInConcert(t *testing.T) {
	s := crisisGame(3)
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Rhineland")}})
	s, evs := mustResolve(t, s, map[Power][]Order{Britain: {{Kind: OpposeOrder}}, France: {{Kind: AcquiesceOrder}}})
	if s.Segment != SegCrisisResponse || !slices.Equal(Required(s), []Power{Britain, France}) {
		t.Fatalf("asked again: %s %v", s.Segment, Required(s))
	}
	if d := allEvents[CrisisDecision](evs); len(d) != 1 || d[0].Decision != "" {
		t.Errorf("disagreement reported: %+v", d)
	}
	s, evs = mustResolve(t, s, map[Power][]Order{Britain: {{Kind: OpposeOrder}}})
	if e := allEvents[CrisisEnded](evs); len(e) != 1 || e[0].Outcome != Acquiesced {
		t.Errorf("second disagreement: %+v", e)
	}
}

// Rules 26.11 and the conditional orders: the aggressor's plan and the
// Allies' decide the crisis in one round trip each side; 27.82 applies.
func TestRule26_11ConditionalOrders(t *testing.T) {
	s := crisisGame(4)
	rhinelandDone(&s)
	s.Powers[Britain].Support, s.Powers[France].Support = 8, 8 // 27.73: an ultimatum is possible
	ifOpp := Order{Kind: CrisisIfOrder, Args: []string{"opposed", string(ContinueAggression), "<=", "9", string(BackDownOrder)}}
	ifUlt := Order{Kind: CrisisIfOrder, Args: []string{"ultimatum", string(BackDownOrder)}}
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Austria"), ifOpp, ifUlt}, Italy: nil})
	if len(s.Crisis.Plans) != 2 {
		t.Fatalf("plans %+v", s.Crisis.Plans)
	}
	ifCont := Order{Kind: CrisisIfOrder, Args: []string{"continued", string(UltimatumOrder)}}
	s, evs := mustResolve(t, s, map[Power][]Order{Britain: {{Kind: OpposeOrder}, ifCont}, France: {{Kind: OpposeOrder}, ifCont}})
	e := allEvents[CrisisEnded](evs)
	if len(e) != 1 || e[0].Outcome != AggressorBacksDownUl {
		t.Fatalf("27.82 by plans: %+v (now %s)", e, s.Segment)
	}
	if s.Segment != SegEconomic {
		t.Errorf("one round trip a side: now %s", s.Segment)
	}
	for _, d := range allEvents[CrisisDecision](evs) {
		if d.Stage != StageResponse && d.How != "conditional order" && d.How != "agreed by conditional orders" {
			t.Errorf("decision %+v", d)
		}
	}
}

// Rules 27.83, 33.2, 34: war over Austria; the Allies declare (32.61A);
// the final research and victory points; the game ends.
func TestRule27_83WarEndsTheGame(t *testing.T) {
	s := crisisGame(5)
	rhinelandDone(&s)
	s.Powers[Britain].Support, s.Powers[France].Support = 8, 8
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Austria")}})
	s, _ = mustResolve(t, s, map[Power][]Order{Britain: {{Kind: OpposeOrder}}, France: {{Kind: OpposeOrder}}})
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {{Kind: ContinueAggression}}})
	if s.Segment != SegCrisisUltimatum {
		t.Fatalf("27.71: %s", s.Segment)
	}
	s, _ = mustResolve(t, s, map[Power][]Order{Britain: {{Kind: UltimatumOrder}}, France: {{Kind: UltimatumOrder}}})
	if s.Segment != SegCrisisBrink {
		t.Fatalf("27.81: %s", s.Segment)
	}
	s, evs := mustResolve(t, s, map[Power][]Order{Germany: {{Kind: AttackOrder}}})
	if s.War == nil || s.Segment != SegEndOfGame || !slices.Equal(Required(s), []Power{Germany, Britain, Russia}) {
		t.Fatalf("27.83, 33.2: war %+v at %s, required %v", s.War, s.Segment, Required(s))
	}
	if len(allEvents[WarBroke](evs)) != 1 {
		t.Errorf("27.83: no WarBroke")
	}
	if errs := Validate(s, Germany, []Order{{Kind: Research, Project: "jets", Points: 2}}); len(errs) != 0 {
		t.Errorf("33.21A: %v", errs)
	}
	if errs := Validate(s, Germany, []Order{{Kind: Research, Project: "jets", Points: 4}}); len(errs) == 0 {
		t.Errorf("33.22A: four points in one project accepted")
	}
	s, evs = mustResolve(t, s, map[Power][]Order{Germany: {{Kind: Research, Project: "jets", Points: 2}}})
	if !s.Ended || len(Required(s)) != 0 {
		t.Fatalf("33.11: ended %v, required %v", s.Ended, Required(s))
	}
	g := allEvents[GameEnded](evs)
	if len(g) != 1 {
		t.Fatalf("GameEnded %+v", g)
	}
	found := false
	for _, l := range g[0].Victory.Lines {
		if l.Rule == "34.52A" && l.Value == 2 {
			found = true
		}
		if l.Rule == "34.51A" && l.What == "aggression against Austria" {
			t.Errorf("34.51C: an opposed aggression counted")
		}
	}
	if !found {
		t.Errorf("34.52A: war over Austria (+2) missing: %+v", g[0].Victory.Lines)
	}
	if _, _, err := Resolve(s, nil); err == nil {
		t.Errorf("an ended game resolved again")
	}
}

// Rule 27.51B (26.11B): with the Rhineland remilitarized the Allies must
// acquiesce in Italy's aggression against Ethiopia; 29.32: Ethiopia falls
// at the end of the third turn after the attack (the rule's EXAMPLE:
// Fall 1935 -> Summer 1936).
func TestRule29_32EthiopiaExample(t *testing.T) {
	s := crisisGame(6)
	s.Turn = Turn{Year: 1935, Season: Fall}
	rhinelandDone(&s)
	s, evs := mustResolve(t, s, map[Power][]Order{Italy: {aggression("Ethiopia")}, Germany: nil})
	a := allEvents[CrisisAnnounced](evs)
	if len(a) != 1 || !a[0].Forced {
		t.Fatalf("27.51B: %+v", a)
	}
	succ := allEvents[AggressionSucceeded](evs)
	if len(succ) != 1 || succ[0].Due == nil || *succ[0].Due != (Turn{Year: 1936, Season: Summer}) {
		t.Fatalf("29.32: %+v", succ)
	}
	for range 20 {
		if s.Turn == (Turn{Year: 1936, Season: Fall}) {
			break
		}
		var err error
		s, _, err = Resolve(s, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
	if !completedBy(s, Italy, Ethiopia) {
		t.Fatalf("29.32: Ethiopia not conquered by Fall 1936: %+v", s.SupportFacts.Aggressions)
	}
	for _, x := range s.SupportFacts.Aggressions {
		if x.Target == Ethiopia && *x.Completed != (Turn{Year: 1936, Season: Summer}) {
			t.Errorf("29.32: completed %s", x.Completed)
		}
	}
}

// Rules 31.21A, 31.5, 31.61: the pact offered with Danzig is signed when
// the crisis ends; without it Russia's purge level rises (31.61C) and no
// pact may follow (31.61A).
func TestRule31_PactOfferedOrNot(t *testing.T) {
	s := crisisGame(7)
	rhinelandDone(&s)
	base := s
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Danzig and the Corridor", "pact")}})
	if !slices.Equal(Required(s), []Power{Britain, France}) {
		t.Errorf("26.14A: no Russian answer once the pact is offered: %v", Required(s))
	}
	s, evs := mustResolve(t, s, map[Power][]Order{Britain: {{Kind: AcquiesceOrder}}, France: {{Kind: AcquiesceOrder}}})
	ps := allEvents[PactSigned](evs)
	if len(ps) != 1 || s.SupportFacts.PactSigned == nil || !pactInEffect(s) {
		t.Fatalf("31.5: %+v", ps)
	}
	if ps[0].Rounded%5 != 0 || ps[0].Purge != ps[0].Rounded/5 {
		t.Errorf("31.33, 31.51F: %+v", ps[0])
	}
	s = base
	before := s.Russia.PurgeEvents
	s, evs = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Danzig and the Corridor")}})
	if n := allEvents[PactNotOffered](evs); len(n) != 1 || n[0].Purge != 1 || s.Russia.PurgeEvents != before+1 {
		t.Errorf("31.61C: %+v, purge level %d -> %d", n, before, s.Russia.PurgeEvents)
	}
	if !slices.Contains(Required(s), Russia) {
		t.Errorf("26.14A: Russia may oppose an aggression against Poland without the pact: %v", Required(s))
	}
	if rule, _ := pactOfferBarred(s, "Poland"); rule != "31.61A" {
		t.Errorf("31.61A: %q", rule)
	}
}

// Rule 27.13: both Axis powers aggress in one turn; answers name the
// aggressor; an unnamed answer is refused.
func TestRule27_13BothAxisPowers(t *testing.T) {
	s := crisisGame(8)
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Rhineland")}, Italy: {aggression("Ethiopia")}})
	if len(s.Crisis.Crises) != 2 {
		t.Fatalf("27.13: %+v", s.Crisis.Crises)
	}
	if errs := Validate(s, Britain, []Order{{Kind: OpposeOrder}}); len(errs) != 1 || errs[0].Rule != "27.13" {
		t.Errorf("27.13: unnamed answer: %v", errs)
	}
	s, evs := mustResolve(t, s, map[Power][]Order{Britain: {{Kind: OpposeOrder, Project: "italy"}, {Kind: AcquiesceOrder, Project: "germany"}},
		France: {{Kind: OpposeOrder, Project: "italy"}, {Kind: AcquiesceOrder, Project: "germany"}}})
	if !completedBy(s, Germany, Rhineland) || s.Segment != SegCrisisAxisResponse || !slices.Equal(Required(s), []Power{Italy}) {
		t.Errorf("27.13: %s %v", s.Segment, Required(s))
	}
	if r := allEvents[CrisisResistance](evs); len(r) != 1 || r[0].Resistance.Tile != 0 || r[0].Resistance.Level != 1 {
		t.Errorf("28.13: Ethiopia's resistance is fixed: %+v", r)
	}
}

// Rule 27.11 with standing orders: Germany's AGGRESSION NONE and Italy's
// AGGRESSION ETHIOPIA sent with the economic orders (FOR CRISIS) answer the
// aggression segment, which then asks nobody.
func TestRule27_11StandingAggression(t *testing.T) {
	s := WithCrisis(NewGame(9))
	s, _, _ = Resolve(s, nil) // to the economic phase
	none := Order{Kind: AggressionOrder, Project: NoAggression, For: SegCrisisAggression}
	eth := Order{Kind: AggressionOrder, Project: Ethiopia, For: SegCrisisAggression}
	if errs := Validate(s, Germany, []Order{{Kind: AggressionOrder, Project: "Ethiopia", For: SegCrisisAggression}}); len(errs) != 1 || errs[0].Rule != "27.41" {
		t.Errorf("27.41: Germany FOR CRISIS against Ethiopia: %v", errs)
	}
	s, evs := mustResolve(t, s, map[Power][]Order{Germany: {none}, Italy: {eth}})
	if s.Segment != SegCrisisResponse || !slices.Equal(Required(s), []Power{Britain, France}) {
		t.Fatalf("the aggression segment waited: %s %v", s.Segment, Required(s))
	}
	if a := allEvents[CrisisAnnounced](evs); len(a) != 1 || a[0].Aggressor != Italy || a[0].Target != Ethiopia {
		t.Errorf("27.11: %+v", a)
	}
	if got := eth.String(); got != "AGGRESSION ETHIOPIA (for Crisis: Axis aggression)" {
		t.Errorf("String: %q", got)
	}
}

// Rule 29.34: Italy's military counter, at war in Ethiopia, serves no
// diplomacy; used for diplomacy earlier in the turn, it bars an
// aggression against a country that resists.
func TestRule29_34ItalysLimitedCapacity(t *testing.T) {
	s := crisisGame(10)
	s.Powers[Italy].Support = 3
	s.Powers[Germany].Active.Armor += 10 // 24.44: an Axis advantage
	base := MilitaryCounterLimit(s, Italy)
	if base < 1 {
		t.Fatalf("24.44: Italy has no military counter at peace to lose (%d)", base)
	}
	due := Turn{Year: 1936, Season: Winter}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, Aggression{Aggressor: Italy, Target: Ethiopia, Turn: s.Turn, Due: &due})
	if got := MilitaryCounterLimit(s, Italy); got != 0 {
		t.Errorf("29.34: Italy at war in Ethiopia may place %d military counters (%d at peace)", got, base)
	}
	s = crisisGame(10)
	s.Diplomacy.Placements = append(s.Diplomacy.Placements, Placement{Power: Italy, Country: "Spain", Military: true, Round: SegDiplomacyAxis1})
	for _, o := range AggressionOptions(s, Italy) {
		if o.Target == Ethiopia && !strings.Contains(o.Barred, "29.34") {
			t.Errorf("29.34: Ethiopia after the counter's use: %+v", o)
		}
	}
	if slices.Contains(Required(s), Italy) {
		t.Errorf("29.34: Italy asked with every target barred")
	}
	if rule, _ := checkAggression(s, Italy, aggression("Ethiopia")); rule != "29.34" {
		t.Errorf("29.34: checkAggression %q", rule)
	}
}

// Rules 27.62C, 27.72C, 27.82C: Italy backs down in the turn Germany goes
// to war; the A World at War effects are reported with the end.
func TestRule27_62CWorldAtWarEffects(t *testing.T) {
	s := crisisGame(11)
	s.Segment = SegEndOfGame
	s.Crisis.Crises = []Crisis{{Aggressor: Italy, Target: "Albania", Stage: StageOver, Outcome: AggressorBacksDown},
		{Aggressor: Germany, Target: "Austria", Stage: StageOver, Outcome: WarOutcome}}
	s.War = &War{Turn: s.Turn, Kind: "crisis", Aggressor: Germany, Target: "Austria", Declarers: []Power{Britain}, Against: []Power{Germany}}
	peace := s.Clone()
	peace.War.Against = []Power{Italy} // a war on Italy itself: not 27.62C's case
	if got := worldAtWar(peace); len(got) != 0 {
		t.Errorf("27.62C: Italy's back-down counts only if its partner goes to war: %+v", got)
	}
	_, evs := mustResolve(t, s, nil)
	g := allEvents[GameEnded](evs)
	if len(g) != 1 || len(g[0].WorldAtWar) != 3 || g[0].WorldAtWar[0] != (WorldAtWarEffect{Power: Italy, BRP: -3, NoDeclaration: true, Rule: "27.62C"}) ||
		g[0].WorldAtWar[1].BRP != 3 {
		t.Errorf("27.62C: %+v", g)
	}
}

// Rules 27.21A, 29.3: while Ethiopia's conquest is under way Italy may not
// aggress against it again nor elsewhere.
func TestRule27_21AConquestUnderWay(t *testing.T) {
	s := crisisGame(12)
	due := Turn{Year: 1935, Season: Winter}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, Aggression{Aggressor: Italy, Target: Ethiopia, Turn: s.Turn, Due: &due})
	for _, o := range AggressionOptions(s, Italy) {
		if o.Barred == "" {
			t.Errorf("27.21A: %s open during Ethiopia's conquest", o.Target)
		}
	}
	if slices.Contains(Required(s), Italy) {
		t.Errorf("27.11: Italy asked with no target open")
	}
}

// Rule 26.11 with standing orders: IF lines sent with a FOR CRISIS
// aggression are kept; the newest IF line for a stage stands; an order in
// the aggression segment replaces the FOR CRISIS line.
func TestRule26_11PlansWithStandingAggression(t *testing.T) {
	s := WithCrisis(NewGame(13))
	rhinelandDone(&s)
	s, _, _ = Resolve(s, nil) // the economic phase
	austria := Order{Kind: AggressionOrder, Project: "Austria", For: SegCrisisAggression}
	ifOpp := Order{Kind: CrisisIfOrder, Args: []string{"opposed", string(BackDownOrder)}}
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {austria, ifOpp}})
	if len(s.Crisis.Plans) != 1 {
		t.Fatalf("plan with FOR CRISIS not kept: %+v", s.Crisis.Plans)
	}
	s2 := s.Clone()
	s2.Crisis.Plans = append(s2.Crisis.Plans, CrisisPlan{Power: Germany, Order: Order{Kind: CrisisIfOrder, Args: []string{"opposed", string(ContinueAggression)}}})
	if k, _ := plannedAction(s2, Germany, Crisis{Aggressor: Germany, Stage: StageAxisResponse}); k != ContinueAggression {
		t.Errorf("the newest IF line stands: %s", k)
	}
	for s.Segment != SegCrisisAggression {
		s, _, _ = Resolve(s, nil)
	}
	if !MayOrder(s, Germany, []Order{aggression("Sudetenland")}) {
		t.Fatalf("Germany may not replace its FOR CRISIS line")
	}
	s, evs := mustResolve(t, s, map[Power][]Order{Germany: {aggression("Sudetenland")}})
	if a := allEvents[CrisisAnnounced](evs); len(a) != 1 || a[0].Target != "Sudetenland" {
		t.Errorf("the order replaces the FOR CRISIS line: %+v", a)
	}
}

// Rule 31.51C: when the pact is signed Russian and Allied flags sharing a
// target are removed one for one.
func TestRule31_51CFlagsRemoved(t *testing.T) {
	s := crisisGame(14)
	rhinelandDone(&s)
	m := s.Minor("Poland")
	m.setFlagCounts(map[Power]int{France: 2, Russia: 1})
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {aggression("Danzig and the Corridor", "pact")}})
	s, evs := mustResolve(t, s, map[Power][]Order{Britain: {{Kind: AcquiesceOrder}}, France: {{Kind: AcquiesceOrder}}})
	if r := allEvents[PactFlagsRemoved](evs); len(r) != 1 || r[0].Country != "Poland" || r[0].Removed != 1 {
		t.Fatalf("31.51C: %+v", r)
	}
	if c := s.Minor("Poland").FlagCounts(); c[France] != 1 || c[Russia] != 0 {
		t.Errorf("31.51C: Poland's flags %v", c)
	}
	if s.SupportFacts.PactLevel == 0 || VictoryPoints(s).Lines == nil {
		t.Errorf("31.33: pact level not kept")
	}
}

// Rules 10.71B, 10.81B, 30: the temporary Allied increases after Austria
// (inferred: +1 for as many turns as its value), and a game's own table
// changes them.
func TestRule30_TemporarySupportAndOverride(t *testing.T) {
	s := crisisGame(15)
	rhinelandDone(&s)
	s2, _ := mustResolve(t, s, map[Power][]Order{Germany: {aggression("Austria")}})
	_, evs := mustResolve(t, s2, map[Power][]Order{Britain: {{Kind: AcquiesceOrder}}, France: {{Kind: AcquiesceOrder}}})
	g := allEvents[SupportGranted](evs)
	if len(g) != 2 || g[0].Grant.Value != 1 || g[0].Grant.Turns != 2 || !g[0].Inferred || g[0].Grant.From != FirstTurn.Next() {
		t.Fatalf("10.71B: %+v", g)
	}
	rows := append([]AggressionEffect{}, DefaultAggressionEffects...)
	for i := range rows {
		if rows[i].Kind == AggrTemporarySupport {
			rows[i].Value, rows[i].Turns, rows[i].Inferred = 2, 1, false
		}
		if rows[i].Kind == AggrValue && rows[i].Target == "Austria" {
			rows[i].Value = 5
		}
	}
	own, err := WithAggressionEffects(s, rows)
	if err != nil {
		t.Fatal(err)
	}
	own, _ = mustResolve(t, own, map[Power][]Order{Germany: {aggression("Austria")}})
	own, evs = mustResolve(t, own, map[Power][]Order{Britain: {{Kind: AcquiesceOrder}}, France: {{Kind: AcquiesceOrder}}})
	if g := allEvents[SupportGranted](evs); len(g) != 2 || g[0].Grant.Value != 2 || g[0].Grant.Turns != 1 {
		t.Errorf("30: the game's own table: %+v", g)
	}
	found := false
	for _, l := range VictoryPoints(own).Lines {
		found = found || (l.Rule == "34.51A" && l.What == "aggression against Austria" && l.Value == 5)
	}
	if !found {
		t.Errorf("34.51A from the game's own table: %+v", VictoryPoints(own).Lines)
	}
	if _, err := WithAggressionEffects(s, rows[1:]); err == nil {
		t.Errorf("30: a table without Ethiopia's value accepted")
	}
}

// Rule 26.11, conditional orders: a plan naming the aggressor stands
// before one naming none, whenever sent; a second email of IF lines keeps
// the first's for other stages and aggressors.
func TestRule26_11PlanPrecedenceAndCombining(t *testing.T) {
	s := crisisGame(16)
	named := Order{Kind: CrisisIfOrder, Args: []string{"continued", string(UltimatumOrder)}, Project: "germany"}
	unnamed := Order{Kind: CrisisIfOrder, Args: []string{"continued", string(BackDownOrder)}}
	s.Crisis.Plans = []CrisisPlan{{Power: Britain, Order: named}, {Power: Britain, Order: unnamed}}
	if k, _ := plannedAction(s, Britain, Crisis{Aggressor: Germany, Stage: StageUltimatum}); k != UltimatumOrder {
		t.Errorf("the named plan stands: %s", k)
	}
	if k, _ := plannedAction(s, Britain, Crisis{Aggressor: Italy, Stage: StageUltimatum}); k != BackDownOrder {
		t.Errorf("the unnamed plan for Italy: %s", k)
	}
	s.Segment = SegCrisisResponse
	italy := Order{Kind: CrisisIfOrder, Args: []string{"continued", string(BackDownOrder)}, Project: "italy"}
	got, _ := CombineOrders(s, []Order{named}, false, []Order{italy}, false)
	if len(got) != 2 {
		t.Errorf("CombineOrders dropped the earlier IF line: %v", got)
	}
	again := Order{Kind: CrisisIfOrder, Args: []string{"continued", string(BackDownOrder)}, Project: "germany"}
	if got, _ := CombineOrders(s, []Order{named}, false, []Order{again}, false); len(got) != 1 || got[0].Args[1] != string(BackDownOrder) {
		t.Errorf("CombineOrders: the newer line for the same stage and aggressor replaces: %v", got)
	}
}

// Rules 33.21, 15.13: final points beyond a project's last step are
// refused, counting every line of the orders.
func TestRule33_21FinalResearchWithinTheSheet(t *testing.T) {
	s := crisisGame(17)
	s.Segment = SegEndOfGame
	s.War = &War{Turn: s.Turn, Kind: "crisis", Aggressor: Germany, Target: "Austria", Declarers: []Power{Britain}, Against: []Power{Germany}}
	r, _ := FindProject(Allies, ProjectAngloFrench)
	var discard []Event
	advanceProject(&s, r, s.Sheets.Remaining(r)-1, &discard)
	o := Order{Kind: Research, Project: r.ID()}
	if errs := Validate(s, Britain, []Order{o}); len(errs) != 0 {
		t.Fatalf("33.21B: one point with one step left: %v", errs)
	}
	if errs := Validate(s, Britain, []Order{o, o}); len(errs) != 1 || errs[0].Rule != "15.13" {
		t.Errorf("15.13: two points with one step left: %v", errs)
	}
}

// A crisis state Resolve cannot work on is refused, not looped on.
func TestCrisisStateChecked(t *testing.T) {
	s := crisisGame(18)
	s.Segment = SegCrisisResponse
	s.Crisis.Crises = []Crisis{{Aggressor: Germany, Target: "Austria", Stage: StageBrink, Asked: 1}}
	if _, _, err := Resolve(s, nil); err == nil {
		t.Errorf("a crisis asked again outside its segment resolved")
	}
	s = crisisGame(18)
	s.Crisis.Plans = []CrisisPlan{{Power: Britain, Order: Order{Kind: CrisisIfOrder}}}
	if _, _, err := Resolve(s, nil); err == nil {
		t.Errorf("a plan without its stage resolved")
	}
}

// acquiescedPoland plays an aggression against Poland proper with order
// o, acquiesced in, and returns the state and events of the response.
func acquiescedPoland(t *testing.T, s State, o Order) (State, []Event) {
	t.Helper()
	s, _ = mustResolve(t, s, map[Power][]Order{Germany: {o}})
	return mustResolve(t, s, map[Power][]Order{Britain: {{Kind: AcquiesceOrder}}, France: {{Kind: AcquiesceOrder}}})
}

// Rule 29.22: Germany's three choices for Poland proper.
func TestRule29_22PolandChoices(t *testing.T) {
	base := crisisGame(19)
	rhinelandDone(&base)
	if errs := Validate(base, Germany, []Order{aggression("Poland", PolandNeutral)}); len(errs) != 1 || errs[0].Rule != "29.22C" {
		t.Errorf("29.22C: neutral without the pact: %v", errs)
	}
	if errs := Validate(base, Germany, []Order{aggression("Austria", PolandSatellite)}); len(errs) != 1 || errs[0].Rule != "29.22" {
		t.Errorf("29.22: a choice for Austria: %v", errs)
	}
	// A: conquest.
	s, evs := acquiescedPoland(t, base, aggression("Poland", "pact"))
	if d := allEvents[PolandDecided](evs); len(d) != 1 || d[0].Choice != PolandConquest || s.Minor("Poland").Controller != Germany {
		t.Errorf("29.22A: %+v, controller %v", d, s.Minor("Poland").Controller)
	}
	// C: neutral, with the pact: Danzig only, Poland closed for good.
	s, evs = acquiescedPoland(t, base, aggression("Poland", "pact", PolandNeutral))
	if !s.SupportFacts.PolandNeutral || s.Minor("Poland").Controller != 0 || !completedBy(s, Germany, "Danzig and the Corridor") || completedBy(s, Germany, "Poland") {
		t.Errorf("29.22C: neutral %v, controller %v, aggressions %+v", s.SupportFacts.PolandNeutral, s.Minor("Poland").Controller, s.SupportFacts.Aggressions)
	}
	if !conquered(s, "Poland") {
		t.Errorf("29.22C: counters still allowed in a neutral Poland")
	}
	for _, o := range AggressionOptions(s, Germany) {
		if o.Target == "Poland" && !strings.Contains(o.Barred, "29.22C") {
			t.Errorf("29.22C: a second aggression against Poland open: %+v", o)
		}
	}
	// B: satellite, breaking a pact signed when Danzig was taken (31.83).
	b := base.Clone()
	danzig := Turn{Year: 1934, Season: Fall}
	b.SupportFacts.Aggressions = append(b.SupportFacts.Aggressions, Aggression{Aggressor: Germany, Target: "Danzig and the Corridor", Turn: danzig, Completed: &danzig})
	b.SupportFacts.PactSigned, b.SupportFacts.PactLevel = &danzig, 30
	if errs := Validate(b, Germany, []Order{aggression("Poland", "pact", PolandSatellite)}); len(errs) == 0 {
		t.Errorf("31.82: PACT with SATELLITE accepted")
	}
	s, evs = acquiescedPoland(t, b, aggression("Poland", PolandSatellite))
	d := allEvents[PolandDecided](evs)
	if len(d) != 1 || !d[0].PactBroken || !s.Conditions.PactViolated || pactInEffect(s) {
		t.Fatalf("31.83: %+v, violated %v", d, s.Conditions.PactViolated)
	}
	if s.Minor("Poland").Controller != Germany || !s.SupportFacts.PolandSatellite {
		t.Errorf("29.22B: Poland not a satellite")
	}
	got := 0
	for _, e := range allEvents[PurgeLevelRaised](evs) {
		if strings.Contains(e.What, "31.83C") {
			got += e.Events
		}
	}
	if got != 1 { // 31.83C: 7 for Poland against the pact's 30/5 = 6
		t.Errorf("31.83C: purge level +%d, want +1", got)
	}
	if g := CheckGarrison(s, "test"); g.Satellite != 3 {
		t.Errorf("29.22B: the garrison requirement's Polish units %d", g.Satellite)
	}
}

// Rule 27.51 with conditional orders sent before the aggression: the
// Allies' IF AGGRESSION lines answer the response, so a crisis sent with
// the economic orders is settled without a round trip of its own.
func TestRule27_51ResponseInAdvance(t *testing.T) {
	s := WithCrisis(NewGame(20))
	rhinelandDone(&s)
	s, _, _ = Resolve(s, nil) // the economic phase
	ger := []Order{{Kind: AggressionOrder, Project: "Austria", For: SegCrisisAggression},
		{Kind: CrisisIfOrder, Args: []string{"opposed", string(BackDownOrder)}}}
	allies := []Order{{Kind: CrisisIfOrder, Args: []string{"aggression", string(OpposeOrder)}, Project: "Austria"},
		{Kind: CrisisIfOrder, Args: []string{"aggression", string(AcquiesceOrder)}}}
	if errs := Validate(s, Germany, []Order{{Kind: CrisisIfOrder, Args: []string{"aggression", string(OpposeOrder)}}}); len(errs) != 1 {
		t.Errorf("27.51: Germany's IF AGGRESSION accepted: %v", errs)
	}
	none := []Order{{Kind: AggressionOrder, Project: NoAggression, For: SegCrisisAggression}}
	s, evs := mustResolve(t, s, map[Power][]Order{Germany: ger, Italy: none, Britain: allies, France: allies})
	e := allEvents[CrisisEnded](evs)
	if len(e) != 1 || e[0].Outcome != AggressorBacksDown {
		t.Fatalf("the crisis settled by plans: %+v (now %s %s)", e, s.Turn, s.Segment)
	}
	if s.Segment != SegEconomic || s.Turn != FirstTurn.Next() {
		t.Errorf("a round trip waited: %s %s", s.Turn, s.Segment)
	}
	if got := allies[0].String(); got != "IF AGGRESSION AUSTRIA OPPOSE" {
		t.Errorf("String: %q", got)
	}
}

// Rules 26.13, 32.83, 34.81: two threats refused in one turn make one war
// with both; each declaring side's penalty counts once.
func TestRule32_83TwoThreatsRefused(t *testing.T) {
	s := crisisGame(21)
	s.Segment = SegPreemptiveWar
	s.EAI = 2
	th := func(from, against Power) Threshold {
		return Threshold{From: from, Against: against, Net: 1, Meets: true}
	}
	c := func(by, on Power) Concession {
		return Concession{BasisFrom: by, BasisAgainst: on, Excess: 1, Support: 1, Preventable: true, Conceders: []Power{on}, Beneficiaries: []Power{by}}
	}
	s.Crisis.Declared = true
	s.Crisis.Threats = []Threat{
		{Declarers: []Power{Germany}, Against: []Power{Russia}, Thresholds: []Threshold{th(Germany, Russia)}, Concession: c(Germany, Russia)},
		{Declarers: []Power{Britain, France}, Against: []Power{Italy}, Thresholds: []Threshold{th(Britain, Italy), th(France, Italy)}, Concession: c(Britain, Italy)},
	}
	s, evs := mustResolve(t, s, map[Power][]Order{Russia: {{Kind: RefuseOrder}}, Italy: {{Kind: RefuseOrder}}})
	if len(allEvents[WarBroke](evs)) != 2 || s.War == nil || len(s.War.More) != 1 || len(s.War.Against) != 2 {
		t.Fatalf("26.13: %+v", s.War)
	}
	pen := map[Side]int{}
	for _, l := range VictoryPoints(s).Lines {
		if l.Rule == "34.81" {
			pen[l.Side] += l.Value
		}
	}
	if pen[Axis] != -3 || pen[Allies] != -3 {
		t.Errorf("34.81: penalties %v, want -3 for each declaring side (EAI +2)", pen)
	}
}
