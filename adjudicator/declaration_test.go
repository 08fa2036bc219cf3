package adjudicator

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// dowCheck fails unless th's terms add up to its net and Meets is
// net >= 1 (32.31).
func dowCheck(t *testing.T, th Threshold) {
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
func dowTerm(t *testing.T, th Threshold, rule string) (int, bool) {
	t.Helper()
	for _, x := range th.Terms {
		if strings.HasPrefix(x.Rule, rule) {
			return x.Value, true
		}
	}
	return 0, false
}

// dowTermWhat returns the What of th's term whose rule starts with rule.
func dowTermWhat(th Threshold, rule string) string {
	for _, x := range th.Terms {
		if strings.HasPrefix(x.Rule, rule) {
			return x.What
		}
	}
	return ""
}

// dowMustTerm is dowTerm, failing when there is none.
func dowMustTerm(t *testing.T, th Threshold, rule string) int {
	t.Helper()
	v, ok := dowTerm(t, th, rule)
	if !ok {
		t.Fatalf("%s on %s: no %s term: %+v", th.From, th.Against, rule, th.Terms)
	}
	return v
}

func dowTurn(t Turn) *Turn { return &t }

func dowSupports(s State, levels map[Power]int) {
	for p, n := range levels {
		s.Powers[p].Support = n
	}
}

func dowMobilize(s State, p Power) {
	f := &s.Powers[p].Factories
	f.Military += f.Civilian + f.Idle
	f.Civilian, f.Idle = 0, 0
}

// dowOption returns the pre-emptive option of declarers against against
// with the If condition if.
func dowOption(t *testing.T, opts []PreemptiveOption, declarer, against Power, cond bool) PreemptiveOption {
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
	return PreemptiveOption{}
}

// Rule 32.21, 32.51: only the pairs of the table; Italy declares war on
// nobody.
func TestR32_21PermittedDeclarations(t *testing.T) {
	s := NewGame(1)
	for _, c := range []struct {
		from, against Power
		rule          string
	}{{Italy, Britain, "32.21B"}, {Britain, Russia, "32.21C"}, {France, France, "32.21D"}, {Russia, Italy, "32.21E"}, {Germany, Italy, "32.21A"}} {
		th := WarThreshold(s, c.from, c.against, ThresholdOptions{})
		if !strings.HasPrefix(th.NotPermitted, c.rule) || len(th.Terms) != 0 || th.Meets {
			t.Errorf("%s on %s: %+v, want not permitted by %s", c.from, c.against, th, c.rule)
		}
	}
	for _, c := range [][2]Power{{Germany, Britain}, {Germany, France}, {Germany, Russia}, {Britain, Germany}, {Britain, Italy}, {France, Germany}, {France, Italy}, {Russia, Germany}} {
		if th := WarThreshold(s, c[0], c[1], ThresholdOptions{}); th.NotPermitted != "" || len(th.Terms) == 0 {
			t.Errorf("32.21: %s on %s should be permitted: %+v", c[0], c[1], th)
		}
	}
}

// Rule 32.32: the net balance of power, +1 a level, for the side it
// favours; Russia's threshold has none.
func TestR32_32BalanceOfPower(t *testing.T) {
	s := NewGame(1)
	// Setup: armor +1, infantry +1, air 0, naval -2: net 0 (20.41).
	if v := dowMustTerm(t, WarThreshold(s, Germany, Russia, ThresholdOptions{}), "32.43A"); v != 0 {
		t.Errorf("32.43A: setup balance %d, want 0", v)
	}
	s.Powers[Germany].Active.Armor += 6 // 10 Axis armor against 2: +3 (20.51C)
	if v := dowMustTerm(t, WarThreshold(s, Germany, Russia, ThresholdOptions{}), "32.43A"); v != 2 {
		t.Errorf("32.43A: balance %d, want 3+1+0-2", v)
	}
	if v := dowMustTerm(t, WarThreshold(s, Germany, France, ThresholdOptions{}), "32.42A"); v != 2 {
		t.Errorf("32.42A: balance %d, want +2 for Germany", v)
	}
	if v := dowMustTerm(t, WarThreshold(s, Britain, Italy, ThresholdOptions{}), "32.62A"); v != -2 {
		t.Errorf("32.32B: balance %d, want -2 for the Allies", v)
	}
	for _, x := range WarThreshold(s, Russia, Germany, ThresholdOptions{}).Terms {
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
	s := NewGame(1)
	s.Turn = Turn{Year: 1937, Season: Spring}
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: Turn{1936, Spring}, Completed: dowTurn(Turn{1936, Spring})},
		{Aggressor: Germany, Target: "Austria", Turn: Turn{1936, Summer}, Completed: dowTurn(Turn{1936, Summer})},
		{Aggressor: Germany, Target: "Sudetenland", Turn: Turn{1936, Fall}, Completed: dowTurn(Turn{1936, Fall})},
		{Aggressor: Italy, Target: Ethiopia, Turn: Turn{1935, Fall}, Completed: dowTurn(Turn{1936, Winter})},
		{Aggressor: Italy, Target: "Albania", Turn: Turn{1936, Winter}, Completed: dowTurn(Turn{1936, Winter})},
	}
	if by := SecondAggressors(s); !slices.Equal(by, []Power{Germany}) {
		t.Fatalf("10.71B: second aggressors %v, want Germany", by)
	}
	AddSupportGrant(&s, Britain, SupportGrant{Rule: "10.71B", What: "temporary increase after Austria", Value: 2, From: s.Turn, Turns: 2, Residual: true})
	AddSupportGrant(&s, France, SupportGrant{Rule: "10.81B", What: "temporary increase after Albania", Value: 1, From: s.Turn, Turns: 1, Residual: true})
	AddSupportGrant(&s, France, SupportGrant{Rule: "27.62", What: "aggressor backs down", Value: 1, From: s.Turn, Turns: 1}) // a crisis effect always counts
	// Britain 5 = 2 + 1 (second) + 2 (Austria); France 5 = 2 + 1 (second) + 1 (Albania) + 1 (crisis).
	dowSupports(s, map[Power]int{Germany: 2, Italy: 1, Britain: 5, France: 5})

	cases := []struct {
		from, against Power
		preemptive    bool
		rule          string
		support, want int
	}{
		{Britain, Germany, false, "32.62B", 5, 3},     // everything counts against Germany
		{Britain, Italy, false, "32.62B", 2, 1},       // 5 - 1 second (German) - 2 temporary (German)
		{Britain, Germany, true, "32.62B", 3, 1},      // pre-emptive: the temporary 2 left out
		{Britain, Italy, true, "32.62B", 2, 1},        // both left out
		{France, Italy, false, "32.62B", 4, 3},        // 5 - 1 second (German); Albania's +1 counts
		{France, Germany, false, "32.62B", 4, 2},      // 5 - 1 temporary (Italian)
		{France, Germany, true, "32.62B", 4, 2},       // 5 - 1 temporary; the second +1 counts
		{Germany, Britain, false, "32.42B", 5, 2 - 5}, // Britain's 5 greater than France's 4 (Italian increase left out)
	}
	for _, c := range cases {
		th := WarThreshold(s, c.from, c.against, ThresholdOptions{Preemptive: c.preemptive})
		dowCheck(t, th)
		if v := dowMustTerm(t, th, c.rule); v != c.want {
			t.Errorf("32.33: %s on %s (pre-emptive %v): %d, want %d (%s)", c.from, c.against, c.preemptive, v, c.want, dowTermWhat(th, c.rule))
		}
		counted := th.Support
		if c.from == Germany {
			counted = th.AgainstSupport
		}
		if counted != c.support {
			t.Errorf("32.33C: %s on %s (pre-emptive %v): counted support %d, want %d", c.from, c.against, c.preemptive, counted, c.support)
		}
	}
	// Germany's threshold is the same against both (32.42B: the greater);
	// France's own level as counted is 4.
	gb, gf := WarThreshold(s, Germany, Britain, ThresholdOptions{}), WarThreshold(s, Germany, France, ThresholdOptions{})
	if gb.Net != gf.Net || gf.AgainstSupport != 4 {
		t.Errorf("32.42B: against Britain %d, against France %d (France counted %d, want 4)", gb.Net, gf.Net, gf.AgainstSupport)
	}
	// A temporary grant naming no Axis target or power counts against both
	// (r-32-33c-trigger), never for pre-emptive war.
	AddSupportGrant(&s, Britain, SupportGrant{Rule: "10.71B", What: "temporary increase", Value: 1, From: s.Turn, Turns: 1, Residual: true})
	s.Powers[Britain].Support = 6
	if th := WarThreshold(s, Britain, Italy, ThresholdOptions{}); th.Support != 3 {
		t.Errorf("r-32-33c-trigger: Britain on Italy counted %d, want 6 - 1 - 2", th.Support)
	}
	if th := WarThreshold(s, Britain, Italy, ThresholdOptions{Preemptive: true}); th.Support != 2 {
		t.Errorf("32.61B: Britain on Italy, pre-emptive, counted %d, want 6 - 1 - 3", th.Support)
	}
	// An ended grant is no longer part of the support level.
	s.Turn = Turn{Year: 1937, Season: Fall}
	if th := WarThreshold(s, France, Italy, ThresholdOptions{Preemptive: true}); th.Support != 4 {
		t.Errorf("10.81B: ended grants: France counted %d, want 5 - 1 second", th.Support)
	}
}

// Rule 32.34: the EAI, within +5..-5.
func TestR32_34EAI(t *testing.T) {
	s := NewGame(1)
	for eai, want := range map[int]int{0: 0, 3: 3, -4: -4, 7: 5, -6: -5} {
		s.EAI = eai
		if v := dowMustTerm(t, WarThreshold(s, Russia, Germany, ThresholdOptions{}), "32.72B"); v != want {
			t.Errorf("32.34: EAI %d gives %d, want %d", eai, v, want)
		}
	}
}

// Rule 32.42: Germany on Britain and France: balance, German support
// against the greater Allied one, EAI, Czechoslovakia and Poland while
// unconquered (no tile), Russia's war readiness while no pact is in
// effect.
func TestR32_42GermanyOnAllies(t *testing.T) {
	s := NewGame(1)
	dowSupports(s, map[Power]int{Germany: 4, Britain: 1, France: 2, Russia: 1})
	s.EAI = 2
	s.SupportFacts.FlagsInRussia = map[Power]int{Britain: 1, Germany: 2} // -1
	s.Minor("Turkey").setFlagCounts(map[Power]int{Russia: 1})            // +1 (border)
	s.Minor("Sweden").setFlagCounts(map[Power]int{Russia: 2})            // not part of the readiness
	// Setup: Czechoslovakia 4 + 2 (three French flags) = 6; Poland 6 + 1
	// (a French flag) + 1 (French pact in Czechoslovakia) = 8.
	// Readiness: support 1, flags -1, Finland -1, Rumania -1 (one German
	// flag each), Turkey +1, Poland 0 (Allied flags ignored): -1.
	th := WarThreshold(s, Germany, Britain, ThresholdOptions{})
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
	if fr := WarThreshold(s, Germany, France, ThresholdOptions{}); fr.Net != th.Net {
		t.Errorf("32.42: against France %d, against Britain %d", fr.Net, th.Net)
	}
	// Czechoslovakia conquered: its term goes; Danzig and the Corridor
	// German: Poland's resistance 2 less (28.21H), still counted.
	c := s.Clone()
	c.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: FirstTurn, Completed: dowTurn(FirstTurn)},
		{Aggressor: Germany, Target: "Sudetenland", Turn: FirstTurn, Completed: dowTurn(FirstTurn)},
		{Aggressor: Germany, Target: "Czechoslovakia", Turn: FirstTurn, Completed: dowTurn(FirstTurn)},
		{Aggressor: Germany, Target: "Danzig and the Corridor", Turn: FirstTurn, Completed: dowTurn(FirstTurn)},
	}
	ct := WarThreshold(c, Germany, Britain, ThresholdOptions{})
	dowCheck(t, ct)
	if strings.Contains(dowTermWhat(ct, "32.42D, 32.31E"), "Czechoslovakia") || ct.Net != -9+6+2 {
		t.Errorf("32.42D: Czechoslovakia conquered, Poland 6: net %d, want -1: %+v", ct.Net, ct.Terms)
	}
	c.SupportFacts.Aggressions = append(c.SupportFacts.Aggressions, Aggression{Aggressor: Germany, Target: "Poland", Turn: FirstTurn, Completed: dowTurn(FirstTurn)})
	if ct := WarThreshold(c, Germany, Britain, ThresholdOptions{}); ct.Net != 0+2+2+1 {
		t.Errorf("32.42D: both conquered: net %d, want 5: %+v", ct.Net, ct.Terms)
	}
	// The pact in effect: no war readiness (32.31E); broken: it counts
	// again (31.83, r-32-21-pact).
	s.SupportFacts.PactSigned = dowTurn(FirstTurn)
	pt := WarThreshold(s, Germany, Britain, ThresholdOptions{})
	for _, x := range pt.Terms {
		if strings.Contains(x.What, "war readiness") {
			t.Errorf("32.42D: readiness with the pact: %+v", x)
		}
	}
	if pt.Net != -10 {
		t.Errorf("32.42D: with the pact %d, want -10", pt.Net)
	}
	s.Conditions.PactViolated = true
	if v := WarThreshold(s, Germany, Britain, ThresholdOptions{}); v.Net != -9 {
		t.Errorf("r-32-21-pact: pact broken, net %d, want -9", v.Net)
	}
}

// Rule 32.43: Germany on Russia: balance, German against Russian support,
// EAI, Czechoslovakia and Poland while unconquered; no war readiness.
func TestR32_43GermanyOnRussia(t *testing.T) {
	s := NewGame(1)
	dowSupports(s, map[Power]int{Germany: 3, Russia: 1})
	s.EAI = -1
	th := WarThreshold(s, Germany, Russia, ThresholdOptions{})
	dowCheck(t, th)
	if th.Net != 0+2-1-6-8 || len(th.Terms) != 5 || dowMustTerm(t, th, "32.43B") != 2 || dowMustTerm(t, th, "32.43C") != -1 {
		t.Errorf("32.43: net %d, want -13: %+v", th.Net, th.Terms)
	}
	if th.Support != 3 || th.AgainstSupport != 1 {
		t.Errorf("32.43B: supports %d/%d", th.Support, th.AgainstSupport)
	}
	s.SupportFacts.Aggressions = []Aggression{{Aggressor: Germany, Target: "Poland", Turn: FirstTurn, Completed: dowTurn(FirstTurn)}}
	if th := WarThreshold(s, Germany, Russia, ThresholdOptions{}); th.Net != -13+8 {
		t.Errorf("32.43D: Poland conquered: net %d, want -5", th.Net)
	}
}

// Rule 32.62, 32.31D, 32.63: Britain and France separately: balance,
// support, EAI and the target's resistance with its tile, not for
// pre-emptive war; Russia's war readiness after a German declaration on
// Russia.
func TestR32_62AlliedThresholds(t *testing.T) {
	s := NewGame(1)
	dowSupports(s, map[Power]int{Germany: 1, Britain: 2, France: 0, Russia: 2})
	s.EAI = 1
	// Austria at setup: 2 - 1 (a German flag) + 1 (French pact in
	// Czechoslovakia) = 2; with tile 2: 4.
	th := WarThreshold(s, Britain, Germany, ThresholdOptions{Target: "Austria", Tile: 2})
	dowCheck(t, th)
	if th.Net != 0+1+1+4 || dowMustTerm(t, th, "32.62D") != 4 || th.Target != "Austria" {
		t.Errorf("32.62: Britain %d, want 6: %+v", th.Net, th.Terms)
	}
	fr := WarThreshold(s, France, Germany, ThresholdOptions{Target: "Austria", Tile: 2})
	if fr.Net != 0-1+1+4 || !fr.Meets {
		t.Errorf("32.62: France %d, want 4: %+v", fr.Net, fr.Terms)
	}
	pre := WarThreshold(s, Britain, Germany, ThresholdOptions{Target: "Austria", Tile: 2, Preemptive: true})
	if _, ok := dowTerm(t, pre, "32.62D"); ok || pre.Net != 2 || pre.Target != "" {
		t.Errorf("32.61B: pre-emptive without the target: %d, %+v", pre.Net, pre.Terms)
	}
	// The Sudetenland demanded: Czechoslovakia's resistance with 28.21G's
	// -2 (6 - 2 = 4), tile 1 (r-32-31d-first-demand).
	su := WarThreshold(s, Britain, Germany, ThresholdOptions{Target: "Sudetenland", Tile: 1})
	if v := dowMustTerm(t, su, "32.62D"); v != 5 || !strings.Contains(dowTermWhat(su, "32.62D"), "Czechoslovakia") {
		t.Errorf("32.31D: the Sudetenland: %d (%s), want 4 + 1", v, dowTermWhat(su, "32.62D"))
	}
	// 32.63: Russia's readiness: support 5, no flags in Russia, Finland and
	// Rumania -1 each: +3, added to Britain's 0 + 1 + 1.
	s.Powers[Russia].Support = 5
	ret := WarThreshold(s, Britain, Germany, ThresholdOptions{GermanWarOnRussia: true})
	if v := dowMustTerm(t, ret, "32.63"); v != 5-2 || ret.Net != 2+3 {
		t.Errorf("32.63: readiness %d, net %d, want 3 and 5", v, ret.Net)
	}
	if _, ok := dowTerm(t, WarThreshold(s, Britain, Italy, ThresholdOptions{GermanWarOnRussia: true}), "32.63"); ok {
		t.Error("32.63: only against Germany")
	}
}

// Rule 32.72: Russia on Germany: support, EAI, flags in Russia, the
// minor country results with Poland as a border country unless it is the
// target, the target's resistance (32.72E), -2 per Allied power not at war
// with Germany.
func TestR32_72RussiaOnGermany(t *testing.T) {
	s := NewGame(1)
	dowSupports(s, map[Power]int{Germany: 1, Russia: 3})
	s.EAI = 1
	s.SupportFacts.FlagsInRussia = map[Power]int{France: 2, Italy: 1} // +1
	tu := s.Minor("Turkey")
	tu.setFlagCounts(map[Power]int{Russia: 3})
	tu.TradePact = Russia                                      // +2
	s.Minor("Sweden").setFlagCounts(map[Power]int{Russia: 1})  // +1, elsewhere
	s.Minor("Poland").setFlagCounts(map[Power]int{Germany: 1}) // -1 as a border country
	// Finland -1, Rumania -1 (German flags): 32.72D = -1 -1 +2 -1 +1 = 0.
	th := WarThreshold(s, Russia, Germany, ThresholdOptions{})
	dowCheck(t, th)
	if th.Net != 2+1+1+0-4 || th.Meets || dowMustTerm(t, th, "32.72D") != 0 || dowMustTerm(t, th, "32.72F") != -4 {
		t.Errorf("32.72: net %d, want 0: %+v", th.Net, th.Terms)
	}
	if v := WarThreshold(s, Russia, Germany, ThresholdOptions{AtWarWithGermany: []Power{Britain, Italy}}); dowMustTerm(t, v, "32.72F") != -2 || v.Net != 2 {
		t.Errorf("32.72F: France neutral only: %d, net %d", dowMustTerm(t, v, "32.72F"), v.Net)
	}
	// Poland the target: out of 32.72D (+1), its resistance with tile 3 in
	// 32.72E: 6 - 1 (German flag) + 1 (French pact in Czechoslovakia) + 3.
	p := WarThreshold(s, Russia, Germany, ThresholdOptions{Target: "Poland", Tile: 3})
	dowCheck(t, p)
	if dowMustTerm(t, p, "32.72D") != 1 || dowMustTerm(t, p, "32.72E") != 9 || p.Net != 2+1+1+1+9-4 {
		t.Errorf("32.72D-E: Poland the target: net %d, want 10: %+v", p.Net, p.Terms)
	}
	// Danzig and the Corridor is Poland (r-32-31d-first-demand): 28.21H's -2.
	if d := WarThreshold(s, Russia, Germany, ThresholdOptions{Target: "Danzig and the Corridor", Tile: 3}); dowMustTerm(t, d, "32.72E") != 7 || dowMustTerm(t, d, "32.72D") != 1 {
		t.Errorf("32.72E: Danzig: %+v", d.Terms)
	}
	// Austria holds no Russian flag: no 32.72E; Poland stays in 32.72D.
	a := WarThreshold(s, Russia, Germany, ThresholdOptions{Target: "Austria", Tile: 2})
	if _, ok := dowTerm(t, a, "32.72E"); ok || a.Net != th.Net {
		t.Errorf("32.72E: Austria without Russian flags counted: %+v", a.Terms)
	}
	// The Baltic States: basic 0, Poland's German flag no pact: 0; tile 2.
	if b := WarThreshold(s, Russia, Germany, ThresholdOptions{Target: BalticStates, Tile: 2}); dowMustTerm(t, b, "32.72E") != 2 {
		t.Errorf("32.72E: the Baltic States: %+v", b.Terms)
	}
	// Czechoslovakia with a Russian flag beside three French: 4 + 2 + tile
	// 1 = 7 in 32.72E; its Russian flag stays in 32.72D (r-32-72d-target).
	s.Minor("Czechoslovakia").setFlagCounts(map[Power]int{France: 3, Russia: 1})
	cz := WarThreshold(s, Russia, Germany, ThresholdOptions{Target: "Czechoslovakia", Tile: 1})
	if dowMustTerm(t, cz, "32.72E") != 7 || dowMustTerm(t, cz, "32.72D") != 1 {
		t.Errorf("32.72D-E: Czechoslovakia: %+v", cz.Terms)
	}
}

// Rules 31.32D and 32.72D read the same results: the shared helper with
// 31.32D's three countries gives PactConcessionLevel's 31.32D terms.
func TestR32_72DSameAsPact(t *testing.T) {
	s := NewGame(1)
	check := func(what string) {
		t.Helper()
		_, _, terms := PactConcessionLevel(s, 0)
		want := 0
		for _, x := range terms {
			if x.Rule == "31.32D" {
				want += x.Value
			}
		}
		if got, _ := russianMinorResults(s, pactBorder, "Poland", true); got != want {
			t.Errorf("%s: 32.72D helper %d, 31.32D %d", what, got, want)
		}
	}
	check("setup")
	s.Minor("Turkey").setFlagCounts(map[Power]int{Germany: 3})
	s.Minor("Turkey").TradePact = Germany
	s.Minor("Rumania").setFlagCounts(map[Power]int{Russia: 2})
	s.Minor("Sweden").setFlagCounts(map[Power]int{Russia: 3})
	s.Minor("Sweden").TradePact = Russia
	s.Minor("Poland").setFlagCounts(map[Power]int{Russia: 1})
	check("modified")
	// 32.72D with Poland a border country counts Poland's Russian flag.
	if got, _ := russianMinorResults(s, russianBorder, "", true); got != -1-2+1+2+1 {
		t.Errorf("32.72D: %d, want Finland -1, Turkey -2, Rumania +1, Sweden +2, Poland +1", got)
	}
}

// Rule 32.61A and its EXAMPLE: France +2, Britain -1: France may declare
// war, Britain may not; Britain -2: neither.
func TestR32_61Example(t *testing.T) {
	s := NewGame(1)
	s.EAI = 0
	// Against Germany (support 2) in support of Austria (resistance 2, no
	// tile): the net is the Allied power's support.
	dowSupports(s, map[Power]int{Germany: 2, France: 2, Britain: -1})
	o := ThresholdOptions{Target: "Austria"}
	b, f := WarThreshold(s, Britain, Germany, o), WarThreshold(s, France, Germany, o)
	dowCheck(t, b)
	dowCheck(t, f)
	if b.Net != -1 || f.Net != 2 {
		t.Fatalf("32.61A: Britain %d, France %d, want -1 and +2", b.Net, f.Net)
	}
	if bm, fm := AlliedDeclarations(b, f); bm || !fm {
		t.Errorf("32.61A EXAMPLE: Britain %v, France %v; want only France", bm, fm)
	}
	s.Powers[Britain].Support = -2
	b = WarThreshold(s, Britain, Germany, o)
	if bm, fm := AlliedDeclarations(b, f); bm || fm || b.Net != -2 {
		t.Errorf("32.61A EXAMPLE: Britain -2 (%d): Britain %v, France %v; want neither", b.Net, bm, fm)
	}
	// Joint: both exceed; unilateral against a result of 0.
	if bm, fm := AlliedDeclarations(Threshold{Net: 1, Meets: true}, Threshold{Net: 3, Meets: true}); !bm || !fm {
		t.Error("32.61A: joint declaration")
	}
	if bm, fm := AlliedDeclarations(Threshold{Net: 1, Meets: true}, Threshold{Net: 0}); !bm || fm {
		t.Error("32.61A: Britain +1, France 0: Britain may")
	}
}

// Rule 32.61B: aggression totals (34.51A's values, a whole country
// including its first demand; Italy's Greece and Yugoslavia once
// demanded) and the more aggressive Axis power, Germany if tied.
func TestR32_61BAggressionTotal(t *testing.T) {
	for target, v := range map[string]int{Rhineland: 1, "Austria": 2, "Sudetenland": 1, "Danzig and the Corridor": 1, BalticStates: 2,
		"Czechoslovakia": 3, "Poland": 4, Ethiopia: 1, "Albania": 1, "Greece": 2, "Yugoslavia": 3} {
		if AggressionValue(target) != v {
			t.Errorf("32.61B: %s is worth %d, want %d", target, AggressionValue(target), v)
		}
	}
	s := NewGame(1)
	s.Turn = Turn{Year: 1938, Season: Spring}
	at := Turn{Year: 1937, Season: Spring}
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: at, Completed: dowTurn(at)},
		{Aggressor: Germany, Target: "Sudetenland", Turn: at, Completed: dowTurn(at)},
		{Aggressor: Germany, Target: "Czechoslovakia", Turn: at, Completed: dowTurn(at)}, // 3, the Sudetenland within
		{Aggressor: Germany, Target: "Austria", Turn: at},                                // not completed: not counted
		{Aggressor: Italy, Target: Ethiopia, Turn: at, Completed: dowTurn(at)},
		{Aggressor: Italy, Target: "Albania", Turn: at, Completed: dowTurn(at)},
		{Aggressor: Italy, Target: "Greece", Turn: at}, // demanded, conquest under way: counted
	}
	if g, i := AggressionTotal(s, Germany), AggressionTotal(s, Italy); g != 4 || i != 4 {
		t.Errorf("32.61B: totals Germany %d, Italy %d, want 4 and 4", g, i)
	}
	if MoreAggressive(s) != Germany {
		t.Error("32.61B: Germany if tied")
	}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, Aggression{Aggressor: Italy, Target: "Yugoslavia", Turn: s.Turn})
	if i := AggressionTotal(s, Italy); i != 7 || MoreAggressive(s) != Italy {
		t.Errorf("32.61B: Italy %d, more aggressive %s", i, MoreAggressive(s))
	}
	if !carriedOutSecondAggression(s, Germany) || !carriedOutSecondAggression(s, Italy) {
		t.Error("32.61B: second aggressions")
	}
	s.SupportFacts.Aggressions = s.SupportFacts.Aggressions[:1]
	if carriedOutSecondAggression(s, Germany) || AggressionTotal(s, Germany) != 1 {
		t.Error("32.61B: the Rhineland alone is no second aggression")
	}
}

// Rules 32.41, 32.42, 32.44, 32.83C: German pre-emptive war on the Allies
// and on Russia: the Rhineland, no Allied declaration in response, full
// mobilization or a threat, the pact, control of Poland or the Baltic
// States; the Allied power with the higher support concedes.
func TestR32_41GermanPreemptive(t *testing.T) {
	s := NewGame(1)
	s.Turn = Turn{Year: 1937, Season: Spring}
	s.EAI = 5
	dowSupports(s, map[Power]int{Germany: 11, Britain: 0, France: 1})
	// Net: 0 + (11 - 1) + 5 - 6 - 8 + 2 (readiness -2: Finland, Rumania) = 3.
	opts := PreemptiveOptions(s, nil, false)
	ga := dowOption(t, opts, Germany, Britain, false)
	if ga.Mode != MayNot || len(ga.Barred) != 1 || !strings.Contains(ga.Barred[0], "32.41A") || ga.Thresholds[0].Net != 3 || ga.Thresholds[1].Net != 3 {
		t.Fatalf("32.41A: no Rhineland: %+v", ga)
	}
	s.SupportFacts.Aggressions = []Aggression{{Aggressor: Germany, Target: Rhineland, Turn: FirstTurn, Completed: dowTurn(FirstTurn)}}
	ga = dowOption(t, PreemptiveOptions(s, nil, false), Germany, France, false)
	if ga.Mode != MayThreaten || ga.Concession == nil {
		t.Fatalf("32.41C, 32.44: not fully mobilized: %+v", ga)
	}
	want := Concession{BasisFrom: Germany, BasisAgainst: France, Excess: 3, Support: 3, Preventable: true,
		Conceders: []Power{France}, Beneficiaries: []Power{Germany}}
	if c := *ga.Concession; c.BasisAgainst != want.BasisAgainst || c.Excess != 3 || c.Support != 3 || !c.Preventable ||
		!slices.Equal(c.Conceders, want.Conceders) || !slices.Equal(c.Beneficiaries, want.Beneficiaries) {
		t.Errorf("32.83C: %+v, want %+v", c, want)
	}
	if o := dowOption(t, PreemptiveOptions(s, nil, true), Germany, Britain, false); o.Mode != MayNot || !strings.Contains(strings.Join(o.Barred, ";"), "32.41B") {
		t.Errorf("32.41B: %+v", o)
	}
	dowMobilize(s, Germany)
	if o := dowOption(t, PreemptiveOptions(s, nil, false), Germany, Britain, false); o.Mode != MayDeclare || o.Concession != nil {
		t.Errorf("32.41C: fully mobilized: %+v", o)
	}
	// An aggression of Germany's own this turn does not bar it (32.81A).
	if o := dowOption(t, PreemptiveOptions(s, map[Power]bool{Germany: true}, false), Germany, Britain, false); o.Mode != MayDeclare {
		t.Errorf("32.81A: %+v", o)
	}
	// 32.43 on Russia: 0 + 11 + 5 - 6 - 8 = 2, but no control of Poland or
	// the Baltic States.
	gr := dowOption(t, PreemptiveOptions(s, nil, false), Germany, Russia, false)
	if gr.Mode != MayNot || gr.Thresholds[0].Net != 2 || !strings.Contains(strings.Join(gr.Barred, ";"), "neither Poland nor the Baltic States") {
		t.Errorf("32.43: %+v", gr)
	}
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions, Aggression{Aggressor: Germany, Target: BalticStates, Turn: s.Turn, Completed: dowTurn(s.Turn)})
	if gr := dowOption(t, PreemptiveOptions(s, nil, false), Germany, Russia, false); gr.Mode != MayDeclare {
		t.Errorf("32.43: with the Baltic States: %+v", gr)
	}
	s.SupportFacts.PactSigned = dowTurn(FirstTurn)
	if gr := dowOption(t, PreemptiveOptions(s, nil, false), Germany, Russia, false); gr.Mode != MayNot || !strings.Contains(strings.Join(gr.Barred, ";"), "32.43") {
		t.Errorf("32.21A, 32.43: the pact: %+v", gr)
	}
}

// Rule 32.61B, 32.81C: the Allies jointly on the more aggressive Axis
// power only, neither Axis power aggressing this turn; not both fully
// mobilized: only a threat, and only after a second aggression; both:
// declared outright.
func TestR32_61BAlliedPreemptive(t *testing.T) {
	s := NewGame(1)
	s.Turn = Turn{Year: 1937, Season: Spring}
	dowSupports(s, map[Power]int{Germany: 1, Italy: 0, Britain: 3, France: 5})
	o := dowOption(t, PreemptiveOptions(s, nil, false), Britain, Germany, false)
	if o.Mode != MayNot || len(o.Barred) != 1 || !strings.Contains(o.Barred[0], "no second aggression") {
		t.Fatalf("32.61B: no second aggression: %+v", o)
	}
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: Turn{1936, Spring}, Completed: dowTurn(Turn{1936, Spring})},
		{Aggressor: Germany, Target: "Austria", Turn: Turn{1936, Summer}, Completed: dowTurn(Turn{1936, Summer})},
	}
	o = dowOption(t, PreemptiveOptions(s, nil, false), Britain, Germany, false)
	if o.Mode != MayThreaten || o.Thresholds[0].Net != 2 || o.Thresholds[1].Net != 4 {
		t.Fatalf("32.61B: threat after a second aggression: %+v", o)
	}
	if c := o.Concession; c == nil || c.BasisFrom != Britain || c.Excess != 2 || c.Support != 2 ||
		!slices.Equal(c.Conceders, []Power{Germany}) || !slices.Equal(c.Beneficiaries, []Power{Britain}) {
		t.Errorf("32.83C: %+v", o.Concession)
	}
	if it := dowOption(t, PreemptiveOptions(s, nil, false), Britain, Italy, false); it.Mode != MayNot || !strings.Contains(strings.Join(it.Barred, ";"), "more aggressive") {
		t.Errorf("32.61B: Italy is not the more aggressive: %+v", it)
	}
	if o := dowOption(t, PreemptiveOptions(s, map[Power]bool{Italy: true}, false), Britain, Germany, false); o.Mode != MayNot ||
		!strings.Contains(strings.Join(o.Barred, ";"), "Italy committed an aggression") {
		t.Errorf("32.61B: an Italian aggression this turn: %+v", o)
	}
	// Backing down is no aggression: the caller leaves it out.
	if o := dowOption(t, PreemptiveOptions(s, map[Power]bool{Germany: false}, false), Britain, Germany, false); o.Mode != MayThreaten {
		t.Errorf("32.61B: backed down: %+v", o)
	}
	dowMobilize(s, Britain)
	dowMobilize(s, France)
	if o := dowOption(t, PreemptiveOptions(s, nil, false), Britain, Germany, false); o.Mode != MayDeclare || o.Concession != nil {
		t.Errorf("32.61B: both fully mobilized: %+v", o)
	}
	// Both must meet it.
	s.Powers[Britain].Support = 1
	if o := dowOption(t, PreemptiveOptions(s, nil, false), Britain, Germany, false); o.Mode != MayNot || !strings.Contains(strings.Join(o.Barred, ";"), "Britain's threshold") {
		t.Errorf("32.61B: Britain at 0: %+v", o)
	}
}

// Rules 32.71, 32.72, 32.73: Russia on Germany needs no pact in effect
// and one of 32.71A-D.
func TestR32_71RussianConditions(t *testing.T) {
	s := NewGame(1)
	s.Turn = Turn{Year: 1938, Season: Spring}
	dowSupports(s, map[Power]int{Germany: 0, Russia: 10})
	// 10 + 0 EAI + 0 flags - 2 (Finland, Rumania) - 4 (32.72F) = 4.
	o := dowOption(t, PreemptiveOptions(s, nil, false), Russia, Germany, false)
	if o.Mode != MayNot || o.Thresholds[0].Net != 4 || !strings.Contains(strings.Join(o.Barred, ";"), "32.71A-D") {
		t.Fatalf("32.71: no condition: %+v", o)
	}
	full := s.Clone()
	full.Russia.Cohesion = FullCohesion // 32.71D
	if o := dowOption(t, PreemptiveOptions(full, nil, false), Russia, Germany, false); o.Mode != MayDeclare {
		t.Errorf("32.71D: %+v", o)
	}
	full.SupportFacts.PactSigned = dowTurn(FirstTurn)
	if o := dowOption(t, PreemptiveOptions(full, nil, false), Russia, Germany, false); o.Mode != MayNot || !strings.Contains(strings.Join(o.Barred, ";"), "32.73") {
		t.Errorf("32.73: %+v", o)
	}
	// 32.71B: Poland German since an earlier turn; this turn's is 32.71A
	// only while Germany is carrying it out.
	earlier := Turn{Year: 1937, Season: Fall}
	b := s.Clone()
	b.SupportFacts.Aggressions = []Aggression{{Aggressor: Germany, Target: "Poland", Turn: earlier, Completed: dowTurn(earlier)}}
	if o := dowOption(t, PreemptiveOptions(b, nil, false), Russia, Germany, false); o.Mode != MayDeclare {
		t.Errorf("32.71B: %+v", o)
	}
	a := s.Clone()
	a.SupportFacts.Aggressions = []Aggression{{Aggressor: Germany, Target: "Poland", Turn: a.Turn, Completed: dowTurn(a.Turn)}}
	if o := dowOption(t, PreemptiveOptions(a, nil, false), Russia, Germany, false); o.Mode != MayNot {
		t.Errorf("32.71A-B: taken this turn, no aggression reported: %+v", o)
	}
	o = dowOption(t, PreemptiveOptions(a, map[Power]bool{Germany: true}, false), Russia, Germany, false)
	// Poland is the target: out of 32.72D (0: a French flag), its
	// resistance without a tile in 32.72E: 6 + 1 + 1 = 8.
	if o.Mode != MayDeclare || o.Thresholds[0].Target != "Poland" || dowMustTerm(t, o.Thresholds[0], "32.72E") != 8 || o.Thresholds[0].Net != 12 {
		t.Errorf("32.71A, 32.72E: %+v", o)
	}
	// 32.71C: the Allies may act against Germany: a second option, both at
	// war with Germany.
	c := s.Clone()
	c.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: earlier, Completed: dowTurn(earlier)},
		{Aggressor: Germany, Target: "Austria", Turn: earlier, Completed: dowTurn(earlier)},
	}
	dowSupports(c, map[Power]int{Britain: 2, France: 2})
	if o := dowOption(t, PreemptiveOptions(c, nil, false), Britain, Germany, false); o.Mode != MayThreaten {
		t.Fatalf("32.61B: %+v", o)
	}
	o = dowOption(t, PreemptiveOptions(c, nil, false), Russia, Germany, true)
	if o.Mode != MayDeclare || dowMustTerm(t, o.Thresholds[0], "32.72F") != 0 || o.Thresholds[0].Net != 8 || !strings.Contains(o.If, "32.71C") {
		t.Errorf("32.71C: %+v", o)
	}
	if o := dowOption(t, PreemptiveOptions(c, nil, false), Russia, Germany, false); o.Mode != MayNot {
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
		if n, ok := ConcessionRequired(excess); n != w.support || ok != w.preventable {
			t.Errorf("32.83A: excess %d: %d %v, want %d %v", excess, n, ok, w.support, w.preventable)
		}
	}
	s := NewGame(1)
	s.Turn = Turn{Year: 1937, Season: Spring}
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Germany, Target: Rhineland, Turn: Turn{1936, Spring}, Completed: dowTurn(Turn{1936, Spring})},
		{Aggressor: Germany, Target: "Austria", Turn: Turn{1936, Summer}, Completed: dowTurn(Turn{1936, Summer})},
	}
	dowMobilize(s, France) // France fully mobilized, Britain not
	dowSupports(s, map[Power]int{Germany: 1, Britain: 2, France: 5})
	o := dowOption(t, PreemptiveOptions(s, nil, false), Britain, Germany, false)
	if o.Mode != MayThreaten || o.Thresholds[0].From != Britain || o.Thresholds[0].Excess() != 1 || o.Thresholds[1].Excess() != 4 {
		t.Fatalf("32.83 EXAMPLE: %+v", o)
	}
	c := o.Concession
	if c == nil || c.BasisFrom != Britain || c.Excess != 1 || c.Support != 1 || !c.Preventable ||
		!slices.Equal(c.Conceders, []Power{Germany}) || !slices.Equal(c.Beneficiaries, []Power{Britain}) {
		t.Errorf("32.83 EXAMPLE: %+v, want Germany conceding 1 to Britain", c)
	}
	// Had Britain exceeded it by 4 too, concessions could not prevent war.
	s.Powers[Britain].Support = 5
	if c := dowOption(t, PreemptiveOptions(s, nil, false), Britain, Germany, false).Concession; c == nil || c.Preventable || c.Excess != 4 {
		t.Errorf("32.83A: excess 4: %+v", c)
	}
	// Ties: the first threshold given, Britain (r-32-83c-tie).
	if c := ConcessionParties([]Threshold{{From: Germany, Against: Britain, AgainstSupport: 2, Net: 2, Meets: true},
		{From: Germany, Against: France, AgainstSupport: 2, Net: 2, Meets: true}}); c.BasisAgainst != Britain || c.Support != 2 {
		t.Errorf("r-32-83c-tie: %+v", c)
	}
}

// Threshold is reported as JSON with snake_case fields.
func TestR32_ThresholdJSON(t *testing.T) {
	th := WarThreshold(NewGame(1), Germany, Russia, ThresholdOptions{})
	b, err := json.Marshal(th)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"from":"germany"`, `"against":"russia"`, `"terms":[{"rule":"32.43A, 32.32"`, `"net":-14`, `"meets":false`, `"against_support":0`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("JSON %s lacks %s", b, k)
		}
	}
	var back Threshold
	if err := json.Unmarshal(b, &back); err != nil || back.Net != th.Net || len(back.Terms) != len(th.Terms) {
		t.Errorf("JSON round trip: %v %+v", err, back)
	}
}
