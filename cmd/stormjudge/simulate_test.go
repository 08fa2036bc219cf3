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
	row := regexp.MustCompile(`(?m)^\s+(none|half|all)\s+3\s+12\s+\d+\s+[\d.]+\s+[\d.]+\s+(\d+)\s+(\d+)\s+[\d.]+\s+0\s*$`)
	rows := row.FindAllStringSubmatch(out.String(), -1)
	if len(rows) != 3 {
		t.Fatalf("want three rows of 3 games and 12 turns:\n%s", out.String())
	}
	median := map[string]int{}
	for _, r := range rows {
		median[r[1]], _ = strconv.Atoi(r[2])
	}
	if median["all"] >= median["none"] {
		t.Errorf("standing orders save no round trips: %v\n%s", median, out.String())
	}
}
