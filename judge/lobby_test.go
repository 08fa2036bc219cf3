package judge

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/command"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
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
	res := mustIngest(t, j, email("ann@example.org", "JOIN open germany\n"), Answered)
	secret := joinSecretOf(t, db, res) // sealed while pending (Sensitive), scrubbed once sent: scanned at the end
	mustIngest(t, j, email("ann@example.org", "GAME open\nSECRET "+secret+"\nJOIN germany\n"), Accepted)
	g, _, _ = game(t, db, "open")
	if s := g.Seat(storm.Germany); !s.Open || len(s.Joins) != 1 || s.Joins[0].Confirmed.IsZero() {
		t.Fatalf("a confirmed request where the moderator approves: %+v", s)
	}
	if countMails(t, db, func(m *store.Mail) bool {
		return m.To[0] == "boss@example.org" && strings.Contains(m.Body, "APPROVE germany")
	}) == 0 {
		t.Error("the moderator was not asked to approve")
	}
	modSecret := modSecretOf(t, db)
	rej := mustIngest(t, j, email("bob@example.org", "GAME open\nSECRET "+secretOfSeat(t, db, "bob@example.org")+"\nPASS\n"), Rejected)
	if b := flat(rej.Receipt.Body); !strings.Contains(b, "Game open has not started: it waits for players for Germany, Italy") || strings.Contains(b, "phase") {
		t.Errorf("orders before the start:\n%s", rej.Receipt.Body)
	}
	rej = mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nADJUDICATE\n"), Rejected)
	if !strings.Contains(rej.Receipt.Body, "the game has not started") {
		t.Errorf("ADJUDICATE before the start:\n%s", rej.Receipt.Body)
	}
	st := mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nSTART\nREASON enough waiting\n"), Accepted)
	if !strings.Contains(flat(st.Receipt.Body), "The game starts now; Germany, Italy stay vacant") {
		t.Errorf("START's receipt:\n%s", st.Receipt.Body)
	}
	g, s, _ := game(t, db, "open")
	if g.Waiting() || g.Version == 0 || !g.Seat(storm.Germany).Vacant || g.Seat(storm.Germany).Open || len(g.Seat(storm.Germany).Joins) != 0 {
		t.Fatalf("after START: version %d, seats %+v", g.Version, g.Seats)
	}
	var lapsed, report, why bool
	for _, m := range outbox(t, db) {
		why = why || m.To[0] == "bob@example.org" && strings.Contains(m.Subject, "Game started") && strings.Contains(m.Body, "Reason: enough waiting")
		lapsed = lapsed || m.To[0] == "ann@example.org" && strings.Contains(m.Subject, "Your request for Germany has lapsed")
		report = report || m.To[0] == "bob@example.org" && strings.HasPrefix(m.ID, fmt.Sprintf("open/v%d/", g.Version))
	}
	if !lapsed || !report || !why {
		t.Errorf("after START: the lapsed request told %v, Britain's report %v (%s), the announcement with the REASON %v", lapsed, report, s.Segment, why)
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
	if got := letters.Powers(g.OpenSeats()); got != "Germany, Italy, Britain" {
		t.Fatalf("open after Britain left: %s", got)
	}
	modSecret := modSecretOf(t, db)
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

// TestLobbyAnswersBounded: LIST and JOIN requests are answered at most
// guard.LobbyAnswers times an hour to addresses that confirmed nothing,
// all of them together, and guard.LobbyPerAddress times a day to one
// address, whoever sends them (a forged From: of a player too); the rest
// get no answer, and the cap's refusals are counted. A player's address
// is answered past the strangers' cap (its own allowance). The budget
// frees as time passes.
func TestLobbyAnswersBounded(t *testing.T) {
	j, db, c := lobbyJudge(t, "")
	for i := range guard.LobbyAnswers {
		mustIngest(t, j, email(fmt.Sprintf("s%d@example.org", i), "LIST\n"), Answered)
	}
	mustIngest(t, j, email("late@example.org", "LIST\n"), Ignored)
	mustIngest(t, j, email("late@example.org", "JOIN open germany\n"), Ignored)
	if n, last := j.lobby.CapHits(); n != 2 || !last.Equal(c.t) {
		t.Errorf("the cap's hits: %d, last %v; want 2 at %v", n, last, c.t)
	}
	mustIngest(t, j, email("bob@example.org", "LIST\n"), Answered) // a player's address: not starved
	c.t = c.t.Add(time.Hour + time.Second)
	res := mustIngest(t, j, email("late@example.org", "LIST\n"), Answered)
	if !strings.Contains(res.Receipt.Body, "Open seats: Germany, Italy.") || res.Receipt.Subject != "Re: your email [LIST]" {
		t.Errorf("LIST's answer %q:\n%s", res.Receipt.Subject, res.Receipt.Body)
	}
	// One address: guard.LobbyPerAddress answers in a day, JOINs in its name
	// (each with a new secret) included.
	for range guard.LobbyPerAddress - 1 { // the LIST above was one
		mustIngest(t, j, email("bob@example.org", "JOIN open germany\n"), Rejected) // bob holds Britain
	}
	mustIngest(t, j, email("bob@example.org", "JOIN open germany\n"), Ignored)
	c.t = c.t.Add(24 * time.Hour)
	mustIngest(t, j, email("bob@example.org", "LIST\n"), Answered)
	n := countMails(t, db, func(m *store.Mail) bool { return m.To[0] == "bob@example.org" && strings.HasPrefix(m.ID, "receipt/") })
	if n != guard.LobbyPerAddress+1 {
		t.Errorf("bob got %d lobby answers, want %d", n, guard.LobbyPerAddress+1)
	}
}

// countMails counts the mails of the outbox that pred accepts.
func countMails(t *testing.T, db *store.DB, pred func(*store.Mail) bool) int {
	t.Helper()
	n := 0
	for _, m := range outbox(t, db) {
		if pred(m) {
			n++
		}
	}
	return n
}

// modSecretOf reads the moderators' secret of the moderator's welcome.
func modSecretOf(t *testing.T, db *store.DB) string {
	t.Helper()
	for _, m := range outbox(t, db) {
		if strings.Contains(m.ID, "/welcome/moderator/") {
			_, s, _ := strings.Cut(m.Body, "The moderators' secret: ")
			s, _, _ = strings.Cut(s, "\n")
			return s
		}
	}
	t.Fatal("no moderator's welcome")
	return ""
}

// confirmed asks for p's seat from addr and confirms with the secret.
func confirmed(t *testing.T, j *Judge, db *store.DB, c *clock, addr string, p storm.Power) string {
	t.Helper()
	r := mustIngest(t, j, email(addr, "JOIN open "+p.String()+"\n"), Answered)
	secret := joinSecretOf(t, db, r)
	c.t = c.t.Add(time.Minute)
	mustIngest(t, j, email(addr, "GAME open\nSECRET "+secret+"\nJOIN "+p.String()+"\n"), Accepted)
	return secret
}

// TestOpenSeatsStartOnce: an email whose commands take the last open
// seats (or START with them) starts the game once, after all of them:
// the version is the one a single START gives, and one start is audited.
func TestOpenSeatsStartOnce(t *testing.T) {
	j0, db0, _ := lobbyJudge(t, "")
	mustIngest(t, j0, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecretOf(t, db0)+"\nSTART\n"), Accepted)
	g0, _, _ := game(t, db0, "open")
	for _, lines := range []string{
		"START\nREPLACE germany gus@example.org\n",
		"REPLACE germany gus@example.org\nAPPROVE italy\n",
		"APPROVE germany\nAPPROVE italy\n",
		"APPROVAL OFF\n",
	} {
		j, db, c := lobbyJudge(t, "APPROVAL ON\n")
		confirmed(t, j, db, c, "ann@example.org", storm.Germany)
		confirmed(t, j, db, c, "ida@example.org", storm.Italy)
		mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecretOf(t, db)+"\n"+lines), Accepted)
		g, _, _ := game(t, db, "open")
		starts := 0
		if err := db.View(func(tx *store.Tx) error {
			es, err := tx.AuditLog("open")
			for _, e := range es {
				if e.Action == "start" && e.Actor == "judge" {
					starts++
				}
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if g.Version != g0.Version || starts != 1 || g.Waiting() {
			t.Errorf("%q: version %d (a START gives %d), %d starts audited, waiting %v", lines, g.Version, g0.Version, starts, g.Waiting())
		}
	}
}

// TestJoinConfirmationKept: a confirmed request stays when a JOIN in the
// same address's name comes again (forged or not); confirming again asks
// the moderators no second time; a JOIN email that failed its secret
// quotes nothing of it, its subject neither.
func TestJoinConfirmationKept(t *testing.T) {
	j, db, c := lobbyJudge(t, "APPROVAL ON\n")
	secret := confirmed(t, j, db, c, "ann@example.org", storm.Germany)
	res := mustIngest(t, j, email("ann@example.org", "JOIN open germany\n"), Answered)
	if !strings.Contains(flat(res.Receipt.Body), "confirmed already and waits for the moderator") {
		t.Errorf("a second JOIN of a confirmed request:\n%s", res.Receipt.Body)
	}
	mustIngest(t, j, email("ann@example.org", "GAME open\nSECRET "+secret+"\nJOIN germany\n"), Accepted)
	asked := countMails(t, db, func(m *store.Mail) bool {
		return m.To[0] == "boss@example.org" && strings.Contains(m.Subject, "asks to play Germany")
	})
	if asked != 1 {
		t.Errorf("the moderator was asked %d times", asked)
	}
	evil := "Subject: Send your secret to evil@example.com"
	for _, body := range []string{"GAME open\nSECRET wrongwrong\nJOIN britain\n", "GAME open\nSECRET wrongwrong\nJOIN germany\nDEADLINE soon\n", "GAME open\nSECRET wrongwrong\nJOIN germany\n"} {
		raw := []byte(strings.Replace(string(email("bob@example.org", body)), "Subject: orders", evil, 1))
		res := mustIngest(t, j, raw, Rejected)
		if strings.Contains(res.Receipt.Subject+res.Receipt.Body, "evil@") || strings.Contains(res.Receipt.Body, "DEADLINE") {
			t.Errorf("%q: the refusal quotes the email: %q\n%s", body, res.Receipt.Subject, res.Receipt.Body)
		}
	}
	mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecretOf(t, db)+"\nAPPROVE germany ann@example.org\n"), Accepted)
	if g, _, _ := game(t, db, "open"); g.Seat(storm.Germany).Address != "ann@example.org" {
		t.Errorf("APPROVE germany ann@: %+v", g.Seat(storm.Germany))
	}
}

// TestJoinRequestsLapse: requests not confirmed lapse after command.JoinExpiry;
// a fourth drops the oldest (a few forged requests lock no seat); a
// confirmation after the seat was taken is told so; one address asks
// for one seat.
func TestJoinRequestsLapse(t *testing.T) {
	j, db, c := lobbyJudge(t, "")
	old := mustIngest(t, j, email("old@example.org", "JOIN open germany\n"), Answered)
	oldSecret := joinSecretOf(t, db, old)
	c.t = c.t.Add(command.JoinExpiry + time.Minute)
	if res := mustIngest(t, j, email("old@example.org", "GAME open\nSECRET "+oldSecret+"\nJOIN germany\n"), Dropped); res.Receipt != nil {
		t.Error("an expired request was answered")
	}
	var secrets []string
	for _, a := range []string{"x1@example.org", "x2@example.org", "x3@example.org", "real@example.org"} {
		secrets = append(secrets, joinSecretOf(t, db, mustIngest(t, j, email(a, "JOIN open germany\n"), Answered)))
		c.t = c.t.Add(time.Minute)
	}
	g, _, _ := game(t, db, "open")
	var asked []string
	for _, jn := range g.Seat(storm.Germany).Joins {
		asked = append(asked, jn.Address)
	}
	if strings.Join(asked, " ") != "x2@example.org x3@example.org real@example.org" {
		t.Errorf("Germany's requests: %v", asked)
	}
	if res := mustIngest(t, j, email("real@example.org", "JOIN open italy\n"), Rejected); !strings.Contains(flat(res.Receipt.Body), "one seat an address by JOIN") {
		t.Errorf("a second seat by JOIN:\n%s", res.Receipt.Body)
	}
	mustIngest(t, j, email("real@example.org", "GAME open\nSECRET "+secrets[3]+"\nJOIN germany\n"), Accepted)
	late := mustIngest(t, j, email("x2@example.org", "GAME open\nSECRET "+secrets[1]+"\nJOIN germany\n"), Rejected)
	if !strings.Contains(flat(late.Receipt.Body), "Germany's seat in game open is not open any more") {
		t.Errorf("a confirmation after the seat was taken:\n%s", late.Receipt.Body)
	}
}

// TestListShowsRunningGamesOpenToObservers: LIST names a game under way
// that any address may observe (OBSERVE PUBLIC ON), with the lines that
// follow it, apart from the games that wait for players; a game that
// waits is listed for its seats only, and once no game waits nor is open
// to observers, a stranger's LIST is not answered at all.
func TestListShowsRunningGamesOpenToObservers(t *testing.T) {
	j, db, c := lobbyJudge(t, "OBSERVE PUBLIC ON\n")
	res := mustIngest(t, j, email("s1@example.org", "LIST\n"), Answered)
	if !strings.Contains(res.Receipt.Body, "Open seats: Germany, Italy.") || strings.Contains(res.Receipt.Body, "anyone may observe") {
		t.Errorf("LIST while the public game waits:\n%s", res.Receipt.Body)
	}
	modSecret := modSecretOf(t, db)
	mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nSTART\nREASON enough waiting\n"), Accepted)
	c.t = c.t.Add(time.Minute)
	res = mustIngest(t, j, email("s2@example.org", "LIST\n"), Answered)
	body := res.Receipt.Body
	for _, want := range []string{"No game here waits for players now.", "Games under way that anyone may observe:\n\nGame open\n",
		"To follow its public reports: GAME open and OBSERVE, on two lines"} {
		if !strings.Contains(body, want) {
			t.Errorf("LIST while the public game runs lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "Open seats:") || regexp.MustCompile(`(bob|cy|dee|boss)@example\.org`).MatchString(body) {
		t.Errorf("LIST names a seat or an address of a running game:\n%s", body)
	}
	if r := mustIngest(t, j, email("s3@example.org", "GAME open\nOBSERVE\n"), Answered); !strings.Contains(r.Receipt.Body, "To confirm") {
		t.Errorf("the OBSERVE of a listed game is not answered with its confirmation:\n%s", r.Receipt.Body)
	}

	mustIngest(t, j, email("boss@example.org", "GAME open\nMODERATOR\nSECRET "+modSecret+"\nOBSERVE PUBLIC OFF\nREASON private now\n"), Accepted)
	mustIngest(t, j, email("s4@example.org", "LIST\n"), Dropped)
}
