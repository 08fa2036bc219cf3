package store

import (
	"encoding/json"
	"os"
	"testing"
)

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o600) }

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
