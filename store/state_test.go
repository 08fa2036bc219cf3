package store

import (
	"errors"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

func TestStates(t *testing.T) {
	db := openTest(t)
	s0, s1 := adjudicator.NewGame(1), adjudicator.NewGame(2)
	ev1 := []byte(`[{"type":"FactoryConverted","power":"germany"}]`)
	update(t, db, func(tx *Tx) error {
		return errors.Join(
			tx.PutState("g1", 0, s0, nil),
			tx.PutState("g1", 1, s1, ev1),
			tx.PutGame(newGame("g1", 1)),
		)
	})
	tests := []struct {
		name       string
		game       string
		version    int
		want       *storm.State // nil: ErrNotFound
		wantEvents string
	}{
		{"setup has no events", "g1", 0, &s0, ""},
		{"adjudicated version has its events", "g1", 1, &s1, string(ev1)},
		{"later version is not found", "g1", 2, nil, ""},
		{"negative version is not found", "g1", -1, nil, ""},
		{"other game is not found", "g2", 0, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			view(t, db, func(tx *Tx) error {
				s, err := tx.State(tt.game, tt.version)
				ev, everr := tx.Events(tt.game, tt.version)
				if tt.want == nil {
					if !errors.Is(err, ErrNotFound) || !errors.Is(everr, ErrNotFound) {
						t.Errorf("State err %v, Events err %v; want ErrNotFound", err, everr)
					}
					return nil
				}
				if err != nil || everr != nil {
					t.Fatalf("State err %v, Events err %v", err, everr)
				}
				if jsonOf(t, s) != jsonOf(t, *tt.want) {
					t.Errorf("State differs from the stored one")
				}
				if string(ev) != tt.wantEvents {
					t.Errorf("Events = %q, want %q", ev, tt.wantEvents)
				}
				return nil
			})
		})
	}
}

func TestPutStateReplacementIsArchived(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 1)
	replaced := adjudicator.NewGame(2) // createGame stored NewGame(2) at version 1
	update(t, db, func(tx *Tx) error {
		return tx.PutState("g1", 1, adjudicator.NewGame(99), []byte(`[]`))
	})
	view(t, db, func(tx *Tx) error {
		s, err := tx.State("g1", 1)
		if err != nil {
			return err
		}
		if jsonOf(t, s) != jsonOf(t, adjudicator.NewGame(99)) {
			t.Error("State(1) is not the replacement")
		}
		hist, err := tx.StateHistory("g1", 1)
		if err != nil {
			return err
		}
		if len(hist) != 1 || hist[0].Version != 1 || string(hist[0].State) != jsonOf(t, replaced) || hist[0].Events != nil {
			t.Errorf("StateHistory(1) = %+v, want the replaced state", hist)
		}
		if h0, _ := tx.StateHistory("g1", 0); len(h0) != 0 {
			t.Errorf("StateHistory(0) = %+v, want none", h0)
		}
		return nil
	})
}

func TestPutStateRejects(t *testing.T) {
	tests := []struct {
		name    string
		game    string
		version int
		events  []byte
		wantErr string
	}{
		{"empty game", "", 0, nil, "invalid game or version"},
		{"negative version", "g1", -1, nil, "invalid game or version"},
		{"events that are not JSON", "g1", 0, []byte("FactoryConverted"), "not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			err := db.Update(func(tx *Tx) error {
				return tx.PutState(tt.game, tt.version, adjudicator.NewGame(1), tt.events)
			})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("PutState err = %v, want %q", err, tt.wantErr)
			}
		})
	}
}
