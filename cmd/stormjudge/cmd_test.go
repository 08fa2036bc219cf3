package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/store"
)

func TestConfigExampleLoads(t *testing.T) {
	t.Setenv("STORMJUDGE_IMAP_PASSWORD", "x")
	t.Setenv("STORMJUDGE_SMTP_PASSWORD", "y")
	t.Setenv("STORMJUDGE_MASTER_SECRET", "z")
	// The example names decks under /etc; point them at the repository's.
	text, err := os.ReadFile("../../config.toml.example")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), `deck = "/etc/stormjudge/decks/my-deck.toml"`) {
		t.Fatal("the example no longer names its deck as this test expects")
	}
	path := filepath.Join(t.TempDir(), "config.toml")
	deckPath, _ := filepath.Abs("../../testdata/decks/illustrative.toml")
	text = []byte(strings.Replace(string(text), "/etc/stormjudge/decks/my-deck.toml", deckPath, 1))
	os.WriteFile(path, []byte(strings.Replace(string(text), "/etc/stormjudge/decks/illustrative.toml", deckPath, 1)), 0o600)
	c, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Games) != 1 || len(c.Games[0].Seats) != 5 || c.Games[0].SegmentDuration.Duration != 72*time.Hour {
		t.Errorf("games: %+v", c.Games)
	}
	def, err := c.Games[0].def()
	if err != nil {
		t.Fatal(err)
	}
	if r := def.Rules; r.Durations["economic"] != 96*time.Hour || r.Durations["crisis"] != 24*time.Hour || len(r.Reminders) != 2 ||
		r.Reminders[0] != 24*time.Hour || r.NMR != "pass" || r.Grace != 2*time.Hour || r.AbsenceMax != 14*24*time.Hour {
		t.Errorf("deadline rules: %+v", r)
	}
	jo, err := c.judgeOptions()
	if err != nil || len(jo.Masters) != 1 || jo.Decks["illustrative"] == nil {
		t.Errorf("judge options: %+v, %v", jo, err)
	}
	if o := c.imapOptions(); o.Password != "x" || o.ProcessedMailbox != "Processed" {
		t.Errorf("imap options: %+v", o)
	}
}

func TestConfigErrors(t *testing.T) {
	base := `data = "x.db"
address = "judge@example.org"
[imap]
addr = "127.0.0.1:143"
[smtp]
addr = "127.0.0.1:25"
`
	seats := `
[[game]]
id = "g"
  [[game.seat]]
  power = "germany"
  address = "a@x"
  [[game.seat]]
  power = "italy"
  address = "a@x"
  [[game.seat]]
  power = "britain"
  address = "b@x"
  [[game.seat]]
  power = "france"
  address = "b@x"
`
	russia := "  [[game.seat]]\n  power = \"russia\"\n  address = \"c@x\"\n"
	cases := []struct{ name, text, want string }{
		{"unknown key", "colour = \"red\"\n" + base, "unknown keys: colour"},
		{"unknown nested key", strings.Replace(base, "[smtp]", "[smtp]\nport = 25", 1), "unknown keys: smtp.port"},
		{"bad duration", base + "tick = \"soon\"\n", "tick"},
		{"bad tls", strings.Replace(base, "[smtp]", "[smtp]\ntls = \"maybe\"", 1), "tls"},
		{"missing power", base + seats, "russia is not seated"},
		{"bad power", base + seats + "  [[game.seat]]\n  power = \"spain\"\n  address = \"c@x\"\n", "seat power \"spain\""},
		{"syntax", base + "[[game]\n", "line"},
		{"missing deck", strings.Replace(base+seats, "id = \"g\"", "id = \"g\"\ndeck = \"/nonexistent/deck.toml\"", 1) + russia, "deck"},
		{"bad deck mode", strings.Replace(base+seats, "id = \"g\"", "id = \"g\"\ndeck_mode = \"cards\"", 1) + russia, `deck_mode = "cards"`},
		{"moderator_mail unknown", strings.Replace(base+seats, "id = \"g\"", "id = \"g\"\nmoderator_mail = \"weekly\"", 1) + russia, `moderator_mail = "weekly": use every-segment or digest`},
		{"disorder_after without nmr computer", strings.Replace(base+seats, "id = \"g\"", "id = \"g\"\ndisorder_after = 3", 1) + russia, `disorder_after goes with nmr = "computer"`},
		{"bad nmr", strings.Replace(base+seats, "id = \"g\"", "id = \"g\"\nnmr = \"robot\"", 1) + russia, "use pass, repeat, wait or computer"},
		{"computer seat with a secret", base + seats + "  [[game.seat]]\n  power = \"russia\"\n  address = \"computer\"\n  secret = \"s\"\n", "the computer's seat takes no secret"},
		{"physical without a deck", strings.Replace(base+seats, "id = \"g\"", "id = \"g\"\nmoderators = [\"gm@x\"]\ndeck_mode = \"physical\"", 1) + russia, "needs a deck file"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "c.toml")
			os.WriteFile(p, []byte(tc.text), 0o600)
			_, err := LoadConfig(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("LoadConfig = %v; want an error mentioning %q", err, tc.want)
			}
		})
	}
}

// TestConfigComputerSeats: address = "computer" seats the computer
// player, nmr = "computer" with disorder_after its civil disorder.
func TestConfigComputerSeats(t *testing.T) {
	text := `data = "x.db"
address = "judge@example.org"
[imap]
addr = "127.0.0.1:143"
[smtp]
addr = "127.0.0.1:25"
[[game]]
id = "g"
nmr = "computer"
disorder_after = 3
moderator_mail = "digest"
`
	for _, p := range []string{"germany", "italy", "britain", "france", "russia"} {
		addr := "a@x"
		if p == "italy" {
			addr = "Computer"
		}
		text += "  [[game.seat]]\n  power = \"" + p + "\"\n  address = \"" + addr + "\"\n"
	}
	path := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(path, []byte(text), 0o600)
	c, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	def, err := c.Games[0].def()
	if err != nil {
		t.Fatal(err)
	}
	if def.Rules.NMR != "computer" || def.Rules.DisorderAfter != 3 || !def.ModeratorDigest {
		t.Errorf("rules: %+v, moderators' digest %v", def.Rules, def.ModeratorDigest)
	}
	for _, sd := range def.Seats {
		if sd.Computer != (sd.Power == storm.Italy) || sd.Computer && sd.Address != "" {
			t.Errorf("seat %+v", sd)
		}
	}
}

// demoStore makes a data file holding the sandbox's demo game.
func demoStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stormjudge.db")
	db, err := store.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := sandboxConfig(t.TempDir(), "127.0.0.1:1", "127.0.0.1:2", time.Second, time.Second, 0)
	def, err := cfg.Games[0].def()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := judge.New(db, &judge.Options{Address: sandboxJudge, Logger: newLogger(io.Discard, "error")}).EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	db.Close()
	return path
}

func TestCheckCommandAnswersWithoutKeeping(t *testing.T) {
	path := demoStore(t)
	var out bytes.Buffer
	eml := "../../testdata/orders/pass.eml"
	if err := run([]string{"check", "-data", path, eml}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "outcome: accepted") || !strings.Contains(out.String(), "Orders ACCEPTED") {
		t.Errorf("check output:\n%s", out.String())
	}
	// Nothing was kept: the same email checks as accepted again, not as
	// a duplicate.
	out.Reset()
	if err := run([]string{"check", "-data", path, eml}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "outcome: accepted") {
		t.Errorf("second check:\n%s", out.String())
	}
}

func TestGameCommands(t *testing.T) {
	path := demoStore(t)
	var out bytes.Buffer
	if err := run([]string{"game", "list", "-data", path}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "demo") || !strings.Contains(out.String(), "Spring 1935") ||
		!strings.Contains(out.String(), "germany,italy,britain,france,russia") {
		t.Errorf("game list:\n%s", out.String())
	}
	out.Reset()
	if err := run([]string{"game", "show", "-data", path, "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "russia   russia@sandbox.test") || !strings.Contains(out.String(), "waiting") {
		t.Errorf("game show:\n%s", out.String())
	}
	out.Reset()
	if err := run([]string{"game", "export", "-data", path, "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var exp map[string]any
	if err := json.Unmarshal(out.Bytes(), &exp); err != nil {
		t.Fatalf("export is not JSON: %v", err)
	}
	if exp["game"] != "demo" || exp["latest_version"] != float64(1) || exp["state"] == nil {
		t.Errorf("export: game %v latest %v", exp["game"], exp["latest_version"])
	}
	if strings.Contains(out.String(), "argon2") {
		t.Error("export contains secret hashes")
	}
	out.Reset()
	if err := run([]string{"replay", "-data", path, "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1 adjudications replayed") {
		t.Errorf("replay: %s", out.String())
	}
	if err := run([]string{"game", "show", "-data", path, "nosuch"}, io.Discard, io.Discard); err == nil {
		t.Error("show of an unknown game succeeded")
	}
}

// game show gives the operator what the moderator's STATUS gives: the
// game's deadline rules, a pause's time left, and each seat's time zone,
// extension used and absences still to come (those over are not shown).
func TestGameShowRulesAndSeats(t *testing.T) {
	path := demoStore(t)
	db, err := store.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	from := now.Add(48 * time.Hour).Truncate(time.Minute)
	if err := db.Update(func(tx *store.Tx) error {
		g, err := tx.Game("demo")
		if err != nil {
			return err
		}
		g.Paused, g.PausedLeft = true, 30*time.Hour
		it := g.Seat(storm.Italy)
		it.TimeZone, it.ExtensionUsed = "Europe/Rome", 6*time.Hour
		it.Absences = []store.Absence{{From: now.Add(-72 * time.Hour), Until: now.Add(-24 * time.Hour)}, {From: from, Until: from.Add(7 * 24 * time.Hour)}}
		return tx.PutGame(g)
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var out bytes.Buffer
	if err := run([]string{"game", "show", "-data", path, "demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{
		"PAUSED by the moderator (the deadline 1d6h away when it resumes)",
		"rules: deadlines economic",
		"time zone Europe/Rome",
		"extension used 6h",
		"absent " + from.Format("Mon 2 Jan 2006 15:04 MST") + " to ",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("game show lacks %q:\n%s", want, s)
		}
	}
	if strings.Count(s, "absent ") != 1 {
		t.Errorf("game show lists an absence that is over:\n%s", s)
	}
}

// TestGameFlagsAfterTheGameID: the README writes "game site demo -out
// DIR"; the operator's commands that take a game id (or check's email
// file) read their flags after it as well as before, and give the same
// answer either way ("--" still ends the flags).
func TestGameFlagsAfterTheGameID(t *testing.T) {
	path := demoStore(t)
	site := filepath.Join(t.TempDir(), "site")
	var said bytes.Buffer
	if err := run([]string{"game", "site", "demo", "-data", path, "-out", site}, &said, io.Discard); err != nil {
		t.Fatalf("game site demo -data ... -out DIR: %v", err)
	}
	if _, err := os.Stat(filepath.Join(site, "index.html")); err != nil {
		t.Errorf("game site demo -out DIR wrote no site (%s): %v", said.String(), err)
	}
	for _, c := range []struct{ before, after []string }{
		{[]string{"game", "show", "-data", path, "demo"}, []string{"game", "show", "demo", "-data", path}},
		{[]string{"game", "export", "-data", path, "-version", "1", "demo"}, []string{"game", "export", "demo", "-version", "1", "-data", path}},
		{[]string{"replay", "-data", path, "demo"}, []string{"replay", "demo", "-data", path}},
		{[]string{"check", "-data", path, "../../testdata/orders/pass.eml"}, []string{"check", "../../testdata/orders/pass.eml", "-data", path}},
	} {
		var before, after bytes.Buffer
		if err := run(c.before, &before, io.Discard); err != nil {
			t.Fatalf("%v: %v", c.before, err)
		}
		if err := run(c.after, &after, io.Discard); err != nil {
			t.Errorf("%v: %v", c.after, err)
		} else if after.String() != before.String() || after.Len() == 0 {
			t.Errorf("%v answers otherwise than %v:\n%s\nwant\n%s", c.after, c.before, after.String(), before.String())
		}
	}
	// After "--", what looks like a flag is a game id.
	err := run([]string{"game", "show", "-data", path, "--", "-out"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-out") {
		t.Errorf("game show -- -out: %v, want the unknown game -out", err)
	}
}
