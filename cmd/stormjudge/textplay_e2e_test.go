package main

import (
	"flag"
	"io"
	"stormjudge/adjudicator/storm"
	"strings"
	"testing"
	"time"
)

var textplayGames = flag.Int("textplay.games", 20, "TestTextOnlyPlayersPlayWholeGames: the games played")

// TestTextOnlyPlayersPlayWholeGames plays whole games through the
// sandbox by email with players that read nothing but the text part of
// their mails (internal/textplayer): diplomacy and the crisis on, the
// illustrative deck, each seat choosing among the offered lines at
// random. Every game must end with its victory points in the text of its
// final mail, and no email may be refused: a line sent as the text offers
// it is accepted. -args -textplay.games N plays more.
func TestTextOnlyPlayersPlayWholeGames(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("whole games by email: the full run plays them (the race pass of the README's test command is -short)")
	}
	o := textplayBench{Games: *textplayGames, Turns: 30, Deck: "../../testdata/decks/illustrative.toml", Seed: 1,
		Bold: 1, Whole: 0.2, Poll: 200 * time.Millisecond, Timeout: 4 * time.Minute,
		Cmdline: "TestTextOnlyPlayersPlayWholeGames"}
	r, err := runTextplay(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	r.figures(&out)
	t.Log("\n" + out.String())

	for _, e := range r.seatErrs {
		t.Errorf("seat: %s", e)
	}
	if r.stalled != "" {
		t.Errorf("the games stalled: %s", r.stalled)
	}
	for _, g := range r.games {
		if !strings.Contains(g.ending, "Victory points: the Axis") {
			t.Errorf("game %s: no victory points in the text of its mails after %d turns (capped: %v)", g.id, len(g.turns), g.capped)
		} else if g.seatsEnded != 5 {
			t.Errorf("game %s: %d of its 5 players read the victory points", g.id, g.seatsEnded)
		}
	}
	for _, f := range r.refusals {
		t.Errorf("%s %s: refused, though it sent what its mail offered; it sent:\n%s\nits receipt:\n%s", f.Game, f.Power, indent(f.Sent), indent(f.Receipt))
	}
	if _, _, sent, _, accepted, _, _ := r.totals(); sent == 0 || accepted != sent {
		t.Errorf("%d emails sent, %d accepted", sent, accepted)
	}
	for k, f := range r.findings {
		t.Errorf("finding, in %d mails: %s", f.n, k)
	}
}

// TestTextOnlyGermanyAgainstTheComputer is the sandbox's -play germany
// played whole: Germany by a text-only player, the four others by the
// computer (no mailbox, no mail); every game ends with its victory
// points in the text of Germany's last mail, no email refused, and
// nothing the player needed missing from the text.
func TestTextOnlyGermanyAgainstTheComputer(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("whole games by email: the full run plays them")
	}
	o := textplayBench{Games: 4, Turns: 40, Deck: "../../testdata/decks/illustrative.toml", Seed: 1,
		Bold: 0.8, Whole: 0.2, Poll: 200 * time.Millisecond, Timeout: 3 * time.Minute,
		Cmdline: "TestTextOnlyGermanyAgainstTheComputer", Play: []storm.Power{storm.Germany}}
	r, err := runTextplay(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	r.figures(&out)
	t.Log("\n" + out.String())
	if len(r.seatErrs) > 0 || r.stalled != "" {
		t.Errorf("seat errors %v; stalled %q", r.seatErrs, r.stalled)
	}
	for _, g := range r.games {
		if !strings.Contains(g.ending, "Victory points: the Axis") {
			t.Errorf("game %s: no victory points in Germany's mails after %d turns", g.id, len(g.turns))
		}
		if g.asksNothing > 0 {
			// The computer's segments go on at once: news waits for the
			// mail that asks Germany (publish: atOnce).
			t.Errorf("game %s: %d mails asked Germany nothing", g.id, g.asksNothing)
		}
		if g.seatsEnded+g.errors > 1 {
			t.Errorf("game %s: %d seats ran; Germany's alone should", g.id, g.seatsEnded+g.errors)
		}
	}
	for _, f := range r.refusals {
		t.Errorf("%s: refused:\n%s\n%s", f.Game, indent(f.Sent), indent(f.Receipt))
	}
	for k, f := range r.findings {
		t.Errorf("finding, in %d mails: %s", f.n, k)
	}
}
