package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// TestExportHasTheViewDocumented: `game export` carries the view the
// reports render (public and every power's; the moderators' part, absent
// here, is adjudicator.DrawPlan, documented in docs/deck.md) and the
// events they tell, and every key of the view is documented in
// docs/state.md.
func TestExportHasTheViewDocumented(t *testing.T) {
	s, evs, err := adjudicator.Resolve(adjudicator.NewGame(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	evJSON, err := event.MarshalEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "x.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *store.Tx) error {
		if err := tx.PutState("demo", 0, adjudicator.NewGame(3), nil); err != nil {
			return err
		}
		if err := tx.PutState("demo", 1, s, evJSON); err != nil {
			return err
		}
		return tx.PutGame(&store.Game{ID: "demo", Version: 1, Seats: []store.Seat{{Power: storm.Germany, Address: "g@x.test", SecretHash: "h", TimeZone: "Europe/Berlin"}}})
	}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := gameExport(db, "demo", -1, &buf); err != nil {
		t.Fatal(err)
	}
	var out struct {
		View   map[string]any   `json:"view"`
		Events []map[string]any `json:"events"`
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Events) != len(evs) || out.Events[0]["type"] == nil {
		t.Errorf("export has %d events, the adjudication made %d", len(out.Events), len(evs))
	}
	pub, _ := out.View["public"].(map[string]any)
	powers, _ := out.View["powers"].(map[string]any)
	if pub == nil || len(powers) != 5 {
		t.Fatalf("view: %v", out.View)
	}
	ger, _ := powers["germany"].(map[string]any)
	for _, k := range []string{"convert_cost", "mobilize_cost", "naval", "options", "research"} {
		if _, ok := ger[k]; !ok {
			t.Errorf("germany's view lacks %q", k)
		}
	}
	doc, err := os.ReadFile("../../docs/state.md")
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	collectKeys(out.View, keys)
	// The envelope, the seats' and the rules' keys too.
	var env map[string]any
	if err := json.Unmarshal(buf.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	for k, v := range env {
		keys[k] = true
		if k == "seats" || k == "rules" {
			collectKeys(v, keys)
		}
	}
	var missing []string
	for k := range keys {
		if !strings.Contains(string(doc), "`"+k+"`") && !strings.Contains(string(doc), `"`+k+`"`) {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("docs/state.md does not document these keys of the view: %v", missing)
	}
}

// collectKeys gathers every object key under v, except the keys of maps
// keyed by power.
func collectKeys(v any, keys map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if _, isPower := map[string]bool{"germany": true, "italy": true, "britain": true, "france": true, "russia": true}[k]; !isPower {
				keys[k] = true
			}
			collectKeys(x, keys)
		}
	case []any:
		for _, x := range v {
			collectKeys(x, keys)
		}
	}
}
