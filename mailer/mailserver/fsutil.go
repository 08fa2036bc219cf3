package mailserver

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
)

// fsyncs counts the fsync calls of every Server in the process, for the
// benchmarks' fsyncs/op.
var fsyncs atomic.Int64

// fsync is f.Sync, counted.
func fsync(f *os.File) error {
	fsyncs.Add(1)
	return f.Sync()
}

// tmpPrefix starts the names of files being written; leftovers from a crash
// are removed at start.
const tmpPrefix = ".tmp-"

// writeFileAtomic replaces path with data: write a temporary file in the same
// directory, fsync it, rename it over path, fsync the directory. After a
// crash path holds either the old or the new content, never a mix.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, tmpPrefix+"*")
	if err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("mailserver: write %s: %w", path, err)
	}
	if err := f.Chmod(perm); err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	if err := fsync(f); err != nil {
		return fmt.Errorf("mailserver: fsync %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("mailserver: close %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	ok = true
	return syncDir(dir)
}

// writeJSONAtomic marshals v (indented, for people reading Dir) and writes it
// with writeFileAtomic.
func writeJSONAtomic(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("mailserver: encode %s: %w", path, err)
	}
	return writeFileAtomic(path, append(data, '\n'), 0o600)
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("mailserver: decode %s: %w", path, err)
	}
	return nil
}

// syncDir fsyncs a directory so that renames and new entries in it are
// durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	defer d.Close()
	if err := fsync(d); err != nil {
		return fmt.Errorf("mailserver: fsync %s: %w", dir, err)
	}
	return nil
}

// removeTempFiles removes the leftovers of interrupted writeFileAtomic calls
// in dir.
func removeTempFiles(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return fmt.Errorf("mailserver: %w", err)
			}
		}
	}
	return nil
}
