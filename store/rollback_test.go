package store

import (
	"errors"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// Rollback archives the later states and the orders of the restored
// version and later; Check holds after it; nothing is deleted.
func TestRollbackArchivesLaterVersions(t *testing.T) {
	db := openTest(t)
	ev := []byte(`[]`)
	update(t, db, func(tx *Tx) error {
		errs := []error{tx.PutState("g1", 0, adjudicator.NewGame(1), nil)}
		for v := 1; v <= 3; v++ {
			errs = append(errs, tx.PutState("g1", v, adjudicator.NewGame(uint64(v+1)), ev))
		}
		errs = append(errs, tx.PutGame(newGame("g1", 3)))
		for v := 0; v <= 3; v++ {
			errs = append(errs, tx.PutOrders("g1", v, OrderRecord{Power: storm.Italy, Pass: true, Received: time.Unix(int64(v), 0)}))
		}
		return errors.Join(errs...)
	})
	update(t, db, func(tx *Tx) error { return tx.Rollback("g1", 1) })
	view(t, db, func(tx *Tx) error {
		g, err := tx.Game("g1")
		if err != nil || g.Version != 1 {
			t.Fatalf("game after Rollback: %+v %v", g, err)
		}
		if _, err := tx.State("g1", 2); !errors.Is(err, ErrNotFound) {
			t.Errorf("state 2 still current: %v", err)
		}
		for v := 2; v <= 3; v++ {
			if h, _ := tx.StateHistory("g1", v); len(h) != 1 {
				t.Errorf("state %d archived %d times, want 1", v, len(h))
			}
		}
		for v := 1; v <= 3; v++ {
			if recs, _ := tx.Orders("g1", v); len(recs) != 0 {
				t.Errorf("orders of version %d still current", v)
			}
			if h, _ := tx.OrderHistory("g1", v); len(h) != 1 {
				t.Errorf("orders of version %d archived %d times, want 1", v, len(h))
			}
		}
		if recs, _ := tx.Orders("g1", 0); len(recs) != 1 {
			t.Error("the orders of version 0 (which made version 1) were touched")
		}
		return Check(tx)
	})
	update(t, db, func(tx *Tx) error {
		if err := tx.Rollback("g1", 5); err == nil {
			t.Error("Rollback to a later version accepted")
		}
		return nil
	})
}

func TestWithdrawOrders(t *testing.T) {
	db := openTest(t)
	update(t, db, func(tx *Tx) error {
		return errors.Join(tx.PutState("g1", 0, adjudicator.NewGame(1), nil), tx.PutGame(newGame("g1", 0)),
			tx.PutOrders("g1", 0, OrderRecord{Power: storm.France, Pass: true}))
	})
	update(t, db, func(tx *Tx) error {
		ok, err := tx.WithdrawOrders("g1", 0, storm.France)
		if !ok || err != nil {
			t.Fatalf("WithdrawOrders = %v, %v", ok, err)
		}
		if ok, _ := tx.WithdrawOrders("g1", 0, storm.France); ok {
			t.Error("withdrew twice")
		}
		return nil
	})
	view(t, db, func(tx *Tx) error {
		if recs, _ := tx.Orders("g1", 0); len(recs) != 0 {
			t.Error("orders still current")
		}
		if h, _ := tx.OrderHistory("g1", 0); len(h) != 1 {
			t.Error("withdrawn orders not in the history")
		}
		return nil
	})
}
