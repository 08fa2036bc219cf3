package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/store"
)

// TestSandboxPhysicalDeckByEmail plays the sandbox in physical-deck mode
// entirely by email: the moderator is asked to draw, a draw naming too few
// cards is refused with the count, the right draw is applied (the face-up
// card is the first named, Russia's purge card the one named), the powers
// order, the next turn asks again and a draw after the deck runs out
// reshuffles (8.44); the game replays from the stored draws.
func TestSandboxPhysicalDeckByEmail(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("a whole game by email: the full run plays it (the race pass of the README's test command is -short)")
	}
	dir := t.TempDir()
	imapAddr, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: dir, Deck: "../../testdata/decks/illustrative.toml", Physical: true})
	gm := func() []mailMsg { return fetchAll(t, imapAddr, "gm@sandbox.test", "gm", "INBOX") }
	countGM := func(kind string) int { return countKinds(gm())[kind] }
	waitFor(t, "the moderator's first draw prompt", 60*time.Second, func() bool { return countGM("moderator") == 1 })
	for _, m := range gm() {
		if m.kind() == "moderator" && !strings.Contains(m.Subject, "draw the cards for Spring 1935") {
			t.Errorf("prompt subject %q", m.Subject)
		}
	}
	draw := func(purge string, cards string) string {
		return sendOrder(t, smtpAddr, "gm@sandbox.test", "draw", "GAME demo\nMODERATOR\nSECRET gm\nPURGE "+purge+"\nDRAW "+cards+"\nEND\n")
	}
	receipt := func(id string) string {
		var body string
		waitFor(t, "the receipt of "+id, 60*time.Second, func() bool {
			for _, m := range gm() {
				if m.kind() == "receipt" && m.InReplyTo == id {
					body = m.Body
					return true
				}
			}
			return false
		})
		return body
	}
	if r := receipt(draw("military", "3 1 4 5 9")); !strings.Contains(r, "NOT accepted") || !strings.Contains(strings.Join(strings.Fields(r), " "), "this turn draws at least 6 cards") {
		t.Fatalf("short draw:\n%s", r)
	}
	// Card 4, dealt to Italy, deals Italy one more card (9.13): seven cards.
	if r := receipt(draw("military", "3 1 4 5 9 2")); !strings.Contains(strings.Join(strings.Fields(r), " "), "you named 6: draw at least 1 more") {
		t.Fatalf("draw of six:\n%s", r)
	}
	if r := receipt(draw("military", "3 1 4 5 9 2 6")); !strings.Contains(r, "ACCEPTED for the moderator") {
		t.Fatalf("draw:\n%s", r)
	}
	for _, p := range storm.Powers {
		waitFor(t, p.String()+"'s report of the draw", 60*time.Second, func() bool { return countKinds(powerInbox(t, imapAddr, p))["public"] == 2 })
	}
	var report string
	for _, m := range powerInbox(t, imapAddr, storm.Italy) {
		if m.kind() == "public" && strings.Contains(m.MessageID, ".v1.") {
			report = strings.Join(strings.Fields(m.Body), " ")
		}
	}
	if !regexp.MustCompile(`card 3 turned face up`).MatchString(report) || !strings.Contains(report, "military purge") {
		t.Errorf("the report of the draw does not show card 3 face up and the military purge:\n%s", report)
	}
	for _, p := range storm.Powers {
		sendOrder(t, smtpAddr, p.String()+"@sandbox.test", "orders", "GAME demo\nSECRET "+p.String()+"\nPASS\nEND\n")
	}
	waitFor(t, "the second draw prompt", 60*time.Second, func() bool { return countGM("moderator") == 2 })
	// Cards 7, 8, 10 and 11 are left; the fifth card needs the reshuffle
	// (8.44), and card 3, non-repeatable, is out of the game (8.43).
	if r := receipt(draw("party", "7 8 10 11 3 1")); !strings.Contains(strings.Join(strings.Fields(r), " "), "card 3 is in play or out of the game") {
		t.Fatalf("a non-repeatable card drawn again:\n%s", r)
	}
	if r := receipt(draw("party", "7 8 10 11 1 2")); !strings.Contains(r, "ACCEPTED") {
		t.Fatalf("second draw:\n%s", r)
	}
	for _, p := range storm.Powers {
		waitFor(t, p.String()+"'s report of the second draw", 60*time.Second, func() bool { return countKinds(powerInbox(t, imapAddr, p))["public"] == 4 })
	}
	stop()
	// The export of version 0 shows the moderator's accepted draw.
	var out bytes.Buffer
	if err := run([]string{"game", "export", "-data", filepath.Join(dir, "stormjudge.db"), "-version", "0", "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var exp struct {
		Orders map[string]struct {
			Orders []storm.Order `json:"orders"`
			From   string        `json:"from"`
		} `json:"orders"`
	}
	if err := json.Unmarshal(out.Bytes(), &exp); err != nil {
		t.Fatal(err)
	}
	if m := exp.Orders["moderator"]; len(m.Orders) != 2 || fmt.Sprint(m.Orders[1].Cards) != "[3 1 4 5 9 2 6]" || m.From != "gm@sandbox.test" {
		t.Errorf("export of version 0: moderator's draw %+v", m)
	}
	db, err := store.Open(filepath.Join(dir, "stormjudge.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n, err := judge.New(db, nil).Replay("demo")
	if err != nil || n != 3 {
		t.Errorf("Replay = %d, %v; want 3 versions", n, err)
	}
	var s storm.State
	if err := db.View(func(tx *store.Tx) error {
		s, err = tx.State("demo", 3)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(s.Events.InPlay); got != "[7 8 10 11 1 2]" || s.Russia.PurgeCard != storm.PartyPurge || fmt.Sprint(s.Events.DrawPile) != "[4 5 6 9]" {
		t.Errorf("after the second draw: in play %s, purge %s, pile %v", got, s.Russia.PurgeCard, s.Events.DrawPile)
	}
}
