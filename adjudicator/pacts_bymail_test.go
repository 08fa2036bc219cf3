package adjudicator_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/war"
)

// Trade pacts follow the flags at once (11.61, 11.61D, 11.61E): at the
// diplomatic results and when control changes, not only at the next
// income phase (docs/rules.md r-11-61).

// pactChange is the TradePactChanged of country among evs, and its index.
func pactChange(evs []event.Event, country string) (event.TradePactChanged, int) {
	for i, e := range evs {
		if p, ok := e.(event.TradePactChanged); ok && p.Minor == country {
			return p, i
		}
	}
	return event.TradePactChanged{}, -1
}

// resultIndex is the index of country's diplomatic result among evs, or -1.
func resultIndex(evs []event.Event, country string) int {
	for i, e := range evs {
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == country {
			return i
		}
	}
	return -1
}

// TestRule11_61DPactEndsAtTheDiplomaticResult: France starts with the
// pact of Czechoslovakia on three flags (11.63); in Spring 1935 Germany's
// diplomatic counter there wins a result that removes a French flag. The
// pact ends with the result, in the diplomatic phase (11.61D), before the
// crisis phase and the next income phase; that income counts no pact with
// Czechoslovakia for France and reports no second change.
func TestRule11_61DPactEndsAtTheDiplomaticResult(t *testing.T) {
	spring35 := storm.FirstTurn
	summer35 := spring35.Next()
	s := mailGame(t, 1)
	if m := s.Minor("Czechoslovakia"); m.TradePact != storm.France || m.TotalFlags() != 3 {
		t.Fatalf("11.63: Czechoslovakia at the start %+v, want France's pact on three flags", *m)
	}
	s, _ = playTo(t, s, spring35, storm.SegDiplomacyAxis1)
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "ANTI-COMINTERN NONE\nDIPLOMATIC CZECHOSLOVAKIA 3"})
	s, evs := playTo(t, s, spring35, storm.SegCrisisAggression)
	res, ok := findResult(evs, "Czechoslovakia")
	if !ok || res.Winner != storm.Axis || res.FlagsAfter[storm.France] != 2 {
		t.Fatalf("no Axis result removing a French flag in Czechoslovakia: %+v\n%s", res, enginetest.DumpEvents(evs))
	}
	pc, i := pactChange(evs, "Czechoslovakia")
	want := event.TradePactChanged{Minor: "Czechoslovakia", From: storm.France, Rule: "11.61D"}
	if pc != want || i < resultIndex(evs, "Czechoslovakia") {
		t.Fatalf("11.61D: the pact's change %+v (at %d), want %+v after the result\n%s", pc, i, want, enginetest.DumpEvents(evs))
	}
	if m := s.Minor("Czechoslovakia"); m.TradePact != 0 {
		t.Errorf("11.61D: at the crisis phase Czechoslovakia's pact is %v, want none", m.TradePact)
	}
	s, evs = playTo(t, s, summer35, storm.SegEconomic)
	if pc, _ := pactChange(evs, "Czechoslovakia"); pc != (event.TradePactChanged{}) {
		t.Errorf("11.61: the income phase changes the pact again: %+v", pc)
	}
	for _, e := range evs {
		if in, ok := e.(event.IncomeComputed); ok && in.Power == storm.France && in.Turn == summer35 && in.TradePacts != 1 {
			t.Errorf("11.62B: France's trade pact income %d, want 1 (Belgium/Luxembourg only)", in.TradePacts)
		}
	}
}

// TestRule11_61PactGainedInTheDiplomaticPhaseCountsAtWar: Italy places
// a diplomatic counter in Hungary in Spring and Summer 1935, each winning
// an Italian flag: its third flag, in the diplomatic phase of Summer
// 1935, gives Italy the pact at once (11.61). War breaks out over Poland
// in that turn's crisis phase (27.83), before any income phase, and 34.61
// counts the pact held at the outbreak of war: Hungary's, 1 VP for the
// Axis.
func TestRule11_61PactGainedInTheDiplomaticPhaseCountsAtWar(t *testing.T) {
	spring35 := storm.FirstTurn
	summer35 := spring35.Next()
	hungary := func(s storm.State) map[storm.Power]string {
		if s.Segment == storm.SegDiplomacyAxis1 {
			return map[storm.Power]string{storm.Germany: "ANTI-COMINTERN NONE", storm.Italy: "DIPLOMATIC HUNGARY 2"}
		}
		return nil
	}
	s := mailGame(t, 1)
	s, _ = playMails(t, s, spring35, storm.SegCrisisAggression, hungary)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, evs := playMails(t, s, summer35, storm.SegCrisisAggression, hungary)
	pc, i := pactChange(evs, "Hungary")
	want := event.TradePactChanged{Minor: "Hungary", To: storm.Italy, Rule: "11.61"}
	if pc != want || i < resultIndex(evs, "Hungary") || s.Minor("Hungary").TradePact != storm.Italy {
		t.Fatalf("11.61: Hungary's pact change %+v (at %d), want %+v after the result; Hungary %+v\n%s", pc, i, want, *s.Minor("Hungary"), enginetest.DumpEvents(evs))
	}
	s, _ = aggress(t, s, storm.Germany, "POLAND", "OPPOSE")
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "CONTINUE"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Britain: "ULTIMATUM", storm.France: "ULTIMATUM"})
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "ATTACK"})
	if s.War == nil || s.Turn != summer35 {
		t.Fatalf("no war over Poland in Summer 1935: %+v at %s", s.War, s.Turn)
	}
	_, v := endGame(t, s)
	found := false
	for _, l := range v.Lines {
		if l.Rule == "34.61" && strings.Contains(l.What, "Hungary") {
			found = l.Side == storm.Axis && l.Value == 1
		}
	}
	if !found {
		t.Errorf("34.61: no Axis VP for Italy's trade pact with Hungary at the outbreak of war: %+v", v.Lines)
	}
}

// TestRule11_61EControlGivesThePactAtOnce: Germany remilitarizes the
// Rhineland in Spring 1935 and takes Austria in Summer 1935, both
// acquiesced: control gives Germany the permanent pact at once (11.61E),
// in the crisis phase, not at the next income phase; it earns no VP
// (34.62).
func TestRule11_61EControlGivesThePactAtOnce(t *testing.T) {
	s := mailGame(t, 1)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.FirstTurn.Next(), storm.SegCrisisAggression)
	s, evs := aggress(t, s, storm.Germany, "AUSTRIA", "ACQUIESCE")
	m := s.Minor("Austria")
	if m.Controller != storm.Germany {
		t.Fatalf("Austria not controlled by Germany: %+v\n%s", *m, enginetest.DumpEvents(evs))
	}
	pc, i := pactChange(evs, "Austria")
	succeeded, ended := -1, len(evs)
	for j, e := range evs {
		switch e := e.(type) {
		case event.AggressionSucceeded:
			if e.Target == "Austria" {
				succeeded = j
			}
		case event.TurnEnded:
			ended = min(ended, j)
		}
	}
	want := event.TradePactChanged{Minor: "Austria", To: storm.Germany, Rule: "11.61E"}
	if pc != want || i < succeeded || i > ended || m.TradePact != storm.Germany {
		t.Fatalf("11.61E: Austria's pact change %+v (at %d), pact %v; want %+v in the crisis phase, after the aggression (%d), before the turn's end (%d)\n%s", pc, i, m.TradePact, want, succeeded, ended, enginetest.DumpEvents(evs))
	}
	for _, l := range war.VictoryPoints(s).Lines {
		if l.Rule == "34.61" && strings.Contains(l.What, "Austria") {
			t.Errorf("34.62: a pact from a conquest counted: %+v", l)
		}
	}
}
