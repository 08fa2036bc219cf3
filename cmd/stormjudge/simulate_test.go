package main

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"
)

// TestBenchSimulate runs the whole-game simulator on a few short games and
// checks its table: three policies, every game played, and standing
// orders saving round trips (the figures of issue 12's simulator).
func TestBenchSimulate(t *testing.T) {
	var out bytes.Buffer
	if err := cmdBench([]string{"-simulate", "3", "-turns", "4", "-deck", "../../testdata/decks/illustrative.toml"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	// policy, games, turns, turns a game, resolves, games/s, turns/s,
	// round trips median, worst, mean, crisis wars, pre-emptive wars, no war
	row := regexp.MustCompile(`(?m)^\s+(none|half|all)\s+3\s+(\d+)\s+[\d.]+\s+\d+\s+[\d.]+\s+[\d.]+\s+(\d+)\s+\d+\s+[\d.]+\s+(\d+)\s+(\d+)\s+(\d+)\s*$`)
	rows := row.FindAllStringSubmatch(out.String(), -1)
	if len(rows) != 3 {
		t.Fatalf("want three rows of 3 games:\n%s", out.String())
	}
	for _, r := range rows {
		turns, _ := strconv.Atoi(r[2])
		c, _ := strconv.Atoi(r[4])
		p, _ := strconv.Atoi(r[5])
		n, _ := strconv.Atoi(r[6])
		if c+p+n != 3 || turns < 3 || turns > 12 {
			t.Errorf("%s: %d turns, endings %d+%d+%d, want 3 games of at most 4 turns:\n%s", r[1], turns, c, p, n, out.String())
		}
	}
	median := map[string]int{}
	for _, r := range rows {
		median[r[1]], _ = strconv.Atoi(r[3])
	}
	if median["all"] >= median["none"] {
		t.Errorf("standing orders save no round trips: %v\n%s", median, out.String())
	}
}
