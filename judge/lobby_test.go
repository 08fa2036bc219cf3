package judge

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// lobbyJudge is a judge whose game master boss@example.org has created
// game "open" with Germany's and Italy's seats open (and the lines more).
func lobbyJudge(t *testing.T, more string) (*Judge, *store.DB, *clock) {
	t.Helper()
	j, db, c := newJudgeWith(t, Options{Masters: []Master{{Address: "boss@example.org", SecretHash: store.HashSecret("bosssecret")}}})
	mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET bosssecret\nCREATE\nSEED 5\n"+
		"SEAT germany OPEN\nSEAT italy OPEN\nSEAT britain bob@example.org\nSEAT france cy@example.org\nSEAT russia dee@example.org\n"+more+"END\n"), Accepted)
	return j, db, c
}

var joinSecretRE = regexp.MustCompile(`SECRET ([a-z0-9]{10})\n`)

// joinSecretOf reads the secret of a JOIN's answer from the outbox (the
// receipt of the email res, sealed in the store).
func joinSecretOf(t *testing.T, db *store.DB, res *Result) string {
	t.Helper()
	for _, m := range outbox(t, db) {
		if m.ID == res.Receipt.ID {
			if !m.Sensitive {
				t.Errorf("a JOIN's answer carries a secret and is not sensitive")
			}
			if sm := joinSecretRE.FindStringSubmatch(m.Body); sm != nil {
				return sm[1]
			}
			t.Fatalf("no secret in the JOIN's answer:\n%s", m.Body)
		}
	}
	t.Fatalf("no receipt %s in the outbox", res.Receipt.ID)
	return ""
}

// TestOpenSeatsStartedByModerator (issue 25): a game with open seats
// waits (version 0, no report, orders refused); a confirmed request
// waits for APPROVE where the moderator approves players; START starts
// the game with the open seats vacant, tells the confirmed request it
// lapsed, and opens the first segment with its reports. After the start
// a stranger's JOIN is not answered. No JOIN secret is kept in clear,
// once its answer was sent (sealed before: a sensitive mail).
func TestOpenSeatsStartedByModerator(t *testing.T) {
	j, db, _ := lobbyJudge(t, "APPROVAL ON\n")
	g, _, _ := game(t, db, "open")
	if !g.Waiting() || g.Version != 0 || !g.JoinApproval || !g.Deadline.IsZero() {
		t.Fatalf("a game with open seats: %+v", g)
	}
	for _, m := range outbox(t, db) {
		if strings.Contains(m.ID, "/v") {
			t.Errorf("a report of a game that has not started: %s", m.ID)
		}
		if m.To[0] == "boss@example.org" && strings.Contains(m.ID, "/welcome/germany") {
			t.Errorf("the moderator got a welcome for an open seat: %s", m.ID)
		}
	}
	res := mustIngest(t, j, email("ann@example.org", "JOIN open germany\n"), Accepted)
	secret := joinSecretOf(t, db, res) // sealed while pending (Sensitive), scrubbed once sent: scanned at the end
	mustIngest(t, j, email("ann@example.org", "GAME open\nSECRET "+secret+"\nJOIN germany\n"), Accepted)
	g, _, _ = game(t, db, "open")
	if s := g.Seat(storm.Germany); !s.Open || len(s.Joins) != 1 || s.Joins[0].Confirmed.IsZero() {
		t.Fatalf("a confirmed request where the moderator approves: %+v", s)
	}
	asked := false
	for _, m := range outbox(t, db) {
		asked = asked || m.To[0] == "boss@example.org" && strings.Contains(m.Body, "APPROVE germany")
	}
	if !asked {
		t.Error("the moderator was not asked to approve")
	}
	var modSecret string
	for _, m := range outbox(t, db) {
		if strings.Contains(m.ID, "/welcome/moderator/") {
			_, modSecret, _ = strings.Cut(m.Body, "The moderators' secret: ")
			modSecret, _, _ = strings.Cut(modSecret, "\n")
		}
	}
	rej := mustIngest(t, j, email("bob@example.org", "GAME open\nSECRET "+secretOfSeat(t, db, "bob@example.org")+"\nPASS\n"), Rejected)
	if !strings.Contains(rej.Receipt.Body, "Game open has not started: it waits for players for Germany, Italy") {
		t.Errorf("orders before the start:\n%s", rej.Receipt.Body)
	}
	rej = mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nADJUDICATE\n"), Rejected)
	if !strings.Contains(rej.Receipt.Body, "the game has not started") {
		t.Errorf("ADJUDICATE before the start:\n%s", rej.Receipt.Body)
	}
	st := mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nSTART\nREASON enough waiting\n"), Accepted)
	if !strings.Contains(st.Receipt.Body, "The game starts now; Germany, Italy stay vacant") {
		t.Errorf("START's receipt:\n%s", st.Receipt.Body)
	}
	g, s, _ := game(t, db, "open")
	if g.Waiting() || g.Version == 0 || !g.Seat(storm.Germany).Vacant || g.Seat(storm.Germany).Open || len(g.Seat(storm.Germany).Joins) != 0 {
		t.Fatalf("after START: version %d, seats %+v", g.Version, g.Seats)
	}
	var lapsed, report bool
	for _, m := range outbox(t, db) {
		lapsed = lapsed || m.To[0] == "ann@example.org" && strings.Contains(m.Subject, "Your request for Germany has lapsed")
		report = report || m.To[0] == "bob@example.org" && strings.HasPrefix(m.ID, fmt.Sprintf("open/v%d/", g.Version))
	}
	if !lapsed || !report {
		t.Errorf("after START: the lapsed request told %v, Britain's report %v (%s)", lapsed, report, s.Segment)
	}
	if res := mustIngest(t, j, email("eve@example.org", "JOIN open italy\n"), Dropped); res.Receipt != nil {
		t.Error("a JOIN after the start was answered")
	}
	markAllSent(t, db)
	if err := db.View(func(tx *store.Tx) error {
		for _, f := range secretsIn(t, tx, map[string]string{"ann": secret}) {
			t.Errorf("a JOIN's secret at rest: %s", f)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// secretOfSeat reads the secret of addr's welcome from the outbox.
func secretOfSeat(t *testing.T, db *store.DB, addr string) string {
	t.Helper()
	for _, m := range outbox(t, db) {
		if m.To[0] == addr && strings.Contains(m.ID, "/welcome/") {
			_, s, _ := strings.Cut(m.Body, "Your secret: ")
			s, _, _ = strings.Cut(s, "\n")
			return s
		}
	}
	t.Fatalf("no welcome to %s", addr)
	return ""
}

// TestOpenSeatLeftBeforeTheStart: a player who RESIGNs before the game
// started opens the seat again; REPLACE fills an open seat, and the last
// seat filled starts the game.
func TestOpenSeatLeftBeforeTheStart(t *testing.T) {
	j, db, _ := lobbyJudge(t, "")
	mustIngest(t, j, email("bob@example.org", "GAME open\nSECRET "+secretOfSeat(t, db, "bob@example.org")+"\nRESIGN britain\n"), Accepted)
	g, _, _ := game(t, db, "open")
	if got := joinPowers(g.OpenSeats()); got != "Germany, Italy, Britain" {
		t.Fatalf("open after Britain left: %s", got)
	}
	var modSecret string
	for _, m := range outbox(t, db) {
		if strings.Contains(m.ID, "/welcome/moderator/") {
			_, modSecret, _ = strings.Cut(m.Body, "The moderators' secret: ")
			modSecret, _, _ = strings.Cut(modSecret, "\n")
		}
	}
	mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nREPLACE germany gus@example.org\n"), Accepted)
	mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nREPLACE italy ida@example.org\n"), Accepted)
	if g, _, _ := game(t, db, "open"); !g.Waiting() || g.Version != 0 {
		t.Fatalf("a seat still open, and the game started: version %d", g.Version)
	}
	mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nREPLACE britain bea@example.org\n"), Accepted)
	g, _, _ = game(t, db, "open")
	if g.Waiting() || g.Version == 0 || g.Seat(storm.Britain).Address != "bea@example.org" {
		t.Fatalf("every seat filled by REPLACE: version %d, seats %+v", g.Version, g.Seats)
	}
}

// TestLobbyAnswersBounded: LIST and JOIN from strangers are answered at
// most lobbyAnswers times an hour, all addresses together; the rest is a
// stranger's mail, unanswered. An hour later answers go out again.
func TestLobbyAnswersBounded(t *testing.T) {
	j, _, c := lobbyJudge(t, "")
	for i := range lobbyAnswers {
		mustIngest(t, j, email(fmt.Sprintf("s%d@example.org", i), "LIST\n"), Answered)
	}
	mustIngest(t, j, email("late@example.org", "LIST\n"), Dropped)
	mustIngest(t, j, email("late@example.org", "JOIN open germany\n"), Dropped)
	// A known address is answered whatever the budget.
	mustIngest(t, j, email("bob@example.org", "LIST\n"), Answered)
	c.t = c.t.Add(time.Hour + time.Second)
	res := mustIngest(t, j, email("late@example.org", "LIST\n"), Answered)
	if !strings.Contains(res.Receipt.Body, "Open seats: Germany, Italy.") || res.Receipt.Subject != "Re: your email [LIST]" {
		t.Errorf("LIST's answer %q:\n%s", res.Receipt.Subject, res.Receipt.Body)
	}
}
