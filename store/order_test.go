package store

import (
	"errors"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
)

var (
	convert  = storm.Order{Kind: storm.Convert, From: storm.Idle, Line: 5}
	mobilize = storm.Order{Kind: storm.Mobilize, From: storm.Civilian, Line: 6}
)

func TestOrders(t *testing.T) {
	type put struct {
		version int
		r       OrderRecord
	}
	rec := func(p storm.Power, id string, orders ...storm.Order) OrderRecord {
		return OrderRecord{Power: p, Orders: orders, Pass: len(orders) == 0, MessageID: id, From: p.String() + "@example.org", Received: t0}
	}
	tests := []struct {
		name        string
		puts        []put
		version     int
		wantIDs     map[storm.Power]string // power -> MessageID of the current record
		wantHistory []string               // MessageIDs of replaced records
	}{
		{
			name:    "no submission gives an empty map",
			version: 1,
			wantIDs: map[storm.Power]string{},
		},
		{
			name:    "one record per power",
			puts:    []put{{1, rec(storm.Germany, "<a>", convert)}, {1, rec(storm.Britain, "<b>")}},
			version: 1,
			wantIDs: map[storm.Power]string{storm.Germany: "<a>", storm.Britain: "<b>"},
		},
		{
			name:        "later submission replaces the earlier one, which is kept in the history",
			puts:        []put{{1, rec(storm.Germany, "<a1>", convert)}, {1, rec(storm.Germany, "<a2>", mobilize)}, {1, rec(storm.Germany, "<a3>")}},
			version:     1,
			wantIDs:     map[storm.Power]string{storm.Germany: "<a3>"},
			wantHistory: []string{"<a1>", "<a2>"},
		},
		{
			name:    "versions are separate",
			puts:    []put{{0, rec(storm.Germany, "<old>", convert)}, {1, rec(storm.Italy, "<new>")}},
			version: 0,
			wantIDs: map[storm.Power]string{storm.Germany: "<old>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			createGame(t, db, "g1", 1)
			for _, p := range tt.puts {
				update(t, db, func(tx *Tx) error { return tx.PutOrders("g1", p.version, p.r) })
			}
			view(t, db, func(tx *Tx) error {
				got, err := tx.Orders("g1", tt.version)
				if err != nil {
					return err
				}
				if len(got) != len(tt.wantIDs) {
					t.Errorf("Orders = %+v, want powers %v", got, tt.wantIDs)
				}
				for p, id := range tt.wantIDs {
					if got[p].MessageID != id || got[p].Power != p {
						t.Errorf("Orders[%v] = %+v, want MessageID %s", p, got[p], id)
					}
				}
				for _, p := range tt.puts {
					if r, ok := got[p.r.Power]; ok && r.MessageID == p.r.MessageID && p.version == tt.version {
						if jsonOf(t, r) != jsonOf(t, p.r) {
							t.Errorf("record %s = %s, want %s", r.MessageID, jsonOf(t, r), jsonOf(t, p.r))
						}
					}
				}
				hist, err := tx.OrderHistory("g1", tt.version)
				if err != nil {
					return err
				}
				var ids []string
				for _, r := range hist {
					ids = append(ids, r.MessageID)
				}
				if strings.Join(ids, ",") != strings.Join(tt.wantHistory, ",") {
					t.Errorf("OrderHistory = %q, want %q", ids, tt.wantHistory)
				}
				return nil
			})
		})
	}
}

func TestPutOrdersRejects(t *testing.T) {
	tests := []struct {
		name     string
		game     string
		version  int
		power    storm.Power
		notFound bool
		wantErr  string
	}{
		{"unknown game", "nope", 0, storm.Germany, true, "not found"},
		{"version beyond the game's", "g1", 2, storm.Germany, false, "outside 0..1"},
		{"negative version", "g1", -1, storm.Germany, false, "outside 0..1"},
		{"invalid power", "g1", 1, 0, false, "invalid power"},
		{"power out of range", "g1", 1, 6, false, "invalid power"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			createGame(t, db, "g1", 1)
			err := db.Update(func(tx *Tx) error {
				return tx.PutOrders(tt.game, tt.version, OrderRecord{Power: tt.power, Received: t0})
			})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || errors.Is(err, ErrNotFound) != tt.notFound {
				t.Errorf("PutOrders err = %v, want %q (ErrNotFound %v)", err, tt.wantErr, tt.notFound)
			}
		})
	}
}

func TestOrdersOfUnknownGameNotFound(t *testing.T) {
	db := openTest(t)
	err := db.View(func(tx *Tx) error {
		_, err := tx.Orders("nope", 0)
		return err
	})
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("Orders err = %v, want ErrNotFound", err)
	}
}

func TestRollbackMovesLaterOrdersToHistory(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 3)
	update(t, db, func(tx *Tx) error {
		return errors.Join(
			tx.PutOrders("g1", 1, OrderRecord{Power: storm.Germany, MessageID: "<v1>", Received: t0}),
			tx.PutOrders("g1", 2, OrderRecord{Power: storm.Germany, MessageID: "<v2>", Received: t0}),
			tx.PutOrders("g1", 3, OrderRecord{Power: storm.France, MessageID: "<v3>", Received: t0.Add(time.Hour)}),
		)
	})
	rollback(t, db, "g1", 1)
	view(t, db, func(tx *Tx) error {
		for v, want := range map[int]string{1: "<v1>", 2: "", 3: ""} {
			os, err := tx.Orders("g1", v)
			if err != nil {
				return err
			}
			got := ""
			for _, r := range os {
				got += r.MessageID
			}
			if got != want {
				t.Errorf("after rollback Orders(%d) = %q, want %q", v, got, want)
			}
		}
		for v, want := range map[int]string{2: "<v2>", 3: "<v3>"} {
			hist, err := tx.OrderHistory("g1", v)
			if err != nil {
				return err
			}
			if len(hist) != 1 || hist[0].MessageID != want {
				t.Errorf("after rollback OrderHistory(%d) = %+v, want %s", v, hist, want)
			}
		}
		for v := 0; v <= 3; v++ {
			if _, err := tx.State("g1", v); err != nil {
				t.Errorf("rollback lost state %d: %v", v, err)
			}
		}
		return nil
	})
}

// The moderator's draw is kept beside the orders of its version: Orders
// leaves it out, Draw reads it, a second draw replaces the first (kept in
// the history), a rollback moves it to the history, Check accepts it.
func TestDrawKeptBesideOrders(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 2)
	draw := func(id string, cards ...int) OrderRecord {
		return OrderRecord{Orders: []storm.Order{{Kind: storm.DrawCards, Cards: cards}}, MessageID: id, From: "gm@example.org", Received: t0}
	}
	update(t, db, func(tx *Tx) error {
		if err := tx.PutDraw("g1", 2, OrderRecord{Power: storm.Germany}); err == nil {
			t.Error("a draw with a power was stored")
		}
		if err := tx.PutOrders("g1", 2, OrderRecord{Received: t0}); err == nil {
			t.Error("orders without a power were stored")
		}
		return errors.Join(
			tx.PutDraw("g1", 2, draw("<d1>", 1, 2)),
			tx.PutDraw("g1", 2, draw("<d2>", 3, 4)),
			tx.PutOrders("g1", 2, OrderRecord{Power: storm.Italy, MessageID: "<i>", Received: t0}),
		)
	})
	view(t, db, func(tx *Tx) error {
		os, err := tx.Orders("g1", 2)
		if err != nil {
			return err
		}
		if len(os) != 1 || os[storm.Italy].MessageID != "<i>" {
			t.Errorf("Orders = %+v, want Italy's only", os)
		}
		d, err := tx.Draw("g1", 2)
		if err != nil || d == nil || d.MessageID != "<d2>" || d.Orders[0].Cards[0] != 3 {
			t.Errorf("Draw = %+v, %v, want <d2>", d, err)
		}
		if d, err := tx.Draw("g1", 1); err != nil || d != nil {
			t.Errorf("Draw of a version without one = %+v, %v", d, err)
		}
		hist, err := tx.OrderHistory("g1", 2)
		if err != nil || len(hist) != 1 || hist[0].MessageID != "<d1>" {
			t.Errorf("history %+v, %v, want <d1>", hist, err)
		}
		return Check(tx)
	})
	rollback(t, db, "g1", 1)
	view(t, db, func(tx *Tx) error {
		if d, err := tx.Draw("g1", 2); err != nil || d != nil {
			t.Errorf("the draw of a rolled-back version is still current: %+v, %v", d, err)
		}
		return nil
	})
}

// rollback lowers game's version to v (PutGame's rollback).
func rollback(t *testing.T, db *DB, game string, v int) {
	t.Helper()
	update(t, db, func(tx *Tx) error {
		g, err := tx.Game(game)
		if err != nil {
			return err
		}
		g.Version = v
		return tx.PutGame(g)
	})
}
