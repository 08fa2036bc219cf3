package letters

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/flowed"
	"stormjudge/report"
	"stormjudge/store"
)

// TestHistoryColumnsAlignedToV120: for every game of 0 to 120 versions,
// HISTORY's lines, as the mail carries them (report.Flow, then read back
// as a client reads format=flowed), start every turn in one column, "v0"
// and "v1" alike, a continuation line too, two spaces at least after the
// widest version (a row of a table, which no writer reflows).
func TestHistoryColumnsAlignedToV120(t *testing.T) {
	for top := 0; top <= 120; top++ {
		g := &store.Game{ID: "demo", Version: top}
		h := History{Game: g, Moderator: top%2 == 0}
		s := storm.State{Turn: storm.FirstTurn, Segment: storm.SegRandomEvents}
		var prev *storm.State
		for v := max(0, top-39); v <= top; v++ {
			h.Versions = append(h.Versions, Version{V: v, State: s, Prev: prev, Set: v%7 == 3})
			p := s
			prev = &p
			if s.Segment == storm.SegRandomEvents {
				s.Segment = storm.SegEconomic
			} else {
				s = storm.State{Turn: s.Turn.Next(), Segment: storm.SegRandomEvents}
			}
		}
		text := flowed.Decode(report.Flow(h.Text()), false)
		col, rows := -1, 0
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "  (") || !strings.HasPrefix(l, "  ") {
				continue // the versions left out; the heading
			}
			rows++
			at := len(l) - len(strings.TrimLeft(l, " "))
			if strings.HasPrefix(l, "  v") {
				label, rest, ok := strings.Cut(l[2:], " ")
				if !ok || label != "v"+strings.TrimPrefix(label, "v") {
					t.Fatalf("top %d: %q has no version label", top, l)
				}
				if !strings.HasPrefix(rest, " ") {
					// One space only: a line of prose to a writer or a
					// client that reflows, not a row of the table.
					t.Fatalf("top %d: %q: no two spaces after its version", top, l)
				}
				at = len(l) - len(strings.TrimLeft(rest, " "))
			}
			if col < 0 {
				col = at
			}
			if at != col {
				t.Fatalf("top %d: %q starts at column %d, the others at %d:\n%s", top, l, at, col, text)
			}
			if len(l) > report.MaxLine {
				t.Errorf("top %d: %q is longer than a line of the mail", top, l)
			}
		}
		if rows < len(h.Versions) {
			t.Fatalf("top %d: %d lines for %d versions:\n%s", top, rows, len(h.Versions), text)
		}
	}
}
