package threshold_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
	"stormjudge/adjudicator/war"
)

// dowCheck fails unless th's terms add up to its net and Meets is
// net >= 1 (32.31).
func dowCheck(t *testing.T, th storm.Threshold) {
	t.Helper()
	sum := 0
	for _, x := range th.Terms {
		sum += x.Value
	}
	if sum != th.Net || th.Meets != (th.Net >= 1) {
		t.Errorf("%s on %s: terms add up to %d, net %d, meets %v: %+v", th.From, th.Against, sum, th.Net, th.Meets, th.Terms)
	}
}

// dowTerm returns the value of th's term whose rule starts with rule.
func dowTerm(t *testing.T, th storm.Threshold, rule string) (int, bool) {
	t.Helper()
	for _, x := range th.Terms {
		if strings.HasPrefix(x.Rule, rule) {
			return x.Value, true
		}
	}
	return 0, false
}

// dowTermWhat returns the What of th's term whose rule starts with rule.
func dowTermWhat(th storm.Threshold, rule string) string {
	for _, x := range th.Terms {
		if strings.HasPrefix(x.Rule, rule) {
			return x.What
		}
	}
	return ""
}

// dowMustTerm is dowTerm, failing when there is none.
func dowMustTerm(t *testing.T, th storm.Threshold, rule string) int {
	t.Helper()
	v, ok := dowTerm(t, th, rule)
	if !ok {
		t.Fatalf("%s on %s: no %s term: %+v", th.From, th.Against, rule, th.Terms)
	}
	return v
}

func dowTurn(t storm.Turn) *storm.Turn { return &t }

func dowSupports(s storm.State, levels map[storm.Power]int) {
	for p, n := range levels {
		s.Powers[p].Support = n
	}
}

func dowMobilize(s storm.State, p storm.Power) {
	f := &s.Powers[p].Factories
	f.Military += f.Civilian + f.Idle
	f.Civilian, f.Idle = 0, 0
}

// dowOption returns the pre-emptive option of declarers against against
// with the If condition if.
func dowOption(t *testing.T, opts []threshold.PreemptiveOption, declarer, against storm.Power, cond bool) threshold.PreemptiveOption {
	t.Helper()
	for _, o := range opts {
		if o.Declarers[0] == declarer && slices.Contains(o.Against, against) && (o.If != "") == cond {
			for _, th := range o.Thresholds {
				dowCheck(t, th)
			}
			return o
		}
	}
	t.Fatalf("no option %s on %s (if %v) in %+v", declarer, against, cond, opts)
	return threshold.PreemptiveOption{}
}

// Rule 32.21, 32.51: only the pairs of the table; Italy declares war on
// nobody.
func TestR32_21PermittedDeclarations(t *testing.T) {
	s := setup.NewGame(1)
	for _, c := range []struct {
		from, against storm.Power
		rule          string
	}{{storm.Italy, storm.Britain, "32.21B"}, {storm.Britain, storm.Russia, "32.21C"}, {storm.France, storm.France, "32.21D"}, {storm.Russia, storm.Italy, "32.21E"}, {storm.Germany, storm.Italy, "32.21A"}} {
		th := threshold.WarThreshold(s, c.from, c.against, threshold.ThresholdOptions{})
		if !strings.HasPrefix(th.NotPermitted, c.rule) || len(th.Terms) != 0 || th.Meets {
			t.Errorf("%s on %s: %+v, want not permitted by %s", c.from, c.against, th, c.rule)
		}
	}
	for _, c := range [][2]storm.Power{{storm.Germany, storm.Britain}, {storm.Germany, storm.France}, {storm.Germany, storm.Russia}, {storm.Britain, storm.Germany}, {storm.Britain, storm.Italy}, {storm.France, storm.Germany}, {storm.France, storm.Italy}, {storm.Russia, storm.Germany}} {
		if th := threshold.WarThreshold(s, c[0], c[1], threshold.ThresholdOptions{}); th.NotPermitted != "" || len(th.Terms) == 0 {
			t.Errorf("32.21: %s on %s should be permitted: %+v", c[0], c[1], th)
		}
	}
}

// Rule 32.32: the net balance of power, +1 a level, for the side it
// favours; Russia's threshold has none.
func TestR32_32BalanceOfPower(t *testing.T) {
	s := setup.NewGame(1)
	// Setup: armor +1, infantry +1, air 0, naval -2: net 0 (20.41).
	if v := dowMustTerm(t, threshold.WarThreshold(s, storm.Germany, storm.Russia, threshold.ThresholdOptions{}), "32.43A"); v != 0 {
		t.Errorf("32.43A: setup balance %d, want 0", v)
	}
	s.Powers[storm.Germany].Active.Armor += 6 // 10 Axis armor against 2: +3 (20.51C)
	if v := dowMustTerm(t, threshold.WarThreshold(s, storm.Germany, storm.Russia, threshold.ThresholdOptions{}), "32.43A"); v != 2 {
		t.Errorf("32.43A: balance %d, want 3+1+0-2", v)
	}
	if v := dowMustTerm(t, threshold.WarThreshold(s, storm.Germany, storm.France, threshold.ThresholdOptions{}), "32.42A"); v != 2 {
		t.Errorf("32.42A: balance %d, want +2 for Germany", v)
	}
	if v := dowMustTerm(t, threshold.WarThreshold(s, storm.Britain, storm.Italy, threshold.ThresholdOptions{}), "32.62A"); v != -2 {
		t.Errorf("32.32B: balance %d, want -2 for the Allies", v)
	}
	for _, x := range threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{}).Terms {
		if strings.Contains(x.Rule, "32.32") {
			t.Errorf("32.72: Russia's threshold has no balance of power term: %+v", x)
		}
	}
}

// Rules 32.33, 32.33C, 32.61B, 10.71B, 10.81B: the support comparison
// and the British and French increases it leaves out: the second
// aggression +1 counts only against its Axis power, a temporary increase
// only against the one that triggered it and never for pre-emptive war;
// Germany's declaration counts the German-triggered ones only.
func TestR32_33SupportLevels(t *testing.T) {
	s := setup.NewGame(1)
	s.Turn = storm.Turn{Year: 1937, Season: storm.Spring}
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: storm.Turn{Year: 1936, Season: storm.Spring}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Spring})},
		{Aggressor: storm.Germany, Target: "Austria", Turn: storm.Turn{Year: 1936, Season: storm.Summer}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Summer})},
		{Aggressor: storm.Germany, Target: "Sudetenland", Turn: storm.Turn{Year: 1936, Season: storm.Fall}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Fall})},
		{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: storm.Turn{Year: 1935, Season: storm.Fall}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Winter})},
	}
	// Italy's Ethiopia is no second aggression (32.61B); France's grant
	// after Albania below stands for an Italian-triggered increase alone.
	if by := track.SecondAggressors(s); !slices.Equal(by, []storm.Power{storm.Germany}) {
		t.Fatalf("10.71B: second aggressors %v, want Germany", by)
	}
	track.AddSupportGrant(&s, storm.Britain, storm.SupportGrant{Rule: "10.71B", What: "temporary increase after Austria", Value: 2, From: s.Turn, Turns: 2, Residual: true})
	track.AddSupportGrant(&s, storm.France, storm.SupportGrant{Rule: "10.81B", What: "temporary increase after Albania", Value: 1, From: s.Turn, Turns: 1, Residual: true})
	track.AddSupportGrant(&s, storm.France, storm.SupportGrant{Rule: "27.62", What: "aggressor backs down", Value: 1, From: s.Turn, Turns: 1}) // a crisis effect always counts
	// Britain 5 = 2 + 1 (second) + 2 (Austria); France 5 = 2 + 1 (second) + 1 (Albania) + 1 (crisis).
	dowSupports(s, map[storm.Power]int{storm.Germany: 2, storm.Italy: 1, storm.Britain: 5, storm.France: 5})

	cases := []struct {
		from, against storm.Power
		preemptive    bool
		rule          string
		support, want int
	}{
		{storm.Britain, storm.Germany, false, "32.62B", 5, 3},     // everything counts against Germany
		{storm.Britain, storm.Italy, false, "32.62B", 2, 1},       // 5 - 1 second (German) - 2 temporary (German)
		{storm.Britain, storm.Germany, true, "32.62B", 3, 1},      // pre-emptive: the temporary 2 left out
		{storm.Britain, storm.Italy, true, "32.62B", 2, 1},        // both left out
		{storm.France, storm.Italy, false, "32.62B", 4, 3},        // 5 - 1 second (German); Albania's +1 counts
		{storm.France, storm.Germany, false, "32.62B", 4, 2},      // 5 - 1 temporary (Italian)
		{storm.France, storm.Germany, true, "32.62B", 4, 2},       // 5 - 1 temporary; the second +1 counts
		{storm.Germany, storm.Britain, false, "32.42B", 5, 2 - 5}, // Britain's 5 greater than France's 4 (Italian increase left out)
	}
	for _, c := range cases {
		th := threshold.WarThreshold(s, c.from, c.against, threshold.ThresholdOptions{Preemptive: c.preemptive})
		dowCheck(t, th)
		if v := dowMustTerm(t, th, c.rule); v != c.want {
			t.Errorf("32.33: %s on %s (pre-emptive %v): %d, want %d (%s)", c.from, c.against, c.preemptive, v, c.want, dowTermWhat(th, c.rule))
		}
		counted := th.Support
		if c.from == storm.Germany {
			counted = th.AgainstSupport
		}
		if counted != c.support {
			t.Errorf("32.33C: %s on %s (pre-emptive %v): counted support %d, want %d", c.from, c.against, c.preemptive, counted, c.support)
		}
	}
	// 32.63: a retaliation leaves the temporary increases out as for
	// pre-emptive war (r-32-63-retaliation): Britain 5 - 2 = 3.
	if th := threshold.WarThreshold(s, storm.Britain, storm.Germany, threshold.ThresholdOptions{GermanWarOnRussia: true}); th.Support != 3 {
		t.Errorf("32.63: Britain's retaliation counts support %d, want 3 (the German temporary 2 left out)", th.Support)
	}
	// Germany's threshold is the same against both (32.42B: the greater);
	// France's own level as counted is 4.
	gb, gf := threshold.WarThreshold(s, storm.Germany, storm.Britain, threshold.ThresholdOptions{}), threshold.WarThreshold(s, storm.Germany, storm.France, threshold.ThresholdOptions{})
	if gb.Net != gf.Net || gf.AgainstSupport != 4 {
		t.Errorf("32.42B: against Britain %d, against France %d (France counted %d, want 4)", gb.Net, gf.Net, gf.AgainstSupport)
	}
	// A temporary grant naming no Axis target or power counts against both
	// (r-32-33c-trigger), never for pre-emptive war.
	track.AddSupportGrant(&s, storm.Britain, storm.SupportGrant{Rule: "10.71B", What: "temporary increase", Value: 1, From: s.Turn, Turns: 1, Residual: true})
	s.Powers[storm.Britain].Support = 6
	if th := threshold.WarThreshold(s, storm.Britain, storm.Italy, threshold.ThresholdOptions{}); th.Support != 3 {
		t.Errorf("r-32-33c-trigger: Britain on Italy counted %d, want 6 - 1 - 2", th.Support)
	}
	if th := threshold.WarThreshold(s, storm.Britain, storm.Italy, threshold.ThresholdOptions{Preemptive: true}); th.Support != 2 {
		t.Errorf("32.61B: Britain on Italy, pre-emptive, counted %d, want 6 - 1 - 3", th.Support)
	}
	// An ended grant is no longer part of the support level.
	s.Turn = storm.Turn{Year: 1937, Season: storm.Fall}
	if th := threshold.WarThreshold(s, storm.France, storm.Italy, threshold.ThresholdOptions{Preemptive: true}); th.Support != 4 {
		t.Errorf("10.81B: ended grants: France counted %d, want 5 - 1 second", th.Support)
	}
}

// Rule 32.34: the EAI, within +5..-5.
func TestR32_34EAI(t *testing.T) {
	s := setup.NewGame(1)
	for eai, want := range map[int]int{0: 0, 3: 3, -4: -4, 7: 5, -6: -5} {
		s.EAI = eai
		if v := dowMustTerm(t, threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{}), "32.72B"); v != want {
			t.Errorf("32.34: EAI %d gives %d, want %d", eai, v, want)
		}
	}
}

// Rule 32.42: Germany on Britain and France: balance, German support
// against the greater Allied one, EAI, Czechoslovakia and Poland while
// unconquered (no tile), Russia's war readiness while no pact is in
// effect.
func TestR32_42GermanyOnAllies(t *testing.T) {
	s := setup.NewGame(1)
	dowSupports(s, map[storm.Power]int{storm.Germany: 4, storm.Britain: 1, storm.France: 2, storm.Russia: 1})
	s.EAI = 2
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.Britain: 1, storm.Germany: 2} // -1
	s.Minor("Turkey").SetFlagCounts(map[storm.Power]int{storm.Russia: 1})                  // +1 (border)
	s.Minor("Sweden").SetFlagCounts(map[storm.Power]int{storm.Russia: 2})                  // not part of the readiness
	// Setup: Czechoslovakia 4 + 2 (three French flags) = 6; Poland 6 + 1
	// (a French flag) + 1 (French pact in Czechoslovakia) = 8.
	// Readiness: support 1, flags -1, Finland -1, Rumania -1 (one German
	// flag each), Turkey +1, Poland 0 (Allied flags ignored): -1.
	th := threshold.WarThreshold(s, storm.Germany, storm.Britain, threshold.ThresholdOptions{})
	dowCheck(t, th)
	neighbours, readiness := 0, 0
	for _, x := range th.Terms {
		switch {
		case x.Rule == "32.42D, 32.31E":
			neighbours += x.Value
		case x.Rule == "32.42D":
			readiness = x.Value
		}
	}
	if a, b, c := dowMustTerm(t, th, "32.42A"), dowMustTerm(t, th, "32.42B"), dowMustTerm(t, th, "32.42C"); a != 0 || b != 4-2 || c != 2 {
		t.Errorf("32.42A-C: balance %d, support %d, EAI %d; want 0, 2, 2", a, b, c)
	}
	if neighbours != -6-8 || readiness != 1 {
		t.Errorf("32.42D: neighbours %d, readiness %d; want -14 and +1: %+v", neighbours, readiness, th.Terms)
	}
	if th.Net != 0+2+2-14+1 || th.Meets || len(th.Terms) != 6 {
		t.Errorf("32.42: net %d, want -9, 6 terms: %+v", th.Net, th.Terms)
	}
	if fr := threshold.WarThreshold(s, storm.Germany, storm.France, threshold.ThresholdOptions{}); fr.Net != th.Net {
		t.Errorf("32.42: against France %d, against Britain %d", fr.Net, th.Net)
	}
	// Czechoslovakia conquered: its term goes; Danzig and the Corridor
	// German: Poland's resistance 2 less (28.21H), still counted.
	c := s.Clone()
	c.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: storm.FirstTurn, Completed: dowTurn(storm.FirstTurn)},
		{Aggressor: storm.Germany, Target: "Sudetenland", Turn: storm.FirstTurn, Completed: dowTurn(storm.FirstTurn)},
		{Aggressor: storm.Germany, Target: "Czechoslovakia", Turn: storm.FirstTurn, Completed: dowTurn(storm.FirstTurn)},
		{Aggressor: storm.Germany, Target: "Danzig and the Corridor", Turn: storm.FirstTurn, Completed: dowTurn(storm.FirstTurn)},
	}
	ct := threshold.WarThreshold(c, storm.Germany, storm.Britain, threshold.ThresholdOptions{})
	dowCheck(t, ct)
	if strings.Contains(dowTermWhat(ct, "32.42D, 32.31E"), "Czechoslovakia") || ct.Net != -9+6+2 {
		t.Errorf("32.42D: Czechoslovakia conquered, Poland 6: net %d, want -1: %+v", ct.Net, ct.Terms)
	}
	c.SupportFacts.Aggressions = append(c.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Germany, Target: "Poland", Turn: storm.FirstTurn, Completed: dowTurn(storm.FirstTurn)})
	if ct := threshold.WarThreshold(c, storm.Germany, storm.Britain, threshold.ThresholdOptions{}); ct.Net != 0+2+2+1 {
		t.Errorf("32.42D: both conquered: net %d, want 5: %+v", ct.Net, ct.Terms)
	}
	// The pact in effect: no war readiness (32.31E); broken: it counts
	// again (31.83, r-32-21-pact).
	s.SupportFacts.PactSigned = dowTurn(storm.FirstTurn)
	pt := threshold.WarThreshold(s, storm.Germany, storm.Britain, threshold.ThresholdOptions{})
	for _, x := range pt.Terms {
		if strings.Contains(x.What, "war readiness") {
			t.Errorf("32.42D: readiness with the pact: %+v", x)
		}
	}
	if pt.Net != -10 {
		t.Errorf("32.42D: with the pact %d, want -10", pt.Net)
	}
	s.Conditions.PactViolated = true
	if v := threshold.WarThreshold(s, storm.Germany, storm.Britain, threshold.ThresholdOptions{}); v.Net != -9 {
		t.Errorf("r-32-21-pact: pact broken, net %d, want -9", v.Net)
	}
}

// Rule 32.43: Germany on Russia: balance, German against Russian support,
// EAI, Czechoslovakia and Poland while unconquered; no war readiness.
func TestR32_43GermanyOnRussia(t *testing.T) {
	s := setup.NewGame(1)
	dowSupports(s, map[storm.Power]int{storm.Germany: 3, storm.Russia: 1})
	s.EAI = -1
	th := threshold.WarThreshold(s, storm.Germany, storm.Russia, threshold.ThresholdOptions{})
	dowCheck(t, th)
	if th.Net != 0+2-1-6-8 || len(th.Terms) != 5 || dowMustTerm(t, th, "32.43B") != 2 || dowMustTerm(t, th, "32.43C") != -1 {
		t.Errorf("32.43: net %d, want -13: %+v", th.Net, th.Terms)
	}
	if th.Support != 3 || th.AgainstSupport != 1 {
		t.Errorf("32.43B: supports %d/%d", th.Support, th.AgainstSupport)
	}
	s.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: "Poland", Turn: storm.FirstTurn, Completed: dowTurn(storm.FirstTurn)}}
	if th := threshold.WarThreshold(s, storm.Germany, storm.Russia, threshold.ThresholdOptions{}); th.Net != -13+8 {
		t.Errorf("32.43D: Poland conquered: net %d, want -5", th.Net)
	}
}

// Rule 32.62, 32.31D, 32.63 (and 32.11: one threshold per pair of
// powers): Britain and France separately: balance,
// support, EAI and the target's resistance with its tile, not for
// pre-emptive war; Russia's war readiness after a German declaration on
// Russia.
func TestR32_62AlliedThresholds(t *testing.T) {
	s := setup.NewGame(1)
	dowSupports(s, map[storm.Power]int{storm.Germany: 1, storm.Britain: 2, storm.France: 0, storm.Russia: 2})
	s.EAI = 1
	// Austria at setup: 2 - 1 (a German flag) + 1 (French pact in
	// Czechoslovakia) = 2; with tile 2: 4.
	th := threshold.WarThreshold(s, storm.Britain, storm.Germany, threshold.ThresholdOptions{Target: "Austria", Tile: 2})
	dowCheck(t, th)
	if th.Net != 0+1+1+4 || dowMustTerm(t, th, "32.62D") != 4 || th.Target != "Austria" {
		t.Errorf("32.62: Britain %d, want 6: %+v", th.Net, th.Terms)
	}
	fr := threshold.WarThreshold(s, storm.France, storm.Germany, threshold.ThresholdOptions{Target: "Austria", Tile: 2})
	if fr.Net != 0-1+1+4 || !fr.Meets {
		t.Errorf("32.62: France %d, want 4: %+v", fr.Net, fr.Terms)
	}
	pre := threshold.WarThreshold(s, storm.Britain, storm.Germany, threshold.ThresholdOptions{Target: "Austria", Tile: 2, Preemptive: true})
	if _, ok := dowTerm(t, pre, "32.62D"); ok || pre.Net != 2 || pre.Target != "" {
		t.Errorf("32.61B: pre-emptive without the target: %d, %+v", pre.Net, pre.Terms)
	}
	// The Sudetenland demanded: Czechoslovakia's resistance with 28.21G's
	// -2 (6 - 2 = 4), tile 1 (r-32-31d-first-demand).
	su := threshold.WarThreshold(s, storm.Britain, storm.Germany, threshold.ThresholdOptions{Target: "Sudetenland", Tile: 1})
	if v := dowMustTerm(t, su, "32.62D"); v != 5 || !strings.Contains(dowTermWhat(su, "32.62D"), "Czechoslovakia") {
		t.Errorf("32.31D: the Sudetenland: %d (%s), want 4 + 1", v, dowTermWhat(su, "32.62D"))
	}
	// 32.63: Russia's readiness: support 5, no flags in Russia, Finland and
	// Rumania -1 each: +3, added to Britain's 0 + 1 + 1.
	s.Powers[storm.Russia].Support = 5
	ret := threshold.WarThreshold(s, storm.Britain, storm.Germany, threshold.ThresholdOptions{GermanWarOnRussia: true})
	if v := dowMustTerm(t, ret, "32.63"); v != 5-2 || ret.Net != 2+3 {
		t.Errorf("32.63: readiness %d, net %d, want 3 and 5", v, ret.Net)
	}
	if _, ok := dowTerm(t, threshold.WarThreshold(s, storm.Britain, storm.Italy, threshold.ThresholdOptions{GermanWarOnRussia: true}), "32.63"); ok {
		t.Error("32.63: only against Germany")
	}
}

// Rule 32.72: Russia on Germany: support, EAI, flags in Russia, the
// minor country results with Poland as a border country unless it is the
// target, the target's resistance (32.72E), -2 per Allied power not at war
// with Germany.
func TestR32_72RussiaOnGermany(t *testing.T) {
	s := setup.NewGame(1)
	dowSupports(s, map[storm.Power]int{storm.Germany: 1, storm.Russia: 3})
	s.EAI = 1
	s.SupportFacts.FlagsInRussia = map[storm.Power]int{storm.France: 2, storm.Italy: 1} // +1
	tu := s.Minor("Turkey")
	tu.SetFlagCounts(map[storm.Power]int{storm.Russia: 3})
	tu.TradePact = storm.Russia                                            // +2
	s.Minor("Sweden").SetFlagCounts(map[storm.Power]int{storm.Russia: 1})  // +1, elsewhere
	s.Minor("Poland").SetFlagCounts(map[storm.Power]int{storm.Germany: 1}) // -1 as a border country
	// Finland -1, Rumania -1 (German flags): 32.72D = -1 -1 +2 -1 +1 = 0.
	th := threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{})
	dowCheck(t, th)
	if th.Net != 2+1+1+0-4 || th.Meets || dowMustTerm(t, th, "32.72D") != 0 || dowMustTerm(t, th, "32.72F") != -4 {
		t.Errorf("32.72: net %d, want 0: %+v", th.Net, th.Terms)
	}
	if v := threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{AtWarWithGermany: []storm.Power{storm.Britain, storm.Italy}}); dowMustTerm(t, v, "32.72F") != -2 || v.Net != 2 {
		t.Errorf("32.72F: France neutral only: %d, net %d", dowMustTerm(t, v, "32.72F"), v.Net)
	}
	// Poland the target: out of 32.72D (+1), its resistance with tile 3 in
	// 32.72E: 6 - 1 (German flag) + 1 (French pact in Czechoslovakia) + 3.
	p := threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{Target: "Poland", Tile: 3})
	dowCheck(t, p)
	if dowMustTerm(t, p, "32.72D") != 1 || dowMustTerm(t, p, "32.72E") != 9 || p.Net != 2+1+1+1+9-4 {
		t.Errorf("32.72D-E: Poland the target: net %d, want 10: %+v", p.Net, p.Terms)
	}
	// Danzig and the Corridor is Poland (r-32-31d-first-demand): 28.21H's -2.
	if d := threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{Target: "Danzig and the Corridor", Tile: 3}); dowMustTerm(t, d, "32.72E") != 7 || dowMustTerm(t, d, "32.72D") != 1 {
		t.Errorf("32.72E: Danzig: %+v", d.Terms)
	}
	// Austria holds no Russian flag: no 32.72E; Poland stays in 32.72D.
	a := threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{Target: "Austria", Tile: 2})
	if _, ok := dowTerm(t, a, "32.72E"); ok || a.Net != th.Net {
		t.Errorf("32.72E: Austria without Russian flags counted: %+v", a.Terms)
	}
	// The Baltic States: basic 0, Poland's German flag no pact: 0; tile 2.
	if b := threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{Target: storm.BalticStates, Tile: 2}); dowMustTerm(t, b, "32.72E") != 2 {
		t.Errorf("32.72E: the Baltic States: %+v", b.Terms)
	}
	// Czechoslovakia with a Russian flag beside three French: 4 + 2 + tile
	// 1 = 7 in 32.72E; its Russian flag stays in 32.72D (r-32-72d-target).
	s.Minor("Czechoslovakia").SetFlagCounts(map[storm.Power]int{storm.France: 3, storm.Russia: 1})
	cz := threshold.WarThreshold(s, storm.Russia, storm.Germany, threshold.ThresholdOptions{Target: "Czechoslovakia", Tile: 1})
	if dowMustTerm(t, cz, "32.72E") != 7 || dowMustTerm(t, cz, "32.72D") != 1 {
		t.Errorf("32.72D-E: Czechoslovakia: %+v", cz.Terms)
	}
}

// Rules 31.32D and 32.72D read the same results: the shared helper with
// 31.32D's three countries gives PactConcessionLevel's 31.32D terms.
func TestR32_72DSameAsPact(t *testing.T) {
	s := setup.NewGame(1)
	check := func(what string) {
		t.Helper()
		_, _, terms := threshold.PactConcessionLevel(s, 0)
		want := 0
		for _, x := range terms {
			if x.Rule == "31.32D" {
				want += x.Value
			}
		}
		if got, _ := threshold.RussianMinorResults(s, threshold.PactBorder, "Poland", true); got != want {
			t.Errorf("%s: 32.72D helper %d, 31.32D %d", what, got, want)
		}
	}
	check("setup")
	s.Minor("Turkey").SetFlagCounts(map[storm.Power]int{storm.Germany: 3})
	s.Minor("Turkey").TradePact = storm.Germany
	s.Minor("Rumania").SetFlagCounts(map[storm.Power]int{storm.Russia: 2})
	s.Minor("Sweden").SetFlagCounts(map[storm.Power]int{storm.Russia: 3})
	s.Minor("Sweden").TradePact = storm.Russia
	s.Minor("Poland").SetFlagCounts(map[storm.Power]int{storm.Russia: 1})
	check("modified")
	// 32.72D with Poland a border country counts Poland's Russian flag.
	if got, _ := threshold.RussianMinorResults(s, threshold.RussianBorder, "", true); got != -1-2+1+2+1 {
		t.Errorf("32.72D: %d, want Finland -1, Turkey -2, Rumania +1, Sweden +2, Poland +1", got)
	}
}

// Rule 32.61A and its EXAMPLE: France +2, Britain -1: France may declare
// war, Britain may not; Britain -2: neither.
func TestR32_61Example(t *testing.T) {
	s := setup.NewGame(1)
	s.EAI = 0
	// Against Germany (support 2) in support of Austria (resistance 2, no
	// tile): the net is the Allied power's support.
	dowSupports(s, map[storm.Power]int{storm.Germany: 2, storm.France: 2, storm.Britain: -1})
	o := threshold.ThresholdOptions{Target: "Austria"}
	b, f := threshold.WarThreshold(s, storm.Britain, storm.Germany, o), threshold.WarThreshold(s, storm.France, storm.Germany, o)
	dowCheck(t, b)
	dowCheck(t, f)
	if b.Net != -1 || f.Net != 2 {
		t.Fatalf("32.61A: Britain %d, France %d, want -1 and +2", b.Net, f.Net)
	}
	if bm, fm := threshold.AlliedDeclarations(b, f); bm || !fm {
		t.Errorf("32.61A EXAMPLE: Britain %v, France %v; want only France", bm, fm)
	}
	s.Powers[storm.Britain].Support = -2
	b = threshold.WarThreshold(s, storm.Britain, storm.Germany, o)
	if bm, fm := threshold.AlliedDeclarations(b, f); bm || fm || b.Net != -2 {
		t.Errorf("32.61A EXAMPLE: Britain -2 (%d): Britain %v, France %v; want neither", b.Net, bm, fm)
	}
	// Joint: both exceed; unilateral against a result of 0.
	if bm, fm := threshold.AlliedDeclarations(storm.Threshold{Net: 1, Meets: true}, storm.Threshold{Net: 3, Meets: true}); !bm || !fm {
		t.Error("32.61A: joint declaration")
	}
	if bm, fm := threshold.AlliedDeclarations(storm.Threshold{Net: 1, Meets: true}, storm.Threshold{Net: 0}); !bm || fm {
		t.Error("32.61A: Britain +1, France 0: Britain may")
	}
}

// Rule 32.61B: aggression totals (34.51A's values, a whole country
// including its first demand; Italy's Greece and Yugoslavia once
// demanded) and the more aggressive Axis power, Germany if tied.
func TestR32_61BAggressionTotal(t *testing.T) {
	for target, v := range map[string]int{storm.Rhineland: 1, "Austria": 2, "Sudetenland": 1, "Danzig and the Corridor": 1, storm.BalticStates: 2,
		"Czechoslovakia": 3, "Poland": 4, storm.Ethiopia: 1, "Albania": 1, "Greece": 2, "Yugoslavia": 3} {
		if war.AggressionValue(target) != v {
			t.Errorf("32.61B: %s is worth %d, want %d", target, war.AggressionValue(target), v)
		}
	}
	s := setup.NewGame(1)
	s.Turn = storm.Turn{Year: 1938, Season: storm.Spring}
	at := storm.Turn{Year: 1937, Season: storm.Spring}
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: at, Completed: dowTurn(at)},
		{Aggressor: storm.Germany, Target: "Sudetenland", Turn: at, Completed: dowTurn(at)},
		{Aggressor: storm.Germany, Target: "Czechoslovakia", Turn: at, Completed: dowTurn(at)}, // 3, the Sudetenland within
		{Aggressor: storm.Germany, Target: "Austria", Turn: at},                                // not completed: not counted
		{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: at, Completed: dowTurn(at)},
		{Aggressor: storm.Italy, Target: "Albania", Turn: at, Completed: dowTurn(at)},
		{Aggressor: storm.Italy, Target: "Greece", Turn: at}, // demanded, conquest under way: counted
	}
	if g, i := threshold.AggressionTotal(s, storm.Germany), threshold.AggressionTotal(s, storm.Italy); g != 4 || i != 4 {
		t.Errorf("32.61B: totals Germany %d, Italy %d, want 4 and 4", g, i)
	}
	if threshold.MoreAggressive(s) != storm.Germany {
		t.Error("32.61B: Germany if tied")
	}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Italy, Target: "Yugoslavia", Turn: s.Turn})
	if i := threshold.AggressionTotal(s, storm.Italy); i != 7 || threshold.MoreAggressive(s) != storm.Italy {
		t.Errorf("32.61B: Italy %d, more aggressive %s", i, threshold.MoreAggressive(s))
	}
	if !threshold.CarriedOutSecondAggression(s, storm.Germany) || !threshold.CarriedOutSecondAggression(s, storm.Italy) {
		t.Error("32.61B: second aggressions")
	}
	s.SupportFacts.Aggressions = s.SupportFacts.Aggressions[:1]
	if threshold.CarriedOutSecondAggression(s, storm.Germany) || threshold.AggressionTotal(s, storm.Germany) != 1 {
		t.Error("32.61B: the Rhineland alone is no second aggression")
	}
}

// Rules 32.41, 32.42, 32.44, 32.83C: German pre-emptive war on the Allies
// and on Russia: the Rhineland, no Allied declaration in response, full
// mobilization or a threat, the pact, control of Poland or the Baltic
// States; the Allied power with the higher support concedes.
func TestR32_41GermanPreemptive(t *testing.T) {
	s := setup.NewGame(1)
	s.Turn = storm.Turn{Year: 1937, Season: storm.Spring}
	s.EAI = 5
	dowSupports(s, map[storm.Power]int{storm.Germany: 11, storm.Britain: 0, storm.France: 1})
	// Net: 0 + (11 - 1) + 5 - 6 - 8 + 2 (readiness -2: Finland, Rumania) = 3.
	opts := threshold.PreemptiveOptions(s, nil, false)
	ga := dowOption(t, opts, storm.Germany, storm.Britain, false)
	if ga.Mode != threshold.MayNot || len(ga.Barred) != 1 || !strings.Contains(ga.Barred[0], "32.41A") || ga.Thresholds[0].Net != 3 || ga.Thresholds[1].Net != 3 {
		t.Fatalf("32.41A: no Rhineland: %+v", ga)
	}
	s.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: storm.FirstTurn, Completed: dowTurn(storm.FirstTurn)}}
	ga = dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Germany, storm.France, false)
	if ga.Mode != threshold.MayThreaten || ga.Concession == nil {
		t.Fatalf("32.41C, 32.44: not fully mobilized: %+v", ga)
	}
	want := storm.Concession{BasisFrom: storm.Germany, BasisAgainst: storm.France, Excess: 3, Support: 3, Preventable: true,
		Conceders: []storm.Power{storm.France}, Beneficiaries: []storm.Power{storm.Germany}}
	if c := *ga.Concession; c.BasisAgainst != want.BasisAgainst || c.Excess != 3 || c.Support != 3 || !c.Preventable ||
		!slices.Equal(c.Conceders, want.Conceders) || !slices.Equal(c.Beneficiaries, want.Beneficiaries) {
		t.Errorf("32.83C: %+v, want %+v", c, want)
	}
	if o := dowOption(t, threshold.PreemptiveOptions(s, nil, true), storm.Germany, storm.Britain, false); o.Mode != threshold.MayNot || !strings.Contains(strings.Join(o.Barred, ";"), "32.41B") {
		t.Errorf("32.41B: %+v", o)
	}
	dowMobilize(s, storm.Germany)
	if o := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Germany, storm.Britain, false); o.Mode != threshold.MayDeclare || o.Concession != nil {
		t.Errorf("32.41C: fully mobilized: %+v", o)
	}
	// An aggression of Germany's own this turn does not bar it (32.81A).
	if o := dowOption(t, threshold.PreemptiveOptions(s, map[storm.Power]bool{storm.Germany: true}, false), storm.Germany, storm.Britain, false); o.Mode != threshold.MayDeclare {
		t.Errorf("32.81A: %+v", o)
	}
	// 32.43 on Russia: 0 + 11 + 5 - 6 - 8 = 2, but no control of Poland or
	// the Baltic States.
	gr := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Germany, storm.Russia, false)
	if gr.Mode != threshold.MayNot || gr.Thresholds[0].Net != 2 || !strings.Contains(strings.Join(gr.Barred, ";"), "neither Poland nor the Baltic States") {
		t.Errorf("32.43: %+v", gr)
	}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, storm.Aggression{Aggressor: storm.Germany, Target: storm.BalticStates, Turn: s.Turn, Completed: dowTurn(s.Turn)})
	if gr := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Germany, storm.Russia, false); gr.Mode != threshold.MayDeclare {
		t.Errorf("32.43: with the Baltic States: %+v", gr)
	}
	s.SupportFacts.PactSigned = dowTurn(storm.FirstTurn)
	if gr := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Germany, storm.Russia, false); gr.Mode != threshold.MayNot || !strings.Contains(strings.Join(gr.Barred, ";"), "32.43") {
		t.Errorf("32.21A, 32.43: the pact: %+v", gr)
	}
}

// Rule 32.61B, 32.81C: the Allies jointly on the more aggressive Axis
// power only, neither Axis power aggressing this turn; not both fully
// mobilized: only a threat, and only after a second aggression; both:
// declared outright.
func TestR32_61BAlliedPreemptive(t *testing.T) {
	s := setup.NewGame(1)
	s.Turn = storm.Turn{Year: 1937, Season: storm.Spring}
	dowSupports(s, map[storm.Power]int{storm.Germany: 1, storm.Italy: 0, storm.Britain: 3, storm.France: 5})
	o := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Britain, storm.Germany, false)
	if o.Mode != threshold.MayNot || len(o.Barred) != 1 || !strings.Contains(o.Barred[0], "no second aggression") {
		t.Fatalf("32.61B: no second aggression: %+v", o)
	}
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: storm.Turn{Year: 1936, Season: storm.Spring}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Spring})},
		{Aggressor: storm.Germany, Target: "Austria", Turn: storm.Turn{Year: 1936, Season: storm.Summer}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Summer})},
	}
	o = dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Britain, storm.Germany, false)
	if o.Mode != threshold.MayThreaten || o.Thresholds[0].Net != 2 || o.Thresholds[1].Net != 4 {
		t.Fatalf("32.61B: threat after a second aggression: %+v", o)
	}
	if c := o.Concession; c == nil || c.BasisFrom != storm.Britain || c.Excess != 2 || c.Support != 2 ||
		!slices.Equal(c.Conceders, []storm.Power{storm.Germany}) || !slices.Equal(c.Beneficiaries, []storm.Power{storm.Britain}) {
		t.Errorf("32.83C: %+v", o.Concession)
	}
	if it := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Britain, storm.Italy, false); it.Mode != threshold.MayNot || !strings.Contains(strings.Join(it.Barred, ";"), "more aggressive") {
		t.Errorf("32.61B: Italy is not the more aggressive: %+v", it)
	}
	if o := dowOption(t, threshold.PreemptiveOptions(s, map[storm.Power]bool{storm.Italy: true}, false), storm.Britain, storm.Germany, false); o.Mode != threshold.MayNot ||
		!strings.Contains(strings.Join(o.Barred, ";"), "Italy committed an aggression") {
		t.Errorf("32.61B: an Italian aggression this turn: %+v", o)
	}
	// Backing down is no aggression: the caller leaves it out.
	if o := dowOption(t, threshold.PreemptiveOptions(s, map[storm.Power]bool{storm.Germany: false}, false), storm.Britain, storm.Germany, false); o.Mode != threshold.MayThreaten {
		t.Errorf("32.61B: backed down: %+v", o)
	}
	dowMobilize(s, storm.Britain)
	dowMobilize(s, storm.France)
	if o := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Britain, storm.Germany, false); o.Mode != threshold.MayDeclare || o.Concession != nil {
		t.Errorf("32.61B: both fully mobilized: %+v", o)
	}
	// Both must meet it.
	s.Powers[storm.Britain].Support = 1
	if o := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Britain, storm.Germany, false); o.Mode != threshold.MayNot || !strings.Contains(strings.Join(o.Barred, ";"), "Britain's threshold") {
		t.Errorf("32.61B: Britain at 0: %+v", o)
	}
}

// Rules 32.71, 32.72, 32.73: Russia on Germany needs no pact in effect
// and one of 32.71A-D.
func TestR32_71RussianConditions(t *testing.T) {
	s := setup.NewGame(1)
	s.Turn = storm.Turn{Year: 1938, Season: storm.Spring}
	dowSupports(s, map[storm.Power]int{storm.Germany: 0, storm.Russia: 10})
	// 10 + 0 EAI + 0 flags - 2 (Finland, Rumania) - 4 (32.72F) = 4.
	o := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Russia, storm.Germany, false)
	if o.Mode != threshold.MayNot || o.Thresholds[0].Net != 4 || !strings.Contains(strings.Join(o.Barred, ";"), "32.71A-D") {
		t.Fatalf("32.71: no condition: %+v", o)
	}
	full := s.Clone()
	full.Russia.Cohesion = storm.FullCohesion // 32.71D
	if o := dowOption(t, threshold.PreemptiveOptions(full, nil, false), storm.Russia, storm.Germany, false); o.Mode != threshold.MayDeclare {
		t.Errorf("32.71D: %+v", o)
	}
	full.SupportFacts.PactSigned = dowTurn(storm.FirstTurn)
	if o := dowOption(t, threshold.PreemptiveOptions(full, nil, false), storm.Russia, storm.Germany, false); o.Mode != threshold.MayNot || !strings.Contains(strings.Join(o.Barred, ";"), "32.73") {
		t.Errorf("32.73: %+v", o)
	}
	// 32.71B: Poland German since an earlier turn; this turn's is 32.71A
	// only while Germany is carrying it out.
	earlier := storm.Turn{Year: 1937, Season: storm.Fall}
	b := s.Clone()
	b.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: "Poland", Turn: earlier, Completed: dowTurn(earlier)}}
	if o := dowOption(t, threshold.PreemptiveOptions(b, nil, false), storm.Russia, storm.Germany, false); o.Mode != threshold.MayDeclare {
		t.Errorf("32.71B: %+v", o)
	}
	a := s.Clone()
	a.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: "Poland", Turn: a.Turn, Completed: dowTurn(a.Turn)}}
	if o := dowOption(t, threshold.PreemptiveOptions(a, nil, false), storm.Russia, storm.Germany, false); o.Mode != threshold.MayNot {
		t.Errorf("32.71A-B: taken this turn, no aggression reported: %+v", o)
	}
	o = dowOption(t, threshold.PreemptiveOptions(a, map[storm.Power]bool{storm.Germany: true}, false), storm.Russia, storm.Germany, false)
	// Poland is the target: out of 32.72D (0: a French flag), its
	// resistance without a tile in 32.72E: 6 + 1 + 1 = 8.
	if o.Mode != threshold.MayDeclare || o.Thresholds[0].Target != "Poland" || dowMustTerm(t, o.Thresholds[0], "32.72E") != 8 || o.Thresholds[0].Net != 12 {
		t.Errorf("32.71A, 32.72E: %+v", o)
	}
	// 32.71C: the Allies may act against Germany: a second option, both at
	// war with Germany.
	c := s.Clone()
	c.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: earlier, Completed: dowTurn(earlier)},
		{Aggressor: storm.Germany, Target: "Austria", Turn: earlier, Completed: dowTurn(earlier)},
	}
	dowSupports(c, map[storm.Power]int{storm.Britain: 2, storm.France: 2})
	if o := dowOption(t, threshold.PreemptiveOptions(c, nil, false), storm.Britain, storm.Germany, false); o.Mode != threshold.MayThreaten {
		t.Fatalf("32.61B: %+v", o)
	}
	o = dowOption(t, threshold.PreemptiveOptions(c, nil, false), storm.Russia, storm.Germany, true)
	if o.Mode != threshold.MayDeclare || dowMustTerm(t, o.Thresholds[0], "32.72F") != 0 || o.Thresholds[0].Net != 8 || !strings.Contains(o.If, "32.71C") {
		t.Errorf("32.71C: %+v", o)
	}
	if o := dowOption(t, threshold.PreemptiveOptions(c, nil, false), storm.Russia, storm.Germany, false); o.Mode != threshold.MayNot {
		t.Errorf("32.71: without the Allies: %+v", o)
	}
}

// Rule 32.83A and the EXAMPLE of 32.83: France exceeds the threshold by 4,
// Britain by 1: Germany concedes 1 to Britain, which prevents both.
func TestR32_83Example(t *testing.T) {
	for excess, w := range map[int]struct {
		support     int
		preventable bool
	}{-2: {0, true}, 0: {0, true}, 1: {1, true}, 2: {2, true}, 3: {3, true}, 4: {0, false}, 9: {0, false}} {
		if n, ok := threshold.ConcessionRequired(excess); n != w.support || ok != w.preventable {
			t.Errorf("32.83A: excess %d: %d %v, want %d %v", excess, n, ok, w.support, w.preventable)
		}
	}
	s := setup.NewGame(1)
	s.Turn = storm.Turn{Year: 1937, Season: storm.Spring}
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: storm.Turn{Year: 1936, Season: storm.Spring}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Spring})},
		{Aggressor: storm.Germany, Target: "Austria", Turn: storm.Turn{Year: 1936, Season: storm.Summer}, Completed: dowTurn(storm.Turn{Year: 1936, Season: storm.Summer})},
	}
	dowMobilize(s, storm.France) // France fully mobilized, Britain not
	dowSupports(s, map[storm.Power]int{storm.Germany: 1, storm.Britain: 2, storm.France: 5})
	o := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Britain, storm.Germany, false)
	if o.Mode != threshold.MayThreaten || o.Thresholds[0].From != storm.Britain || o.Thresholds[0].Excess() != 1 || o.Thresholds[1].Excess() != 4 {
		t.Fatalf("32.83 EXAMPLE: %+v", o)
	}
	c := o.Concession
	if c == nil || c.BasisFrom != storm.Britain || c.Excess != 1 || c.Support != 1 || !c.Preventable ||
		!slices.Equal(c.Conceders, []storm.Power{storm.Germany}) || !slices.Equal(c.Beneficiaries, []storm.Power{storm.Britain}) {
		t.Errorf("32.83 EXAMPLE: %+v, want Germany conceding 1 to Britain", c)
	}
	// Had Britain exceeded it by 4 too, concessions could not prevent war.
	s.Powers[storm.Britain].Support = 5
	if c := dowOption(t, threshold.PreemptiveOptions(s, nil, false), storm.Britain, storm.Germany, false).Concession; c == nil || c.Preventable || c.Excess != 4 {
		t.Errorf("32.83A: excess 4: %+v", c)
	}
	// Ties: the first threshold given, Britain (r-32-83c-tie).
	if c := threshold.ConcessionParties([]storm.Threshold{{From: storm.Germany, Against: storm.Britain, AgainstSupport: 2, Net: 2, Meets: true},
		{From: storm.Germany, Against: storm.France, AgainstSupport: 2, Net: 2, Meets: true}}); c.BasisAgainst != storm.Britain || c.Support != 2 {
		t.Errorf("r-32-83c-tie: %+v", c)
	}
}

// Threshold is reported as JSON with snake_case fields.
func TestR32_ThresholdJSON(t *testing.T) {
	th := threshold.WarThreshold(setup.NewGame(1), storm.Germany, storm.Russia, threshold.ThresholdOptions{})
	b, err := json.Marshal(th)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"from":"germany"`, `"against":"russia"`, `"terms":[{"rule":"32.43A, 32.32"`, `"net":-14`, `"meets":false`, `"against_support":0`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("JSON %s lacks %s", b, k)
		}
	}
	var back storm.Threshold
	if err := json.Unmarshal(b, &back); err != nil || back.Net != th.Net || len(back.Terms) != len(th.Terms) {
		t.Errorf("JSON round trip: %v %+v", err, back)
	}
}
