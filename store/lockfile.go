package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// fileLock is a flock(2) on <data>.lock. Writable opens and Compact hold it
// exclusively, read-only opens shared. Its inode never changes, unlike the
// data file's, which Compact replaces: whoever waits for the lock opens the
// data file only once it has it, so it always opens the current file.
type fileLock struct{ f *os.File }

// lockFile takes the lock of the data file path, trying until timeout.
// A read-only open of a directory where the lock file cannot be created
// goes on without it (it only reads).
func lockFile(path string, exclusive bool, timeout time.Duration) (*fileLock, error) {
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil && !exclusive {
		if f, err = os.Open(name); err != nil {
			return nil, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: lock file: %w", path, err)
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			return &fileLock{f: f}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("store: open %s: lock file: %w", path, err)
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("store: open %s: file is locked by another process or DB (gave up after %v): %w", path, timeout, ErrLocked)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// release unlocks (closing the file drops the flock). Nil-safe.
func (l *fileLock) release() {
	if l != nil && l.f != nil {
		l.f.Close()
		l.f = nil
	}
}
