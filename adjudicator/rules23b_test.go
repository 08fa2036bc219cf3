package adjudicator_test

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/storm"
)

// Issue 23's rules of 9.14, 22.31C, 24.34, 24.83 and 31, played by email
// (bymail_test.go).

// balticPurge is the purge events the Baltic States' aggression added
// (22.31C, 31.91C) among evs.
func balticPurge(evs []event.Event) int {
	n := 0
	for _, e := range evs {
		if p, ok := e.(event.PurgeLevelRaised); ok && p.Rule == "22.31C" && strings.Contains(p.What, "Baltic") {
			n += p.Events
		}
	}
	return n
}

// TestRule22_31CBalticPurgeOnlyWithoutPact: Germany remilitarizes the
// Rhineland (Spring 1935) and moves against the Baltic States in Summer
// 1936, acquiesced. Russia is implacably hostile either way (31.91), but
// the two purge events of 31.91C come under 22.31C, which counts German
// aggression only while no Nazi-Soviet Pact has been signed: after Danzig
// and the Corridor taken with the pact offered (Spring 1936, acquiesced:
// the pact is signed) the purge level does not rise; without it, it
// rises by two.
func TestRule22_31CBalticPurgeOnlyWithoutPact(t *testing.T) {
	for _, pact := range []bool{false, true} {
		s := mailGame(t, 1)
		s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
		if pact {
			s, _ = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Spring}, storm.SegCrisisAggression)
			s, _ = aggress(t, s, storm.Germany, "DANZIG PACT", "ACQUIESCE")
		}
		s, _ = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Summer}, storm.SegCrisisAggression)
		if (s.SupportFacts.PactSigned != nil) != pact {
			t.Fatalf("pact %v: pact signed %v", pact, s.SupportFacts.PactSigned)
		}
		s, evs := aggress(t, s, storm.Germany, "BALTIC STATES", "ACQUIESCE")
		hostile, ok := enginetest.FirstOf[event.PactNotOffered](evs)
		if !ok || hostile.Target != storm.BalticStates || hostile.Rule != "31.91" {
			t.Fatalf("pact %v: 31.91: no hostility event for the Baltic States:\n%s", pact, enginetest.DumpEvents(evs))
		}
		want := 2
		if pact {
			want = 0
		}
		if hostile.Purge != want || hostile.PactSigned != pact {
			t.Errorf("pact %v: 22.31C: the event gives %d purge events (pact signed %v), want %d", pact, hostile.Purge, hostile.PactSigned, want)
		}
		if got := balticPurge(evs); got != want {
			t.Errorf("pact %v: 22.31C: the purge level rose by %d for the Baltic States, want %d\n%s", pact, got, want, enginetest.DumpEvents(evs))
		}
		if !s.Conditions.BalticAggression {
			t.Errorf("pact %v: 31.91: Russia's hostility not recorded", pact)
		}
	}
}
