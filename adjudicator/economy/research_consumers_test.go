package economy_test

import (
	"slices"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// Tests that the rules reading research results (support, pools,
// mobilization, shipbuilding, balance of power, garrison) see the results
// the way research records them: achieved through research.go, read through
// the research table's functions.

// researchTo gives side's project id its first results results the way the
// game does: research.go's AdvanceProject up to the step before the last,
// then the last step by RESEARCH orders of the side's leader, checked by
// Validate and resolved like any economic phase (applyResearch). The turn
// is advanced afterwards.
func researchTo(t *testing.T, s *storm.State, side storm.Side, id string, results int) {
	t.Helper()
	r, ok := storm.FindProject(side, id)
	if !ok {
		t.Fatalf("no project %s/%s", side, id)
	}
	target := results * r.StepsPerResult
	have := s.Sheets.Steps(r)
	if target <= have {
		t.Fatalf("%s already has %d steps", r.ID(), have)
	}
	var evs []event.Event
	if target-1 > have {
		track.AdvanceProject(s, r, target-1-have, &evs)
	}
	// 15.23B: the last step's stage decides how many points must go to
	// clear steps elsewhere; 15.23C: the Italian/French obligation.
	fillers := int(economy.StageOf(target))
	var oblig storm.Power
	for _, ob := range storm.Obligations {
		if ob.Side == side && ob.Power != r.Power && !economy.ObligationMet(*s, ob) {
			oblig = ob.Power
		}
	}
	if oblig != 0 {
		fillers = max(fillers, 1)
	}
	var cands []storm.ResearchProject
	for _, f := range storm.ResearchProjects(side) {
		if f.ID() == r.ID() || f.Category == storm.IntelligenceResearch || s.Sheets.Steps(f) >= 2 ||
			slices.Contains(storm.AdvancedProjects[side], f.Name) {
			continue
		}
		if rule, _ := economy.ProjectClosed(*s, f); rule != "" {
			continue
		}
		cands = append(cands, f)
	}
	slices.SortStableFunc(cands, func(a, b storm.ResearchProject) int { // the obliged power's first
		return map[bool]int{true: 0, false: 1}[a.Power == oblig] - map[bool]int{true: 0, false: 1}[b.Power == oblig]
	})
	if len(cands) < fillers {
		t.Fatalf("no clear projects to fill with")
	}
	leader := track.ResearchLeader(side)
	var orders []storm.Order
	if extra := fillers + 1 - storm.BasicAllocations[side].Basic; extra > 0 {
		orders = append(orders, storm.Order{Kind: storm.Research, Counters: []int{extra}}) // 15.22
	}
	for _, f := range cands[:fillers] {
		orders = append(orders, storm.Order{Kind: storm.Research, Project: f.ID(), Points: 1})
	}
	orders = append(orders, storm.Order{Kind: storm.Research, Project: r.ID(), Points: 1})
	if errs := adjudicator.Validate(*s, leader, orders); errs != nil {
		t.Fatalf("research orders %v: %v", orders, errs)
	}
	evs = resolveResearch(t, s, map[storm.Power][]storm.Order{leader: orders})
	achieved := false
	for _, e := range evs {
		if a, ok := e.(event.ResearchResultAchieved); ok && a.Project == r.ID() && a.Result == results {
			achieved = true
		}
	}
	if !achieved {
		t.Fatalf("%s: result %d not achieved (%d steps)", r.ID(), results, s.Sheets.Steps(r))
	}
	nextTurn(s)
}

func TestResearchToRecordsAsResearch(t *testing.T) {
	s := researchState()
	researchTo(t, &s, storm.Axis, "italian armor", 1)
	researchTo(t, &s, storm.Soviet, "economic preparation", 2)
	want := []storm.ResearchResult{
		{Side: storm.Axis, Power: storm.Italy, Project: "armor", Results: 1, Rule: "16.14A, 15.23C, 14.722C"},
		{Side: storm.Soviet, Project: "economic preparation", Results: 2, Rule: "16.14C"},
	}
	for _, w := range want {
		if !slices.Contains(s.Research, w) {
			t.Errorf("missing row %+v in %+v", w, s.Research)
		}
	}
}

// TestRule10_51AResearchResults: 10.51A, 10.71A, 10.81A and
// 10.91A, the results achieved by research and valued by the research
// table (16.12A, 16.14A-C, 16.15A, 16.18B-D).
func TestRule10_51AResearchResults(t *testing.T) {
	s := researchState()
	s.Sheets.Permits.RhinelandRemilitarized = true             // 15.42A
	s.Sheets.Permits.Atomic = true                             // 15.42C
	researchTo(t, &s, storm.Axis, "west wall", 2)              // +1 each (16.14B)
	researchTo(t, &s, storm.Axis, "jets", 3)                   // 18-step: +1
	researchTo(t, &s, storm.Axis, "rockets", 2)                // 12 steps: nothing
	researchTo(t, &s, storm.Axis, "german atomic research", 1) // +1 (16.15A)
	researchTo(t, &s, storm.Axis, "specialized units", 3)      // joint Axis project: the German support
	researchTo(t, &s, storm.Axis, "italian armor", 2)          // Italy's maximum: no support (16.14A, 10.61)
	researchTo(t, &s, storm.Allies, "maginot line", 2)         // +1 each for France (10.81A)
	researchTo(t, &s, storm.Allies, "transports", 3)           // 18-step: Britain +1
	researchTo(t, &s, storm.Allies, "french armor", 2)         // not a support result
	researchTo(t, &s, storm.Soviet, "economic preparation", 3)
	for _, c := range []struct {
		p    storm.Power
		rule string
		want int
	}{
		{storm.Germany, "10.51A", 2 + 1 + 1 + 1},
		{storm.Britain, "10.71A", 1},
		{storm.France, "10.81A", 2},
		{storm.Russia, "10.91A", 1},
	} {
		if got := enginetest.ModValue(s, c.p, c.rule); got != c.want {
			t.Errorf("%s: %s research support %d, want %d", c.rule, c.p, got, c.want)
		}
		if got := track.ResearchSupport(s, c.p); got != c.want {
			t.Errorf("%s: ResearchSupport(%s) %d, want %d", c.rule, c.p, got, c.want)
		}
	}
	// 10.61: Italy has no research modifier.
	for _, m := range track.SupportBreakdown(s, storm.Italy) {
		if m.What == "research results" {
			t.Errorf("10.61: Italian research support %+v", m)
		}
	}
}

// TestRule12_22DEconomicPreparation: 16.14C, 12.22D.
func TestRule12_22DEconomicPreparation(t *testing.T) {
	s := researchState()
	researchTo(t, &s, storm.Axis, "economic preparation", 1)
	researchTo(t, &s, storm.Allies, "economic preparation", 2)
	researchTo(t, &s, storm.Soviet, "economic preparation", 3)
	for p, want := range map[storm.Power]storm.ActivityCounters{
		storm.Germany: {One: 1}, storm.Britain: {One: 1, Two: 1}, storm.Russia: {One: 1, Two: 1}, storm.Italy: {}, storm.France: {},
	} {
		if got := enginetest.IncreasesBy(s, p, "12.22D"); got != want {
			t.Errorf("12.22D: %s %v, want %v", p, got, want)
		}
		if got := storm.PoolFor(s, p); got != storm.StartingPools[p].Add(poolIncreasesExcept(s, p, "12.22D")).Add(want) {
			t.Errorf("16.14C: %s pool %v lacks the economic preparation counters %v", p, got, want)
		}
	}
}

// poolIncreasesExcept sums p's pool increases of rules other than rule.
func poolIncreasesExcept(s storm.State, p storm.Power, rule string) storm.ActivityCounters {
	var c storm.ActivityCounters
	for _, in := range storm.PoolIncreases(s, p) {
		if in.Rule != rule {
			c = c.Add(in.Counters)
		}
	}
	return c
}

// TestRule14_722CArmorResultThroughResearch: Italy, Britain and France may
// not create a fourth armor unit before their own armor result (14.722C,
// 14.736B, 14.742B); the result is achieved by research (16.14A).
func TestRule14_722CArmorResultThroughResearch(t *testing.T) {
	for _, c := range []struct {
		p    storm.Power
		id   string
		rule string
	}{
		{storm.Italy, "italian armor", "14.722C"},
		{storm.France, "french armor", "14.742B"},
		{storm.Britain, "british armor", "14.736B"},
	} {
		s := researchState()
		ps := s.Powers[c.p]
		initial, _ := economy.CreatedSoFar(c.p, ps)
		for i := initial.Armor; i < economy.ArmorCap; i++ {
			ps.MobilizationUnits = append(ps.MobilizationUnits, storm.MobilizationRecord{Number: 10 + i, Turn: s.Turn, Units: []storm.UnitType{storm.Armor}})
		}
		mob := []storm.UnitType{storm.Armor, storm.Infantry}
		if c.p == storm.Britain {
			mob = []storm.UnitType{storm.Armor, storm.Air, storm.Air}
		}
		if rule, _ := economy.CheckMobilizationUnits(s, c.p, mob); rule != c.rule {
			t.Errorf("%s: a fourth armor unit before the result: rule %q", c.rule, rule)
		}
		// Another power's armor result does not count.
		researchTo(t, &s, storm.Axis, "german armor", 1)
		researchTo(t, &s, storm.SideOf(c.p), c.id, 1)
		if rule, msg := economy.CheckMobilizationUnits(s, c.p, mob); rule == c.rule {
			t.Errorf("%s: still barred after the %s result: %s", c.rule, c.id, msg)
		}
	}
}

// TestRule19_63ResearchPermitsThroughResearch: carriers need national naval
// air training results (19.63A), 4- and 5-factor battleships battleship
// design results (19.63C), achieved by research (16.13B).
func TestRule19_63ResearchPermitsThroughResearch(t *testing.T) {
	s := researchState()
	lay := func(p storm.Power, c storm.ShipClass) string {
		rules := ""
		for _, e := range economy.CheckShipbuilding(s, p, []storm.Order{{Kind: storm.LayDown, Ship: string(c), Args: []string{storm.ArgShipyard}}}) {
			if e.Rule == "19.63A" || e.Rule == "19.63C" {
				rules = e.Rule
			}
		}
		return rules
	}
	if r := lay(storm.Germany, storm.Carrier); r != "19.63A" {
		t.Errorf("19.63A: German carrier without a result: %q", r)
	}
	if r := lay(storm.France, storm.Battleship4); r != "19.63C" {
		t.Errorf("19.63C: French 4-factor battleship without a result: %q", r)
	}
	researchTo(t, &s, storm.Axis, "german naval air training", 1)
	researchTo(t, &s, storm.Allies, "french battleship design", 1)
	if r := lay(storm.Germany, storm.Carrier); r != "" {
		t.Errorf("19.63A: German carrier after a German result: %q", r)
	}
	if r := lay(storm.Italy, storm.Carrier); r != "19.63A" {
		t.Errorf("19.63A: a German result allowed an Italian carrier: %q", r)
	}
	if r := lay(storm.France, storm.Battleship4); r != "" {
		t.Errorf("19.63C: French 4-factor battleship after a result: %q", r)
	}
	if r := lay(storm.France, storm.Battleship5); r != "19.63C" {
		t.Errorf("19.63C: French 5-factor battleship with one result: %q", r)
	}
	if r := lay(storm.Britain, storm.Battleship4); r != "19.63C" {
		t.Errorf("19.63C: a French result allowed a British battleship: %q", r)
	}
	researchTo(t, &s, storm.Allies, "french battleship design", 2)
	if r := lay(storm.France, storm.Battleship5); r != "" {
		t.Errorf("19.63C: French 5-factor battleship after two results: %q", r)
	}
}

// TestRule20_22ResearchCountersThroughResearch: research counters on the
// Balance of Power Chart (16.11, 20.22-20.25) come from the research table.
func TestRule20_22ResearchCountersThroughResearch(t *testing.T) {
	s := researchState()
	before := track.BalanceOfPower(s)
	researchTo(t, &s, storm.Axis, "torpedoes", 1)    // +1 naval (16.13A)
	researchTo(t, &s, storm.Axis, "german armor", 2) // +1, +2 armor (16.14A)
	researchTo(t, &s, storm.Allies, "air range", 1)  // +1 air, +1 naval (16.12B)
	researchTo(t, &s, storm.Soviet, "armor", 1)      // the garrison, not the chart (16.17)
	after := track.BalanceOfPower(s)
	wantAxis := before.Axis.Add(storm.CategoryCounts{Naval: 1, Armor: 3})
	wantAllies := before.Allies.Add(storm.CategoryCounts{Air: 1, Naval: 1})
	if after.Axis != wantAxis || after.Allies != wantAllies {
		t.Errorf("20.22: research counters Axis %+v Allies %+v, want %+v %+v", after.Axis, after.Allies, wantAxis, wantAllies)
	}
	if got := track.ResearchGarrison(s); got != 1+1 { // starting specialized units + armor
		t.Errorf("21.21B: Russian research garrison counters %d, want 2", got)
	}
}

// TestRule21_22EOccupationPoliciesThroughResearch: 16.16E, 21.22E.
func TestRule21_22EOccupationPoliciesThroughResearch(t *testing.T) {
	s := researchState()
	researchTo(t, &s, storm.Axis, "occupation policies", 1)
	if g := track.CheckGarrison(s, "21.23A"); g.Occupation != 1 {
		t.Errorf("21.22E: first result: %d, want 1", g.Occupation)
	}
	researchTo(t, &s, storm.Axis, "occupation policies", 2)
	if g := track.CheckGarrison(s, "21.23A"); g.Occupation != 3 {
		t.Errorf("21.22E: second result: %d, want 3", g.Occupation)
	}
}
