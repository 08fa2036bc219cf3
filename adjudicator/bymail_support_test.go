package adjudicator_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
	"stormjudge/report"
)

// acquiesceBoth is the Allied answer to every aggression of the turn.
var acquiesceBoth = map[storm.Power]string{storm.Britain: "ACQUIESCE GERMANY\nACQUIESCE ITALY", storm.France: "ACQUIESCE GERMANY\nACQUIESCE ITALY"}

// openers plays Spring 1935 by email: Germany remilitarizes the Rhineland
// and Italy moves on Ethiopia, both acquiesced; the game is left at the
// economic phase of Summer 1935.
func openers(t *testing.T, s storm.State) storm.State {
	t.Helper()
	s, _ = playTo(t, s, s.Turn, storm.SegCrisisAggression)
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "AGGRESSION RHINELAND", storm.Italy: "AGGRESSION ETHIOPIA"})
	s, _ = mailRound(t, s, acquiesceBoth)
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Summer}, storm.SegEconomic)
	return s
}

// term is p's support term of rule in the public view, and whether it is.
func term(s storm.State, p storm.Power, rule, what string) (storm.SupportModifier, bool) {
	for _, pp := range adjudicator.Derive(s).Public.Powers {
		if pp.Power != p {
			continue
		}
		for _, m := range pp.SupportTerms {
			if m.Rule == rule && strings.Contains(m.What, what) {
				return m, true
			}
		}
	}
	return storm.SupportModifier{}, false
}

// secondAggression plays aggressor's aggression against target in s,
// acquiesced, to the economic phase of turn, and checks that it is the
// aggressor's second aggression (32.61B), alone, and that ally's support
// holds the permanent +1 of rule from it.
func secondAggression(t *testing.T, s storm.State, aggressor storm.Power, target string, turn storm.Turn, ally storm.Power, rule string) {
	t.Helper()
	s, _ = aggress(t, s, aggressor, target, "ACQUIESCE")
	s, _ = playTo(t, s, turn, storm.SegEconomic)
	if by := track.SecondAggressors(s); !slices.Equal(by, []storm.Power{aggressor}) {
		t.Errorf("32.61B: %s's %s is its second aggression: %v", aggressor, target, by)
	}
	if _, ok := term(s, ally, rule, "second Axis aggression"); !ok {
		t.Errorf("%s: no permanent +1 for %s after %s", rule, ally, target)
	}
}

// Rules 10.71B, 10.81B with 32.61B's definition of a second aggression:
// any German aggression but the Rhineland, any Italian one but Ethiopia.
// Played by email: the Rhineland and Ethiopia (Spring 1935) give nothing;
// Germany's Austria (Summer 1935) gives Britain and France their permanent
// +1 from the next turn (r-10-71b: from the turn after the aggression);
// so do Germany's Danzig and Italy's Albania on their own; both Axis
// powers qualifying still make +1 in income.
func TestRule10_71BSecondAggression(t *testing.T) {
	s := openers(t, mailGame(t, 1))
	if by := track.SecondAggressors(s); len(by) != 0 {
		t.Fatalf("32.61B: the Rhineland and Ethiopia are no second aggression: %v", by)
	}
	for _, p := range []storm.Power{storm.Britain, storm.France} {
		if m, ok := term(s, p, map[storm.Power]string{storm.Britain: "10.71B", storm.France: "10.81B"}[p], ""); ok {
			t.Errorf("10.71B, 10.81B: %s has %+v after the Rhineland and Ethiopia", p, m)
		}
	}
	s, _ = aggress(t, s, storm.Germany, "AUSTRIA", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1935, Season: storm.Fall}, storm.SegEconomic)
	if by := track.SecondAggressors(s); !slices.Equal(by, []storm.Power{storm.Germany}) {
		t.Fatalf("32.61B: Austria is Germany's second aggression: %v", by)
	}
	for p, rule := range map[storm.Power]string{storm.Britain: "10.71B", storm.France: "10.81B"} {
		m, ok := term(s, p, rule, "second Axis aggression")
		if !ok || m.Value != 1 || m.Reading != "" {
			t.Errorf("%s: %s's permanent +1 after Austria: %+v %v", rule, p, m, ok)
		}
		// Its figure is the rule's; the temporary increase beside it is
		// the judge's reading (r-30-temporary).
		if m, ok := term(s, p, rule, "temporary increase"); !ok || m.Reading != storm.TemporaryReading {
			t.Errorf("%s: %s's temporary increase after Austria not marked as the judge's reading: %+v %v", rule, p, m, ok)
		}
		if got := s.Powers[p].Support; got != 2 {
			t.Errorf("%s: %s's support %d in Fall 1935, want 2 (permanent +1, temporary +1)", rule, p, got)
		}
	}

	// Danzig and the Corridor is a second aggression too (32.61B).
	d := openers(t, mailGame(t, 2))
	secondAggression(t, d, storm.Germany, "DANZIG AND THE CORRIDOR", storm.Turn{Year: 1935, Season: storm.Fall}, storm.Britain, "10.71B")

	// Italy's Albania, once Ethiopia is conquered (Winter 1935), then both.
	s, _ = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Spring}, storm.SegCrisisAggression)
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Italy: "AGGRESSION ALBANIA"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "ACQUIESCE", storm.France: "ACQUIESCE"})
	s, _ = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Summer}, storm.SegEconomic)
	if by := track.SecondAggressors(s); !slices.Equal(by, []storm.Power{storm.Germany, storm.Italy}) {
		t.Errorf("32.61B: Albania is Italy's second aggression: %v", by)
	}
	n := 0
	for _, pp := range adjudicator.Derive(s).Public.Powers {
		for _, m := range pp.SupportTerms {
			if pp.Power == storm.Britain && m.What == "second Axis aggression" {
				n += m.Value
			}
		}
	}
	if n != 1 {
		t.Errorf("r-10-71b: both Axis powers' second aggressions give Britain %d, want +1 (against both in crises)", n)
	}

	// Italy alone: Albania after Ethiopia, Germany quiet.
	i := mailGame(t, 3)
	i, _ = playTo(t, i, i.Turn, storm.SegCrisisAggression)
	i, _ = mailRound(t, i, map[storm.Power]string{storm.Italy: "AGGRESSION ETHIOPIA"})
	i, _ = mailRound(t, i, map[storm.Power]string{storm.Britain: "ACQUIESCE", storm.France: "ACQUIESCE"})
	i, _ = playTo(t, i, storm.Turn{Year: 1936, Season: storm.Spring}, storm.SegCrisisAggression)
	if by := track.SecondAggressors(i); len(by) != 0 {
		t.Fatalf("32.61B: Ethiopia alone: %v", by)
	}
	secondAggression(t, i, storm.Italy, "ALBANIA", storm.Turn{Year: 1936, Season: storm.Summer}, storm.France, "10.81B")
}

// Rule 30 with 10.71B, 10.81B and 11.71: the temporary British and French
// increases after an aggression are sized by the judge's reading (+1 for
// as many turns as the target's value, r-30-temporary) while the game
// plays the default table: each term that shows them says so (support
// terms in the view and export, the support line of the report, the
// residual income once they end, the threshold's support term), and a
// moderator's table with the guide's figures replaces them, reading mark
// and all.
func TestRule30_TemporarySupportReading(t *testing.T) {
	s := openers(t, mailGame(t, 1))
	s, evs := aggress(t, s, storm.Germany, "AUSTRIA", "ACQUIESCE")
	granted := 0
	for _, e := range evs {
		if g, ok := e.(event.SupportGranted); ok {
			granted++
			if !g.Inferred || g.Grant.Reading != storm.TemporaryReading || g.Grant.Turns != 2 || g.Grant.Value != 1 {
				t.Errorf("r-30-temporary: %+v", g)
			}
		}
	}
	if granted != 2 {
		t.Fatalf("10.71B, 10.81B: %d grants after Austria, want Britain's and France's", granted)
	}
	fall, evs := playTo(t, s, storm.Turn{Year: 1935, Season: storm.Fall}, storm.SegEconomic)
	v := adjudicator.Derive(fall)
	js, _ := json.Marshal(v.Public)
	if !strings.Contains(string(js), `"reading":"r-30-temporary"`) {
		t.Errorf("the export's support terms do not mark the judge's reading: %s", js)
	}
	for _, pp := range v.Public.Powers {
		want := 0
		if pp.Power == storm.Britain || pp.Power == storm.France {
			want = 1
		}
		if pp.SupportByReading != want {
			t.Errorf("%s: support by the judge's reading %d, want %d", pp.Power, pp.SupportByReading, want)
		}
	}
	pub := report.Public("demo", evs, v)
	if !strings.Contains(pub.Text, "judge's reading") || !strings.Contains(pub.Text, "r-30-temporary") {
		t.Errorf("the report's support line does not say the temporary increase is the judge's reading:\n%s", pub.Text)
	}
	// The Allied threshold on Germany counts the increase and says so, as
	// do the victory points of Britain's support level (34.21B).
	th := crisisThreshold(t, fall, storm.Britain, storm.Germany)
	if !strings.Contains(th, "judge's reading") {
		t.Errorf("the threshold's support term hides the judge's reading: %s", th)
	}
	if w := threshold.WarThreshold(fall, storm.Britain, storm.Germany, threshold.ThresholdOptions{}); w.Reading() != storm.TemporaryReading {
		t.Errorf("the threshold's support term is not marked: %+v", w.Terms)
	}
	marked := false
	for _, l := range v.Public.Victory.Lines {
		marked = marked || (l.Rule == "34.21B" && strings.HasPrefix(l.What, "Britain") && l.Reading == storm.TemporaryReading && strings.Contains(l.What, "judge's reading"))
	}
	if !marked {
		t.Errorf("34.21B: Britain's support line does not say part of it is the judge's reading: %+v", v.Public.Victory.Lines)
	}
	// Spring 1936: the increase has ended (two turns, Austria's value)
	// and leaves its residual income, marked too.
	spring, evs := playTo(t, fall, storm.Turn{Year: 1936, Season: storm.Spring}, storm.SegEconomic)
	if _, ok := term(spring, storm.Britain, "10.71B", "temporary increase"); ok {
		t.Errorf("r-30-temporary: the increase lasts Austria's value, two turns")
	}
	found := false
	for _, e := range evs {
		if in, ok := e.(event.IncomeComputed); ok && in.Power == storm.Britain {
			found = in.Income.Residual == 1 && in.Income.ResidualReading == storm.TemporaryReading
		}
	}
	if !found {
		t.Errorf("11.71: Britain's residual income from the inferred increase is not marked")
	}

	// A moderator's table with the guide's figures: Austria gives Britain
	// +2 for one turn and France nothing; no reading mark anywhere.
	rows := []storm.AggressionEffect{}
	for _, r := range storm.DefaultAggressionEffects {
		if r.Kind != storm.AggrTemporarySupport {
			rows = append(rows, r)
		}
	}
	rows = append(rows, storm.AggressionEffect{Kind: storm.AggrTemporarySupport, Target: "Austria", Power: "britain", Value: 2, Turns: 1, Rule: "10.71B"})
	g0, err := crisis.WithAggressionEffects(crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGame(1))), rows)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := adjudicator.Resolve(g0, nil)
	if err != nil {
		t.Fatal(err)
	}
	g = openers(t, g)
	g, _ = aggress(t, g, storm.Germany, "AUSTRIA", "ACQUIESCE")
	g, evs = playTo(t, g, storm.Turn{Year: 1935, Season: storm.Fall}, storm.SegEconomic)
	m, ok := term(g, storm.Britain, "10.71B", "temporary increase")
	if !ok || m.Value != 2 || m.Reading != "" {
		t.Errorf("30: the guide's row for Britain: %+v %v", m, ok)
	}
	if m, ok := term(g, storm.France, "10.81B", "temporary increase"); ok {
		t.Errorf("30: the guide's table gives France nothing: %+v", m)
	}
	if txt := report.Public("demo", evs, adjudicator.Derive(g)).Text; strings.Contains(txt, "judge's reading") {
		t.Errorf("30: a moderator's table is not the judge's reading:\n%s", txt)
	}
	if _, err := crisis.WithAggressionEffects(g0, append(rows, storm.AggressionEffect{Kind: storm.AggrTemporarySupport, Target: "Austria", Power: "germany", Value: 1, Rule: "10.71B"})); err == nil {
		t.Errorf("30: a temporary increase for Germany accepted")
	}
}

// crisisThreshold is the support term of from's threshold for war on
// against (32.62B) as the view words it.
func crisisThreshold(t *testing.T, s storm.State, from, against storm.Power) string {
	t.Helper()
	th := threshold.WarThreshold(s, from, against, threshold.ThresholdOptions{})
	for _, x := range th.Terms {
		if strings.HasPrefix(x.Rule, "32.62B") {
			return x.What
		}
	}
	t.Fatalf("no 32.62B term: %+v", th.Terms)
	return ""
}
