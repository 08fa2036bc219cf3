package main

import (
	"flag"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

var textplayGames = flag.Int("textplay.games", 20, "TestTextOnlyPlayersPlayWholeGames: the games played")

// knownTextDefects are the refusals the judge's text causes today: a
// player that sends a line as the mail offers it is refused. Each names
// the defect; the test reports every refusal of one (t.Log) and fails on
// any other refusal, and on a known defect no longer seen (remove its
// entry then).
var knownTextDefects = []struct {
	receipt *regexp.Regexp // matches the refusal's receipt
	why     string
}{
	{regexp.MustCompile(`REFUSED RESEARCH COUNTER \S+ \(line \d+\)\s+rule 15\.22: \d+ paid research points? not assigned to a project`),
		"the digest lists RESEARCH COUNTER <n> (and RESEARCH COUNTER CIVILIAN) without the RESEARCH <project> lines to send with it " +
			"(report.options leaves a brief's \"+\" lines out); sent as listed, the order is refused (15.22). The full notice and HELP list them."},
}

// TestTextOnlyPlayersPlayWholeGames plays whole games through the
// sandbox by email with players that read nothing but the text part of
// their mails (internal/textplayer): diplomacy and the crisis on, the
// illustrative deck, each seat choosing among the offered lines at
// random. Every game must end with its victory points in the text of its
// final mail, and no email may be refused but for a known defect of the
// judge's text (knownTextDefects). -args -textplay.games N plays more.
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
	seen := make([]int, len(knownTextDefects))
	for _, f := range r.refusals {
		known := -1
		for i, d := range knownTextDefects {
			if d.receipt.MatchString(f.Receipt) {
				known = i
				break
			}
		}
		if known < 0 {
			t.Errorf("%s %s: refused, and the text does not say why the offered line fails; it sent:\n%s\nits receipt:\n%s", f.Game, f.Power, indent(f.Sent), indent(f.Receipt))
			continue
		}
		seen[known]++
	}
	for i, d := range knownTextDefects {
		if seen[i] == 0 {
			t.Errorf("known defect no longer seen (remove it from knownTextDefects): %s", d.why)
			continue
		}
		t.Logf("KNOWN DEFECT, %d refusals: %s", seen[i], d.why)
	}
	for k, f := range r.findings {
		t.Logf("finding, in %d mails: %s", f.n, k)
	}
}
