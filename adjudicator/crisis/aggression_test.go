package crisis

import (
	"testing"

	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// Rules 27.12, 27.21A-B, 27.31, 27.41: each Axis power's targets and the
// restrictions that bar them.
func TestRule27_21AggressionRestrictions(t *testing.T) {
	s := setup.NewGame(1)
	barred := func(s storm.State, p storm.Power) map[string]string {
		out := map[string]string{}
		for _, o := range AggressionOptions(s, p) {
			out[o.Target] = o.Barred
		}
		return out
	}
	if AggressionOptions(s, storm.Britain) != nil {
		t.Error("27.1: Britain commits no aggression")
	}
	it, ge := barred(s, storm.Italy), barred(s, storm.Germany)
	if len(it) != 4 || len(ge) != 7 {
		t.Fatalf("27.31, 27.41: %v %v", it, ge)
	}
	if it[storm.Ethiopia] != "" || it["Albania"] == "" || ge[storm.Rhineland] != "" || ge["Austria"] == "" {
		t.Errorf("27.21A-B: Ethiopia and the Rhineland first: %v %v", it, ge)
	}
	t0 := s.Turn
	s.SupportFacts.Aggressions = []storm.Aggression{
		{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: t0, Completed: &t0},
		{Aggressor: storm.Germany, Target: storm.Rhineland, Turn: t0, Completed: &t0},
		{Aggressor: storm.Germany, Target: "Czechoslovakia", Turn: t0, Completed: &t0},
	}
	s.Turn = s.Turn.Next()
	it, ge = barred(s, storm.Italy), barred(s, storm.Germany)
	if it["Albania"] != "" || it["Greece"] == "" || ge["Austria"] != "" || ge["Sudetenland"] == "" || ge[storm.Rhineland] == "" {
		t.Errorf("27.21A-B: after Ethiopia and the Rhineland: %v %v", it, ge)
	}
	// 27.12: one a turn; 27.21A: at war with Greece, nothing else.
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions,
		storm.Aggression{Aggressor: storm.Germany, Target: "Austria", Turn: s.Turn},
		storm.Aggression{Aggressor: storm.Italy, Target: "Albania", Turn: t0, Completed: &t0},
		storm.Aggression{Aggressor: storm.Italy, Target: "Greece", Turn: t0})
	if ge = barred(s, storm.Germany); ge["Poland"] == "" {
		t.Errorf("27.12: a second German aggression this turn: %v", ge)
	}
	if it = barred(s, storm.Italy); it["Yugoslavia"] == "" {
		t.Errorf("27.21A: Yugoslavia while at war with Greece: %v", it)
	}
	if len(AggressionLines(s, storm.Italy)) == 0 {
		t.Error("no lines for Italy's notice")
	}
}
