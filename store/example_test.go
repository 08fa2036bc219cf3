package store_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// Ingesting one email is one transaction: the message is marked seen, its
// orders stored and the receipt queued together, or not at all.
func ExampleDB_Update() {
	dir, err := os.MkdirTemp("", "store-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(filepath.Join(dir, "stormjudge.db"), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	at := time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC)
	err = db.Update(func(tx *store.Tx) error {
		if err := tx.PutState("storm-1", 0, adjudicator.NewGame(7), nil); err != nil {
			return err
		}
		return tx.PutGame(&store.Game{ID: "storm-1", Seats: []store.Seat{
			{Power: storm.Germany, Address: "g@example.org", SecretHash: store.HashSecret("germany")},
		}, Created: at})
	})
	if err != nil {
		log.Fatal(err)
	}

	ingest := func(messageID string) error {
		return db.Update(func(tx *store.Tx) error {
			raw := []byte("Message-ID: " + messageID + "\r\n\r\nGAME storm-1\r\n")
			d := store.Delivery{MessageID: messageID, Received: at, SHA256: store.RawHash(raw), Size: len(raw)}
			if err := tx.MarkSeen(store.DeliveryKey(messageID, raw), d); err != nil {
				return err // ErrExists: already applied, nothing else is written
			}
			err := tx.PutOrders("storm-1", 0, store.OrderRecord{Power: storm.Germany,
				Orders: []storm.Order{{Kind: storm.Convert, From: storm.Idle}}, MessageID: messageID, Received: at})
			if err != nil {
				return err
			}
			return tx.Enqueue(&store.Mail{ID: "receipt/" + messageID, To: []string{"g@example.org"}, Subject: "Orders received", Created: at})
		})
	}
	fmt.Println(ingest("<m1@example.org>"))
	fmt.Println(ingest("<m1@example.org>"))

	db.View(func(tx *store.Tx) error {
		pending, _ := tx.Pending()
		for _, m := range pending {
			fmt.Println(m.ID, m.MessageID)
		}
		return nil
	})
	// Output:
	// <nil>
	// store: mark seen 60500e80a9b4ad6c: already exists
	// receipt/<m1@example.org> <0e76da2b1f07807f85d2191749ceca5d@stormjudge.invalid>
}
