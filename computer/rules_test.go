package computer

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

var (
	ruleGamesOnce sync.Once
	ruleGames     []decided
)

// ruleDecisions are the computer decisions of a set of games, every seat
// computer and each side computer against random players (whose wars
// and crises reach the later segments), for the rule tests.
func ruleDecisions(t *testing.T) []decided {
	ruleGamesOnce.Do(func() {
		d := testDeck(t)
		pairings := []seats{allSeats("computer"),
			{storm.Axis: "computer", storm.Allies: "random", storm.Soviet: "random"},
			{storm.Axis: "random", storm.Allies: "computer", storm.Soviet: "random"},
			{storm.Axis: "random", storm.Allies: "random", storm.Soviet: "computer"}}
		for _, pp := range pairings {
			for seed := uint64(1); seed <= 12; seed++ {
				playTest(t, d, seed, pp, 28, func(x decided) { ruleGames = append(ruleGames, x) })
			}
		}
	})
	return ruleGames
}

// seatOf is the policy's seat for a decision, to recompute its figures.
func seatOf(x decided) *seat {
	pos := At(x.s, x.p)
	return &seat{pos: pos, pv: pos.View.Powers[x.p], pub: pos.View.Public, p: x.p, side: storm.SideOf(x.p)}
}

// hasLine reports a line of d starting with prefix, and its reason.
func hasLine(d Decision, prefix string) (string, bool) {
	for i, l := range d.Lines {
		if strings.HasPrefix(l, prefix) {
			return d.Reasons[i], true
		}
	}
	return "", false
}

// TestRule34_31ComputerMobilizesIdleFactories: an idle factory costs its
// side 1 VP at the end (34.31): offered a mobilization of one, the Axis
// and Allied powers take it before anything else.
func TestRule34_31ComputerMobilizesIdleFactories(t *testing.T) {
	n := 0
	for _, x := range ruleDecisions(t) {
		if x.s.Segment != storm.SegEconomic || x.p == storm.Russia {
			continue
		}
		offered := false
		for _, o := range seatOf(x).pv.Options {
			offered = offered || strings.HasPrefix(o.Order, "MOBILIZE IDLE")
		}
		if !offered {
			continue
		}
		n++
		if len(x.d.Lines) == 0 || !strings.HasPrefix(x.d.Lines[0], "MOBILIZE") || !strings.Contains(x.d.Reasons[0], "34.31") {
			t.Errorf("%s %s: offered a mobilization of an idle factory, orders %q (%q)", x.s.Turn, x.p, x.d.Lines, x.d.Reasons)
		}
	}
	if n == 0 {
		t.Fatal("no mobilization of an idle factory offered")
	}
}

// TestRule34_81ComputerDeclaresNoCostlyPreemptiveWar: a pre-emptive
// declaration costs 5 VP less the EAI (34.81); before lastResort
// (Spring 1942, when Germany brings the war on whatever it costs:
// TestRule33_11ComputerAxisBringsTheWarFrom1941) the computer never
// declares or threatens one that costs anything (Russia's declaration in
// support of a minor country bears no penalty, 34.53).
func TestRule34_81ComputerDeclaresNoCostlyPreemptiveWar(t *testing.T) {
	n := 0
	for _, x := range ruleDecisions(t) {
		if x.s.Segment != storm.SegPreemptiveWar || !x.s.Turn.Before(lastResort) {
			continue
		}
		n++
		st := seatOf(x)
		for i, l := range x.d.Lines {
			if (strings.HasPrefix(l, "DECLARE WAR") || strings.HasPrefix(l, "THREATEN")) && st.preemptivePenalty() > 0 && !strings.HasPrefix(x.d.Reasons[i], "34.53") {
				t.Errorf("%s %s: %q with the EAI at %+d (penalty %d)", x.s.Turn, x.p, l, x.s.EAI, st.preemptivePenalty())
			}
		}
	}
	if n == 0 {
		t.Fatal("no pre-emptive war segment")
	}
}

// TestRule32_62AlliesOpposeOnlyWhenTheyMeetTheThreshold: Britain and
// France oppose an aggression when either meets its threshold for
// declaring war (32.62, 32.61A) with the weakest resistance tile (28.51A),
// and acquiesce otherwise (27.52): both read the same figures, so they
// answer alike (27.51).
func TestRule32_62AlliesOpposeOnlyWhenTheyMeetTheThreshold(t *testing.T) {
	n := 0
	for _, x := range ruleDecisions(t) {
		if x.s.Segment != storm.SegCrisisResponse || x.p == storm.Russia {
			continue
		}
		st := seatOf(x)
		for _, o := range st.pv.Options {
			if !strings.HasPrefix(o.Order, "OPPOSE") {
				continue
			}
			n++
			best, _ := bestAllied(noteThresholds(o.Note))
			if strings.Contains(o.Note, "before the resistance tile") {
				best++
			}
			_, opposed := hasLine(x.d, o.Order)
			if opposed != (best >= 1) {
				t.Errorf("%s %s: %q taken %v with the threshold at %+d with the weakest tile: %q", x.s.Turn, x.p, o.Order, opposed, best, x.d.Lines)
			}
		}
	}
	if n == 0 {
		t.Fatal("no crisis response")
	}
}

// TestRule27_3ComputerAggressesOnlyWhenTheAlliesCannotDeclare: the Axis
// aggresses (27.3) when neither Britain nor France can meet the
// threshold (32.62) with the strongest tile (28.51C), or only with it
// for a target worth 2 VP or more (34.51A); from 1941 it brings the war
// on (TestRule33_11ComputerAxisBringsTheWarFrom1941).
func TestRule27_3ComputerAggressesOnlyWhenTheAlliesCannotDeclare(t *testing.T) {
	n := 0
	for _, x := range ruleDecisions(t) {
		if x.s.Segment != storm.SegCrisisAggression || !x.s.Turn.Before(lateFrom) {
			continue
		}
		st := seatOf(x)
		for _, o := range st.pv.Options {
			if _, ok := hasLine(x.d, o.Order); !ok || !strings.HasPrefix(o.Order, "AGGRESSION") {
				continue
			}
			n++
			ord, _ := st.typed(o)
			est := st.maxAlliedThreshold(x.p, noteInt(resistanceRE, o.Note, 99))
			tile := maxTile
			if ord.Project == "Ethiopia" {
				tile = 0
			}
			if !(est+tile < 1 || est+2 < 1 && aggressionVP[ord.Project] >= 2) {
				t.Errorf("%s %s: %q against an Allied threshold of %+d before the tile", x.s.Turn, x.p, o.Order, est)
			}
		}
	}
	if n == 0 {
		t.Fatal("no aggression")
	}
}

// TestRule34_93RussiaResearchesArmor: every two steps of Russian armor
// research are +1 VP (34.93): Russia's research points go to armor.
func TestRule34_93RussiaResearchesArmor(t *testing.T) {
	n := 0
	for _, x := range ruleDecisions(t) {
		if x.s.Segment != storm.SegEconomic || x.p != storm.Russia {
			continue
		}
		var at []int
		for i, l := range x.d.Lines {
			if strings.HasPrefix(l, "RESEARCH") && !strings.HasPrefix(l, "RESEARCH COUNTER") {
				at = append(at, i)
			}
		}
		if len(at) == 0 {
			continue
		}
		n++
		if _, ok := hasLine(x.d, "RESEARCH ARMOR"); ok {
			continue
		}
		pos := At(x.s, x.p)
		for _, i := range at { // armor was refused wherever it could go (15.23A-B)
			ls := slices.Clone(x.d.Lines)
			ls[i] = "RESEARCH ARMOR"
			if sub, err := Parse(x.p, ls); err == nil && len(pos.Check(sub.Orders)) == 0 {
				t.Errorf("%s: research without armor: %q, though %q is accepted", x.s.Turn, x.d.Lines, ls)
			}
		}
	}
	if n == 0 {
		t.Fatal("Russia researched nothing")
	}
}

// BenchmarkDecide is one computer decision (a power's orders for one
// segment), over the decisions of whole games: ns/op is a decision.
func BenchmarkDecide(b *testing.B) {
	d := testDeck(b)
	var xs []decided
	for seed := uint64(1); seed <= 3; seed++ {
		playTest(b, d, seed, allSeats("computer"), 28, func(x decided) { xs = append(xs, x) })
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		x := xs[i%len(xs)]
		if _, err := Decide(At(x.s, x.p)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRule33_11ComputerAxisBringsTheWarFrom1941: the game ends only with
// a war (33.11), and from Spring 1941 the Allies' support grows every
// turn without end (10.71F, 10.81F; 34.21B): a computer Axis power
// offered an aggression then takes one, continues when opposed and
// attacks at the brink, each with its reason; and a game of computer
// players ends with a war.
func TestRule33_11ComputerAxisBringsTheWarFrom1941(t *testing.T) {
	n := 0
	for _, x := range ruleDecisions(t) {
		if x.s.Turn.Before(lateFrom) || storm.SideOf(x.p) != storm.Axis {
			continue
		}
		want := map[storm.Segment]string{storm.SegCrisisAggression: "AGGRESSION", storm.SegCrisisAxisResponse: "CONTINUE", storm.SegCrisisBrink: "ATTACK"}[x.s.Segment]
		if want == "" {
			continue
		}
		offered := false
		for _, o := range seatOf(x).pv.Options {
			offered = offered || strings.HasPrefix(o.Order, want) && o.Order != "AGGRESSION NONE"
		}
		if !offered {
			continue
		}
		n++
		why, ok := hasLine(x.d, want)
		if !ok || strings.HasPrefix(x.d.Lines[0], "AGGRESSION NONE") || !strings.Contains(why, "33.11") {
			t.Errorf("%s %s %s: offered %s, ordered %q (%q)", x.s.Turn, x.s.Segment, x.p, want, x.d.Lines, x.d.Reasons)
		}
	}
	if n == 0 {
		t.Fatal("no Axis crisis decision from 1941")
	}
	d := testDeck(t)
	for seed := uint64(1); seed <= 4; seed++ {
		end, _ := playTest(t, d, seed, allSeats("computer"), 40, nil) // to Winter 1944
		if !end.Ended || end.War == nil {
			t.Errorf("game %d of computer players still at peace in %s", seed, end.Turn)
		}
	}
}

// researchLines counts d's research lines that spend points (not the
// counters' line), and those spending excess purge events.
func researchLines(d Decision) (points, purge int) {
	for _, l := range d.Lines {
		switch {
		case strings.HasPrefix(l, "RESEARCH COUNTER ") || !strings.HasPrefix(l, "RESEARCH"):
		case strings.HasSuffix(l, " PURGE"):
			purge++
		default:
			points++
		}
	}
	return points, purge
}

// TestRule22_73EComputerSpendsExcessPurgeEvents: Russia's excess purge
// events are free research steps (22.73E) or 3-3 infantry for A World at
// War's force pool (33.21C), which counts nothing in Gathering Storm
// (34): a computer Russia offered both takes a free step beside its
// research points and never the infantry.
func TestRule22_73EComputerSpendsExcessPurgeEvents(t *testing.T) {
	offered := 0
	for _, x := range ruleDecisions(t) {
		if x.p != storm.Russia || (x.s.Segment != storm.SegEconomic && x.s.Segment != storm.SegEndOfGame) {
			continue
		}
		s := x.s.Clone()
		s.Russia.Cohesion, s.Russia.ExcessPurgeEvents = storm.FullCohesion, 3
		pos := At(s, x.p)
		if !slices.ContainsFunc(pos.View.Powers[x.p].Options, func(o adjudicator.OptionView) bool {
			return strings.HasPrefix(o.Order, "RESEARCH INFANTRY PURGE")
		}) {
			continue
		}
		offered++
		d, err := Decide(pos)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := hasLine(d, "RESEARCH INFANTRY"); ok {
			t.Errorf("%s %s: the computer took A World at War's infantry: %q", s.Turn, s.Segment, d.Lines)
		}
		if s.Segment != storm.SegEconomic {
			continue
		}
		before, _ := researchLines(x.d)
		points, purge := researchLines(d)
		if purge == 0 || points != before {
			t.Errorf("%s: with 3 excess purge events %q, without %q: a free step beside the same points", s.Turn, d.Lines, x.d.Lines)
		}
	}
	if offered == 0 {
		t.Fatal("no decision of Russia was offered RESEARCH INFANTRY PURGE")
	}
}
