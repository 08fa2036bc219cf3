//go:build !unix

package mailserver

import (
	"fmt"
	"os"
)

// lockDir only creates the lock file where flock(2) is not available: the
// caller must make sure that one server at a time uses Dir.
func lockDir(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	return f, nil
}

func unlockDir(f *os.File) error { return f.Close() }
