package deck

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// The shipped table (testdata/aggression-effects.toml) is the engine's
// default table of 30, row for row: a moderator edits a faithful copy.
func TestRule30_ShippedTableIsTheDefault(t *testing.T) {
	if os.Getenv("STORMJUDGE_WRITE_EFFECTS") != "" {
		b, _ := FormatEffects(storm.DefaultAggressionEffects)
		_ = os.WriteFile("../testdata/aggression-effects.toml", append([]byte(effectsHeader), b...), 0o644)
	}
	rows, err := LoadEffects("../testdata/aggression-effects.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows, storm.DefaultAggressionEffects) {
		t.Errorf("testdata/aggression-effects.toml differs from adjudicator.DefaultAggressionEffects; regenerate it with FormatEffects")
	}
}

// Rule 30: a table with a mistake is refused with what is wrong.
func TestRule30_BadTables(t *testing.T) {
	for _, tc := range []struct{ toml, want string }{
		{"[[effect]]\nkind = \"value\"\ntarget = \"Narnia\"\nvalue = 1\nrule = \"x\"\n", "not a target"},
		{"[[effect]]\nkind = \"bribe\"\ntarget = \"Austria\"\nvalue = 1\nrule = \"x\"\n", "kind must be one of"},
		{"[[effect]]\nkind = \"value\"\ntarget = \"Austria\"\nvalu = 1\nrule = \"x\"\n", "unknown key"},
		{"[[effect]]\nkind = \"value\"\ntarget = \"Austria\"\nvalue = 1\n", "names its rule"},
		{"", "no [[effect]] row"},
	} {
		if _, err := ParseEffects([]byte(tc.toml)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.toml, err, tc.want)
		}
	}
}

const effectsHeader = `# The effects of Axis aggressions (rule 30), as stormjudge plays them by
# default: every effect the rulebook names for an aggression, one row each
# with its rule; "inferred = true" marks what the rulebook leaves to the
# Battle Manual's Aggression Effects Guide (not in the rulebook) and
# stormjudge infers (docs/rules.md, "Aggression effects"). A moderator who
# owns the guide edits a copy and names it in the game's configuration
# (aggression_effects = "FILE"); the table is fixed when the game is created.
# Keys: kind (value, eai, permanent-support, temporary-support, purge),
# aggressor (germany, italy; absent: either), target (as rules 27.31 and
# 27.41 spell it; "*": every target but those in except), power (who gains
# a permanent support increase), value, turns (temporary support: 0 = as
# many turns as the target's value), rule, inferred.

`
