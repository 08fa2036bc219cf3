package adjudicator_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// A rule case, in the style of godip's DATC files:
//
//	CASE <id carrying the rule number>
//	STATE            key=value overrides of NewGame(1), keys are JSON paths
//	                 of the state (powers.germany.tile_points=12); values are
//	                 JSON, or bare strings. "@full" resolves with Resolve
//	                 (advancing to the next segment needing orders) instead
//	                 of resolving the open segment only. The segment defaults
//	                 to economic.
//	ORDERS           <power>: <line>, one per line: a power's lines are
//	                 read as the judge reads an order email (orders.Parse):
//	                 orders, and FOR lines above standing ones
//	EXPECT           error <power> <rule> | valid <power> |
//	                 event <Type> k=v ... | noevent <Type> k=v ... |
//	                 <json path>=<value> of the state after resolution
//	END
//
// A power's lines the grammar refuses are its email refused, as the judge's
// receipt refuses it: the power gives no orders, and the refusal (the parse
// errors' text) answers an "error <power> <rule>" line, as the engine's
// refusal of an order the grammar lets through would.
type ruleCase struct {
	id      string
	file    string
	line    int
	state   []string
	full    bool
	lines   map[storm.Power][]caseLine
	orders  map[storm.Power][]storm.Order
	refused map[storm.Power]error
	expect  []string
}

// caseLine is one ORDERS line of a power, without the power, and the
// line of the case file it is on.
type caseLine struct {
	n    int
	text string
}

// caseOrders reads a power's ORDERS lines as the judge reads an order
// email, with the one grammar (orders.Parse): the orders, numbered by the
// lines of the case file, or the email's refusal.
func caseOrders(p storm.Power, lines []caseLine) ([]storm.Order, error) {
	body := []string{"GAME case", "POWER " + p.String(), "SECRET x"}
	head := len(body)
	for _, l := range lines {
		body = append(body, l.text)
	}
	fileLine := func(n int) int {
		if n > head && n-head <= len(lines) {
			return lines[n-head-1].n
		}
		return n
	}
	sub, err := orders.Parse(strings.Join(body, "\n"))
	if err != nil {
		if es, ok := err.(orders.Errors); ok {
			for _, e := range es {
				e.Line = fileLine(e.Line)
			}
		}
		return nil, err
	}
	for i := range sub.Orders {
		sub.Orders[i].Line = fileLine(sub.Orders[i].Line)
	}
	return sub.Orders, nil
}

func TestRuleCases(t *testing.T) {
	files, err := filepath.Glob("testdata/*.cases")
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files: %v", err)
	}
	n := 0
	for _, f := range files {
		cases, err := readCases(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			n++
			t.Run(c.id, func(t *testing.T) { runCase(t, c) })
		}
	}
	t.Logf("%d rule cases", n)
}

func readCases(file string) ([]*ruleCase, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*ruleCase
	var c *ruleCase
	section := ""
	sc := bufio.NewScanner(f)
	ln := 0
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		switch {
		case strings.HasPrefix(line, "CASE "):
			if c != nil {
				return nil, fmt.Errorf("%s:%d: CASE inside case %s", file, ln, c.id)
			}
			c = &ruleCase{id: strings.TrimSpace(line[5:]), file: file, line: ln, lines: map[storm.Power][]caseLine{},
				orders: map[storm.Power][]storm.Order{}, refused: map[storm.Power]error{}}
			section = ""
			continue
		case line == "STATE" || line == "ORDERS" || line == "EXPECT":
			section = line
			continue
		case line == "END":
			if c == nil {
				return nil, fmt.Errorf("%s:%d: END outside a case", file, ln)
			}
			for p, ls := range c.lines {
				os, err := caseOrders(p, ls)
				if err != nil {
					c.refused[p] = err
					continue
				}
				c.orders[p] = os
			}
			out = append(out, c)
			c = nil
			continue
		}
		if c == nil {
			return nil, fmt.Errorf("%s:%d: text outside a case: %q", file, ln, line)
		}
		switch section {
		case "STATE":
			if line == "@full" {
				c.full = true
			} else {
				c.state = append(c.state, line)
			}
		case "ORDERS":
			pw, text, ok := strings.Cut(line, ":")
			p, okp := storm.ParsePower(pw)
			if !ok || !okp {
				return nil, fmt.Errorf("%s: %s:%d: want <power>: <order>", c.id, file, ln)
			}
			c.lines[p] = append(c.lines[p], caseLine{n: ln, text: strings.TrimSpace(text)})
		case "EXPECT":
			c.expect = append(c.expect, line)
		default:
			return nil, fmt.Errorf("%s: %s:%d: line outside a section", c.id, file, ln)
		}
	}
	if c != nil {
		return nil, fmt.Errorf("%s: missing END", c.id)
	}
	return out, sc.Err()
}

// jsonValue parses a case value: JSON, or else a bare string.
func jsonValue(v string) any {
	var x any
	if err := json.Unmarshal([]byte(v), &x); err == nil {
		return x
	}
	return v
}

func toTree(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// lookup follows a dotted path; numeric elements index arrays, and
// "minors.Spain" finds the minor named Spain.
func lookup(tree any, path string) (any, bool) {
	cur := tree
	for _, k := range strings.Split(path, ".") {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[k]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			found := false
			for i, e := range c {
				if m, ok := e.(map[string]any); ok && m["name"] == k || fmt.Sprint(i) == k {
					cur, found = e, true
					break
				}
			}
			if !found {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return cur, true
}

func set(tree map[string]any, path string, val any) error {
	keys := strings.Split(path, ".")
	parent, ok := lookup(tree, strings.Join(keys[:len(keys)-1], "."))
	if len(keys) == 1 {
		parent, ok = tree, true
	}
	if !ok {
		return fmt.Errorf("no such path %q", path)
	}
	last := keys[len(keys)-1]
	switch p := parent.(type) {
	case map[string]any:
		p[last] = val // unknown fields are caught when the state is decoded
	case []any:
		for i, e := range p {
			if m, ok := e.(map[string]any); ok && m["name"] == last {
				p[i] = val
				return nil
			}
		}
		return fmt.Errorf("no such element %q", path)
	default:
		return fmt.Errorf("cannot set %q", path)
	}
	return nil
}

func same(got any, want string) bool {
	if str, ok := got.(string); ok && str == want {
		return true
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(jsonValue(want))
	return string(g) == string(w)
}

func caseState(t *testing.T, c *ruleCase) storm.State {
	t.Helper()
	tree := toTree(t, setup.NewGame(1))
	tree["segment"] = string(storm.SegEconomic)
	for _, kv := range c.state {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("%s: bad STATE line %q", c.id, kv)
		}
		if err := set(tree, strings.TrimSpace(k), jsonValue(strings.TrimSpace(v))); err != nil {
			t.Fatalf("%s: STATE %q: %v", c.id, kv, err)
		}
	}
	b, _ := json.Marshal(tree)
	var s storm.State
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.DisallowUnknownFields()
	if err := d.Decode(&s); err != nil {
		t.Fatalf("%s: STATE does not decode: %v", c.id, err)
	}
	return s
}

func runCase(t *testing.T, c *ruleCase) {
	s := caseState(t, c)
	var after storm.State
	var evs []event.Event
	if c.full {
		var err error
		after, evs, err = adjudicator.Resolve(s, c.orders)
		if err != nil {
			t.Fatalf("%s: Resolve: %v", c.id, err)
		}
	} else {
		after = s.Clone()
		adjudicator.ResolveSegment(&after, c.orders, &evs)
	}
	afterTree := toTree(t, after)
	var evTrees []map[string]any
	for _, e := range evs {
		m := toTree(t, e)
		m["type"] = e.Type()
		evTrees = append(evTrees, m)
	}
	for _, x := range c.expect {
		f := strings.Fields(x)
		switch f[0] {
		case "error", "valid":
			p, ok := storm.ParsePower(f[1])
			if !ok {
				t.Fatalf("%s: bad power in %q", c.id, x)
			}
			if err := c.refused[p]; err != nil {
				if f[0] == "valid" {
					t.Errorf("%s: %s orders should be valid, the grammar refuses them: %v", c.id, p, err)
				} else {
					checkGrammarRefusal(t, c, p, err)
				}
				continue
			}
			errs := adjudicator.Validate(s, p, c.orders[p])
			if f[0] == "valid" {
				if len(errs) != 0 {
					t.Errorf("%s: %s orders should be valid, got %v", c.id, p, errs)
				}
				continue
			}
			var rules []string
			for _, e := range errs {
				rules = append(rules, e.Rule)
				if !strings.Contains(e.Error(), "rule "+e.Rule+": ") {
					t.Errorf("%s: error text %q lacks its rule", c.id, e.Error())
				}
			}
			found := false
			for _, r := range rules {
				found = found || r == f[2]
			}
			if !found {
				t.Errorf("%s: want a rule %s error for %s, got %v", c.id, f[2], p, errs)
			}
		case "event", "noevent":
			match := 0
			for _, m := range evTrees {
				if m["type"] != f[1] {
					continue
				}
				ok := true
				for _, kv := range f[2:] {
					k, v, _ := strings.Cut(kv, "=")
					got, found := lookup(m, k)
					ok = ok && found && same(got, v)
				}
				if ok {
					match++
				}
			}
			if f[0] == "event" && match == 0 {
				t.Errorf("%s: no event %s; events:\n%s", c.id, strings.Join(f[1:], " "), enginetest.DumpEvents(evs))
			}
			if f[0] == "noevent" && match > 0 {
				t.Errorf("%s: unexpected event %s; events:\n%s", c.id, strings.Join(f[1:], " "), enginetest.DumpEvents(evs))
			}
		default:
			k, v, ok := strings.Cut(x, "=")
			if !ok {
				t.Fatalf("%s: bad EXPECT line %q", c.id, x)
			}
			got, found := lookup(afterTree, strings.TrimSpace(k))
			if !found {
				t.Errorf("%s: no field %s in the state", c.id, k)
				continue
			}
			if !same(got, strings.TrimSpace(v)) {
				g, _ := json.Marshal(got)
				t.Errorf("%s: %s = %s, want %s", c.id, k, g, v)
			}
		}
	}
}

// checkGrammarRefusal checks an error line answered by the grammar: the
// case is one of refusedByGrammar (whose typed orders TestRuleCasesTyped
// shows the engine refusing with the rule), and the grammar refused one of
// p's own ORDERS lines, not the email around them.
func checkGrammarRefusal(t *testing.T, c *ruleCase, p storm.Power, err error) {
	t.Helper()
	if _, ok := refusedByGrammar[c.id][p]; !ok {
		t.Errorf("%s: the grammar refuses %s's lines, and refusedByGrammar has no typed orders for them: %v", c.id, p, err)
	}
	es, ok := err.(orders.Errors)
	if !ok || len(es) == 0 {
		t.Fatalf("%s: %s's lines refused with %T, not the grammar's line errors: %v", c.id, p, err, err)
	}
	for _, e := range es {
		if !slices.ContainsFunc(c.lines[p], func(l caseLine) bool { return l.n == e.Line }) {
			t.Errorf("%s: the grammar's refusal is not of one of %s's ORDERS lines (line %d): %v", c.id, p, e.Line, e)
		}
	}
}

// refusedByGrammar are the orders of the rule cases the grammar refuses
// (an email holding them is refused whole, TestRuleCases), as the engine
// would have them typed: given so, the engine refuses them too, with the
// rule the case expects. No email can give them; this keeps the engine's
// own checks of them tested.
var refusedByGrammar = map[string]map[storm.Power][]storm.Order{
	"7.31-unknown-order":                {storm.Germany: {{Kind: "invade", From: "poland"}}},
	"14.11-already-civilian":            {storm.Italy: {{Kind: storm.Convert, From: storm.Civilian}}},
	"14.31-mobilize-needs-a-source":     {storm.Britain: {{Kind: storm.Mobilize}}},
	"14.42B-military-never-to-civilian": {storm.France: {{Kind: storm.Convert, From: storm.Military}}},
	"18.41A-counters-must-be-assigned":  {storm.Germany: {{Kind: storm.Build, Units: []storm.UnitType{storm.Armor}}}},
	"26.11-if-continued-names-an-axis-power": {storm.Britain: {{Kind: storm.OpposeOrder},
		{Kind: storm.CrisisIfOrder, Project: "spain", Args: []string{"continued", string(storm.UltimatumOrder)}}}},
	"26.11-unknown-condition": {storm.Germany: {{Kind: storm.AggressionOrder, Project: storm.Rhineland},
		{Kind: storm.CrisisIfOrder, Args: []string{"attacked", string(storm.BackDownOrder)}}}},
	"28.12-malformed-resistance-condition": {storm.Germany: {{Kind: storm.AggressionOrder, Project: storm.Rhineland},
		{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.ContinueAggression), "ABOUT", "2", string(storm.BackDownOrder)}}}},
	"28.12-resistance-condition-needs-a-number": {storm.Germany: {{Kind: storm.AggressionOrder, Project: storm.Rhineland},
		{Kind: storm.CrisisIfOrder, Args: []string{"opposed", string(storm.ContinueAggression), "<=", "TWO", string(storm.BackDownOrder)}}}},
}

// TestRuleCasesTyped runs the rule cases whose lines the grammar refuses
// with refusedByGrammar's typed orders instead: the engine's refusal
// answers the case's EXPECT lines.
func TestRuleCasesTyped(t *testing.T) {
	files, err := filepath.Glob("testdata/*.cases")
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files: %v", err)
	}
	seen := 0
	for _, f := range files {
		cases, err := readCases(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			typed, ok := refusedByGrammar[c.id]
			if !ok {
				if len(c.refused) > 0 {
					t.Errorf("%s: the grammar refuses %v: list the typed orders in refusedByGrammar", c.id, c.refused)
				}
				continue
			}
			seen++
			for p, os := range typed {
				if c.refused[p] == nil {
					t.Errorf("%s: the grammar reads %s's lines now: drop the case from refusedByGrammar", c.id, p)
				}
				delete(c.refused, p)
				c.orders[p] = os
			}
			t.Run(c.id, func(t *testing.T) { runCase(t, c) })
		}
	}
	if seen != len(refusedByGrammar) {
		t.Errorf("%d of the %d cases of refusedByGrammar found", seen, len(refusedByGrammar))
	}
}
