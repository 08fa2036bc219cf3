package store

import (
	"errors"
	"path/filepath"
	"sync"
	"testing"
)

// TestBatchGroupsConcurrentWrites: concurrent Batch calls share
// transactions (fewer commits than calls), every write is kept, a call's
// error fails only that call, and a panic reaches its own caller.
func TestBatchGroupsConcurrentWrites(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "b.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const n = 64
	var mu sync.Mutex
	bad := errors.New("refused")
	// round runs n concurrent calls, call i failing with fail(i) (an
	// error or a panic), and returns the transactions they ran in and
	// each call's error and panic.
	round := func(fail func(i int) error) (int, []error, []any) {
		txs := map[any]bool{}
		errs, panics := make([]error, n), make([]any, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { panics[i] = recover() }()
				errs[i] = db.Batch(func(tx *Tx) error {
					mu.Lock()
					txs[tx.tx] = true
					mu.Unlock()
					if err := fail(i); err != nil {
						if err.Error() == "panic" {
							panic(i)
						}
						return err
					}
					return tx.Count("batched", 1)
				})
			}()
		}
		wg.Wait()
		return len(txs), errs, panics
	}
	counter := func() uint64 {
		var got uint64
		db.View(func(tx *Tx) error { got = tx.Counter("batched"); return nil })
		return got
	}
	ntx, errs, panics := round(func(int) error { return nil })
	for i := range n {
		if errs[i] != nil || panics[i] != nil {
			t.Errorf("call %d: %v %v", i, errs[i], panics[i])
		}
	}
	if got := counter(); got != n {
		t.Errorf("counter %d, want %d: a write lost or doubled", got, n)
	}
	t.Logf("%d concurrent calls in %d transactions", n, ntx)
	if ntx >= n {
		t.Errorf("%d transactions for %d concurrent calls: nothing shared", ntx, n)
	}
	// A failing call fails alone; the others' writes are kept once.
	_, errs, panics = round(func(i int) error {
		switch i {
		case 7:
			return bad
		case 9:
			return errors.New("panic")
		}
		return nil
	})
	for i := range n {
		switch {
		case i == 7 && !errors.Is(errs[i], bad):
			t.Errorf("call 7: %v, want its own error", errs[i])
		case i == 9 && panics[i] != 9:
			t.Errorf("call 9: panic %v, want its own", panics[i])
		case i != 7 && i != 9 && (errs[i] != nil || panics[i] != nil):
			t.Errorf("call %d: %v %v", i, errs[i], panics[i])
		}
	}
	if got := counter(); got != 2*n-2 {
		t.Errorf("counter %d, want %d: a write lost or doubled", got, 2*n-2)
	}
}
