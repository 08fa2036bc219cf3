package crisis_test

import (
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// effectWords is how a CrisisEffect's figures read in an option's note:
// the support change and the counter gained or barred.
func effectWords(e event.CrisisEffect) string {
	ctr := fmt.Sprintf("an extra %d activity counter", e.Counter)
	if e.Counter < 0 {
		ctr = fmt.Sprintf("one %d activity counter barred", -e.Counter)
	}
	return fmt.Sprintf("support %+d and %s", e.Support, ctr)
}

// checkOnce checks that each of p's options in v is offered once, that no
// option's line is worded "changes nothing" and that the block's lines
// that are options are marked as such.
func checkOnce(t *testing.T, v adjudicator.View, p storm.Power) *adjudicator.PowerView {
	t.Helper()
	me := v.Powers[p]
	seen := map[string]bool{}
	for _, o := range me.Options {
		if seen[o.Order] {
			t.Errorf("%s: %s offered twice: %+v", p, o.Order, me.Options)
		}
		seen[o.Order] = true
		if strings.Contains(o.Note, "changes nothing") {
			t.Errorf("%s: %s worded %q", p, o.Order, o.Note)
		}
	}
	for _, l := range me.Default {
		if !seen[l] {
			t.Errorf("%s: the block's %s is no option: %+v", p, l, me.Options)
		}
	}
	if strings.Contains(me.DefaultNote, "changes nothing") {
		t.Errorf("%s: the block %v worded %q", p, me.Default, me.DefaultNote)
	}
	return me
}

// backDownNote is the note of p's BACK DOWN option (named: the aggressor
// when Allied).
func backDownNote(t *testing.T, me *adjudicator.PowerView, line string) string {
	t.Helper()
	for _, o := range me.Options {
		if o.Order == line {
			if !o.Default {
				t.Errorf("%s: not marked as the block's line", line)
			}
			return o.Note
		}
	}
	t.Fatalf("%s not offered: %+v", line, me.Options)
	return ""
}

// Rules 27.62, 27.72 and 27.82 (r-27-61-default): BACK DOWN, the answer
// taken when none is sent at the Axis response, the ultimatum and the
// brink, is offered once, worded with its cost and never "changes
// nothing"; its note words each power's next-turn effect with the very
// figures the resolution then applies (the CrisisEffect events); the
// Allied response offers ACQUIESCE once.
func TestRule27_62BackDownWordsItsCost(t *testing.T) {
	noted := func(stage, note string, evs []event.Event) {
		t.Helper()
		eff := randomevent.AllEvents[event.CrisisEffect](evs)
		if len(eff) == 0 {
			t.Fatalf("%s: no effect applied", stage)
		}
		if !strings.Contains(note, eff[0].Rule+"A-B") {
			t.Errorf("%s: %q does not cite %s", stage, note, eff[0].Rule)
		}
		for _, e := range eff {
			if !strings.Contains(note, e.Power.Title()) || !strings.Contains(note, effectWords(e)) {
				t.Errorf("%s: %q does not word %s's %s", stage, note, e.Power, effectWords(e))
			}
		}
	}
	opposed := func(seed uint64) storm.State {
		s := crisisGame(seed)
		rhinelandDone(&s)
		s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 8, 8 // 27.73: an ultimatum is possible
		s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {aggression("Austria")}, storm.Italy: nil})
		v := adjudicator.Derive(s)
		for _, p := range []storm.Power{storm.Britain, storm.France} {
			me := checkOnce(t, v, p)
			backDownNote(t, me, "ACQUIESCE") // 27.52: once, the block's line
		}
		s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.OpposeOrder}}})
		if s.Segment != storm.SegCrisisAxisResponse {
			t.Fatalf("27.61: %s", s.Segment)
		}
		return s
	}

	s := opposed(5) // 27.62: the aggressor backs down
	note := backDownNote(t, checkOnce(t, adjudicator.Derive(s), storm.Germany), "BACK DOWN")
	_, evs := mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.BackDownOrder}}})
	noted("27.62", note, evs)

	s = opposed(6) // 27.72: the Allies back down
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.ContinueAggression}}})
	if s.Segment != storm.SegCrisisUltimatum {
		t.Fatalf("27.71: %s", s.Segment)
	}
	v := adjudicator.Derive(s)
	note = backDownNote(t, checkOnce(t, v, storm.Britain), "BACK DOWN")
	if fr := backDownNote(t, checkOnce(t, v, storm.France), "BACK DOWN"); fr != note {
		t.Errorf("27.72: Britain's %q, France's %q", note, fr)
	}
	_, evs = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.BackDownOrder}}, storm.France: {{Kind: storm.BackDownOrder}}})
	noted("27.72", note, evs)

	s = opposed(7) // 27.82: the aggressor backs down at the ultimatum
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.ContinueAggression}}})
	s, _ = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.UltimatumOrder}}, storm.France: {{Kind: storm.UltimatumOrder}}})
	if s.Segment != storm.SegCrisisBrink {
		t.Fatalf("27.81: %s", s.Segment)
	}
	note = backDownNote(t, checkOnce(t, adjudicator.Derive(s), storm.Germany), "BACK DOWN")
	_, evs = mustResolve(t, s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.BackDownOrder}}})
	noted("27.82", note, evs)
}
