package adjudicator_test

import (
	"slices"
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

// 25.52A's dispute exceptions for civil wars, played by email with the
// driver of bymail_test.go.

// disputeWarGame is mailGame with the quiet deck, whose card 115 (a
// dispute card of 24.552) carries a general event that brings each of
// wars to its fifth civil war event (25.31A: the war breaks out at once)
// and then sets a against b in a dispute. The moderator draws card 115
// first in Spring 1935 (docs/deck.md); the game stands at the Axis' first
// placement round of that turn.
func disputeWarGame(t *testing.T, wars []string, a, b string) storm.State {
	t.Helper()
	d := loadDeck(t, "quiet.toml")
	var effects []storm.Effect
	for _, c := range wars {
		effects = append(effects, storm.Effect{Kind: storm.EffectCivilWarEvent, Country: c})
	}
	effects = append(effects, storm.Effect{Kind: storm.EffectDiplomaticDispute, Country: a, Other: b})
	d.Cards[114].General = storm.CardEvent{Title: "Border incident", Category: storm.CategoryDiplomatic, Effects: effects}
	s := crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(1, d)))
	for _, c := range wars {
		s.Minor(c).CivilWarEvents = 4
	}
	s, err := randomevent.StackDraws(s, 115)
	if err != nil {
		t.Fatal(err)
	}
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAxis1)
	for _, c := range wars {
		if !storm.Fighting(s, c) {
			t.Fatalf("25.31A: no civil war in %s: %+v", c, s.Diplomacy.CivilWars)
		}
	}
	if len(s.Diplomacy.Disputes) != 1 {
		t.Fatalf("24.552: no dispute: %+v", s.Diplomacy.Disputes)
	}
	return s
}

// obligations are the civil war obligation events of side in country.
func obligations(evs []event.Event, side storm.Side, country string) []event.CivilWarObligation {
	var out []event.CivilWarObligation
	for _, o := range randomevent.AllEvents[event.CivilWarObligation](evs) {
		if o.Side == side && o.Country == country {
			out = append(out, o)
		}
	}
	return out
}

// placedBy are the diplomatic counters of side placed this turn in the
// countries given.
func placedBy(s storm.State, side storm.Side, countries ...string) []storm.Placement {
	var out []storm.Placement
	for _, pl := range s.Diplomacy.Placements {
		if storm.SideOf(pl.Power) == side && !pl.Military && pl.Void == "" && slices.Contains(countries, pl.Country) {
			out = append(out, pl)
		}
	}
	return out
}

// optionNote is the note of p's DIPLOMATIC option in country ("" when not
// offered).
func optionNote(s storm.State, p storm.Power, country string) string {
	for _, o := range adjudicator.Allowed(s, p) {
		if o.Order.Kind == storm.Diplomatic && o.Order.Project == country && len(o.Order.Args) == 0 {
			return o.Note
		}
	}
	return ""
}

// wantRefused fails unless p's mail body is refused citing rule.
func wantRefused(t *testing.T, s storm.State, p storm.Power, body, rule string) {
	t.Helper()
	if _, err := mail(t, s, p, body); err == nil || !strings.Contains(err.Error(), "rule "+rule) {
		t.Errorf("%s: %s's %q: %v", rule, p, body, err)
	}
}

// TestRule25_52AAxisBackTheOtherDisputant: Yugoslavia's civil war is in a
// dispute with Bulgaria. The Axis' options say what each choice does;
// Germany backs Bulgaria, which relieves the Axis of their counter in
// Yugoslavia (reported) and bars them there for the turn; the Allies must
// back their faction in Yugoslavia, where one counter meets both needs.
func TestRule25_52AAxisBackTheOtherDisputant(t *testing.T) {
	s := disputeWarGame(t, []string{"Yugoslavia"}, "Yugoslavia", "Bulgaria")
	if n := flatText(optionNote(s, storm.Germany, "Bulgaria")); !strings.Contains(n, "backing Bulgaria relieves your side of its civil war counter in Yugoslavia and bars Axis counters there") || !strings.Contains(n, "25.52A") {
		t.Errorf("25.52A: Germany's Bulgaria option: %q", n)
	}
	if n := flatText(optionNote(s, storm.Germany, "Yugoslavia")); !strings.Contains(n, "backs your faction and Yugoslavia at once") {
		t.Errorf("25.52A: Germany's Yugoslavia option: %q", n)
	}
	wantRefused(t, s, storm.Germany, "DIPLOMATIC BULGARIA 2\nDIPLOMATIC YUGOSLAVIA 1", "24.552A")
	s, evs := mailRound(t, s, map[storm.Power]string{storm.Germany: "DIPLOMATIC BULGARIA 2"})
	if d := s.Diplomacy.Disputes[0]; d.Axis != "Bulgaria" {
		t.Fatalf("24.552A: the Axis back %q", d.Axis)
	}
	ob := obligations(evs, storm.Axis, "Yugoslavia")
	if len(ob) != 1 || !strings.HasPrefix(ob[0].Outcome, "relieved: the Axis back Bulgaria") || !strings.Contains(ob[0].Outcome, "25.52A") {
		t.Fatalf("25.52A: the Axis' civil war obligation: %+v", ob)
	}
	if pl := placedBy(s, storm.Axis, "Yugoslavia"); len(pl) != 0 {
		t.Errorf("25.52A: the judge placed for the Axis in Yugoslavia: %+v", pl)
	}
	text := flatText(report.Public("demo", evs, adjudicator.Derive(s)).Text)
	if !strings.Contains(text, "Civil war in Yugoslavia: the Axis' counter (rule 25.52A): relieved: the Axis back Bulgaria") {
		t.Errorf("25.52A: the report:\n%s", text)
	}
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAllies)
	if n := flatText(optionNote(s, storm.Britain, "Yugoslavia")); !strings.Contains(n, "the Axis back Bulgaria: a counter here backs your faction and Yugoslavia at once") {
		t.Errorf("25.52A: Britain's Yugoslavia option: %q", n)
	}
	wantRefused(t, s, storm.Britain, "DIPLOMATIC BULGARIA 1", "24.552D")
	s, evs = mailRound(t, s, map[storm.Power]string{storm.Britain: "DIPLOMATIC YUGOSLAVIA 1"})
	if ob := randomevent.AllEvents[event.CivilWarObligation](evs); len(ob) != 0 {
		t.Errorf("25.52A: Britain's counter meets the Allies' need: %+v", ob)
	}
	if ob := randomevent.AllEvents[event.DisputeObligation](evs); len(ob) != 0 {
		t.Errorf("24.552C: Britain's counter in Yugoslavia backs it in the dispute: %+v", ob)
	}
	// 24.552E, 25.52A: the Axis stay out of Yugoslavia for the turn.
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAxis2)
	wantRefused(t, s, storm.Germany, "DIPLOMATIC YUGOSLAVIA 1", "25.52A")
}

// TestRule25_52AAxisCounterInTheCivilWarRefused: once the Axis back the
// other disputant, an Axis counter in the civil war country is refused
// (rule 25.52A, which names 24.552E), and a partner's counter there in the
// same round is void; the Axis are relieved all the same.
func TestRule25_52AAxisCounterInTheCivilWarRefused(t *testing.T) {
	s := disputeWarGame(t, []string{"Yugoslavia"}, "Yugoslavia", "Bulgaria")
	s, evs := mailRound(t, s, map[storm.Power]string{storm.Germany: "DIPLOMATIC BULGARIA 2", storm.Italy: "DIPLOMATIC YUGOSLAVIA 1"})
	voided := false
	for _, v := range randomevent.AllEvents[event.OrderVoided](evs) {
		if v.Power == storm.Italy && v.Rule == "25.52A" && strings.Contains(v.Msg, "relieves them of their civil war counter in Yugoslavia") {
			voided = true
		}
	}
	if !voided || len(placedBy(s, storm.Axis, "Yugoslavia")) != 0 {
		t.Errorf("25.52A: Italy's counter in Yugoslavia stands: %+v %v", s.Diplomacy.Placements, evs)
	}
	if ob := obligations(evs, storm.Axis, "Yugoslavia"); len(ob) != 1 || !strings.HasPrefix(ob[0].Outcome, "relieved") {
		t.Errorf("25.52A: %+v", ob)
	}
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAxis2)
	wantRefused(t, s, storm.Germany, "DIPLOMATIC YUGOSLAVIA 1", "25.52A")
	if n := optionNote(s, storm.Italy, "Yugoslavia"); n != "" {
		t.Errorf("25.52A: Italy is offered Yugoslavia: %q", n)
	}
}

// TestRule25_52AAxisBackTheirFaction: Germany backs Yugoslavia, its civil
// war faction's country: one counter meets both Axis needs; Russia and the
// Allies may not place there and are relieved of their civil war counter
// (reported); the judge places the Allies' counter in Bulgaria.
func TestRule25_52AAxisBackTheirFaction(t *testing.T) {
	s := disputeWarGame(t, []string{"Yugoslavia"}, "Yugoslavia", "Bulgaria")
	s, evs := mailRound(t, s, map[storm.Power]string{storm.Germany: "DIPLOMATIC YUGOSLAVIA 2"})
	if d := s.Diplomacy.Disputes[0]; d.Axis != "Yugoslavia" {
		t.Fatalf("24.552A: the Axis back %q", d.Axis)
	}
	if ob := randomevent.AllEvents[event.CivilWarObligation](evs); len(ob) != 0 {
		t.Errorf("25.52A: Germany's counter meets the Axis' civil war need: %+v", ob)
	}
	if ob := randomevent.AllEvents[event.DisputeObligation](evs); len(ob) != 0 {
		t.Errorf("24.552A: Germany's counter backs Yugoslavia: %+v", ob)
	}
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAllies)
	wantRefused(t, s, storm.Britain, "DIPLOMATIC YUGOSLAVIA 1", "25.52A")
	if n := optionNote(s, storm.Britain, "Yugoslavia"); n != "" {
		t.Errorf("25.52A: Britain is offered Yugoslavia: %q", n)
	}
	if n := flatText(optionNote(s, storm.Britain, "Bulgaria")); !strings.Contains(n, "the Axis back their faction in Yugoslavia, which relieves Russia and the Allies of their civil war counter there") {
		t.Errorf("25.52A: Britain's Bulgaria option: %q", n)
	}
	s, evs = mailRound(t, s, nil)
	ob := obligations(evs, storm.Allies, "Yugoslavia")
	if len(ob) != 1 || !strings.HasPrefix(ob[0].Outcome, "relieved: the Axis back their faction's country") {
		t.Errorf("25.52A: the Allies' civil war obligation: %+v", ob)
	}
	if pl := placedBy(s, storm.Allies, "Bulgaria", "Yugoslavia"); len(pl) != 1 || pl[0].Country != "Bulgaria" {
		t.Errorf("24.552C: the Allies' counters: %+v", pl)
	}
	text := flatText(report.Public("demo", evs, adjudicator.Derive(s)).Text)
	if !strings.Contains(text, "Civil war in Yugoslavia: the Allies' counter (rule 25.52A): relieved") {
		t.Errorf("25.52A: the report:\n%s", text)
	}
}

// TestRule25_52ADisputeBetweenTwoCivilWars: Greece and Yugoslavia, both in
// civil wars, are in dispute. Germany backs Greece (the Axis back the
// Greek government): the Axis are relieved in Yugoslavia and barred there,
// Russia and the Allies relieved in Greece and barred there; the Allies'
// need is in Yugoslavia only, where the judge places one counter for both.
func TestRule25_52ADisputeBetweenTwoCivilWars(t *testing.T) {
	s := disputeWarGame(t, []string{"Greece", "Yugoslavia"}, "Greece", "Yugoslavia")
	if n := flatText(optionNote(s, storm.Germany, "Greece")); !strings.Contains(n, "both are in civil wars: backing Greece here meets your side's civil war need here and relieves it in Yugoslavia") {
		t.Errorf("25.52A: Germany's Greece option: %q", n)
	}
	s, evs := mailRound(t, s, map[storm.Power]string{storm.Germany: "DIPLOMATIC GREECE 1"})
	if ob := obligations(evs, storm.Axis, "Yugoslavia"); len(ob) != 1 || !strings.HasPrefix(ob[0].Outcome, "relieved: the Axis back Greece") {
		t.Errorf("25.52A: the Axis in Yugoslavia: %+v", ob)
	}
	if ob := obligations(evs, storm.Axis, "Greece"); len(ob) != 0 {
		t.Errorf("25.52A: the Axis in Greece: %+v", ob)
	}
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyRussia)
	wantRefused(t, s, storm.Russia, "DIPLOMATIC GREECE 1", "25.52A")
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAllies)
	s, evs = mailRound(t, s, nil)
	if ob := obligations(evs, storm.Allies, "Greece"); len(ob) != 1 || !strings.HasPrefix(ob[0].Outcome, "relieved") {
		t.Errorf("25.52A: the Allies in Greece: %+v", ob)
	}
	if ob := obligations(evs, storm.Allies, "Yugoslavia"); len(ob) != 1 || !strings.Contains(ob[0].Outcome, "it backs Yugoslavia in the dispute of random event 115 too") {
		t.Errorf("25.52A: the Allies in Yugoslavia: %+v", ob)
	}
	if ob := randomevent.AllEvents[event.DisputeObligation](evs); len(ob) != 0 {
		t.Errorf("24.552C: the judge's civil war counter backs Yugoslavia: %+v", ob)
	}
	if pl := placedBy(s, storm.Allies, "Greece", "Yugoslavia"); len(pl) != 1 || pl[0].Country != "Yugoslavia" || pl[0].Strength < 1 {
		t.Errorf("25.52A: the Allies' counters: %+v", pl)
	}
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAxis2)
	wantRefused(t, s, storm.Germany, "DIPLOMATIC YUGOSLAVIA 1", "25.52A")
}

// TestRule25_52AJudgePlacesOneCounterForBoth: nobody sends orders. After
// the Axis' first round the judge places one Axis counter, in the civil
// war country, which backs the Axis' faction and the country in the
// dispute (docs/rules.md r-25-52a); with two civil wars in dispute, in the
// first, the Axis then relieved in the other. The Allies, relieved there,
// get the judge's counter in the other disputant.
func TestRule25_52AJudgePlacesOneCounterForBoth(t *testing.T) {
	s := disputeWarGame(t, []string{"Yugoslavia"}, "Bulgaria", "Yugoslavia")
	s, evs := mailRound(t, s, nil)
	if pl := placedBy(s, storm.Axis, "Bulgaria", "Yugoslavia"); len(pl) != 1 || pl[0].Country != "Yugoslavia" || pl[0].Strength < 1 {
		t.Fatalf("25.52A: the Axis' counters: %+v", pl)
	}
	if d := s.Diplomacy.Disputes[0]; d.Axis != "Yugoslavia" {
		t.Errorf("24.552A: the Axis back %q", d.Axis)
	}
	if ob := obligations(evs, storm.Axis, "Yugoslavia"); len(ob) != 1 || !strings.Contains(ob[0].Outcome, "the judge places one for") || !strings.Contains(ob[0].Outcome, "it backs Yugoslavia in the dispute") {
		t.Errorf("25.52A: %+v", ob)
	}
	if ob := randomevent.AllEvents[event.DisputeObligation](evs); len(ob) != 0 {
		t.Errorf("24.552A: one counter serves both: %+v", ob)
	}
	s, _ = playTo(t, s, storm.FirstTurn, storm.SegDiplomacyAllies)
	s, evs = mailRound(t, s, nil)
	if ob := obligations(evs, storm.Allies, "Yugoslavia"); len(ob) != 1 || !strings.HasPrefix(ob[0].Outcome, "relieved") {
		t.Errorf("25.52A: the Allies: %+v", ob)
	}
	if pl := placedBy(s, storm.Allies, "Bulgaria", "Yugoslavia"); len(pl) != 1 || pl[0].Country != "Bulgaria" {
		t.Errorf("24.552C: the Allies' counters: %+v", pl)
	}

	s = disputeWarGame(t, []string{"Greece", "Yugoslavia"}, "Greece", "Yugoslavia")
	s, evs = mailRound(t, s, nil)
	pl := placedBy(s, storm.Axis, "Greece", "Yugoslavia")
	if len(pl) != 1 || pl[0].Country != s.Diplomacy.CivilWars[0].Country {
		t.Fatalf("25.52A: the Axis' counters in two civil wars in dispute: %+v (wars %+v)", pl, s.Diplomacy.CivilWars)
	}
	other := s.Diplomacy.Disputes[0].Other(pl[0].Country)
	if ob := obligations(evs, storm.Axis, other); len(ob) != 1 || !strings.HasPrefix(ob[0].Outcome, "relieved") {
		t.Errorf("25.52A: the Axis in %s: %+v", other, ob)
	}
}
