package crisis_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
	"stormjudge/adjudicator/war"
)

// crisisGame is a game at the crisis phase of Spring 1935 with the crisis
// phase played by email.
func crisisGame(seed uint64) storm.State {
	s := crisis.WithCrisis(setup.NewGame(seed))
	s.Segment = storm.SegCrisisAggression
	return s
}

func mustResolve(t *testing.T, s storm.State, orders map[storm.Power][]storm.Order) (storm.State, []event.Event) {
	t.Helper()
	for p, os := range orders {
		if errs := adjudicator.Validate(s, p, os); len(errs) > 0 {
			t.Fatalf("%s %s: %v", s.Segment, p, errs)
		}
	}
	n, evs, err := adjudicator.Resolve(s, orders)
	if err != nil {
		t.Fatal(err)
	}
	return n, evs
}

func aggression(target string, args ...string) storm.Order {
	return storm.Order{Kind: storm.AggressionOrder, Project: target, Args: args}
}

func rhinelandDone(s *storm.State) {
	t := storm.Turn{Year: 1934, Season: storm.Winter}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: t, Completed: &t})
}

// Rules 27.11, 27.21B, 27.51-27.52: the Allies acquiesce in the Rhineland;
// the aggression succeeds and is completed at once (29.21).
func TestRule27_52Acquiescence(t *testing.T) {
	s := crisisGame(1)
	if got := adjudicator.Required(s); !slices.Equal(got, []storm.Power{storm.Germany, storm.Italy}) {
		t.Fatalf("27.11: required %v", got)
	}
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{aggression("Austria")}); len(errs) != 1 || errs[0].Rule != "27.21B" {
		t.Errorf("27.21B: Austria before the Rhineland: %v", errs)
	}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("rhineland")}})
	if s.Segment != storm.SegCrisisResponse || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Britain, storm.France}) {
		t.Fatalf("27.51: %s, required %v", s.Segment, adjudicator.Required(s))
	}
	if a := randomevent.AllEvents[event.CrisisAnnounced](evs); len(a) != 1 || a[0].Target != storm.Rhineland {
		t.Errorf("27.11: announced %+v", a)
	}
	s, evs = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.AcquiesceOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
	if !storm.CompletedBy(s, storm.Germany, storm.Rhineland) {
		t.Errorf("27.52A, 29.21: Rhineland not completed: %+v", s.SupportFacts.Aggressions)
	}
	if e := randomevent.AllEvents[event.CrisisEnded](evs); len(e) != 1 || e[0].Outcome != storm.Acquiesced {
		t.Errorf("27.52: ended %+v", e)
	}
	if len(randomevent.AllEvents[event.CrisisResistance](evs)) != 0 {
		t.Errorf("28.52: a tile drawn without opposition")
	}
	if s.Segment != storm.SegEconomic || s.Turn != storm.FirstTurn.Next() {
		t.Errorf("after the crisis: %s %s", s.Turn, s.Segment)
	}
}

// Rules 27.53, 28.5, 27.61-27.62: opposed, a tile is drawn, the aggressor
// backs down: next turn's support and counters (27.62A-B).
func TestRule27_62AggressorBacksDown(t *testing.T) {
	s := crisisGame(2)
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Rhineland")}})
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.OpposeOrder}}})
	r := randomevent.AllEvents[event.CrisisResistance](evs)
	if len(r) != 1 || r[0].Resistance.Tile < 1 || r[0].Resistance.Tile > 3 {
		t.Fatalf("28.5: resistance %+v", r)
	}
	if s.Segment != storm.SegCrisisAxisResponse || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Germany}) {
		t.Fatalf("27.61: %s %v", s.Segment, adjudicator.Required(s))
	}
	if errs := adjudicator.Validate(s, storm.Britain, []storm.Order{{Kind: storm.BackDownOrder}}); len(errs) == 0 {
		t.Errorf("27.61: Britain decides for Germany")
	}
	s, evs = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.BackDownOrder}}})
	eff := randomevent.AllEvents[event.CrisisEffect](evs)
	want := map[storm.Power]int{storm.Germany: -1, storm.Britain: 1, storm.France: 1}
	if len(eff) != 3 {
		t.Fatalf("27.62: effects %+v", eff)
	}
	for _, e := range eff {
		if e.Support != want[e.Power] || e.Counter != want[e.Power] {
			t.Errorf("27.62: %+v", e)
		}
	}
	if storm.CompletedBy(s, storm.Germany, storm.Rhineland) || len(s.SupportFacts.Aggressions) != 0 {
		t.Errorf("27.62: the aggression does not succeed: %+v", s.SupportFacts.Aggressions)
	}
	if s.Turn != storm.FirstTurn.Next() || s.Powers[storm.Germany].Economy.CountersNow.One != -1 || s.Powers[storm.Britain].Economy.CountersNow.One != 1 {
		t.Errorf("27.62B: counters in %s: Germany %+v, Britain %+v", s.Turn, s.Powers[storm.Germany].Economy.CountersNow, s.Powers[storm.Britain].Economy.CountersNow)
	}
}

// Rule 27.51 (r-27-51-concert): Britain and France disagree; both are
// asked again; a second disagreement acquiesces.
func TestRule27_51AlliesInConcert(t *testing.T) {
	s := crisisGame(3)
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Rhineland")}})
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
	if s.Segment != storm.SegCrisisResponse || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Britain, storm.France}) {
		t.Fatalf("asked again: %s %v", s.Segment, adjudicator.Required(s))
	}
	if d := randomevent.AllEvents[event.CrisisDecision](evs); len(d) != 1 || d[0].Decision != "" {
		t.Errorf("disagreement reported: %+v", d)
	}
	s, evs = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}})
	if e := randomevent.AllEvents[event.CrisisEnded](evs); len(e) != 1 || e[0].Outcome != storm.Acquiesced {
		t.Errorf("second disagreement: %+v", e)
	}
}

// Rules 26.11 and the conditional orders: the aggressor's plan and the
// Allies' decide the crisis in one round trip each side; 27.82 applies.
func TestRule26_11ConditionalOrders(t *testing.T) {
	s := crisisGame(4)
	rhinelandDone(&s)
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 8, 8 // 27.73: an ultimatum is possible
	ifOpp := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.ContinueAggression), "<=", "9", string(storm.BackDownOrder)}}
	ifUlt := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"ultimatum", string(storm.BackDownOrder)}}
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Austria"), ifOpp, ifUlt}, storm.Italy: nil})
	if len(s.Crisis.Plans) != 2 {
		t.Fatalf("plans %+v", s.Crisis.Plans)
	}
	ifCont := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"continued", string(storm.UltimatumOrder)}}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}, ifCont}, storm.France: {{Kind: storm.OpposeOrder}, ifCont}})
	e := randomevent.AllEvents[event.CrisisEnded](evs)
	if len(e) != 1 || e[0].Outcome != storm.AggressorBacksDownUl {
		t.Fatalf("27.82 by plans: %+v (now %s)", e, s.Segment)
	}
	if s.Segment != storm.SegEconomic {
		t.Errorf("one round trip a side: now %s", s.Segment)
	}
	for _, d := range randomevent.AllEvents[event.CrisisDecision](evs) {
		if d.Stage != storm.StageResponse && d.How != "conditional order" && d.How != "agreed by conditional orders" {
			t.Errorf("decision %+v", d)
		}
	}
}

// Rules 27.83, 33.2, 34: war over Austria; the Allies declare (32.61A);
// the final research and victory points; the game ends.
func TestRule27_83WarEndsTheGame(t *testing.T) {
	s := crisisGame(5)
	rhinelandDone(&s)
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 8, 8
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Austria")}})
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.OpposeOrder}}})
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.ContinueAggression}}})
	if s.Segment != storm.SegCrisisUltimatum {
		t.Fatalf("27.71: %s", s.Segment)
	}
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.UltimatumOrder}}, storm.France: {{Kind: storm.UltimatumOrder}}})
	if s.Segment != storm.SegCrisisBrink {
		t.Fatalf("27.81: %s", s.Segment)
	}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.AttackOrder}}})
	if s.War == nil || s.Segment != storm.SegEndOfGame || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Germany, storm.Britain, storm.Russia}) {
		t.Fatalf("27.83, 33.2: war %+v at %s, required %v", s.War, s.Segment, adjudicator.Required(s))
	}
	if len(randomevent.AllEvents[event.WarBroke](evs)) != 1 {
		t.Errorf("27.83: no WarBroke")
	}
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{{Kind: storm.Research, Project: "jets", Points: 2}}); len(errs) != 0 {
		t.Errorf("33.21A: %v", errs)
	}
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{{Kind: storm.Research, Project: "jets", Points: 4}}); len(errs) == 0 {
		t.Errorf("33.22A: four points in one project accepted")
	}
	s, evs = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.Research, Project: "jets", Points: 2}}})
	if !s.Ended || len(adjudicator.Required(s)) != 0 {
		t.Fatalf("33.11: ended %v, required %v", s.Ended, adjudicator.Required(s))
	}
	g := randomevent.AllEvents[event.GameEnded](evs)
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
	if _, _, err := adjudicator.Resolve(s, nil); err == nil {
		t.Errorf("an ended game resolved again")
	}
}

// Rule 27.51B (26.11B): with the Rhineland remilitarized the Allies must
// acquiesce in Italy's aggression against Ethiopia; 29.32: Ethiopia falls
// at the end of the third turn after the attack (the rule's EXAMPLE:
// Fall 1935 -> Summer 1936).
func TestRule29_32EthiopiaExample(t *testing.T) {
	s := crisisGame(6)
	s.Turn = storm.Turn{Year: 1935, Season: storm.Fall}
	rhinelandDone(&s)
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Italy: {aggression("Ethiopia")}, storm.Germany: nil})
	a := randomevent.AllEvents[event.CrisisAnnounced](evs)
	if len(a) != 1 || !a[0].Forced {
		t.Fatalf("27.51B: %+v", a)
	}
	succ := randomevent.AllEvents[event.AggressionSucceeded](evs)
	if len(succ) != 1 || succ[0].Due == nil || *succ[0].Due != (storm.Turn{Year: 1936, Season: storm.Summer}) {
		t.Fatalf("29.32: %+v", succ)
	}
	for range 20 {
		if s.Turn == (storm.Turn{Year: 1936, Season: storm.Fall}) {
			break
		}
		var err error
		s, _, err = adjudicator.Resolve(s, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
	if !storm.CompletedBy(s, storm.Italy, storm.Ethiopia) {
		t.Fatalf("29.32: Ethiopia not conquered by Fall 1936: %+v", s.SupportFacts.Aggressions)
	}
	for _, x := range s.SupportFacts.Aggressions {
		if x.Target == storm.Ethiopia && *x.Completed != (storm.Turn{Year: 1936, Season: storm.Summer}) {
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
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Danzig and the Corridor", "pact")}})
	if !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Britain, storm.France}) {
		t.Errorf("26.14A: no Russian answer once the pact is offered: %v", adjudicator.Required(s))
	}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.AcquiesceOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
	ps := randomevent.AllEvents[event.PactSigned](evs)
	if len(ps) != 1 || s.SupportFacts.PactSigned == nil || !storm.PactInEffect(s) {
		t.Fatalf("31.5: %+v", ps)
	}
	if ps[0].Rounded%5 != 0 || ps[0].Purge != ps[0].Rounded/5 {
		t.Errorf("31.33, 31.51F: %+v", ps[0])
	}
	s = base
	before := s.Russia.PurgeEvents
	s, evs = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Danzig and the Corridor")}})
	if n := randomevent.AllEvents[event.PactNotOffered](evs); len(n) != 1 || n[0].Purge != 1 || s.Russia.PurgeEvents != before+1 {
		t.Errorf("31.61C: %+v, purge level %d -> %d", n, before, s.Russia.PurgeEvents)
	}
	if !slices.Contains(adjudicator.Required(s), storm.Russia) {
		t.Errorf("26.14A: Russia may oppose an aggression against Poland without the pact: %v", adjudicator.Required(s))
	}
	if rule, _ := crisis.PactOfferBarred(s, "Poland"); rule != "31.61A" {
		t.Errorf("31.61A: %q", rule)
	}
}

// Rule 27.13: both Axis powers aggress in one turn; answers name the
// aggressor; an unnamed answer is refused.
func TestRule27_13BothAxisPowers(t *testing.T) {
	s := crisisGame(8)
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Rhineland")}, storm.Italy: {aggression("Ethiopia")}})
	if len(s.Crisis.Crises) != 2 {
		t.Fatalf("27.13: %+v", s.Crisis.Crises)
	}
	if errs := adjudicator.Validate(s, storm.Britain, []storm.Order{{Kind: storm.OpposeOrder}}); len(errs) != 1 || errs[0].Rule != "27.13" {
		t.Errorf("27.13: unnamed answer: %v", errs)
	}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder, Project: "italy"}, {Kind: storm.AcquiesceOrder, Project: "germany"}},
		storm.France: {{Kind: storm.OpposeOrder, Project: "italy"}, {Kind: storm.AcquiesceOrder, Project: "germany"}}})
	if !storm.CompletedBy(s, storm.Germany, storm.Rhineland) || s.Segment != storm.SegCrisisAxisResponse || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Italy}) {
		t.Errorf("27.13: %s %v", s.Segment, adjudicator.Required(s))
	}
	if r := randomevent.AllEvents[event.CrisisResistance](evs); len(r) != 1 || r[0].Resistance.Tile != 0 || r[0].Resistance.Level != 1 {
		t.Errorf("28.13: Ethiopia's resistance is fixed: %+v", r)
	}
}

// Rule 27.11 with standing orders: Germany's AGGRESSION NONE and Italy's
// AGGRESSION ETHIOPIA sent with the economic orders (FOR CRISIS) answer the
// aggression segment, which then asks nobody.
func TestRule27_11StandingAggression(t *testing.T) {
	s := crisis.WithCrisis(setup.NewGame(9))
	s, _, _ = adjudicator.Resolve(s, nil) // to the economic phase
	none := storm.Order{Kind: storm.AggressionOrder, Project: storm.NoAggression, For: storm.SegCrisisAggression}
	eth := storm.Order{Kind: storm.AggressionOrder, Project: storm.Ethiopia, For: storm.SegCrisisAggression}
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{{Kind: storm.AggressionOrder, Project: "Ethiopia", For: storm.SegCrisisAggression}}); len(errs) != 1 || errs[0].Rule != "27.41" {
		t.Errorf("27.41: Germany FOR CRISIS against Ethiopia: %v", errs)
	}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {none}, storm.Italy: {eth}})
	if s.Segment != storm.SegCrisisResponse || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Britain, storm.France}) {
		t.Fatalf("the aggression segment waited: %s %v", s.Segment, adjudicator.Required(s))
	}
	if a := randomevent.AllEvents[event.CrisisAnnounced](evs); len(a) != 1 || a[0].Aggressor != storm.Italy || a[0].Target != storm.Ethiopia {
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
	s.Powers[storm.Italy].Support = 3
	s.Powers[storm.Germany].Active.Armor += 10 // 24.44: an Axis advantage
	base := diplomacy.MilitaryCounterLimit(s, storm.Italy)
	if base < 1 {
		t.Fatalf("24.44: Italy has no military counter at peace to lose (%d)", base)
	}
	due := storm.Turn{Year: 1936, Season: storm.Winter}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: s.Turn, Due: &due})
	if got := diplomacy.MilitaryCounterLimit(s, storm.Italy); got != 0 {
		t.Errorf("29.34: Italy at war in Ethiopia may place %d military counters (%d at peace)", got, base)
	}
	s = crisisGame(10)
	s.Diplomacy.Placements = append(s.Diplomacy.Placements, storm.Placement{Power: storm.Italy, Country: "Spain", Military: true, Round: storm.SegDiplomacyAxis1})
	for _, o := range crisis.AggressionOptions(s, storm.Italy) {
		if o.Target == storm.Ethiopia && !strings.Contains(o.Barred, "29.34") {
			t.Errorf("29.34: Ethiopia after the counter's use: %+v", o)
		}
	}
	if slices.Contains(adjudicator.Required(s), storm.Italy) {
		t.Errorf("29.34: Italy asked with every target barred")
	}
	if rule, _ := crisis.CheckAggression(s, storm.Italy, aggression("Ethiopia")); rule != "29.34" {
		t.Errorf("29.34: checkAggression %q", rule)
	}
}

// Rules 27.62C, 27.72C, 27.82C: Italy backs down in the turn Germany goes
// to war; the A World at War effects are reported with the end.
func TestRule27_62CWorldAtWarEffects(t *testing.T) {
	s := crisisGame(11)
	s.Segment = storm.SegEndOfGame
	s.Crisis.Crises = []storm.Crisis{{Aggressor: storm.Italy, Target: "Albania", Stage: storm.StageOver, Outcome: storm.AggressorBacksDown},
		{Aggressor: storm.Germany, Target: "Austria", Stage: storm.StageOver, Outcome: storm.WarOutcome}}
	s.War = &storm.War{Turn: s.Turn, Kind: "crisis", Aggressor: storm.Germany, Target: "Austria", Declarers: []storm.Power{storm.Britain}, Against: []storm.Power{storm.Germany}}
	peace := s.Clone()
	peace.War.Against = []storm.Power{storm.Italy} // a war on Italy itself: not 27.62C's case
	if got := war.WorldAtWar(peace); len(got) != 0 {
		t.Errorf("27.62C: Italy's back-down counts only if its partner goes to war: %+v", got)
	}
	_, evs := mustResolve(t, s, nil)
	g := randomevent.AllEvents[event.GameEnded](evs)
	if len(g) != 1 || len(g[0].WorldAtWar) != 3 || g[0].WorldAtWar[0] != (storm.WorldAtWarEffect{Power: storm.Italy, BRP: -3, NoDeclaration: true, Rule: "27.62C"}) ||
		g[0].WorldAtWar[1].BRP != 3 {
		t.Errorf("27.62C: %+v", g)
	}
}

// Rules 27.21A, 29.3: while Ethiopia's conquest is under way Italy may not
// aggress against it again nor elsewhere.
func TestRule27_21AConquestUnderWay(t *testing.T) {
	s := crisisGame(12)
	due := storm.Turn{Year: 1935, Season: storm.Winter}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: s.Turn, Due: &due})
	for _, o := range crisis.AggressionOptions(s, storm.Italy) {
		if o.Barred == "" {
			t.Errorf("27.21A: %s open during Ethiopia's conquest", o.Target)
		}
	}
	if slices.Contains(adjudicator.Required(s), storm.Italy) {
		t.Errorf("27.11: Italy asked with no target open")
	}
}

// Rule 26.11 with standing orders: IF lines sent with a FOR CRISIS
// aggression are kept; the newest IF line for a stage stands; an order in
// the aggression segment replaces the FOR CRISIS line.
func TestRule26_11PlansWithStandingAggression(t *testing.T) {
	s := crisis.WithCrisis(setup.NewGame(13))
	rhinelandDone(&s)
	s, _, _ = adjudicator.Resolve(s, nil) // the economic phase
	austria := storm.Order{Kind: storm.AggressionOrder, Project: "Austria", For: storm.SegCrisisAggression}
	ifOpp := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.BackDownOrder)}}
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {austria, ifOpp}})
	if len(s.Crisis.Plans) != 1 {
		t.Fatalf("plan with FOR CRISIS not kept: %+v", s.Crisis.Plans)
	}
	s2 := s.Clone()
	s2.Crisis.Plans = append(s2.Crisis.Plans, storm.CrisisPlan{Power: storm.Germany, Order: storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.ContinueAggression)}}})
	if k, _ := crisis.PlannedAction(s2, storm.Germany, storm.Crisis{Aggressor: storm.Germany, Stage: storm.StageAxisResponse}); k != storm.ContinueAggression {
		t.Errorf("the newest IF line stands: %s", k)
	}
	for s.Segment != storm.SegCrisisAggression {
		s, _, _ = adjudicator.Resolve(s, nil)
	}
	if !adjudicator.MayOrder(s, storm.Germany, []storm.Order{aggression("Sudetenland")}) {
		t.Fatalf("Germany may not replace its FOR CRISIS line")
	}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Sudetenland")}})
	if a := randomevent.AllEvents[event.CrisisAnnounced](evs); len(a) != 1 || a[0].Target != "Sudetenland" {
		t.Errorf("the order replaces the FOR CRISIS line: %+v", a)
	}
}

// Rule 31.51C: when the pact is signed Russian and Allied flags sharing a
// target are removed one for one.
func TestRule31_51CFlagsRemoved(t *testing.T) {
	s := crisisGame(14)
	rhinelandDone(&s)
	m := s.Minor("Poland")
	m.SetFlagCounts(map[storm.Power]int{storm.France: 2, storm.Russia: 1})
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Danzig and the Corridor", "pact")}})
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.AcquiesceOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
	if r := randomevent.AllEvents[event.PactFlagsRemoved](evs); len(r) != 1 || r[0].Country != "Poland" || r[0].Removed != 1 {
		t.Fatalf("31.51C: %+v", r)
	}
	if c := s.Minor("Poland").FlagCounts(); c[storm.France] != 1 || c[storm.Russia] != 0 {
		t.Errorf("31.51C: Poland's flags %v", c)
	}
	if s.SupportFacts.PactLevel == 0 || war.VictoryPoints(s).Lines == nil {
		t.Errorf("31.33: pact level not kept")
	}
}

// Rules 10.71B, 10.81B, 30: the temporary Allied increases after Austria
// (inferred: +1 for as many turns as its value), and a game's own table
// changes them.
func TestRule30_TemporarySupportAndOverride(t *testing.T) {
	s := crisisGame(15)
	rhinelandDone(&s)
	s2, _ := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Austria")}})
	_, evs := mustResolve(t, s2, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.AcquiesceOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
	g := randomevent.AllEvents[event.SupportGranted](evs)
	if len(g) != 2 || g[0].Grant.Value != 1 || g[0].Grant.Turns != 2 || !g[0].Inferred || g[0].Grant.From != storm.FirstTurn.Next() {
		t.Fatalf("10.71B: %+v", g)
	}
	rows := append([]storm.AggressionEffect{}, storm.DefaultAggressionEffects...)
	for i := range rows {
		if rows[i].Kind == storm.AggrTemporarySupport {
			rows[i].Value, rows[i].Turns, rows[i].Inferred = 2, 1, false
		}
		if rows[i].Kind == storm.AggrValue && rows[i].Target == "Austria" {
			rows[i].Value = 5
		}
	}
	own, err := crisis.WithAggressionEffects(s, rows)
	if err != nil {
		t.Fatal(err)
	}
	own, _ = mustResolve(t, own, map[storm.Power][]storm.Order{storm.Germany: {aggression("Austria")}})
	own, evs = mustResolve(t, own, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.AcquiesceOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
	if g := randomevent.AllEvents[event.SupportGranted](evs); len(g) != 2 || g[0].Grant.Value != 2 || g[0].Grant.Turns != 1 {
		t.Errorf("30: the game's own table: %+v", g)
	}
	found := false
	for _, l := range war.VictoryPoints(own).Lines {
		found = found || (l.Rule == "34.51A" && l.What == "aggression against Austria" && l.Value == 5)
	}
	if !found {
		t.Errorf("34.51A from the game's own table: %+v", war.VictoryPoints(own).Lines)
	}
	if _, err := crisis.WithAggressionEffects(s, rows[1:]); err == nil {
		t.Errorf("30: a table without Ethiopia's value accepted")
	}
}

// Rule 26.11, conditional orders: a plan naming the aggressor stands
// before one naming none, whenever sent; a second email of IF lines keeps
// the first's for other stages and aggressors.
func TestRule26_11PlanPrecedenceAndCombining(t *testing.T) {
	s := crisisGame(16)
	named := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"continued", string(storm.UltimatumOrder)}, Project: "germany"}
	unnamed := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"continued", string(storm.BackDownOrder)}}
	s.Crisis.Plans = []storm.CrisisPlan{{Power: storm.Britain, Order: named}, {Power: storm.Britain, Order: unnamed}}
	if k, _ := crisis.PlannedAction(s, storm.Britain, storm.Crisis{Aggressor: storm.Germany, Stage: storm.StageUltimatum}); k != storm.UltimatumOrder {
		t.Errorf("the named plan stands: %s", k)
	}
	if k, _ := crisis.PlannedAction(s, storm.Britain, storm.Crisis{Aggressor: storm.Italy, Stage: storm.StageUltimatum}); k != storm.BackDownOrder {
		t.Errorf("the unnamed plan for Italy: %s", k)
	}
	s.Segment = storm.SegCrisisResponse
	italy := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"continued", string(storm.BackDownOrder)}, Project: "italy"}
	got, _ := adjudicator.CombineOrders(s, []storm.Order{named}, false, []storm.Order{italy}, false)
	if len(got) != 2 {
		t.Errorf("CombineOrders dropped the earlier IF line: %v", got)
	}
	again := storm.Order{Kind: storm.CrisisIfOrder, Args: []string{"continued", string(storm.BackDownOrder)}, Project: "germany"}
	if got, _ := adjudicator.CombineOrders(s, []storm.Order{named}, false, []storm.Order{again}, false); len(got) != 1 || got[0].Args[1] != string(storm.BackDownOrder) {
		t.Errorf("CombineOrders: the newer line for the same stage and aggressor replaces: %v", got)
	}
}

// Rules 33.21, 15.13: final points beyond a project's last step are
// refused, counting every line of the orders.
func TestRule33_21FinalResearchWithinTheSheet(t *testing.T) {
	s := crisisGame(17)
	s.Segment = storm.SegEndOfGame
	s.War = &storm.War{Turn: s.Turn, Kind: "crisis", Aggressor: storm.Germany, Target: "Austria", Declarers: []storm.Power{storm.Britain}, Against: []storm.Power{storm.Germany}}
	r, _ := storm.FindProject(storm.Allies, storm.ProjectAngloFrench)
	var discard []event.Event
	track.AdvanceProject(&s, r, s.Sheets.Remaining(r)-1, &discard)
	o := storm.Order{Kind: storm.Research, Project: r.ID()}
	if errs := adjudicator.Validate(s, storm.Britain, []storm.Order{o}); len(errs) != 0 {
		t.Fatalf("33.21B: one point with one step left: %v", errs)
	}
	if errs := adjudicator.Validate(s, storm.Britain, []storm.Order{o, o}); len(errs) != 1 || errs[0].Rule != "15.13" {
		t.Errorf("15.13: two points with one step left: %v", errs)
	}
}

// A crisis state Resolve cannot work on is refused, not looped on.
func TestCrisisStateChecked(t *testing.T) {
	s := crisisGame(18)
	s.Segment = storm.SegCrisisResponse
	s.Crisis.Crises = []storm.Crisis{{Aggressor: storm.Germany, Target: "Austria", Stage: storm.StageBrink, Asked: 1}}
	if _, _, err := adjudicator.Resolve(s, nil); err == nil {
		t.Errorf("a crisis asked again outside its segment resolved")
	}
	s = crisisGame(18)
	s.Crisis.Plans = []storm.CrisisPlan{{Power: storm.Britain, Order: storm.Order{Kind: storm.CrisisIfOrder}}}
	if _, _, err := adjudicator.Resolve(s, nil); err == nil {
		t.Errorf("a plan without its stage resolved")
	}
}

// acquiescedPoland plays an aggression against Poland proper with order
// o, acquiesced in, and returns the state and events of the response.
func acquiescedPoland(t *testing.T, s storm.State, o storm.Order) (storm.State, []event.Event) {
	t.Helper()
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {o}})
	return mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.AcquiesceOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
}

// Rules 29.22, 31.81, 31.82, 31.83: Germany's three choices for Poland
// proper; a satellite breaks the pact (31.81), not with the pact offered
// in the same aggression (31.82), and in a later turn with its purge
// events compared (31.83).
func TestRule29_22PolandChoices(t *testing.T) {
	base := crisisGame(19)
	rhinelandDone(&base)
	if errs := adjudicator.Validate(base, storm.Germany, []storm.Order{aggression("Poland", storm.PolandNeutral)}); len(errs) != 1 || errs[0].Rule != "29.22C" {
		t.Errorf("29.22C: neutral without the pact: %v", errs)
	}
	if errs := adjudicator.Validate(base, storm.Germany, []storm.Order{aggression("Austria", storm.PolandSatellite)}); len(errs) != 1 || errs[0].Rule != "29.22" {
		t.Errorf("29.22: a choice for Austria: %v", errs)
	}
	// A: conquest.
	s, evs := acquiescedPoland(t, base, aggression("Poland", "pact"))
	if d := randomevent.AllEvents[event.PolandDecided](evs); len(d) != 1 || d[0].Choice != storm.PolandConquest || s.Minor("Poland").Controller != storm.Germany {
		t.Errorf("29.22A: %+v, controller %v", d, s.Minor("Poland").Controller)
	}
	// C: neutral, with the pact: Danzig only, Poland closed for good.
	s, _ = acquiescedPoland(t, base, aggression("Poland", "pact", storm.PolandNeutral))
	if !s.SupportFacts.PolandNeutral || s.Minor("Poland").Controller != 0 || !storm.CompletedBy(s, storm.Germany, "Danzig and the Corridor") || storm.CompletedBy(s, storm.Germany, "Poland") {
		t.Errorf("29.22C: neutral %v, controller %v, aggressions %+v", s.SupportFacts.PolandNeutral, s.Minor("Poland").Controller, s.SupportFacts.Aggressions)
	}
	if !storm.Conquered(s, "Poland") {
		t.Errorf("29.22C: counters still allowed in a neutral Poland")
	}
	for _, o := range crisis.AggressionOptions(s, storm.Germany) {
		if o.Target == "Poland" && !strings.Contains(o.Barred, "29.22C") {
			t.Errorf("29.22C: a second aggression against Poland open: %+v", o)
		}
	}
	// B: satellite, breaking a pact signed when Danzig was taken (31.83).
	b := base.Clone()
	danzig := storm.Turn{Year: 1934, Season: storm.Fall}
	b.SupportFacts.Aggressions = append(b.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Germany, Target: "Danzig and the Corridor", Turn: danzig, Completed: &danzig})
	b.SupportFacts.PactSigned, b.SupportFacts.PactLevel = &danzig, 30
	if errs := adjudicator.Validate(b, storm.Germany, []storm.Order{aggression("Poland", "pact", storm.PolandSatellite)}); len(errs) == 0 {
		t.Errorf("31.82: PACT with SATELLITE accepted")
	}
	s, evs = acquiescedPoland(t, b, aggression("Poland", storm.PolandSatellite))
	d := randomevent.AllEvents[event.PolandDecided](evs)
	if len(d) != 1 || !d[0].PactBroken || !s.Conditions.PactViolated || storm.PactInEffect(s) {
		t.Fatalf("31.83: %+v, violated %v", d, s.Conditions.PactViolated)
	}
	if s.Minor("Poland").Controller != storm.Germany || !s.SupportFacts.PolandSatellite {
		t.Errorf("29.22B: Poland not a satellite")
	}
	got := 0
	for _, e := range randomevent.AllEvents[event.PurgeLevelRaised](evs) {
		if strings.Contains(e.What, "31.83C") {
			got += e.Events
		}
	}
	if got != 1 { // 31.83C: 7 for Poland against the pact's 30/5 = 6
		t.Errorf("31.83C: purge level +%d, want +1", got)
	}
	if g := track.CheckGarrison(s, "test"); g.Satellite != 3 {
		t.Errorf("29.22B: the garrison requirement's Polish units %d", g.Satellite)
	}
}

// Rule 27.51 with conditional orders sent before the aggression: the
// Allies' IF AGGRESSION lines answer the response, so a crisis sent with
// the economic orders is settled without a round trip of its own.
func TestRule27_51ResponseInAdvance(t *testing.T) {
	s := crisis.WithCrisis(setup.NewGame(20))
	rhinelandDone(&s)
	s, _, _ = adjudicator.Resolve(s, nil) // the economic phase
	ger := []storm.Order{{Kind: storm.AggressionOrder, Project: "Austria", For: storm.SegCrisisAggression},
		{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.BackDownOrder)}}}
	allies := []storm.Order{{Kind: storm.CrisisIfOrder, Args: []string{"aggression", string(storm.OpposeOrder)}, Project: "Austria"},
		{Kind: storm.CrisisIfOrder, Args: []string{"aggression", string(storm.AcquiesceOrder)}}}
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{{Kind: storm.CrisisIfOrder, Args: []string{"aggression", string(storm.OpposeOrder)}}}); len(errs) != 1 {
		t.Errorf("27.51: Germany's IF AGGRESSION accepted: %v", errs)
	}
	none := []storm.Order{{Kind: storm.AggressionOrder, Project: storm.NoAggression, For: storm.SegCrisisAggression}}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: ger, storm.Italy: none, storm.Britain: allies, storm.France: allies})
	e := randomevent.AllEvents[event.CrisisEnded](evs)
	if len(e) != 1 || e[0].Outcome != storm.AggressorBacksDown {
		t.Fatalf("the crisis settled by plans: %+v (now %s %s)", e, s.Turn, s.Segment)
	}
	if s.Segment != storm.SegEconomic || s.Turn != storm.FirstTurn.Next() {
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
	s.Segment = storm.SegPreemptiveWar
	s.EAI = 2
	th := func(from, against storm.Power) storm.Threshold {
		return storm.Threshold{From: from, Against: against, Net: 1, Meets: true}
	}
	c := func(by, on storm.Power) storm.Concession {
		return storm.Concession{BasisFrom: by, BasisAgainst: on, Excess: 1, Support: 1, Preventable: true, Conceders: []storm.Power{on}, Beneficiaries: []storm.Power{by}}
	}
	s.Crisis.Declared = true
	s.Crisis.Threats = []storm.Threat{
		{Declarers: []storm.Power{storm.Germany}, Against: []storm.Power{storm.Russia}, Thresholds: []storm.Threshold{th(storm.Germany, storm.Russia)}, Concession: c(storm.Germany, storm.Russia)},
		{Declarers: []storm.Power{storm.Britain, storm.France}, Against: []storm.Power{storm.Italy}, Thresholds: []storm.Threshold{th(storm.Britain, storm.Italy), th(storm.France, storm.Italy)}, Concession: c(storm.Britain, storm.Italy)},
	}
	s, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Russia: {{Kind: storm.RefuseOrder}}, storm.Italy: {{Kind: storm.RefuseOrder}}})
	if len(randomevent.AllEvents[event.WarBroke](evs)) != 2 || s.War == nil || len(s.War.More) != 1 || len(s.War.Against) != 2 {
		t.Fatalf("26.13: %+v", s.War)
	}
	pen := map[storm.Side]int{}
	for _, l := range war.VictoryPoints(s).Lines {
		if l.Rule == "34.81" {
			pen[l.Side] += l.Value
		}
	}
	if pen[storm.Axis] != -3 || pen[storm.Allies] != -3 {
		t.Errorf("34.81: penalties %v, want -3 for each declaring side (EAI +2)", pen)
	}
}
