package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// t0 is a fixed clock reading; tests never depend on the real clock.
var t0 = time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC)

// openTest opens a fresh store and checks its invariants before closing it.
func openTest(t testing.TB) *DB {
	t.Helper()
	db := openPath(t, filepath.Join(t.TempDir(), "store.db"))
	t.Cleanup(func() {
		if err := db.View(Check); err != nil {
			t.Errorf("Check after test: %v", err)
		}
	})
	return db
}

// openPath opens the store at path and closes it at the end of the test.
func openPath(t testing.TB, path string) *DB {
	t.Helper()
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func update(t testing.TB, db *DB, fn func(*Tx) error) {
	t.Helper()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

func view(t testing.TB, db *DB, fn func(*Tx) error) {
	t.Helper()
	if err := db.View(fn); err != nil {
		t.Fatal(err)
	}
}

// testHash is one real hash shared by tests that only need a valid seat
// (argon2id costs ~20 ms, more under -race).
var testHash = sync.OnceValue(func() string { return HashSecret("germany") })

func newGame(id string, version int) *Game {
	return &Game{
		ID:      id,
		Version: version,
		Seats: []Seat{
			{Power: storm.Germany, Address: "g@example.org", SecretHash: testHash()},
			{Power: storm.Britain, Address: "b@example.org", SecretHash: testHash()},
		},
		Moderators:      []string{"gm@example.org"},
		Deadline:        t0.Add(48 * time.Hour),
		SegmentDuration: 48 * time.Hour,
		Created:         t0,
	}
}

// createGame stores a game at version with its states 0..version.
func createGame(t testing.TB, db *DB, id string, version int) {
	t.Helper()
	update(t, db, func(tx *Tx) error {
		for v := 0; v <= version; v++ {
			if err := tx.PutState(id, v, adjudicator.NewGame(uint64(v)+1), nil); err != nil {
				return err
			}
		}
		return tx.PutGame(newGame(id, version))
	})
}

func TestOpen(t *testing.T) {
	t.Run("second open of a locked file fails after the timeout", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "store.db")
		openPath(t, path)
		db2, err := Open(path, &Options{Timeout: 50 * time.Millisecond})
		if err == nil {
			db2.Close()
			t.Fatal("second Open of a locked file succeeded")
		}
		if !strings.Contains(err.Error(), "store: open") || !strings.Contains(err.Error(), "locked") {
			t.Errorf("error %q does not say the file is locked", err)
		}
	})
	t.Run("open after close succeeds", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "store.db")
		db, err := Open(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		openPath(t, path)
	})
	t.Run("open of a file that is not a store fails", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "junk")
		if err := writeFile(path, strings.Repeat("not a bbolt file\n", 1000)); err != nil {
			t.Fatal(err)
		}
		db, err := Open(path, nil)
		if err == nil {
			db.Close()
			t.Fatal("Open of a junk file succeeded")
		}
		if !strings.HasPrefix(err.Error(), "store: open") {
			t.Errorf("error %q lacks the package prefix", err)
		}
	})
	t.Run("read-only open reads and refuses writes", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "store.db")
		db, err := Open(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		createGame(t, db, "g1", 0)
		db.Close()
		ro, err := Open(path, &Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer ro.Close()
		view(t, ro, func(tx *Tx) error {
			_, err := tx.Game("g1")
			return err
		})
		if err := ro.Update(func(tx *Tx) error { return nil }); err == nil {
			t.Error("Update on a read-only store succeeded")
		}
	})
}

func TestReopenKeepsEverything(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	state := adjudicator.NewGame(42)
	events := []byte(`[{"type":"Example"}]`)
	update(t, db, func(tx *Tx) error {
		return errors.Join(
			tx.PutState("g1", 0, adjudicator.NewGame(1), nil),
			tx.PutState("g1", 1, state, events),
			tx.PutGame(newGame("g1", 1)),
			tx.PutOrders("g1", 1, OrderRecord{Power: storm.Germany, Orders: []storm.Order{{Kind: storm.Mobilize, From: storm.Idle, Line: 4}}, MessageID: "<m1@x>", From: "g@example.org", Received: t0}),
			mark(tx, "<m1@x>", []byte("Subject: orders\r\n\r\nbody"), t0),
			tx.SetMailbox("INBOX", 7, 99),
			tx.Enqueue(&Mail{ID: "receipt-1", To: []string{"g@example.org"}, Subject: "Receipt", Body: "ok", Created: t0}),
			tx.Audit("g1", AuditEntry{Time: t0, Actor: "g@example.org", Action: "orders", Detail: "MOBILIZE IDLE"}),
		)
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openPath(t, path)
	view(t, db, func(tx *Tx) error {
		if err := Check(tx); err != nil {
			t.Errorf("Check: %v", err)
		}
		g, err := tx.Game("g1")
		if err != nil || g.Version != 1 || len(g.Seats) != 2 || !g.Created.Equal(t0) {
			t.Errorf("game = %+v, %v", g, err)
		}
		s, err := tx.State("g1", 1)
		if err != nil || jsonOf(t, s) != jsonOf(t, state) {
			t.Errorf("state 1 differs after reopen (err %v)", err)
		}
		ev, err := tx.Events("g1", 1)
		if err != nil || string(ev) != string(events) {
			t.Errorf("events = %q, %v", ev, err)
		}
		os, err := tx.Orders("g1", 1)
		if err != nil || len(os) != 1 || os[storm.Germany].Orders[0].From != storm.Idle {
			t.Errorf("orders = %+v, %v", os, err)
		}
		if !seen(tx, "<m1@x>", []byte("Subject: orders\r\n\r\nbody")) {
			t.Error("delivery not seen after reopen")
		}
		if v, u, err := tx.Mailbox("INBOX"); v != 7 || u != 99 || err != nil {
			t.Errorf("Mailbox = %d, %d, %v", v, u, err)
		}
		if m, err := tx.Mail("receipt-1"); err != nil || m.Subject != "Receipt" {
			t.Errorf("Mail = %+v, %v", m, err)
		}
		if log, err := tx.AuditLog("g1"); err != nil || len(log) != 1 || log[0].Action != "orders" {
			t.Errorf("AuditLog = %+v, %v", log, err)
		}
		return nil
	})
}

func TestTransactionAtomicity(t *testing.T) {
	errIngest := errors.New("ingest failed late")
	tests := []struct {
		name string
		fail func() error // how fn ends after writing
	}{
		{"error leaves nothing behind", func() error { return errIngest }},
		{"panic leaves nothing behind", func() error { panic(errIngest) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			createGame(t, db, "g1", 0)
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = r.(error)
					}
				}()
				return db.Update(func(tx *Tx) error {
					if err := mark(tx, "<m1@x>", []byte("raw"), t0); err != nil {
						return err
					}
					if err := tx.PutOrders("g1", 0, OrderRecord{Power: storm.Germany, Pass: true, Received: t0}); err != nil {
						return err
					}
					if err := tx.Enqueue(&Mail{ID: "receipt-m1", To: []string{"g@example.org"}, Created: t0}); err != nil {
						return err
					}
					if err := tx.Audit("g1", AuditEntry{Time: t0, Actor: "g@example.org", Action: "orders"}); err != nil {
						return err
					}
					return tt.fail()
				})
			}()
			if !errors.Is(err, errIngest) {
				t.Fatalf("Update returned %v, want fn's error", err)
			}
			view(t, db, func(tx *Tx) error {
				if seen(tx, "<m1@x>", []byte("raw")) {
					t.Error("message marked seen")
				}
				if os, _ := tx.Orders("g1", 0); len(os) != 0 {
					t.Errorf("orders kept: %+v", os)
				}
				if _, err := tx.Mail("receipt-m1"); !errors.Is(err, ErrNotFound) {
					t.Errorf("receipt kept (Mail err %v)", err)
				}
				if log, _ := tx.AuditLog("g1"); len(log) != 0 {
					t.Errorf("audit kept: %+v", log)
				}
				return nil
			})
		})
	}
}

func TestWriteInViewFails(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 0)
	writes := []struct {
		name string
		fn   func(*Tx) error
	}{
		{"PutGame", func(tx *Tx) error { return tx.PutGame(newGame("g2", 0)) }},
		{"PutState", func(tx *Tx) error { return tx.PutState("g1", 0, adjudicator.NewGame(1), nil) }},
		{"PutOrders", func(tx *Tx) error { return tx.PutOrders("g1", 0, OrderRecord{Power: storm.Italy}) }},
		{"MarkSeen", func(tx *Tx) error { return mark(tx, "<a@b>", nil, t0) }},
		{"SetMailbox", func(tx *Tx) error { return tx.SetMailbox("INBOX", 1, 1) }},
		{"Enqueue", func(tx *Tx) error { return tx.Enqueue(&Mail{ID: "x", To: []string{"a@b"}}) }},
		{"Audit", func(tx *Tx) error { return tx.Audit("g1", AuditEntry{Action: "x"}) }},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			err := db.View(w.fn)
			if err == nil || !strings.Contains(err.Error(), "read-only transaction") {
				t.Errorf("%s in View: err = %v, want a read-only transaction error", w.name, err)
			}
		})
	}
}

func TestConcurrentReadersAndWriter(t *testing.T) {
	db := openTest(t)
	createGame(t, db, "g1", 0)
	const writes = 50
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	writerDone := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(writerDone)
		for i := range writes {
			err := db.Update(func(tx *Tx) error {
				id := fmt.Sprintf("<m%d@x>", i)
				return errors.Join(
					mark(tx, id, []byte("raw"), t0),
					tx.PutOrders("g1", 0, OrderRecord{Power: storm.Germany, MessageID: id, Received: t0}),
					tx.Enqueue(&Mail{ID: "receipt-" + id, To: []string{"g@example.org"}, Created: t0.Add(time.Duration(i))}),
				)
			})
			if err != nil {
				errs <- err
				return
			}
		}
	}()
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			last := 0
			for stop := false; last < writes && !stop; {
				select {
				case <-writerDone:
					stop = true // one more read, then stop even if the writer failed
				default:
				}
				err := db.View(func(tx *Tx) error {
					mails, err := tx.Pending()
					if err != nil {
						return err
					}
					hist, err := tx.OrderHistory("g1", 0)
					if err != nil {
						return err
					}
					// One transaction: every receipt has its orders.
					os, err := tx.Orders("g1", 0)
					if err != nil {
						return err
					}
					if n := len(mails); n > 0 && (len(hist) != n-1 || len(os) != 1) {
						return fmt.Errorf("inconsistent snapshot: %d mails, %d replaced orders", n, len(hist))
					}
					if len(mails) < last {
						return fmt.Errorf("pending went from %d to %d", last, len(mails))
					}
					last = len(mails)
					return nil
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
