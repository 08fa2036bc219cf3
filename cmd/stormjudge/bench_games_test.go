package main

import (
	"bytes"
	"io"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/mailer/mailserver"
	"stormjudge/store"
)

// TestBenchGames runs the capacity benchmark with three games and one turn,
// keeping its data, then checks the printed table and, independently of
// the bench, what it left: every game one segment past its creation with
// five PASS orders, no mail pending, every player's INBOX holding its
// welcome, two public reports, two notices and one receipt.
func TestBenchGames(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("a whole game by email: the full run plays it (the race pass of the README's test command is -short)")
	}
	dir := filepath.Join(t.TempDir(), "bench")
	args := []string{"bench", "-games", "3", "-turns", "1", "-poll", "500ms", "-data", dir}
	var out, errOut bytes.Buffer
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("bench: %v\nstdout:\n%s\nstderr:\n%s", err, out.String(), errOut.String())
	}
	text := out.String()
	if first, _, _ := strings.Cut(text, "\n"); first != "stormjudge "+strings.Join(args, " ") {
		t.Errorf("first line %q, want the command line", first)
	}
	for _, want := range []string{
		`mail accounts \(judge \+ one per seat\)\s+16\s+in \d+\.\d s\s+\d+\.\d/s`,
		`games created \(judge\.EnsureGame.*\)\s+3\s+in \d+\.\d s\s+\d+\.\d/s`,
		`creation mail delivered .*\s+30\s+in \d+\.\d s`,
		`while creating\s+3\s+\d+\.\d ms\s+\d+\.\d ms\s+\d+\.\d ms`,
		`after 1 turn\s+3\s+\d+\.\d ms\s+\d+\.\d ms\s+\d+\.\d ms`,
		`(?m)^\s+1(\s+\d+\.\d s){4}\s+\d+\.\d/s\s+\d+\.\d/s\s*$`,
		`sustained: \d+\.\d/s order emails through the whole daemon to their receipts, \d+\.\d/s to the last report delivered`,
		`CPU: \d+\.\d ms an order .* \d+ orders a second on \d+ cores at most`,
		`data file after play\s+\d+\.\d MiB`,
		`stored versions\s+9\s+3 games at version 2 \(0\.\.2 each\)`,
		`data file after play, compacted \(store\.Compact\)\s+\d+\.\d MiB`,
		`bytes per stored version\s+\d+\.\d KiB`,
		`one state, JSON .*\s+\d+\.\d KiB`,
		`one state, zstd .*\s+\d+\.\d KiB\s+avg \(\d+\.\dx\)`,
		`outbox pending after play\s+0\b`,
		`games at the expected version\s+3/3\s+version 2`,
		`after 1 turn, daemon running\s+\d+\.\d MiB\s+\d+\.\d MiB\s+\d+\.\d MiB`,
	} {
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}

	// The data file: creation is version 1 (setup, then the automatic
	// segments), the turn's round of PASS orders made version 2.
	db, err := store.Open(filepath.Join(dir, "stormjudge.db"), &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	err = db.View(func(tx *store.Tx) error {
		if err := store.Check(tx); err != nil {
			t.Errorf("store.Check: %v", err)
		}
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		if len(gs) != 3 {
			t.Errorf("%d games, want 3", len(gs))
		}
		for _, g := range gs {
			if g.Version != 2 {
				t.Errorf("game %s at version %d, want 2", g.ID, g.Version)
			}
			recs, err := tx.Orders(g.ID, 1)
			if err != nil {
				return err
			}
			if len(recs) != len(storm.Powers) {
				t.Errorf("game %s version 1: orders of %d powers, want 5", g.ID, len(recs))
			}
			for p, r := range recs {
				if !r.Pass || r.From != benchAddr(p, benchIndex(t, g.ID)) {
					t.Errorf("game %s version 1: %s's orders %+v, want a PASS from its seat", g.ID, p, r)
				}
			}
		}
		pending, err := tx.Pending()
		if len(pending) != 0 {
			t.Errorf("%d mails pending", len(pending))
		}
		return err
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}

	// The mailboxes, read over IMAP from the kept mail directory.
	srv, err := mailserver.Start(&mailserver.Options{Dir: filepath.Join(dir, "mail"), IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		Domain: sandboxDomain, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, p := range []storm.Power{storm.Powers[0], storm.Powers[4]} {
		for i := 1; i <= 3; i++ {
			n := countKinds(fetchAll(t, srv.IMAPAddr(), benchAddr(p, i), p.String(), "INBOX"))
			want := map[string]int{"welcome": 1, "digest": 2, "receipt": 1, "public": 0, "private": 0} // the digest, the default
			for k, v := range want {
				if n[k] != v {
					t.Errorf("%s: %d %s mails, want %d (all: %v)", benchAddr(p, i), n[k], k, v, n)
				}
			}
		}
	}
	if n := len(fetchAll(t, srv.IMAPAddr(), sandboxJudge, "judge", "Processed")); n != 15 {
		t.Errorf("the judge's Processed holds %d orders, want 15", n)
	}
}

func benchIndex(t *testing.T, id string) int {
	for i := 1; i <= 3; i++ {
		if benchGameID(i) == id {
			return i
		}
	}
	t.Fatalf("unknown game %q", id)
	return 0
}
