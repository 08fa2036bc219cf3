package store

import (
	"fmt"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
)

// BenchmarkIngest measures one email's transaction: MarkSeen + PutOrders +
// Enqueue(receipt), committed and synced.
func BenchmarkIngest(b *testing.B) {
	db := openTest(b)
	createGame(b, db, "g1", 0)
	raw := make([]byte, 4096)
	orders := []storm.Order{
		{Kind: storm.Convert, From: storm.Idle, Line: 4},
		{Kind: storm.Mobilize, From: storm.Civilian, Line: 5},
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		id := fmt.Sprintf("<m%d@example.org>", i)
		at := t0.Add(time.Duration(i) * time.Second)
		err := db.Update(func(tx *Tx) error {
			if err := mark(tx, id, raw, at); err != nil {
				return err
			}
			if err := tx.PutOrders("g1", 0, OrderRecord{Power: storm.Powers[i%5], Orders: orders, MessageID: id, From: "p@example.org", Received: at}); err != nil {
				return err
			}
			return tx.Enqueue(&Mail{ID: "receipt/" + id, From: "judge@example.org", To: []string{"p@example.org"}, Subject: "Orders received", Body: "CONVERT IDLE TO CIVILIAN\nMOBILIZE CIVILIAN\n", InReplyTo: id, Created: at})
		})
		if err != nil {
			b.Fatal(err)
		}
		i++
	}
}
