package judge

import (
	"strings"
	"testing"

	"stormjudge/store"
)

// TestGameMasterWelcomeListsCreate (docs/orders.md "Creating a game"): the
// moderators' welcome of a moderator who is also a game master (the
// sandbox's gm@sandbox.test) says it may CREATE games, and a CREATE sent
// as it says is accepted; a moderator who is no game master is not told
// so.
func TestGameMasterWelcomeListsCreate(t *testing.T) {
	const create = "As a game master of this judge you may also create games: GAME with the new game's id, MODERATOR, your game master's SECRET and CREATE"
	welcomeOf := func(t *testing.T, db *store.DB, id string) string {
		t.Helper()
		for _, m := range outbox(t, db) {
			if strings.HasPrefix(m.ID, id) {
				return flat(m.Body)
			}
		}
		t.Fatalf("no mail %s", id)
		return ""
	}

	// The sandbox's configuration: gm moderates demo and is a game master.
	j, db, _ := newJudgeWith(t, Options{Masters: []Master{{Address: "gm@sandbox.test", SecretHash: store.HashSecret("gm-master")}}})
	def := demoDef(0)
	def.Moderators = append(def.Moderators, "other@sandbox.test")
	if _, err := j.EnsureGame(def); err != nil {
		t.Fatal(err)
	}
	if w := welcomeOf(t, db, "demo/welcome/moderator/gm@"); !strings.Contains(w, create) || !strings.Contains(w, "CREATE") {
		t.Errorf("a game master's moderator welcome does not offer CREATE:\n%s", w)
	}
	if w := welcomeOf(t, db, "demo/welcome/moderator/other@"); strings.Contains(w, "game master") || strings.Contains(w, "CREATE") {
		t.Errorf("a moderator who is no game master is offered CREATE:\n%s", w)
	}
	mustIngest(t, j, email("gm@sandbox.test", "GAME spring\nMODERATOR\nSECRET gm-master\nCREATE\nSEED 5\n"+
		"SEAT germany ann@example.org\nSEAT italy ann@example.org\nSEAT britain bob@example.org\nSEAT france cy@example.org\nSEAT russia dee@example.org\nEND\n"), Accepted)
	if w := welcomeOf(t, db, "spring/welcome/moderator/gm@"); !strings.Contains(w, create) {
		t.Errorf("the welcome of the game a game master created does not offer CREATE:\n%s", w)
	}
}
