package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
)

// TestExampleOrdersAreAccepted: the order emails the README and the
// sandbox's banner show a newcomer are accepted in the demo game as the
// sandbox creates it (a refused first example is a bad welcome).
func TestExampleOrdersAreAccepted(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var banner bytes.Buffer
	printSandboxBanner(&banner, "sandbox-data", "127.0.0.1:1143", "127.0.0.1:2525", 0, false, nil, nil)
	block := regexp.MustCompile(`(?m)^ *GAME demo\n(?: *\S.*\n)*? *END$`)
	var examples []string
	for _, src := range []string{string(readme), banner.String()} {
		for _, b := range block.FindAllString(src, -1) {
			if strings.Contains(b, "SECRET germany") && !strings.Contains(b, "PASS") {
				examples = append(examples, b)
			}
		}
	}
	if len(examples) < 2 {
		t.Fatalf("found %d example order blocks in the README and the banner", len(examples))
	}
	for _, ex := range examples {
		dir := t.TempDir()
		cfg := sandboxConfig(dir, "127.0.0.1:1", "127.0.0.1:1", 0, 0, 0)
		db, err := openStore(filepath.Join(dir, "stormjudge.db"))
		if err != nil {
			t.Fatal(err)
		}
		j := judge.New(db, &judge.Options{Address: sandboxJudge, Domain: sandboxDomain, Logger: newLogger(io.Discard, "error")})
		def, err := cfg.Games[0].def()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := j.EnsureGame(def); err != nil {
			t.Fatal(err)
		}
		raw := "From: germany@sandbox.test\r\nTo: judge@sandbox.test\r\nSubject: orders\r\nMessage-ID: <ex@t>\r\n\r\n" + strings.ReplaceAll(ex, "\n", "\r\n") + "\r\n"
		res, err := j.Check([]byte(raw))
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != judge.Accepted {
			t.Errorf("example refused:\n%s\n%s", ex, res.Receipt.Body)
		}
	}
}

// TestCommandLineFriendliness: "COMMAND -h" exits 0, and -data takes the
// sandbox's directory as well as the data file.
func TestCommandLineFriendliness(t *testing.T) {
	for _, args := range [][]string{{"game", "list", "-h"}, {"sandbox", "-h"}, {"compact", "-h"}, {"check", "-h"}, {"bench", "-h"}} {
		if err := run(args, io.Discard, io.Discard); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
	dir := t.TempDir()
	db, err := openStore(filepath.Join(dir, "stormjudge.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	var out bytes.Buffer
	if err := run([]string{"game", "list", "-data", dir}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "GAME") {
		t.Errorf("game list -data DIR: %v\n%s", err, out.String())
	}
}

// TestSandboxBannerShowsMovedSeats (issue 22): after the moderator's
// REPLACE, the banner says where the seat is played now.
func TestSandboxBannerShowsMovedSeats(t *testing.T) {
	var b bytes.Buffer
	printSandboxBanner(&b, "sandbox-data", "127.0.0.1:1143", "127.0.0.1:2525", 0, false, nil, map[storm.Power]string{storm.Italy: "anna@example.org"})
	if !strings.Contains(b.String(), "Italy is now played from anna@example.org") || !strings.Contains(b.String(), "italy@sandbox.test no longer orders for it") {
		t.Errorf("banner:\n%s", b.String())
	}
}

// TestREADMETestCommandIsCIs: the README's test command is the one CI
// runs (.ci/run), word for word: the README's promise is what CI checks.
func TestREADMETestCommandIsCIs(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^Run the tests:\n\n {4}(go vet .*)$`).FindSubmatch(readme)
	if m == nil {
		t.Fatal(`README: no "Run the tests:" with an indented command after it`)
	}
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(string(m[1])) + `$`).Match(ci) {
		t.Errorf(".ci/run does not run the README's test command %q", m[1])
	}
}
