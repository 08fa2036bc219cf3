package adjudicator_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/war"
)

// Issue 23, items 2, 3, 7, 8 and 12: Russia's declaration after a war in
// a crisis (26.12C, 32.81), Russia's mobilized civilian factories
// (34.31C), the Allies' retaliation (32.63), the refusal of a barred
// Allied declaration (32.61B) and the words of a back-down (27.73,
// 32.61A). Each plays the situation by email (bymail_test.go).

// vpLine sums the victory point lines of rule in v.
func vpLine(v storm.Victory, rule string) (int, bool) {
	n, found := 0, false
	for _, l := range v.Lines {
		if l.Rule == rule {
			n += l.Value
			found = true
		}
	}
	return n, found
}

// toDanzig plays Germany to Danzig and the Corridor without the pact:
// the Rhineland in Spring 1935, Danzig and the Corridor in Summer 1935,
// both acquiesced. 14.43C then frees Russia's civilian factories and
// 32.71B lets Russia declare war from the next turn.
func toDanzig(t *testing.T, seed uint64) storm.State {
	t.Helper()
	s := mailGame(t, seed)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegCrisisAggression)
	s, _ = aggress(t, s, storm.Germany, "DANZIG AND THE CORRIDOR", "ACQUIESCE")
	if !s.Conditions.PolandAggressionWithoutPact {
		t.Fatalf("14.43C: Danzig and the Corridor without the pact not on record: %+v", s.Conditions)
	}
	return s
}

// TestRule34_31CRussianCivilianFactories: Germany takes Danzig and the
// Corridor without the pact (14.43C); Russia mobilizes a civilian factory
// by email in Fall 1935 and another five turns later (low cohesion, 14.43B).
// Each is worth +2 to Russia (34.31C), shown in the victory points of the
// view; the idle factories' -1 is unchanged.
func TestRule34_31CRussianCivilianFactories(t *testing.T) {
	s := toDanzig(t, 1)
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Fall}, storm.SegEconomic)
	s.Powers[storm.Russia].TilePoints = 20 // a figure: enough to mobilize (14.31)
	before := war.VictoryPoints(s)
	if n, found := vpLine(before, "34.31C"); n != -4 || !found {
		t.Fatalf("34.31C before: %d (%+v), want Russia's 4 idle factories -4", n, before.Lines)
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: "MOBILIZE CIVILIAN: ARMOR, INFANTRY, AIR"})
	one := war.VictoryPoints(s)
	if n, _ := vpLine(one, "34.31C"); n != -4+2 {
		t.Fatalf("34.31C after one civilian factory: %d, want -4 + 2 (%+v)", n, one.Lines)
	}
	if one.Russia != before.Russia+2 {
		t.Errorf("34.31C: Russia %d, want %d + 2", one.Russia, before.Russia)
	}
	next := s.Turn
	for range 5 {
		next = next.Next()
	}
	s, _ = playTo(t, s, next, storm.SegEconomic)
	s = mobilizeCivilianWhenAllowed(t, s)
	two := war.VictoryPoints(s)
	found := false
	for _, l := range two.Lines {
		if l.Rule == "34.31C" && l.Value == 4 && strings.Contains(l.What, "2 civilian factories mobilized") {
			found = true
		}
	}
	if !found {
		t.Fatalf("34.31C: no +4 line for two civilian factories: %+v", two.Lines)
	}
	if got := war.RussianCivilianMobilized(s); got != 2 {
		t.Errorf("34.31C: %d civilian factories on record, want 2", got)
	}
	if f := s.Powers[storm.Russia].Factories; f.Civilian != 3 {
		t.Errorf("14.31: Russia's civilian factories %d, want 3", f.Civilian)
	}
}

// mobilizeCivilianWhenAllowed has Russia mobilize a civilian factory by
// email in the first economic phase from s's on that allows it (a Great
// Purge turn bars it, 14.43A; the purge card depends on the seed).
func mobilizeCivilianWhenAllowed(t *testing.T, s storm.State) storm.State {
	t.Helper()
	const order = "MOBILIZE CIVILIAN: ARMOR, INFANTRY, AIR"
	for i := 0; ; i++ {
		s.Powers[storm.Russia].TilePoints = 20 // a figure: enough to mobilize (14.31)
		if _, err := mail(t, s, storm.Russia, order); err == nil {
			break
		} else if i == 4 {
			t.Fatalf("Russia may not mobilize its civilian factory in five turns from %s: %v", s.Turn, err)
		}
		s, _ = playTo(t, s, s.Turn.Next(), storm.SegEconomic)
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: order})
	return s
}

// warOverPoland plays Germany's aggression against Poland without the
// pact to war: the Rhineland acquiesced in Spring 1935; in Summer 1935
// Poland opposed, Germany continues, the Allies issue an ultimatum and
// Germany attacks (27.83). The game is at the pre-emptive war segment.
func warOverPoland(t *testing.T, seed uint64) storm.State {
	t.Helper()
	s := mailGame(t, seed)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegCrisisAggression)
	s, _ = aggress(t, s, storm.Germany, "POLAND", "OPPOSE")
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "CONTINUE"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "ULTIMATUM", storm.France: "ULTIMATUM"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "ATTACK"})
	if s.War == nil || s.War.Kind != "crisis" || s.Segment != storm.SegPreemptiveWar {
		t.Fatalf("no war over Poland at the pre-emptive war segment: war %+v at %s", s.War, s.Segment)
	}
	return s
}

// endGame plays the end-of-game segment with no final research and
// returns the final victory points.
func endGame(t *testing.T, s storm.State) (storm.State, storm.Victory) {
	t.Helper()
	for !s.Ended {
		var evs []event.Event
		s, evs = mailRound(t, s, nil)
		for _, e := range evs {
			if g, ok := e.(event.GameEnded); ok {
				return s, g.Victory
			}
		}
	}
	t.Fatal("the game ended without GameEnded")
	return s, storm.Victory{}
}

// TestRule26_12CRussiaDeclaresAfterCrisisWar: war breaks out over Poland
// in a crisis (27.83); 26.12 lets the declarations follow, and Russia,
// Germany carrying out an aggression against Poland (32.71A, 31.61E) with
// Britain and France at war with Germany (32.72F), is asked and declares
// war by email. It earns 34.53's points for its excess, not 34.81's
// penalty; a Russia that sends nothing declares nothing.
func TestRule26_12CRussiaDeclaresAfterCrisisWar(t *testing.T) {
	s := warOverPoland(t, 1)
	opts := adjudicatorOptions(t, s, storm.Russia)
	if !strings.Contains(opts, "DECLARE WAR ON GERMANY") {
		t.Fatalf("26.12C: Russia is not offered its declaration after the war over Poland: %q", opts)
	}
	if _, err := mail(t, s, storm.Germany, "DECLARE WAR ON RUSSIA"); err == nil {
		t.Errorf("26.12A, 32.41B: Germany may declare war after the Allies declared war on it")
	}
	// The Russian threshold: Poland's resistance with the crisis's tile
	// (32.72E) and both Allies at war with Germany (32.72F: 0).
	var rt storm.Threshold
	for _, o := range preemptiveOptionsOf(s) {
		if o.Declarers[0] == storm.Russia && o.If == "" {
			rt = o.Thresholds[0]
		}
	}
	f := 0
	for _, x := range rt.Terms {
		if x.Rule == "32.72F" {
			f = x.Value
		}
	}
	if !rt.Meets || rt.Target != "Poland" || f != 0 {
		t.Fatalf("32.72: Russia's threshold %+v, want met in support of Poland with 32.72F 0", rt)
	}
	passed, vPass := endGame(t, s)
	if _, found := vpLine(vPass, "34.53"); found {
		t.Fatalf("34.53 without a Russian declaration: %+v", vPass.Lines)
	}
	if passed.War.More != nil {
		t.Errorf("a Russia that sends nothing declared war: %+v", passed.War.More)
	}

	declared, _ := mailRound(t, s, map[storm.Power]string{storm.Russia: "DECLARE WAR ON GERMANY"})
	declared, v := endGame(t, declared)
	n, found := vpLine(v, "34.53")
	if !found || n != rt.Net {
		t.Fatalf("34.53: Russia %d, want its excess %d (%+v)", n, rt.Net, v.Lines)
	}
	if _, pen := vpLine(v, "34.81"); pen {
		t.Errorf("34.81: Russia's declaration in support of Poland is penalised: %+v", v.Lines)
	}
	if v.Russia != vPass.Russia+rt.Net || v.Axis != vPass.Axis || v.Allies != vPass.Allies {
		t.Errorf("victory points: declared %d/%d/%d, passed %d/%d/%d; want Russia + %d only", v.Axis, v.Allies, v.Russia, vPass.Axis, vPass.Allies, vPass.Russia, rt.Net)
	}
	t.Logf("26.12C figures: without the declaration Axis %d, Allies %d, Russia %d (%s); with it Axis %d, Allies %d, Russia %d (%s)",
		vPass.Axis, vPass.Allies, vPass.Russia, vPass.ThreeWay, v.Axis, v.Allies, v.Russia, v.ThreeWay)
	if !slices.Contains(declared.War.Declarers, storm.Russia) {
		t.Errorf("Russia not among the declarers: %+v", declared.War)
	}
}

// adjudicatorOptions words p's options in the open segment, one order a
// line, as its notice lists them.
func adjudicatorOptions(t *testing.T, s storm.State, p storm.Power) string {
	t.Helper()
	var lines []string
	for _, o := range adjudicator.Allowed(s, p) {
		lines = append(lines, o.Order.String()+"  # "+o.Note)
	}
	return strings.Join(lines, "\n")
}

// preemptiveOptionsOf are the pre-emptive declarations of the turn as the
// segment computes them (26.12, 32.8).
func preemptiveOptionsOf(s storm.State) []threshold.PreemptiveOption {
	return threshold.PreemptiveOptions(s, storm.AggressedThisTurn(s), false)
}

// TestRule26_12BAlliesDeclareOnTheOtherAxisPower: Italy's aggression
// against Ethiopia goes to war in Spring 1935 (27.83); 26.12B and 32.81C
// let Britain and France then declare pre-emptive war on Germany, which
// did not aggress, its partner's aggression not barring it. Britain and
// France are fully mobilized and lead Germany in support (figures), so
// they may declare outright (32.61B); they do, by email, and take 34.81's
// penalty for it. Italy, at war already, is no option.
func TestRule26_12BAlliesDeclareOnTheOtherAxisPower(t *testing.T) {
	s := mailGame(t, 1)
	s.Powers[storm.Britain].Factories = storm.Factories{Military: 8} // figures: fully mobilized (32.61B)
	s.Powers[storm.France].Factories = storm.Factories{Military: 6}
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 2, 2 // figures: the threshold against Germany met
	s, _ = aggress(t, s, storm.Italy, "ETHIOPIA", "OPPOSE")
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Italy: "CONTINUE"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "ULTIMATUM", storm.France: "ULTIMATUM"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Italy: "ATTACK"})
	if s.War == nil || s.War.Aggressor != storm.Italy || s.Segment != storm.SegPreemptiveWar {
		t.Fatalf("no war over Ethiopia at the pre-emptive war segment: %+v at %s", s.War, s.Segment)
	}
	for _, p := range storm.Allied {
		opts := adjudicatorOptions(t, s, p)
		if !strings.Contains(opts, "DECLARE WAR ON GERMANY") || strings.Contains(opts, "ON ITALY") {
			t.Fatalf("26.12B, 32.81C: %s's options after the war with Italy: %q, want a declaration on Germany only", p, opts)
		}
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "DECLARE WAR ON GERMANY", storm.France: "DECLARE WAR ON GERMANY"})
	if !slices.Contains(s.War.Against, storm.Germany) || len(s.War.More) != 1 || s.War.More[0].Kind != "pre-emptive" {
		t.Fatalf("26.12B: no pre-emptive war on Germany after the war with Italy: %+v", s.War)
	}
	_, v := endGame(t, s)
	if n, _ := vpLine(v, "34.81"); n != -5 {
		t.Errorf("34.81: the Allies' pre-emptive declaration %d, want -5 (EAI %+d)", n, s.EAI)
	}
	if n, _ := vpLine(v, "34.52A"); n != 1 {
		t.Errorf("34.52A: the war over Ethiopia %d, want 1", n)
	}
}

// alliesReadyForPreemptiveWar: the Rhineland remilitarized by email in
// Spring 1935; in Summer 1935 Britain and France are fully mobilized and
// meet their thresholds against Germany (figures); the game is at the
// pre-emptive war segment.
func alliesReadyForPreemptiveWar(t *testing.T) storm.State {
	t.Helper()
	s := mailGame(t, 1)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegEconomic)
	s.Powers[storm.Britain].Factories = storm.Factories{Military: 8} // figures: fully mobilized (32.61B)
	s.Powers[storm.France].Factories = storm.Factories{Military: 6}
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 3, 3 // figures: thresholds met
	s, _ = playTo(t, s, s.Turn, storm.SegPreemptiveWar)
	return s
}

// TestRule32_61BRefusalNamesTheMoreAggressive: Germany has remilitarized
// the Rhineland (aggression total 1), Italy has done nothing (0). In
// Summer 1935 Britain and France, fully mobilized and ahead of both Axis
// powers in support (figures), may declare pre-emptive war on Germany; a
// declaration on Italy is refused citing 32.61B, naming Germany as the
// more aggressive power and the totals that make it so, not 32.21 (which
// lets them declare on Italy). A declaration on Russia, which 32.21 never
// permits, cites 32.21C.
func TestRule32_61BRefusalNamesTheMoreAggressive(t *testing.T) {
	s := alliesReadyForPreemptiveWar(t)
	if opts := adjudicatorOptions(t, s, storm.Britain); !strings.Contains(opts, "DECLARE WAR ON GERMANY") {
		t.Fatalf("32.61B: Britain's options %q, want a declaration on Germany", opts)
	}
	_, err := mail(t, s, storm.Britain, "DECLARE WAR ON ITALY")
	if err == nil {
		t.Fatal("32.61B: a declaration on Italy, the less aggressive power, is accepted")
	}
	for _, want := range []string{"rule 32.61B", "more aggressive Axis power, Germany", "aggression totals Germany 1, Italy 0"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("32.61B: the refusal %q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "32.21") {
		t.Errorf("32.61B: the refusal cites 32.21: %q", err)
	}
	if _, err := mail(t, s, storm.Britain, "DECLARE WAR ON RUSSIA"); err == nil || !strings.Contains(err.Error(), "rule 32.21C") {
		t.Errorf("32.21C: Britain's declaration on Russia refused with %v", err)
	}
}

// TestRule32_63Retaliation: Germany has taken the Baltic States (Summer
// 1935) and, fully mobilized and far ahead in support (figures), declares
// war on Russia by email in Fall 1935 (32.43). Britain, whose threshold
// against Germany with Russia's war readiness added is met (32.63), is
// asked in a further round of the segment and retaliates; France, whose
// threshold is not met, is not asked. The retaliation bears no 34.81
// penalty. A Britain that sends nothing does not retaliate.
func TestRule32_63Retaliation(t *testing.T) {
	s := mailGame(t, 1)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegCrisisAggression)
	s, _ = aggress(t, s, storm.Germany, "BALTIC STATES", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Fall}, storm.SegEconomic)
	s.Powers[storm.Germany].Factories = storm.Factories{Military: 12} // figures: fully mobilized (32.41C)
	s.Powers[storm.Germany].Support = 20                              // figures: Germany's threshold against Russia met
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 25, 0
	s, _ = playTo(t, s, s.Turn, storm.SegPreemptiveWar)
	if opts := adjudicatorOptions(t, s, storm.Germany); !strings.Contains(opts, "DECLARE WAR ON RUSSIA") {
		t.Fatalf("32.43: Germany's options %q, want a declaration on Russia", opts)
	}
	s, evs := mailRound(t, s, map[storm.Power]string{storm.Germany: "DECLARE WAR ON RUSSIA"})
	var offered *event.RetaliationOffered
	for _, e := range evs {
		if o, ok := e.(event.RetaliationOffered); ok {
			offered = &o
		}
	}
	if offered == nil || len(offered.Thresholds) != 1 || offered.Thresholds[0].From != storm.Britain {
		t.Fatalf("32.63: retaliation offered %+v, want Britain's alone (events %v)", offered, evs)
	}
	bt := offered.Thresholds[0]
	readiness := false
	for _, x := range bt.Terms {
		readiness = readiness || strings.HasPrefix(x.Rule, "32.63")
	}
	if !readiness || !bt.Meets {
		t.Fatalf("32.63: Britain's threshold %+v, want met with Russia's war readiness", bt)
	}
	if s.Segment != storm.SegPreemptiveWar || !slices.Equal(adjudicator.Required(s), []storm.Power{storm.Britain}) {
		t.Fatalf("32.63: the segment does not wait for Britain's retaliation: %s, required %v", s.Segment, adjudicator.Required(s))
	}
	if opts := adjudicatorOptions(t, s, storm.Britain); !strings.Contains(opts, "DECLARE WAR ON GERMANY") || !strings.Contains(opts, "32.63") {
		t.Fatalf("32.63: Britain's options %q", opts)
	}
	if _, err := mail(t, s, storm.France, "DECLARE WAR ON GERMANY"); err == nil {
		t.Errorf("32.63: France, below its threshold, may retaliate")
	}

	none, _ := mailRound(t, s, nil)
	if none.Segment == storm.SegPreemptiveWar || slices.Contains(none.War.Declarers, storm.Britain) {
		t.Errorf("32.63: a Britain that sends nothing retaliates, or the segment waits: %+v at %s", none.War, none.Segment)
	}

	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "DECLARE WAR ON GERMANY"})
	if !slices.Contains(s.War.Declarers, storm.Britain) || !slices.Contains(s.War.Against, storm.Germany) {
		t.Fatalf("32.63: Britain's retaliation not at war: %+v", s.War)
	}
	_, v := endGame(t, s)
	for _, l := range v.Lines {
		if l.Rule == "34.81" && l.Side != storm.Axis {
			t.Errorf("34.81: the retaliation is penalised: %+v", l)
		}
	}
	if n, _ := vpLine(v, "34.81"); n >= 0 {
		t.Errorf("34.81: Germany's pre-emptive declaration not penalised: %+v", v.Lines)
	}
}

// TestRule27_73OffsetBackDownSaysWhy: Germany moves against Austria in
// Summer 1935, Britain far behind Germany in support and France level
// with it (figures). The Allies' options at the response show both
// thresholds term by term; they oppose, Germany continues, and the
// Allies must back down: France meets its threshold, but Britain's
// negative result offsets it (32.61A). The decision says so, not that
// neither meets the threshold.
func TestRule27_73OffsetBackDownSaysWhy(t *testing.T) {
	s := mailGame(t, 1)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegEconomic)
	s.Powers[storm.Britain].Support = -12 // figures: Britain's result offsets France's (32.61A)
	s, _ = playTo(t, s, s.Turn, storm.SegCrisisAggression)
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "AGGRESSION AUSTRIA"})
	opts := adjudicatorOptions(t, s, storm.France)
	for _, want := range []string{"Britain's threshold against Germany", "France's threshold against Germany", "EAI", "Austria's resistance", "before the resistance tile"} {
		if !strings.Contains(opts, want) {
			t.Errorf("the response options do not show %q: %q", want, opts)
		}
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "OPPOSE", storm.France: "OPPOSE"})
	_, evs := mailRound(t, s, map[storm.Power]string{storm.Germany: "CONTINUE"})
	var d *event.CrisisDecision
	for _, e := range evs {
		if x, ok := e.(event.CrisisDecision); ok && x.Stage == storm.StageUltimatum {
			d = &x
		}
	}
	if d == nil || d.Decision != storm.BackDownOrder {
		t.Fatalf("27.73: no forced back-down at the ultimatum: %v", evs)
	}
	if !strings.Contains(d.How, "France meets the threshold") || !strings.Contains(d.How, "Britain's") || !strings.Contains(d.How, "offsets") ||
		strings.Contains(d.How, "neither Britain nor France meets") || !strings.Contains(d.Rule, "32.61A") {
		t.Errorf("27.73, 32.61A: the back-down says %q (rule %s)", d.How, d.Rule)
	}
}

// TestRule32_61BOneAllyDeclaresNothingFollows: Britain and France may
// declare pre-emptive war on Germany (as in
// TestRule32_61BRefusalNamesTheMoreAggressive); Britain declares, France
// sends nothing. No war breaks out, and the events say why: 32.61B wants
// both. The declaration options show both thresholds term by term.
func TestRule32_61BOneAllyDeclaresNothingFollows(t *testing.T) {
	s := alliesReadyForPreemptiveWar(t)
	opts := adjudicatorOptions(t, s, storm.France)
	if !strings.Contains(opts, "Britain's threshold against Germany") || !strings.Contains(opts, "France's threshold against Germany") || !strings.Contains(opts, "(32.62C, 32.34)") {
		t.Errorf("32.62: the declaration options do not show both thresholds' terms: %q", opts)
	}
	n, evs := mailRound(t, s, map[storm.Power]string{storm.Britain: "DECLARE WAR ON GERMANY"})
	if n.War != nil {
		t.Fatalf("32.61B: Britain alone declared war: %+v", n.War)
	}
	var f *event.DeclarationFailed
	for _, e := range evs {
		if x, ok := e.(event.DeclarationFailed); ok {
			f = &x
		}
	}
	if f == nil || f.Rule != "32.61B" || !slices.Equal(f.Powers, []storm.Power{storm.Britain}) || !strings.Contains(f.Why, "France gave no such order") {
		t.Fatalf("32.61B: the failed declaration is not reported with its reason: %+v", f)
	}
}
