package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
)

// siteVersions are the versions the manifest of the game's site in dir
// lists (nil before it is written).
func siteVersions(dir string) []int {
	var m struct {
		Versions []struct {
			V int `json:"v"`
		} `json:"versions"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil || json.Unmarshal(b, &m) != nil {
		return nil
	}
	var out []int
	for _, v := range m.Versions {
		out = append(out, v.V)
	}
	return out
}

// TestSandboxKeepsTheSite (issue 25): the daemon with [site] dir (the
// sandbox's -site) writes the site of the demo game at start, and again
// after the version the players' orders by email make, with the list of
// games beside it; `game site` writes a site while the daemon runs (the
// daemon writes it, asked over its socket) and after it stopped.
func TestSandboxKeepsTheSite(t *testing.T) {
	t.Parallel() // its own servers and data
	dir := t.TempDir()
	siteDir := filepath.Join(dir, "site")
	_, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: dir, Site: siteDir, Deck: commandsDeck})
	defer stop()
	game := filepath.Join(siteDir, sandboxGame)
	const wait = 60 * time.Second
	waitFor(t, "the demo game's site", wait, func() bool {
		_, err := os.Stat(filepath.Join(siteDir, "index.html"))
		return err == nil && len(siteVersions(game)) > 0
	})
	first := siteVersions(game)
	last := first[len(first)-1]
	if list, _ := os.ReadFile(filepath.Join(siteDir, "index.html")); !bytes.Contains(list, []byte(`href="demo/index.html"`)) {
		t.Errorf("the list of games does not link the demo game:\n%s", list)
	}

	// The operator's command while the daemon holds the data file.
	out := filepath.Join(t.TempDir(), "copy")
	var said bytes.Buffer
	if err := run([]string{"game", "site", "-data", dir, "-out", out, sandboxGame}, &said, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(said.String(), "versions in "+out) || len(siteVersions(out)) != len(first) {
		t.Errorf("game site while the daemon runs: %q, %d versions written", said.String(), len(siteVersions(out)))
	}

	for _, p := range storm.Powers {
		sendOrder(t, smtpAddr, p.String()+"@"+sandboxDomain, "orders", "GAME "+sandboxGame+"\nSECRET "+p.String()+"\nPASS\nEND\n")
	}
	waitFor(t, "the site of the version the orders made", wait, func() bool {
		vs := siteVersions(game)
		return len(vs) > 0 && vs[len(vs)-1] > last
	})
	now := siteVersions(game)
	idx, err := os.ReadFile(filepath.Join(game, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range now {
		for _, f := range []string{fmt.Sprintf("v%d.html", v), fmt.Sprintf("v%d.png", v)} {
			if _, err := os.Stat(filepath.Join(game, f)); err != nil {
				t.Errorf("version %d: %v", v, err)
			}
			if !bytes.Contains(idx, []byte(`"`+f+`"`)) {
				t.Errorf("the index does not link %s", f)
			}
		}
	}
	t.Logf("site versions %v at start, %v after the orders", first, now)

	stop()
	said.Reset()
	if err := run([]string{"game", "site", "-data", dir, "-out", out, sandboxGame}, &said, io.Discard); err != nil {
		t.Fatal(err)
	}
	if got := siteVersions(out); len(got) != len(now) {
		t.Errorf("game site with the daemon stopped: versions %v, want %v (%s)", got, now, said.String())
	}
}
