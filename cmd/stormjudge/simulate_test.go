package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
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

// TestBenchSimulatePolicy runs `bench -simulate N -policy` on a few short
// games and checks its table: a row for each pairing (every seat random,
// passing, computer; each side computer against the others random and
// passing), every game counted, the shares of the endings adding up, and
// no computer order refused.
func TestBenchSimulatePolicy(t *testing.T) {
	var out bytes.Buffer
	if err := cmdBench([]string{"-simulate", "4", "-turns", "8", "-policy", "-deck", "../../testdata/decks/illustrative.toml"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	want := []string{"all random", "all pass", "all computer",
		"Axis computer, others random", "Axis computer, others pass",
		"Allies computer, others random", "Allies computer, others pass",
		"Russia computer, others random", "Russia computer, others pass"}
	cols := regexp.MustCompile(`\s{2,}`)
	var head []string
	got := map[string][]string{}
	for _, l := range strings.Split(out.String(), "\n") {
		f := cols.Split(strings.TrimSpace(l), -1)
		switch {
		case len(f) > 0 && f[0] == "pairing":
			head = f
		case head != nil && len(f) == len(head):
			got[f[0]] = f
		}
	}
	if head == nil {
		t.Fatalf("no table:\n%s", out.String())
	}
	col := func(row []string, name string) string {
		for i, h := range head {
			if h == name {
				return row[i]
			}
		}
		t.Fatalf("no column %q in %q", name, head)
		return ""
	}
	pct := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return v
	}
	for _, name := range want {
		row, ok := got[name]
		if !ok {
			t.Errorf("no row %q:\n%s", name, out.String())
			continue
		}
		if col(row, "games") != "4" {
			t.Errorf("%s: %s games", name, col(row, "games"))
		}
		if col(row, "refused") != "0" {
			t.Errorf("%s: %s orders refused, want 0", name, col(row, "refused"))
		}
		if col(row, "void (computer)") != "0" {
			t.Errorf("%s: %s computer orders void at resolution", name, col(row, "void (computer)"))
		}
		sum := pct(col(row, "crisis war")) + pct(col(row, "pre-emptive war")) + pct(col(row, "other war")) + pct(col(row, "no war"))
		if sum < 99.9 || sum > 100.1 {
			t.Errorf("%s: endings add up to %.1f%%", name, sum)
		}
		if n, err := strconv.ParseFloat(col(row, "turns a game"), 64); err != nil || n <= 0 || n > 8 {
			t.Errorf("%s: %s turns a game, want at most 8", name, col(row, "turns a game"))
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d rows, want %d:\n%s", len(got), len(want), out.String())
	}
}
