package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// joinSecret is the secret a JOIN's answer carries, in the email that
// confirms it ("  SECRET <secret>").
var joinSecret = regexp.MustCompile(`SECRET ([a-z0-9]{10})\b`)

// TestSandboxOpenSeatsByEmail (issue 25, docs/orders.md "Open seats"):
// the game master creates a game with two open seats by email; anyone may
// LIST it and JOIN, by email, without a secret, and only while a game
// waits (before, a LIST is not answered at all). A JOIN's answer carries
// a secret and quotes nothing of the email; the seat is taken when the
// secret comes back (a wrong one is refused with the fixed text). Before
// the start the seated players' orders are refused. With APPROVAL ON a
// confirmed request waits for the moderator, who is asked, DECLINEs once
// and APPROVEs the next: every seat taken, the game starts by itself and
// the new players get its first mail. The export shows the seats.
func TestSandboxOpenSeatsByEmail(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a game by email: the full run plays it")
	}
	ann, bob := "ann@"+sandboxDomain, "bob@"+sandboxDomain
	b := startCommandBox(t, ann, bob, stranger)
	gm := sandboxModerator
	list := "LIST\n"
	join := func(p storm.Power, secret string) string {
		if secret == "" {
			return "JOIN lobby " + p.String() + "\n"
		}
		return "GAME lobby\nSECRET " + secret + "\nJOIN " + p.String() + "\nEND\n"
	}
	isReceipt := func(m mailMsg) bool { return m.kind() == "receipt" }

	// No game waits: a LIST is a stranger's mail, never answered. (The
	// CREATE's receipt after it shows the judge read it: in order.)
	b.send(stranger, list)
	b.ask(gm, "GAME lobby\nMODERATOR\nSECRET "+sandboxModeratorSecret+"\nCREATE\n"+
		"SEAT germany OPEN\nSEAT italy OPEN\nSEAT britain britain@sandbox.test\nSEAT france france@sandbox.test\nSEAT russia russia@sandbox.test\n"+
		"DECK illustrative\nSEED 11\nEND\n", "[lobby: ACCEPTED]",
		"Game lobby is created", "Germany OPEN (LIST shows it, JOIN takes it)", "The game waits for players for Germany, Italy (open seats)")
	if n := b.count(stranger, nil); n != 0 {
		t.Fatalf("a LIST with no game waiting was answered (%d mails)", n)
	}
	w := b.wait(addrOf(storm.Britain), "Britain's welcome to lobby", func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<lobby.welcome.britain.") })
	if !strings.Contains(w.Text, "Game lobby has not started: it waits for players for Germany, Italy") {
		t.Errorf("the welcome of a waiting game does not say it waits:\n%s", w.Text)
	}
	britain := secretOf(t, w)

	// LIST, from anyone now; its subject is the judge's own.
	l := b.ask(stranger, list, "[LIST]", "Game lobby", "Open seats: Germany, Italy.", "Taken: Britain, France, Russia.", "JOIN lobby germany")
	// No address but the judge's own: never a player's or a moderator's.
	if l.Subject != "Re: your email [LIST]" || strings.Count(l.Text, "@") != 1 || !strings.Contains(l.Text, sandboxJudge) {
		t.Errorf("LIST's answer: %q\n%s", l.Subject, l.Text)
	}

	// Not open, and text the judge did not ask for: fixed answers.
	b.ask(stranger, join(storm.Britain, ""), "[lobby: NOT ACCEPTED]", "Britain's seat in game lobby is not open; the open seats: Germany, Italy.")
	bad := b.ask(stranger, "JOIN lobby germany\nSend your SECRET to evil@example.com\n", "[lobby: NOT ACCEPTED]", "A JOIN email holds JOIN <game> <power> alone")
	if strings.Contains(bad.Text, "evil@") {
		t.Errorf("a JOIN's refusal quotes the email:\n%s", bad.Text)
	}

	// Ann asks for Germany, gets a secret, confirms with it.
	r := b.ask(ann, join(storm.Germany, ""), "[lobby: JOIN]", "asked for Germany's seat in game lobby", "JOIN germany", "If you did not ask for this, ignore this email")
	sm := joinSecret.FindStringSubmatch(r.Text)
	if sm == nil {
		t.Fatalf("the JOIN's answer carries no secret:\n%s", r.Text)
	}
	b.ask(ann, join(storm.Germany, "wrongwrong"), "[lobby: NOT ACCEPTED]", "The SECRET does not match the one sent for this seat")
	b.ask(addrOf(storm.Britain), "GAME lobby\nSECRET "+britain+"\nPASS\nEND\n", "[lobby: NOT ACCEPTED]", "Game lobby has not started")
	welcome := b.ask(ann, join(storm.Germany, sm[1]), "[lobby: ACCEPTED]", "You play: Germany", "Your secret: the one the judge sent in answer to your JOIN", "waits for players for Italy")
	if n := strings.Count(welcome.Text, "stormjudge, Gathering Storm adjudicator"); n != 1 {
		t.Errorf("the welcome is signed %d times:\n%s", n, welcome.Text)
	}
	b.wait(gm, "the moderator told Germany is taken", func(m mailMsg) bool {
		return m.Subject == "[lobby] Germany has a player"
	})
	b.ask(stranger, join(storm.Germany, ""), "[lobby: NOT ACCEPTED]", "Germany's seat in game lobby is not open; the open seats: Italy.")

	// The moderator approves the next players.
	modSecret := secretOf(t, b.wait(gm, "the moderator's welcome to lobby", func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<lobby.welcome.moderator.") }))
	mod := func(lines string) string {
		return "GAME lobby\nMODERATOR\nSECRET " + modSecret + "\n" + lines + "\nEND\n"
	}
	b.ask(gm, mod("APPROVAL ON"), "[lobby: ACCEPTED]", "wait for your APPROVE")
	r = b.ask(bob, join(storm.Italy, ""), "[lobby: JOIN]", "The moderator approves each player in this game")
	b.ask(bob, join(storm.Italy, joinSecret.FindStringSubmatch(r.Text)[1]), "[lobby: ACCEPTED]", "The moderator approves each player in this game and has been asked")
	b.wait(gm, "the moderator asked to approve Bob", func(m mailMsg) bool { return m.Subject == "[lobby] "+bob+" asks to play Italy" })
	b.ask(gm, mod("STATUS"), "[lobby: STATUS]", "Italy", "OPEN (held by the moderator until a player joins)", "JOIN from "+bob+": confirmed")
	b.ask(gm, mod("DECLINE italy\nREASON a full table already"), "[lobby: ACCEPTED]", "Declined for Italy: "+bob)
	b.wait(bob, "Bob told he was declined", func(m mailMsg) bool { return m.Subject == "[lobby] Not seated for Italy" })
	b.ask(gm, mod("APPROVE italy"), "[lobby: NOT ACCEPTED]", "nobody has confirmed a request for Italy's seat")
	r = b.ask(bob, join(storm.Italy, ""), "[lobby: JOIN]", "asked for Italy's seat")
	b.ask(bob, join(storm.Italy, joinSecret.FindStringSubmatch(r.Text)[1]), "[lobby: ACCEPTED]", "confirmed")
	italy := joinSecret.FindStringSubmatch(r.Text)[1]
	b.ask(gm, mod("APPROVE italy"), "[lobby: ACCEPTED]", bob+" now plays Italy.")
	b.wait(bob, "Bob's welcome", func(m mailMsg) bool { return m.Subject == "[lobby] You play Italy" })

	// Every seat taken: the game has started, and its first mails reach
	// the new players, threaded under their welcomes.
	first := b.wait(ann, "Ann's first mail of lobby", func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<lobby.v1.") })
	if head, _, _ := strings.Cut(first.Body, "\r\n\r\n"); !strings.Contains(head, welcome.MessageID) {
		t.Errorf("Ann's first report is not threaded under her welcome %s:\n%s", welcome.MessageID, head)
	}
	b.wait(bob, "Bob's first mail of lobby", func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<lobby.v1.") })
	b.ask(bob, "GAME lobby\nSECRET "+italy+"\nPASS\nEND\n", "[lobby: ACCEPTED]", "Orders ACCEPTED for Italy in game lobby")
	b.send(stranger, join(storm.Italy, ""))
	b.ask(gm, mod("STATUS"), "[lobby: STATUS]", "Game lobby, version 1")
	if n := b.count(stranger, isReceipt); n != 4 {
		t.Errorf("the stranger got %d receipts, want 4 (LIST, 3 JOINs refused; the JOIN after the start unanswered)", n)
	}
	b.stop()

	var out bytes.Buffer
	if err := run([]string{"game", "export", "-data", filepath.Join(b.dir, "stormjudge.db"), "lobby"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Waiting bool `json:"waiting"`
		Seats   []struct {
			Power   storm.Power `json:"power"`
			Address string      `json:"address"`
			Open    bool        `json:"open"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(out.Bytes(), &ex); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(ex.Waiting)
	for _, s := range ex.Seats {
		got += fmt.Sprintf(" %s=%s/%v", s.Power, s.Address, s.Open)
	}
	if want := "false germany=" + ann + "/false italy=" + bob + "/false britain=britain@sandbox.test/false france=france@sandbox.test/false russia=russia@sandbox.test/false"; got != want {
		t.Errorf("exported seats:\n got %s\nwant %s", got, want)
	}
	log := readAudit(t, b.dir, "lobby")
	wantAudit(t, log, 1, ann, "join", ann+" took Germany's seat")
	wantAudit(t, log, 1, "judge", "start", "the game starts; players Germany, Italy, Britain, France, Russia, vacant none")
}
