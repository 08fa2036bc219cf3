package adjudicator_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
)

// Issue 23, items 7 (civil wars: 25.61B-C, 25.73, 29.34), 11, 13 and 17,
// played by email with the driver of bymail_test.go.

// yugoslavWarGame is mailGame with the quiet deck, whose card 1 carries a
// general event towards a civil war in Yugoslavia: Yugoslavia holds four
// such events (a figure set to reach 25.31's fifth), the moderator draws
// card 1 first in Spring 1935 (the physical deck's draw, docs/deck.md), so
// the civil war breaks out in the random events phase (25.31A). The game
// stands at the economic phase of Spring 1935.
func yugoslavWarGame(t *testing.T, seed uint64) storm.State {
	t.Helper()
	d := loadDeck(t, "quiet.toml")
	d.Cards[0].General = storm.CardEvent{Title: "Ustase unrest", Category: storm.CategoryDiplomatic,
		Effects: []storm.Effect{{Kind: storm.EffectCivilWarEvent, Country: "Yugoslavia"}}}
	s := crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(seed, d)))
	s.Minor("Yugoslavia").CivilWarEvents = 4
	s, err := randomevent.StackDraws(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err = adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !storm.Fighting(s, "Yugoslavia") || s.Segment != storm.SegEconomic {
		t.Fatalf("25.31A: no civil war in Yugoslavia at %s %s: %+v", s.Turn, s.Segment, s.Diplomacy.CivilWars)
	}
	return s
}

// flatText is a report's text on one line, for phrases its wrapping
// breaks.
func flatText(s string) string { return strings.Join(strings.Fields(s), " ") }

// germanFlags counts Germany's flags in country.
func germanFlags(s storm.State, country string) int {
	if m := s.Minor(country); m != nil {
		return m.FlagCounts()[storm.Germany]
	}
	return 0
}

// yugoslavMails are the mails of the Yugoslav civil war game: Germany
// backs the Croatian rebels (25.41C) with a 3 and its military counter
// (25.52B) until it holds a flag there, then with a 2, which with
// Britain's 1 and the government's +1 (25.41D) leaves the war level;
// Britain places its 1 there each turn (25.52A); Italy's aggressions are
// conquestMails'.
func yugoslavMails(s storm.State) map[storm.Power]string {
	switch s.Segment {
	case storm.SegDiplomacyAxis1:
		if !storm.Fighting(s, "Yugoslavia") {
			return nil
		}
		if germanFlags(s, "Yugoslavia") > 0 {
			return map[storm.Power]string{storm.Germany: "DIPLOMATIC YUGOSLAVIA 2"}
		}
		return map[storm.Power]string{storm.Germany: "DIPLOMATIC YUGOSLAVIA 3\nMILITARY YUGOSLAVIA"}
	case storm.SegDiplomacyAllies:
		if !storm.Fighting(s, "Yugoslavia") {
			return nil
		}
		return map[storm.Power]string{storm.Britain: "DIPLOMATIC YUGOSLAVIA 1"}
	}
	return conquestMails(s)
}

// TestRule25_61BItalianAttackEndsCivilWar plays, by email, the Yugoslav
// civil war from its outbreak in Spring 1935 to Italy's attack on
// Yugoslavia in Summer 1936 (after Ethiopia and Albania, 27.21A). On the
// way, Italy at war with Ethiopia may not intervene in the civil war
// (29.34). Italy's attack ends the war at the end of that crisis phase
// (25.61B): the Axis holds the flags there, so it wins (25.71), Germany
// places an additional counter next turn (25.72) and Yugoslavia splits
// (25.73A): Croatia takes the German flags, Serbia keeps Yugoslavia's
// place without them, and later events go by their side.
func TestRule25_61BItalianAttackEndsCivilWar(t *testing.T) {
	s := yugoslavWarGame(t, 1)
	summer := storm.Turn{Year: 1935, Season: storm.Summer}
	s, _ = playMails(t, s, summer, storm.SegDiplomacyAxis1, yugoslavMails)
	if !storm.ItalyEngaged(s) {
		t.Fatalf("29.32: Italy is not at war with Ethiopia in %s: %+v", s.Turn, s.SupportFacts.Aggressions)
	}
	// 29.34: at war with Ethiopia, Italy's military counter intervenes in
	// no civil war; the refusal says why.
	if _, err := mail(t, s, storm.Italy, "MILITARY YUGOSLAVIA"); err == nil || !strings.Contains(err.Error(), "rule 29.34") || !strings.Contains(err.Error(), "Ethiopia") {
		t.Errorf("29.34: Italy's intervention while at war with Ethiopia: %v", err)
	}
	for _, o := range adjudicator.Allowed(s, storm.Italy) {
		if o.Order.Kind == storm.MilitaryCounter && o.Order.Project == "Yugoslavia" {
			t.Errorf("29.34: the notice offers %s", o.Order)
		}
	}

	summer36 := storm.Turn{Year: 1936, Season: storm.Summer}
	s, _ = playMails(t, s, summer36, storm.SegCrisisAggression, yugoslavMails)
	if !storm.Fighting(s, "Yugoslavia") || germanFlags(s, "Yugoslavia") == 0 {
		t.Fatalf("the civil war before Italy's attack: fought %v, German flags %d (%+v)", storm.Fighting(s, "Yugoslavia"), germanFlags(s, "Yugoslavia"), s.Diplomacy.CivilWars)
	}
	flags := germanFlags(s, "Yugoslavia")
	fall := storm.Turn{Year: 1936, Season: storm.Fall}
	s, evs := playMails(t, s, fall, storm.SegEconomic, yugoslavMails)
	ended := randomevent.AllEvents[event.CivilWarEnded](evs)
	if len(ended) != 1 || ended[0].Rule != "25.61B" || ended[0].Winner != storm.Axis || ended[0].Power != storm.Germany || !ended[0].Split {
		t.Fatalf("25.61B: the civil war's end: %+v", ended)
	}
	w := s.Diplomacy.CivilWars[0]
	if w.Ended == nil || *w.Ended != summer36 || w.EndedBy != "25.61B" || w.Winner != storm.Axis || !w.Split || storm.Fighting(s, "Yugoslavia") {
		t.Errorf("25.61B: the record %+v", w)
	}
	if len(s.EAIFacts.CivilWars) != 0 {
		t.Errorf("23.21E: the EAI still counts %v", s.EAIFacts.CivilWars)
	}
	if s.Powers[storm.Germany].Economy.FreeDiplomaticCounters != 1 {
		t.Errorf("25.72: no additional counter for Germany in %s", s.Turn)
	}
	// 25.73A: Croatia holds the German flags, Serbia (Yugoslavia's entry)
	// none; no counter in either.
	if c := s.Minor(storm.Croatia); c == nil || germanFlags(s, storm.Croatia) != flags || germanFlags(s, "Yugoslavia") != 0 {
		t.Fatalf("25.73A: Croatia %+v, Yugoslavia %+v", c, s.Minor("Yugoslavia"))
	}
	// The report tells it, and the targets show both countries.
	v := adjudicator.Derive(s)
	text := flatText(report.Public("demo", evs, v).Text)
	for _, want := range []string{"ends the civil war there at the end of the crisis phase (rule 25.61B)", "Yugoslavia splits (rule 25.73A)", "Croatia"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}

	// Next turn: Germany's additional counter (25.72) goes elsewhere;
	// none may go to Croatia or Serbia (25.73A, 25.81).
	s, _ = playMails(t, s, fall, storm.SegDiplomacyAxis1, func(storm.State) map[storm.Power]string { return nil })
	for c, rule := range map[string]string{"YUGOSLAVIA": "24.56A", "CROATIA": "25.73A"} { // Serbia is being conquered by Italy (Yugoslavia's resistance 1)
		if _, err := mail(t, s, storm.Germany, "DIPLOMATIC "+c+" 1 FREE"); err == nil || !strings.Contains(err.Error(), rule) {
			t.Errorf("25.73A, 25.81: a counter in %s: %v, want %s", c, err, rule)
		}
	}
	if _, err := mail(t, s, storm.Germany, "DIPLOMATIC BULGARIA 1 FREE"); err != nil {
		t.Errorf("25.72: Germany's additional counter: %v", err)
	}
	// A pro-Axis event for Yugoslavia goes to Croatia, a pro-Allied one
	// to Serbia (25.73A).
	axis := storm.AddEventModifier(&s, storm.Germany, 9, storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Yugoslavia", Value: 1})
	allied := storm.AddEventModifier(&s, storm.France, 10, storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Yugoslavia", Value: 1})
	mods := s.Diplomacy.Modifiers
	if len(mods) < 2 || mods[len(mods)-2].Country != storm.Croatia || mods[len(mods)-1].Country != "Yugoslavia" {
		t.Errorf("25.73A: events after the split: %s; %s; %+v", axis, allied, mods)
	}
	// 25.71: the Axis winner's +1 offsets adverse events in Croatia, where
	// its government went, not in Serbia (r-25-73).
	if got := storm.CivilWarAdverse(s, storm.Croatia, storm.Soviet, 2); got != 1 {
		t.Errorf("25.71: a pro-Russian 2 in Croatia counts %d, want 1", got)
	}
	if got := storm.CivilWarAdverse(s, "Yugoslavia", storm.Allies, 2); got != 2 {
		t.Errorf("25.71: a pro-Allied 2 in Serbia counts %d, want 2 (no Axis government there)", got)
	}
}

// TestRule25_61CWarEndsCivilWar: war breaks out (a German crisis over
// Austria taken over the brink) while the Yugoslav civil war is fought:
// the war ends with the game (25.61C), recorded and reported with its
// flags, without effect on this game: no winner, no additional counter,
// no split, the EAI's facts as they were.
func TestRule25_61CWarEndsCivilWar(t *testing.T) {
	s := rhinelandWar(t, yugoslavWarGame(t, 1))
	s, evs := mailRound(t, s, nil)
	if !s.Ended {
		t.Fatalf("33.11: the game goes on at %s %s", s.Turn, s.Segment)
	}
	ended := randomevent.AllEvents[event.CivilWarEnded](evs)
	if len(ended) != 1 || ended[0].Rule != "25.61C" || ended[0].Country != "Yugoslavia" || ended[0].Winner != "" || ended[0].Split {
		t.Fatalf("25.61C: %+v", ended)
	}
	w := s.Diplomacy.CivilWars[0]
	if w.EndedBy != "25.61C" || w.Winner != "" || w.Split || s.Minor(storm.Croatia) != nil || s.Powers[storm.Germany].Economy.FreeDiplomaticNext != 0 {
		t.Errorf("25.61C: effects on this game: %+v", w)
	}
	if len(s.EAIFacts.CivilWars) != 1 {
		t.Errorf("25.61C: the EAI's facts changed: %v", s.EAIFacts.CivilWars)
	}
	text := flatText(report.Public("demo", evs, adjudicator.Derive(s)).Text)
	if !strings.Contains(text, "The civil war in Yugoslavia ends with the outbreak of war (rule 25.61C)") {
		t.Errorf("the report:\n%s", text)
	}
}

// TestRule27_21AAggressionRefusedInAdvance (issue 23, item 11): an
// aggression sent ahead under FOR CRISIS that a restriction already bars
// is refused when it is sent, citing that restriction, as the segment
// itself would: Italy before Ethiopia (27.21A), Germany before the
// Rhineland (27.21B). In the segment, the refusal cites 27.21A too.
func TestRule27_21AAggressionRefusedInAdvance(t *testing.T) {
	s := mailGame(t, 1)
	for _, c := range []struct {
		p    storm.Power
		body string
		rule string
	}{
		{storm.Italy, "PASS\nFOR CRISIS\nAGGRESSION ALBANIA", "rule 27.21A: no aggression against Albania this turn: not before Ethiopia is conquered"},
		{storm.Germany, "PASS\nFOR CRISIS\nAGGRESSION AUSTRIA", "rule 27.21B: no aggression against Austria this turn: not before the Rhineland is remilitarized"},
	} {
		if _, err := mail(t, s, c.p, c.body); err == nil || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("%s %q: %v, want %q", c.p, c.body, err, c.rule)
		}
	}
	if _, err := mail(t, s, storm.Italy, "PASS\nFOR CRISIS\nAGGRESSION ETHIOPIA"); err != nil {
		t.Errorf("27.21A: Ethiopia ahead refused: %v", err)
	}
	s, _ = playTo(t, s, s.Turn, storm.SegCrisisAggression)
	if _, err := mail(t, s, storm.Italy, "AGGRESSION ALBANIA"); err == nil || !strings.Contains(err.Error(), "rule 27.21A:") {
		t.Errorf("27.21A in the segment: %v", err)
	}
}

// TestRule26_11IfLinesWithPass (issue 23, item 13): IF lines are plans
// for later segments and go with PASS, in any email of the turn: the
// Allies' IF AGGRESSION with the economic PASS; Germany's IF OPPOSED with
// PASS in a diplomatic round, after its FOR CRISIS aggression was sent in
// an earlier email. The plan then answers the Axis response, which does
// not wait for Germany.
func TestRule26_11IfLinesWithPass(t *testing.T) {
	s := mailGame(t, 1)
	s.Powers[storm.Britain].Support, s.Powers[storm.France].Support = 8, 8
	s, _ = mailRound(t, s, map[storm.Power]string{
		storm.Germany: "PASS\nFOR CRISIS\nAGGRESSION RHINELAND",
		storm.Britain: "PASS\nIF AGGRESSION OPPOSE",
		storm.France:  "PASS\nIF AGGRESSION OPPOSE",
		storm.Italy:   "PASS\nIF OPPOSED BACK DOWN", // a plan for an aggression Italy may still announce
	})
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("at %s", s.Segment)
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "PASS\nIF OPPOSED CONTINUE"})
	s, evs := playTo(t, s, s.Turn, storm.SegCrisisUltimatum)
	var axis []event.CrisisDecision
	for _, d := range randomevent.AllEvents[event.CrisisDecision](evs) {
		if d.Stage == storm.StageAxisResponse {
			axis = append(axis, d)
		}
	}
	if len(axis) != 1 || axis[0].Decision != storm.ContinueAggression || !strings.Contains(axis[0].How, "conditional") {
		t.Errorf("26.11: the Axis response by the plan sent with PASS: %+v", axis)
	}
	// In the aggression segment, PASS announces none: an IF OPPOSED with
	// it answers nothing and is refused.
	s2 := mailGame(t, 2)
	s2, _ = playTo(t, s2, s2.Turn, storm.SegCrisisAggression)
	if _, err := mail(t, s2, storm.Germany, "PASS\nIF OPPOSED CONTINUE"); err == nil || !strings.Contains(err.Error(), "rule 26.11") {
		t.Errorf("26.11: IF OPPOSED with PASS in the aggression segment: %v", err)
	}
}

// TestRule25_52AObligationWording (issue 23, item 17): the report words a
// side's counter as the side's possessive: "the Allies' counter", never
// "the Allies's".
func TestRule25_52AObligationWording(t *testing.T) {
	s := yugoslavWarGame(t, 1)
	// Nobody places in Yugoslavia: the judge places each side's counter
	// (25.52A) and reports it.
	s, evs := playMails(t, s, s.Turn, storm.SegCrisisAggression, func(storm.State) map[storm.Power]string { return nil })
	text := flatText(report.Public("demo", evs, adjudicator.Derive(s)).Text)
	if !strings.Contains(text, "the Allies' counter (rule 25.52A)") || !strings.Contains(text, "the Axis' counter (rule 25.52A)") || strings.Contains(text, "'s counter (rule 25.52A)") {
		t.Errorf("25.52A wording:\n%s", text)
	}
	for side, want := range map[storm.Side]string{storm.Allies: "the Allies'", storm.Axis: "the Axis'", storm.Soviet: "Russia's"} {
		if got := side.Possessive(); got != want {
			t.Errorf("%s: %q, want %q", side, got, want)
		}
	}
}
