package adjudicator

import "testing"

// Rules 27.12, 27.21A-B, 27.31, 27.41: each Axis power's targets and the
// restrictions that bar them.
func TestRule27_21AggressionRestrictions(t *testing.T) {
	s := NewGame(1)
	barred := func(s State, p Power) map[string]string {
		out := map[string]string{}
		for _, o := range AggressionOptions(s, p) {
			out[o.Target] = o.Barred
		}
		return out
	}
	if AggressionOptions(s, Britain) != nil {
		t.Error("27.1: Britain commits no aggression")
	}
	it, ge := barred(s, Italy), barred(s, Germany)
	if len(it) != 4 || len(ge) != 7 {
		t.Fatalf("27.31, 27.41: %v %v", it, ge)
	}
	if it[Ethiopia] != "" || it["Albania"] == "" || ge[Rhineland] != "" || ge["Austria"] == "" {
		t.Errorf("27.21A-B: Ethiopia and the Rhineland first: %v %v", it, ge)
	}
	t0 := s.Turn
	s.SupportFacts.Aggressions = []Aggression{
		{Aggressor: Italy, Target: Ethiopia, Turn: t0, Completed: &t0},
		{Aggressor: Germany, Target: Rhineland, Turn: t0, Completed: &t0},
		{Aggressor: Germany, Target: "Czechoslovakia", Turn: t0, Completed: &t0},
	}
	s.Turn = s.Turn.Next()
	it, ge = barred(s, Italy), barred(s, Germany)
	if it["Albania"] != "" || it["Greece"] == "" || ge["Austria"] != "" || ge["Sudetenland"] == "" || ge[Rhineland] == "" {
		t.Errorf("27.21A-B: after Ethiopia and the Rhineland: %v %v", it, ge)
	}
	// 27.12: one a turn; 27.21A: at war with Greece, nothing else.
	s.SupportFacts.Aggressions = append(s.SupportFacts.Aggressions,
		Aggression{Aggressor: Germany, Target: "Austria", Turn: s.Turn},
		Aggression{Aggressor: Italy, Target: "Albania", Turn: t0, Completed: &t0},
		Aggression{Aggressor: Italy, Target: "Greece", Turn: t0})
	if ge = barred(s, Germany); ge["Poland"] == "" {
		t.Errorf("27.12: a second German aggression this turn: %v", ge)
	}
	if it = barred(s, Italy); it["Yugoslavia"] == "" {
		t.Errorf("27.21A: Yugoslavia while at war with Greece: %v", it)
	}
	if len(AggressionLines(s, Italy)) == 0 {
		t.Error("no lines for Italy's notice")
	}
}
