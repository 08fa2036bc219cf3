package judge

import (
	"flag"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stormjudge/store"
)

// Storage that stays bounded (issue 24): what a long game costs the store.
//
// TestStorageLongGame plays a recorded game (recorded_test.go; by default
// rec09, 52 versions, diplomacy, crisis and a deck; -storage.game rec18
// plays the longest, 341 versions to Spring 1950) through the judge,
// marks every mail sent as the mailer would, compacts the data file and
// logs the bytes of every bucket before and after (store.WriteStats),
// then checks the goal: at most storageGoal bytes a stored
// version, live (the compacted file). -storage.dir keeps the data file:
//
//	go test ./judge -run TestStorageLongGame -storage.game rec18 -storage.dir /tmp/s -v
var (
	storageGame = flag.String("storage.game", "rec09", "TestStorageLongGame: the recorded game to play")
	storageDir  = flag.String("storage.dir", "", "TestStorageLongGame: keep the data file in this directory")
)

// storageGoal is issue 24's goal for the bytes a stored version takes.
const storageGoal = 8 << 10

func TestStorageLongGame(t *testing.T) {
	games, _ := loadRecorded(t)
	var g *recordedGame
	for _, rg := range games {
		if rg.ID == *storageGame {
			g = rg
		}
	}
	if g == nil {
		t.Fatalf("no recorded game %q", *storageGame)
	}
	dir := *storageDir
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, g.ID+".db")
	for _, p := range []string{path, path + ".key", path + ".lock"} {
		os.Remove(p)
	}
	db, err := store.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	t.Cleanup(func() {
		if !closed {
			db.Close()
		}
	})
	c := &clock{time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)} // newJudge's
	j := New(db, &Options{Address: "judge@sandbox.test", Now: c.now})
	j.log = slog.New(slog.DiscardHandler)
	playRecordedOn(t, j, db, g, nil, nil)
	if err := db.View(store.Check); err != nil {
		t.Fatalf("store.Check: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	closed = true
	res, err := store.CompactFile(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := store.WriteStats(&b, res.Before, &res.After); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s, %d versions, every mail sent, before and after store.CompactFile:\n%s", g.ID, res.After.Versions, b.String())
	per := res.After.File / int64(res.After.Versions)
	t.Logf("%d bytes a stored version, live (the compacted file / versions); goal %d", per, storageGoal)
	if per > storageGoal {
		t.Errorf("%s: %d bytes a stored version after compaction, more than the goal of %d", g.ID, per, storageGoal)
	}
}
