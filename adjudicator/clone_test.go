package adjudicator_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// TestCloneSharesNothing takes the states of random whole games (with the
// illustrative deck and without one) and checks that Clone equals the
// state, that its JSON round trip equals the state's (the typed copy
// does what a copy by JSON would), and that it shares no memory with the
// state; and that Scratch does the same except for the deck's cards, the
// one thing it shares (issue 24). A JSON round trip is not compared with
// the state itself: omitempty turns its empty slices into nil ones.
func TestCloneSharesNothing(t *testing.T) {
	d := loadDeck(t, "illustrative.toml")
	n := 0
	for seed := uint64(1); seed <= 6; seed++ {
		s := setup.NewGameWithDeck(seed, d)
		if seed%3 == 0 {
			s = setup.NewGame(seed)
		}
		s, _, err := adjudicator.Resolve(crisis.WithCrisis(diplomacy.WithDiplomacy(s)), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = adjudicator.SimulateGameWith(s, 40, rand.New(rand.NewPCG(seed, 5)), 50, func(_, after storm.State, _ []event.Event) error {
			if n++; n%3 == 0 { // a third of the states: enough of every segment
				checkClone(t, fmt.Sprintf("seed %d, %s %s", seed, after.Turn, after.Segment), after)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 50 {
		t.Fatalf("only %d states", n)
	}
}

// checkClone checks s's Clone and Scratch (TestCloneSharesNothing).
func checkClone(t *testing.T, name string, s storm.State) {
	t.Helper()
	js, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back storm.State
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	var deck []memRange
	if s.Events != nil {
		deck = memory(reflect.ValueOf(s.Events.Deck))
	}
	orig := memory(reflect.ValueOf(s))
	for _, c := range []struct {
		how    string
		copy   storm.State
		shared []memRange // the memory the copy may share with s
	}{{"Clone", s.Clone(), nil}, {"Scratch", s.Scratch(), deck}} {
		if !reflect.DeepEqual(c.copy, s) {
			t.Errorf("%s: %s differs from the state", name, c.how)
		}
		cj, _ := json.Marshal(c.copy)
		var cback storm.State
		if err := json.Unmarshal(cj, &cback); err != nil || !bytes.Equal(cj, js) || !reflect.DeepEqual(cback, back) {
			t.Errorf("%s: %s's JSON round trip differs from the state's", name, c.how)
		}
		for _, m := range memory(reflect.ValueOf(c.copy)) {
			if overlaps(orig, m) && !slices.ContainsFunc(c.shared, func(x memRange) bool { return x.from <= m.from && m.to <= x.to }) {
				t.Errorf("%s: %s shares %s with the state", name, c.how, m.what)
			}
		}
	}
}

// memRange is memory a value refers to: [from, to) and what it is.
type memRange struct {
	from, to uintptr
	what     string
}

// overlaps reports whether m overlaps one of rs.
func overlaps(rs []memRange, m memRange) bool {
	return slices.ContainsFunc(rs, func(r memRange) bool { return r.from < m.to && m.from < r.to })
}

// memory lists the memory v refers to through pointers, slices and maps
// (strings are immutable: sharing them is harmless, so they are left out).
func memory(v reflect.Value) []memRange {
	var out []memRange
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				out = append(out, memRange{v.Pointer(), v.Pointer() + v.Type().Elem().Size(), path})
				walk(v.Elem(), path)
			}
		case reflect.Slice:
			if v.Cap() > 0 && v.Type().Elem().Size() > 0 {
				out = append(out, memRange{v.Pointer(), v.Pointer() + uintptr(v.Cap())*v.Type().Elem().Size(), path})
			}
			for i := range v.Len() {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Map:
			if !v.IsNil() {
				out = append(out, memRange{v.Pointer(), v.Pointer() + 1, path})
				for it := v.MapRange(); it.Next(); {
					walk(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()))
				}
			}
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), path)
			}
		}
	}
	walk(v, "State")
	return out
}
