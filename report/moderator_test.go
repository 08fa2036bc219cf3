package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The moderators' notice carries the events only they see, and nothing
// when there is none and no draw is awaited.
func TestModeratorNotice(t *testing.T) {
	s := adjudicator.NewGame(1)
	if _, ok := Moderator("demo", []event.Event{event.TurnBegan{Turn: s.Turn}}, adjudicator.Derive(s)); ok {
		t.Error("a notice without anything for the moderators")
	}
	ev := event.CardDrawnByJudge{Turn: s.Turn, Power: storm.Italy, Card: 9}
	m, ok := Moderator("demo", []event.Event{ev}, adjudicator.Derive(s))
	subj, body := m.Parts()
	if flat := strings.Join(strings.Fields(body), " "); !ok || !strings.Contains(flat, "card 9, drawn for Italy") ||
		!strings.Contains(subj, "[demo] Moderator's notice") {
		t.Errorf("notice %v %q:\n%s", ok, subj, body)
	}
	if _, pub := Public("demo", []event.Event{ev}, adjudicator.Derive(s)).Parts(); strings.Contains(pub, "card 9") {
		t.Error("a moderator-only event in the public report")
	}
	if _, priv := Private("demo", storm.Italy, []event.Event{ev}, adjudicator.Derive(s)).Parts(); strings.Contains(priv, "card 9") {
		t.Error("a moderator-only event in Italy's notice")
	}
}
