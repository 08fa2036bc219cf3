package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// flat is the public report of evs on one line.
func flat(evs []event.Event) string {
	return strings.Join(strings.Fields(Public("demo", evs, adjudicator.Derive(adjudicator.NewGame(1))).Text), " ")
}

// Rules 22.31C and 31.91C in the report: the Baltic States' purge events,
// or why there are none (the pact signed).
func TestRule22_31CBalticReport(t *testing.T) {
	turn := storm.Turn{Year: 1936, Season: storm.Summer}
	for _, c := range []struct {
		ev   event.PactNotOffered
		want string
	}{
		{event.PactNotOffered{Turn: turn, Target: storm.BalticStates, Purge: 2, Rule: "31.91"},
			"Germany moves against the Baltic States: Russia is implacably hostile (rule 31.91), its purge level +2 (rules 31.91C, 22.31C)."},
		{event.PactNotOffered{Turn: turn, Target: storm.BalticStates, Rule: "31.91", PactSigned: true},
			"its purge level does not rise, as the Nazi-Soviet Pact has been signed (rule 22.31C)."},
	} {
		if got := flat([]event.Event{c.ev}); !strings.Contains(got, c.want) {
			t.Errorf("report lacks %q:\n%s", c.want, got)
		}
	}
}
