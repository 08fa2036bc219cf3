package judge

import (
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/guard"
	"stormjudge/store"
)

// TestCreateRefusesAGameIdDifferingOnlyInCase: game ids that differ only
// in case are one game: a game master's CREATE of "Open" when "open"
// exists is refused as a CREATE of "open" is, and creates nothing; the
// store refuses such a game from any other path too (EnsureGame).
func TestCreateRefusesAGameIdDifferingOnlyInCase(t *testing.T) {
	j, db, _ := lobbyJudge(t, "")
	res := mustIngest(t, j, email("boss@example.org", "GAME Open\nMODERATOR\nSECRET bosssecret\nCREATE\nSEED 5\nSEAT germany ann@example.org\nEND\n"), Rejected)
	if r := receiptOf(t, res); !strings.Contains(r, "game open exists already") {
		t.Errorf("CREATE of Open when open exists:\n%s", r)
	}
	gs := games(t, db)
	if len(gs) != 1 || gs[0] != "open" {
		t.Fatalf("games: %v", gs)
	}
	d := demoDef(0)
	d.ID = "OPEN"
	if _, err := j.EnsureGame(d); err == nil || !strings.Contains(err.Error(), "differ only in case") {
		t.Errorf("EnsureGame of OPEN when open exists: %v", err)
	}
}

// TestGameFoundWhateverTheCaseOfItsId: an email naming the game in
// another case speaks of that game (the judge's spelling in the answer):
// a player's orders, a moderator's STATUS, a JOIN, an OBSERVE STOP.
func TestGameFoundWhateverTheCaseOfItsId(t *testing.T) {
	j, db, _ := observeJudge(t, true)
	res := mustIngest(t, j, email("germany@sandbox.test", "GAME DEMO\nSECRET germany\nSTATUS\nEND\n"), Answered)
	if res.Game != "demo" || !strings.Contains(res.Receipt.Subject, "[demo: STATUS]") {
		t.Errorf("STATUS for DEMO: game %q, subject %q", res.Game, res.Receipt.Subject)
	}
	observe(t, j, db, "olga@example.org")
	mustIngest(t, j, email("olga@example.org", "OBSERVE STOP Demo\n"), Accepted)
	if g, _, _ := game(t, db, "demo"); len(g.Observers) != 0 {
		t.Errorf("OBSERVE STOP Demo: observers %+v", g.Observers)
	}
}

func games(t *testing.T, db *store.DB) []string {
	t.Helper()
	var out []string
	if err := db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStrangersCannotStarveAConfirmedAddressesJoin: 30 forged LISTs spend
// the hour's answers to strangers; a JOIN from an address that has
// confirmed something (a player of another game) is answered all the
// same, and the moderators' STATUS says the cap was hit, how often and
// when last.
func TestStrangersCannotStarveAConfirmedAddressesJoin(t *testing.T) {
	j, db, c := lobbyJudge(t, "")
	d := demoDef(0)
	d.ModeratorSecret = "gmsecret"
	if _, err := j.EnsureGame(d); err != nil {
		t.Fatal(err)
	}
	for i := range guard.LobbyAnswers + 3 {
		res, err := j.Ingest(email(fmt.Sprintf("forged%02d@example.org", i), "LIST\n"))
		if err != nil {
			t.Fatal(err)
		}
		if want := Answered; i >= guard.LobbyAnswers {
			if want = Ignored; res.Outcome != want {
				t.Fatalf("LIST %d: %s, want %s", i, res.Outcome, want)
			}
		}
	}
	mustIngest(t, j, email("stranger@example.org", "JOIN open germany\n"), Ignored)
	// Germany's player in demo asks for a seat in open: answered.
	res := mustIngest(t, j, email("germany@sandbox.test", "JOIN open germany\n"), Answered)
	secret := joinSecretOf(t, db, res)
	mustIngest(t, j, email("germany@sandbox.test", "GAME open\nSECRET "+secret+"\nJOIN germany\nEND\n"), Accepted)
	if g, _, _ := game(t, db, "open"); g.Seat(storm.Germany).Address != "germany@sandbox.test" {
		t.Fatalf("the seat: %+v", g.Seat(storm.Germany))
	}
	st := receiptOf(t, mustIngest(t, j, moderatorMail("STATUS"), Answered))
	want := fmt.Sprintf("left unanswered by the judge's hourly cap since it started: %d, the last at %s.", 4, c.t.Format("2006-01-02 15:04 UTC"))
	if !strings.Contains(st, want) {
		t.Errorf("the moderators' STATUS does not say the cap was hit (%q):\n%s", want, st)
	}
}
