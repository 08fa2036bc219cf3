package store

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

func TestPutGame(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(g *Game)
		wantErr string // "" = accepted
	}{
		{"complete game is stored", func(g *Game) {}, ""},
		{"game without seats is stored", func(g *Game) { g.Seats = nil }, ""},
		{"empty ID is rejected", func(g *Game) { g.ID = "" }, "empty game ID"},
		{"negative version is rejected", func(g *Game) { g.Version = -1 }, "negative version"},
		{"power seated twice is rejected", func(g *Game) { g.Seats[1].Power = storm.Germany }, "seated twice"},
		{"invalid power is rejected", func(g *Game) { g.Seats[0].Power = 0 }, "invalid power"},
		{"empty secret hash is rejected", func(g *Game) { g.Seats[1].SecretHash = "" }, "empty secret hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			g := newGame("g1", 0)
			tt.edit(g)
			err := db.Update(func(tx *Tx) error {
				if g.ID != "" {
					if err := tx.PutState(g.ID, 0, adjudicator.NewGame(1), nil); err != nil {
						return err
					}
				}
				return tx.PutGame(g)
			})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "store: ") {
					t.Fatalf("PutGame err = %v, want store: ...%s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			view(t, db, func(tx *Tx) error {
				got, err := tx.Game(g.ID)
				if err != nil {
					return err
				}
				if jsonOf(t, got) != jsonOf(t, g) {
					t.Errorf("Game = %s\nwant %s", jsonOf(t, got), jsonOf(t, g))
				}
				return nil
			})
		})
	}
}

func TestGameNotFound(t *testing.T) {
	db := openTest(t)
	for _, id := range []string{"nope", ""} {
		err := db.View(func(tx *Tx) error {
			_, err := tx.Game(id)
			return err
		})
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("Game(%q) err = %v, want ErrNotFound", id, err)
		}
	}
}

func TestGamesSortedByID(t *testing.T) {
	db := openTest(t)
	for _, id := range []string{"storm-3", "alpha", "Storm-1", "storm-10"} {
		createGame(t, db, id, 0)
	}
	view(t, db, func(tx *Tx) error {
		games, err := tx.Games()
		if err != nil {
			return err
		}
		var ids []string
		for _, g := range games {
			ids = append(ids, g.ID)
		}
		want := []string{"Storm-1", "alpha", "storm-10", "storm-3"}
		if !slices.Equal(ids, want) {
			t.Errorf("Games IDs = %q, want %q", ids, want)
		}
		return nil
	})
}

func TestGameSeat(t *testing.T) {
	g := newGame("g1", 0)
	if s := g.Seat(storm.Britain); s == nil || s.Address != "b@example.org" {
		t.Errorf("Seat(Britain) = %+v", s)
	}
	if s := g.Seat(storm.Russia); s != nil {
		t.Errorf("Seat(Russia) = %+v, want nil", s)
	}
}

func TestSecrets(t *testing.T) {
	hash := HashSecret("germany")
	tests := []struct {
		name   string
		hash   string
		secret string
		want   bool
	}{
		{"right secret matches", hash, "germany", true},
		{"wrong secret does not match", hash, "italy", false},
		{"secret is case-sensitive", hash, "Germany", false},
		{"empty secret does not match", hash, "", false},
		{"empty secret matches its own hash", HashSecret(""), "", true},
		{"plain text is not a hash", "germany", "germany", false},
		{"empty hash never matches", "", "", false},
		{"truncated hash never matches", hash[:len(hash)-10], "germany", false},
		{"unknown algorithm never matches", strings.Replace(hash, "argon2id", "argon2i", 1), "germany", false},
		{"absurd memory cost is refused", strings.Replace(hash, "m=19456", "m=99999999", 1), "germany", false},
		{"tampered hash does not match", tamper(hash), "germany", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CheckSecret(tt.hash, tt.secret); got != tt.want {
				t.Errorf("CheckSecret(%q, %q) = %v, want %v", tt.hash, tt.secret, got, tt.want)
			}
		})
	}
	t.Run("hashes are salted", func(t *testing.T) {
		if h2 := HashSecret("germany"); h2 == hash {
			t.Errorf("two hashes of one secret are equal: %s", hash)
		}
	})
	t.Run("hash carries algorithm and parameters", func(t *testing.T) {
		if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(hash, "germany") {
			t.Errorf("hash = %q", hash)
		}
	})
}

// tamper changes one character of h's hash part. Not the last: with 32
// bytes in unpadded base64 its two lowest bits are padding, which a
// decoder may ignore, so a change there can leave the hash as it was.
func tamper(h string) string {
	i := len(h) - 2
	c := byte('A')
	if h[i] == 'A' {
		c = 'B'
	}
	return h[:i] + string(c) + h[i+1:]
}

// TestPressLog (issue 25): press is numbered and kept with its game in
// the order sent; a press without recipients, to its sender or without
// text is refused, and so is one for a game that does not exist.
func TestPressLog(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 0)
	update(t, db, func(tx *Tx) error {
		if err := tx.AddPress("g1", &Press{From: storm.Germany, To: []storm.Power{storm.Italy}, Text: "hello", Sent: t0}); err != nil {
			return err
		}
		return tx.AddPress("g1", &Press{From: storm.Italy, To: []storm.Power{storm.Germany, storm.Britain}, Grey: true, Text: "psst", Version: 3})
	})
	for _, bad := range []Press{
		{From: storm.Germany, Text: "to nobody"},
		{From: storm.Germany, To: []storm.Power{storm.Germany}, Text: "to itself"},
		{From: storm.Germany, To: []storm.Power{storm.Italy}},
		{To: []storm.Power{storm.Italy}, Text: "from nobody"},
	} {
		if err := db.Update(func(tx *Tx) error { return tx.AddPress("g1", &bad) }); err == nil {
			t.Errorf("AddPress(%+v) accepted", bad)
		}
	}
	if err := db.Update(func(tx *Tx) error {
		return tx.AddPress("nogame", &Press{From: storm.Germany, To: []storm.Power{storm.Italy}, Text: "x"})
	}); !errors.Is(err, ErrNotFound) {
		t.Errorf("press for a missing game: %v", err)
	}
	view(t, db, func(tx *Tx) error {
		log, err := tx.PressLog("g1")
		if err != nil || len(log) != 2 || log[0].Seq != 1 || log[0].Text != "hello" || !log[0].Sent.Equal(t0) ||
			log[1].Seq != 2 || !log[1].Grey || log[1].Version != 3 || len(log[1].To) != 2 || log[1].Sent.IsZero() {
			t.Errorf("PressLog = %+v, %v", log, err)
		}
		none, err := tx.PressLog("other")
		if err != nil || len(none) != 0 {
			t.Errorf("PressLog of a game without press = %+v, %v", none, err)
		}
		return nil
	})
	if err := db.Update(func(tx *Tx) error {
		g, _ := tx.Game("g1")
		g.Press.Mode = "loud"
		return tx.PutGame(g)
	}); err == nil {
		t.Error("a press mode not in PressModes was stored")
	}
}
