package judge

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/internal/flowed"
	"stormjudge/store"
)

func physicalDef(t *testing.T) GameDef {
	t.Helper()
	d, err := deck.LoadFile("../testdata/decks/quiet.toml")
	if err != nil {
		t.Fatal(err)
	}
	def := demoDef(0)
	def.Deck = &d
	def.PhysicalDeck = true
	def.ModeratorSecret = "gm-secret"
	return def
}

func mailsWith(t *testing.T, db *store.DB, idPart string) []*store.Mail {
	t.Helper()
	var out []*store.Mail
	for _, m := range outbox(t, db) {
		if strings.Contains(m.ID, idPart) {
			out = append(out, m)
		}
	}
	return out
}

func receiptOf(t *testing.T, res *Result) string {
	t.Helper()
	if res.Receipt == nil {
		t.Fatal("no receipt")
	}
	if res.Receipt.Flowed {
		return flowed.Decode(res.Receipt.Body, false) // format=flowed: its paragraphs joined
	}
	return res.Receipt.Body
}

// Physical-deck mode by email (docs/deck.md; rules 9.12, 22.41): the game
// waits for the moderator's draw; the moderator is told what to draw; a
// draw from a stranger, with a wrong secret, from a player, or naming the
// wrong number of cards changes nothing and says why; the right one is
// applied at once, and the game replays from the stored draw.
func TestRule9_12PhysicalDeckByEmail(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(physicalDef(t)); err != nil {
		t.Fatal(err)
	}
	g, s, _ := game(t, db, "demo")
	if g.Version != 0 || !adjudicator.AwaitsDraw(s) || g.ModeratorSecretHash == "" || strings.Contains(g.ModeratorSecretHash, "gm-secret") {
		t.Fatalf("version %d, awaits draw %v, hash %q", g.Version, adjudicator.AwaitsDraw(s), g.ModeratorSecretHash)
	}
	welcome := mailsWith(t, db, "demo/welcome/moderator/gm@sandbox.test")
	if len(welcome) != 1 || !welcome[0].Sensitive || !strings.Contains(welcome[0].Body, "gm-secret") {
		t.Fatalf("moderator's welcome %+v", welcome)
	}
	prompt := mailsWith(t, db, "demo/v0/moderator/")
	if len(prompt) != 1 || !strings.Contains(flat(prompt[0].Body), "2. 6 random event cards") || !strings.Contains(flat(prompt[0].Body), "from: no purge, military purge, party purge.") ||
		!strings.Contains(prompt[0].Body, "\nPURGE NONE\n") {
		t.Fatalf("draw prompt %+v", prompt)
	}
	if pub := mailsWith(t, db, "demo/v0/public/germany"); len(pub) != 1 || !strings.Contains(flat(pub[0].Body), "moderator draws the random event cards") {
		t.Fatalf("public report at creation %+v", pub)
	}
	// Not waiting for anything but the draw: Tick does nothing.
	if n, err := j.Tick(); err != nil || n != 0 {
		t.Fatalf("Tick = %d, %v", n, err)
	}
	draw := "GAME demo\nMODERATOR\nSECRET gm-secret\nPURGE military\nDRAW 17 42 88 5 101 63\nEND\n"
	for _, bad := range []struct{ from, body, want string }{
		{"germany@sandbox.test", draw, "does not moderate this game"},
		{"gm@sandbox.test", strings.Replace(draw, "gm-secret", "germany", 1), "SECRET does not match"},
		{"germany@sandbox.test", "GAME demo\nSECRET germany\nPURGE none\nDRAW 1 2 3 4 5 6\nEND\n", "moderator's orders"},
		{"gm@sandbox.test", strings.Replace(draw, " 63", "", 1), "this turn draws at least 6 cards (1 face up and 1 for each power (9.12), and 1 more for each additional event a card deals (9.13)); you named 5: draw at least 1 more"},
		{"gm@sandbox.test", strings.Replace(draw, "PURGE military", "PURGE great", 1), "cannot draw the great purge"},
	} {
		res, err := j.Ingest(email(bad.from, bad.body))
		if err != nil {
			t.Fatal(err)
		}
		if body := receiptOf(t, res); res.Outcome != Rejected || !strings.Contains(flat(body), bad.want) || strings.Contains(body, "gm-secret") {
			t.Errorf("from %s: %s\n%s\nwant %q", bad.from, res.Outcome, body, bad.want)
		}
	}
	if g2, _, _ := game(t, db, "demo"); g2.Version != 0 {
		t.Fatalf("a refused draw moved the game to version %d", g2.Version)
	}
	res, err := j.Ingest(email("GM@sandbox.test", draw))
	if err != nil {
		t.Fatal(err)
	}
	if body := receiptOf(t, res); res.Outcome != Accepted || !strings.Contains(body, "ACCEPTED for the moderator") || !strings.Contains(body, "DRAW 17 42 88 5 101 63") {
		t.Fatalf("%s\n%s", res.Outcome, body)
	}
	g, s, _ = game(t, db, "demo")
	if g.Version != 1 || s.Segment != storm.SegEconomic || s.Russia.PurgeCard != storm.MilitaryPurge ||
		!slices.Equal(s.Events.InPlay, []int{17, 42, 88, 5, 101, 63}) {
		t.Fatalf("after the draw: version %d, %s, purge %s, in play %v", g.Version, s.Segment, s.Russia.PurgeCard, s.Events.InPlay)
	}
	if pub := mailsWith(t, db, "demo/v1/public/germany"); len(pub) != 1 || !strings.Contains(pub[0].Body, "card 17") {
		t.Errorf("the report does not show the face-up card 17")
	}
	// A second draw for the same turn is refused: the cards are drawn.
	res, _ = j.Ingest(email("gm@sandbox.test", draw))
	if body := receiptOf(t, res); res.Outcome != Rejected || !strings.Contains(flat(body), "the cards of Spring 1935 are drawn") {
		t.Errorf("second draw: %s\n%s", res.Outcome, body)
	}
	// The players pass; the next turn waits for the next draw.
	for _, p := range storm.Powers {
		if _, err := j.Ingest(email(p.String()+"@sandbox.test", "GAME demo\nSECRET "+p.String()+"\nPASS\nEND\n")); err != nil {
			t.Fatal(err)
		}
	}
	g, s, _ = game(t, db, "demo")
	if !adjudicator.AwaitsDraw(s) || s.Turn == storm.FirstTurn {
		t.Fatalf("after the economic phase: %s %s", s.Turn, s.Segment)
	}
	if p := mailsWith(t, db, fmt.Sprintf("demo/v%d/moderator/", g.Version)); len(p) != 1 || !strings.Contains(p[0].Subject, "draw the cards for "+s.Turn.String()) {
		t.Errorf("no draw prompt for %s: %+v", s.Turn, p)
	}
	res, _ = j.Ingest(email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nPURGE military\nDRAW 1 2 3 4 6 7\nEND\n"))
	if body := receiptOf(t, res); res.Outcome != Rejected || !strings.Contains(body, "22.44, 22.45") {
		t.Errorf("the military purge two turns running: %s\n%s", res.Outcome, body)
	}
	res, _ = j.Ingest(email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nPURGE none\nDRAW 1 2 3 4 6 7\nEND\n"))
	if res.Outcome != Accepted {
		t.Fatalf("second turn's draw: %s\n%s", res.Outcome, receiptOf(t, res))
	}
	if n, err := j.Replay("demo"); err != nil || n < 3 {
		t.Errorf("Replay = %d, %v", n, err)
	}
}

// A game playing its deck from the file refuses a moderator's draw, and a
// game with a deck in physical-deck mode needs a moderator.
func TestPhysicalDeckOnlyWhenConfigured(t *testing.T) {
	j, _, _ := newJudge(t)
	def := physicalDef(t)
	def.PhysicalDeck = false
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	res, err := j.Ingest(email("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET gm-secret\nPURGE none\nDRAW 1 2 3 4 5 6\nEND\n"))
	if err != nil {
		t.Fatal(err)
	}
	if body := receiptOf(t, res); res.Outcome != Rejected || !strings.Contains(body, "plays its random event deck from the file") {
		t.Errorf("%s\n%s", res.Outcome, body)
	}
	def = physicalDef(t)
	def.Moderators = nil
	if err := def.Validate(); err == nil || !strings.Contains(err.Error(), "needs a moderator") {
		t.Errorf("Validate = %v", err)
	}
	def = physicalDef(t)
	def.Deck = nil
	if err := def.Validate(); err == nil || !strings.Contains(err.Error(), "needs a deck") {
		t.Errorf("Validate = %v", err)
	}
}

// flat joins a wrapped text's lines.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
