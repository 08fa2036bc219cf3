package judge

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// FuzzValidateOrders: whatever a sender writes, parsing it and checking it
// against a game (Validate, Preview, and Resolve when it is accepted) never
// panics. Seeds: the example emails' bodies.
func FuzzValidateOrders(f *testing.F) {
	files, _ := filepath.Glob("../testdata/orders/*.eml")
	for _, p := range files {
		raw, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if m, err := orders.ReadMessage(raw); err == nil {
			f.Add(m.Body)
		}
	}
	f.Add("GAME demo\nSECRET x\nMOBILIZE IDLE: ARMOR, INFANTRY, AIR\nRESEARCH COUNTER 2\nBUILD ARMOR WITH 3\nLAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, LEFTOVER 1\n")
	base, _, err := adjudicator.Resolve(adjudicator.NewGame(11), nil)
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range storm.Powers {
		base.Powers[p].TilePoints = 21
	}
	f.Fuzz(func(t *testing.T, body string) {
		watchdog := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("slow input (over 10s): %q", body)) })
		defer watchdog.Stop()
		sub, _ := orders.Parse(body)
		if sub == nil {
			return
		}
		for _, p := range storm.Powers {
			if len(adjudicator.Validate(base, p, sub.Orders)) > 0 {
				continue
			}
			if _, ok := adjudicator.Preview(base, p, sub.Orders); !ok {
				t.Fatalf("%s: valid orders without a preview: %v", p, sub.Orders)
			}
			if _, _, err := adjudicator.Resolve(base, map[storm.Power][]storm.Order{p: sub.Orders}); err != nil {
				t.Fatalf("%s: Resolve of valid orders: %v", p, err)
			}
		}
	})
}
