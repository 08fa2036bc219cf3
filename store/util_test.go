package store

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// mark records the delivery of email raw with Message-ID id at t.
func mark(tx *Tx, id string, raw []byte, at time.Time) error {
	return tx.MarkSeen(DeliveryKey(id, raw), Delivery{MessageID: id, Received: at, SHA256: RawHash(raw), Size: len(raw)})
}

// seen reports whether that delivery was recorded.
func seen(tx *Tx, id string, raw []byte) bool {
	ok, err := tx.Seen(DeliveryKey(id, raw))
	return ok && err == nil
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o600) }

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
