package store

import (
	"errors"
	"sync"
)

// Group commit. Every Update ends in a commit with fsync, a few
// milliseconds on a real disk; the outbox's workers each record an attempt
// before and a send after every mail, and at that rate the disk, not the
// work, bounds how many mails a second go out. Batch lets concurrent
// small writes share one commit without making a lone one wait: the first
// caller commits at once; the calls that arrive while a commit runs wait
// for it and then commit together, one fsync for all of them.

// batcher holds the Batch calls waiting for the next shared transaction.
type batcher struct {
	mu      sync.Mutex
	pending []*batchCall
	running bool // a leader is committing
}

type batchCall struct {
	fn   func(*Tx) error
	done chan batchResult
}

// batchResult is a call's outcome: its error, or the value it panicked
// with, which Batch raises again in the caller's goroutine.
type batchResult struct {
	err   error
	panic any
}

// wait returns c's result, panicking with fn's panic.
func (c *batchCall) wait() error {
	r := <-c.done
	if r.panic != nil {
		panic(r.panic)
	}
	return r.err
}

// errBatchCall marks the call whose error failed a shared transaction.
var errBatchCall = errors.New("store: a call of the batch failed")

// Batch runs fn in a write transaction shared with the Batch calls other
// goroutines make meanwhile, and returns when that transaction committed
// (fn's writes are durable) or failed. fn may run more than once: when a
// shared transaction fails, each of its calls runs again in a transaction
// of its own, whose result is what Batch returns; so fn must only write
// through tx and compute its writes from what it reads there. As with
// Update, never start a transaction inside fn.
func (db *DB) Batch(fn func(*Tx) error) error {
	c := &batchCall{fn: fn, done: make(chan batchResult, 1)}
	b := &db.batch
	b.mu.Lock()
	b.pending = append(b.pending, c)
	if b.running {
		b.mu.Unlock()
		return c.wait()
	}
	b.running = true
	calls := b.pending
	b.pending = nil
	b.mu.Unlock()
	db.commitBatch(calls)
	// The calls that came meanwhile are committed by another goroutine,
	// so that this caller returns now.
	b.mu.Lock()
	if len(b.pending) > 0 {
		go db.leadBatches()
	} else {
		b.running = false
	}
	b.mu.Unlock()
	return c.wait()
}

// leadBatches commits the waiting calls, batch after batch, until none is
// left.
func (db *DB) leadBatches() {
	b := &db.batch
	for {
		b.mu.Lock()
		calls := b.pending
		b.pending = nil
		if len(calls) == 0 {
			b.running = false
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		db.commitBatch(calls)
	}
}

// commitBatch runs calls in one transaction; if it fails (or a call
// panics), each call runs again alone. Every call gets its result.
func (db *DB) commitBatch(calls []*batchCall) {
	if len(calls) > 1 && db.shared(calls) == nil {
		for _, c := range calls {
			c.done <- batchResult{}
		}
		return
	}
	for _, c := range calls {
		c.done <- db.alone(c.fn)
	}
}

// shared runs calls in one Update; a panic is an error here.
func (db *DB) shared(calls []*batchCall) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errBatchCall
		}
	}()
	return db.Update(func(tx *Tx) error {
		for _, c := range calls {
			if err := c.fn(tx); err != nil {
				return errBatchCall
			}
		}
		return nil
	})
}

// alone runs fn in an Update of its own, its panic caught for its caller.
func (db *DB) alone(fn func(*Tx) error) (r batchResult) {
	defer func() {
		if p := recover(); p != nil {
			r = batchResult{panic: p}
		}
	}()
	return batchResult{err: db.Update(fn)}
}
