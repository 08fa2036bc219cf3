package store

import (
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"

	bolt "go.etcd.io/bbolt"
)

// simulatedStates are the states of a game played by the simulator's
// random players: what PutState stores version after version.
func simulatedStates(t testing.TB, n int) []storm.State {
	t.Helper()
	for seed := uint64(1); seed < 20; seed++ {
		s := adjudicator.WithCrisis(adjudicator.WithDiplomacy(adjudicator.NewGame(1935 + seed)))
		out := []storm.State{s}
		rng := rand.New(rand.NewPCG(seed, 2))
		for len(out) < n && !s.Ended {
			var err error
			if s, _, err = adjudicator.Resolve(s, adjudicator.Players{Standing: 50, Peaceful: true}.Orders(s, rng)); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		if len(out) == n {
			return out
		}
	}
	t.Fatalf("no simulated game lasted %d versions", n)
	return nil
}

// storedStates returns the raw values of game's states bucket by version.
func storedStates(t testing.TB, db *DB, game string) map[int][]byte {
	t.Helper()
	out := map[int][]byte{}
	view(t, db, func(tx *Tx) error {
		return tx.rbucket(bucketGame, []byte(game), bucketStates).ForEach(func(k, v []byte) error {
			out[int(binary.BigEndian.Uint64(k))] = clone(v)
			return nil
		})
	})
	return out
}

// TestStateDeltas: a state is stored as a delta on the version before,
// except every keyframeEvery-th; every version reads back as it was put,
// also after a version in the middle was replaced (the next one, a delta
// on it, is rebased) and after a rollback and new versions.
func TestStateDeltas(t *testing.T) {
	const n = 40
	states := simulatedStates(t, n)
	db := openTest(t)
	update(t, db, func(tx *Tx) error {
		for v, s := range states {
			if err := tx.PutState("g1", v, s, nil); err != nil {
				return err
			}
		}
		return tx.PutGame(newGame("g1", n-1))
	})
	check := func(label string, want []storm.State) {
		t.Helper()
		view(t, db, func(tx *Tx) error {
			for v, w := range want {
				got, err := tx.State("g1", v)
				if err != nil {
					t.Fatalf("%s: version %d: %v", label, v, err)
				}
				if jsonOf(t, got) != jsonOf(t, w) {
					t.Errorf("%s: version %d reads differently", label, v)
				}
			}
			return Check(tx)
		})
	}
	check("as put", states)
	raw := storedStates(t, db, "g1")
	var whole, delta int
	for v := range n {
		if isDelta(raw[v]) == (v%keyframeEvery == 0) {
			t.Errorf("version %d: delta %v", v, isDelta(raw[v]))
		}
		if isDelta(raw[v]) {
			delta += len(raw[v])
		} else {
			whole += len(pack([]byte(jsonOf(t, states[v]))))
		}
	}
	t.Logf("%d whole versions: %d bytes; %d deltas: %d bytes", n/keyframeEvery+1, whole, n-n/keyframeEvery-1, delta)
	perWhole, perDelta := whole/(n/keyframeEvery+1), delta/(n-n/keyframeEvery-1)
	if perDelta*3 > perWhole {
		t.Errorf("a delta takes %d bytes, a whole state %d: deltas do not pay", perDelta, perWhole)
	}

	// Replace version 20 (a delta, and the base of 21's delta).
	fixed := states[20]
	fixed.Turn.Year = 1999
	update(t, db, func(tx *Tx) error { return tx.PutState("g1", 20, fixed, nil) })
	want := append([]storm.State{}, states...)
	want[20] = fixed
	check("version 20 replaced", want)
	view(t, db, func(tx *Tx) error {
		h, err := tx.StateHistory("g1", 20)
		if err != nil || len(h) != 1 || string(h[0].State) != jsonOf(t, states[20]) {
			t.Errorf("history of version 20: %d entries, %v", len(h), err)
		}
		return nil
	})

	// Roll back to 18 and adjudicate again, differently.
	update(t, db, func(tx *Tx) error { return tx.Rollback("g1", 18) })
	update(t, db, func(tx *Tx) error {
		for v := 19; v < 25; v++ {
			if err := tx.PutState("g1", v, states[v-10], nil); err != nil {
				return err
			}
		}
		g, err := tx.Game("g1")
		if err != nil {
			return err
		}
		g.Version = 24
		return tx.PutGame(g)
	})
	want = append(append([]storm.State{}, states[:19]...), states[9:15]...)
	check("after a rollback", want)
	view(t, db, func(tx *Tx) error {
		for v := 19; v <= 39; v++ {
			h, err := tx.StateHistory("g1", v)
			if err != nil || len(h) == 0 {
				t.Fatalf("version %d not archived: %v", v, err)
			}
			w := states[v]
			if v == 20 {
				w = fixed
			}
			if string(h[len(h)-1].State) != jsonOf(t, w) {
				t.Errorf("version %d archived differently", v)
			}
		}
		return nil
	})
}

// TestCheckCatchesBrokenDelta: a delta whose base changed under it does
// not decode, and Check says which.
func TestCheckCatchesBrokenDelta(t *testing.T) {
	states := simulatedStates(t, 3)
	db := openTest(t)
	update(t, db, func(tx *Tx) error {
		for v, s := range states {
			if err := tx.PutState("g1", v, s, nil); err != nil {
				return err
			}
		}
		return tx.PutGame(newGame("g1", 2))
	})
	// Version 1 replaced behind the store's back: 2 is a delta on it.
	v1 := storedStates(t, db, "g1")[1]
	put1 := func(v []byte) {
		if err := db.db.Update(func(btx *bolt.Tx) error {
			return btx.Bucket(bucketGame).Bucket([]byte("g1")).Bucket(bucketStates).Put(versionKey(1), v)
		}); err != nil {
			t.Fatal(err)
		}
	}
	sv, _ := json.Marshal(adjudicator.NewGame(99))
	put1(pack(sv))
	if err := db.View(Check); err == nil {
		t.Fatal("Check missed a delta on a changed base")
	} else {
		t.Log(err)
	}
	if err := db.View(func(tx *Tx) error { _, err := tx.State("g1", 2); return err }); err == nil {
		t.Error("State decoded a delta on a changed base")
	}
	put1(v1) // for openTest's cleanup
}
