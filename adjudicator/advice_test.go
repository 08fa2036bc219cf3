package adjudicator_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// advises matches a refusal's words that say what to add or change.
var advises = regexp.MustCompile(`\b(add|write|send|instead|give|change|drop|leave)\b`)

// fixLines parses a fix's lines as the orders package reads an email;
// under is the FOR of the line they replace (nil error: none to parse).
func fixLines(p storm.Power, lines []string, under storm.Segment) ([]storm.Order, error) {
	if len(lines) == 0 {
		return nil, nil
	}
	sub, err := send(p, lines)
	if err != nil {
		return nil, err
	}
	for i := range sub.Orders {
		if sub.Orders[i].For == "" {
			sub.Orders[i].For = under
		}
	}
	return sub.Orders, nil
}

// madeFix is os with e's fix made, its lines read as the player's email.
func madeFix(p storm.Power, os []storm.Order, e storm.OrderError) ([]storm.Order, error) {
	var out []storm.Order
	for i, o := range os {
		if i != e.Index {
			out = append(out, o)
			continue
		}
		if len(e.Fix.Replace) == 0 && !e.Fix.Drop {
			out = append(out, o)
			continue
		}
		r, err := fixLines(p, e.Fix.Replace, o.For)
		if err != nil {
			return nil, err
		}
		out = append(out, r...)
	}
	add, err := fixLines(p, e.Fix.Add, "")
	return append(out, add...), err
}

// mutations are erroneous submissions made from p's random legal set at
// s: a With line dropped, the research lines dropped, a new ship's
// shipyard counter dropped, a 0 counter and
// counters not left for later rounds, a strength left out, an order
// duplicated, a later round's order without its FOR line, a PLAY with
// words it takes none of.
func mutations(s storm.State, p storm.Power, rng *rand.Rand) [][]storm.Order {
	legal := adjudicator.RandomOrders(s, p, rng, 3)
	var out [][]storm.Order
	with := func(extra ...storm.Order) []storm.Order { return append(slices.Clone(legal), extra...) }
	for _, op := range adjudicator.Allowed(s, p) {
		if i := slices.Index(op.Order.Args, storm.ArgShipyard); i >= 0 && op.Order.Kind == storm.LayDown { // a new ship without its shipyard counter
			o := op.Order.Clone()
			o.Args = slices.Delete(o.Args, i, i+1)
			out = append(out, with(o))
		}
		if len(op.With) == 0 {
			if op.Order.Kind == storm.Play && rng.IntN(2) == 0 {
				o := op.Order.Clone()
				o.Args = append(o.Args, "french armor")
				out = append(out, []storm.Order{o})
			}
			continue
		}
		k := rng.IntN(len(op.With))
		out = append(out, append([]storm.Order{op.Order}, slices.Delete(slices.Clone(op.With), k, k+1)...))
		if op.Order.Kind == storm.Research {
			out = append(out, []storm.Order{op.Order})
		}
	}
	if len(legal) > 0 {
		k := rng.IntN(len(legal))
		out = append(out, with(legal[k]))
	}
	targets := diplomacy.DiplomaticTargets(s)
	if !s.Diplomacy.On || len(targets) == 0 {
		return out
	}
	target := func() string { return targets[rng.IntN(len(targets))] }
	var rounds []storm.Segment
	for _, seg := range storm.Segments {
		if powers, ok := storm.PlacementRounds[seg]; ok && seg.Index() > s.Segment.Index() && slices.Contains(powers, p) {
			rounds = append(rounds, seg)
		}
	}
	for _, seg := range rounds {
		out = append(out,
			with(storm.Order{Kind: storm.Diplomatic, Project: target(), Counters: []int{0}, For: seg}),
			with(storm.Order{Kind: storm.Diplomatic, Project: target(), Counters: []int{3}, For: seg},
				storm.Order{Kind: storm.Diplomatic, Project: target(), Counters: []int{2}, For: seg}),
			with(storm.Order{Kind: storm.Diplomatic, Project: target(), For: seg}),
			with(storm.Order{Kind: storm.Diplomatic, Project: target(), Counters: []int{1 + rng.IntN(3)}}),
		)
	}
	return out
}

// TestPropertyRefusalAdviceWorks: in simulated games (diplomacy and the
// crisis on, the illustrative deck or none), at each position each power
// asked sends erroneous emails made from a random legal set (mutations);
// every refusal met that carries a fix has it made, its lines read as the
// player's email, and the corrected email is refused for nothing but the
// email's other refusals: accepted when the fix was the only one asked.
// STORMJUDGE_LONG=1 plays more games.
func TestPropertyRefusalAdviceWorks(t *testing.T) {
	games, turns := 200, 3
	if os.Getenv("STORMJUDGE_LONG") != "" {
		games, turns = 1000, 8
	}
	d := loadDeck(t, "illustrative.toml")
	var positions, emails, refusals, advised, applied int
	byRule := map[string]int{}
	unadvised := map[string]int{} // refusals whose words advise, without a fix
	for g := 1; g <= games; g++ {
		start := setup.NewGame(uint64(g))
		if g%2 == 0 {
			start = setup.NewGameWithDeck(uint64(g), d)
		}
		s, _, err := adjudicator.Resolve(crisis.WithCrisis(diplomacy.WithDiplomacy(start)), nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(g), 77))
		check := func(before, _ storm.State, _ []event.Event) error {
			positions++
			for _, p := range adjudicator.Required(before) {
				for _, set := range mutations(before, p, rng) {
					emails++
					errs := adjudicator.Validate(before, p, set)
					refusals += len(errs)
					for _, e := range errs {
						if e.Fix == nil {
							if advises.MatchString(e.Msg) {
								unadvised[e.Rule+": "+e.Msg]++
							}
							continue
						}
						advised++
						byRule[e.Rule]++
						fixed, err := madeFix(p, set, e)
						if err != nil {
							return fmt.Errorf("%s %s %s: the fix of %v does not read: %v", before.Turn, before.Segment, p, e, err)
						}
						applied++
						again := adjudicator.Validate(before, p, fixed)
						if len(errs) == 1 && len(again) > 0 {
							return fmt.Errorf("%s %s %s: %v\nfix %+v made, refused again: %v", before.Turn, before.Segment, p, e, *e.Fix, again)
						}
						for _, x := range again {
							if !slices.ContainsFunc(errs, func(y storm.OrderError) bool { return y.Rule == x.Rule && y.Order.String() == x.Order.String() }) {
								return fmt.Errorf("%s %s %s: %v\nfix %+v made, a new refusal: %v", before.Turn, before.Segment, p, e, *e.Fix, x)
							}
						}
					}
				}
			}
			return nil
		}
		if _, _, err := adjudicator.SimulateGameWith(s, turns, rng, 50, check); err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
	}
	t.Logf("%d games, %d positions, %d erroneous emails, %d refusals, %d with advice, %d advices applied; by rule: %v", games, positions, emails, refusals, advised, applied, byRule)
	if applied == 0 {
		t.Error("no advice met")
	}
	for msg, n := range unadvised {
		t.Errorf("%d refusals advise in words but carry no fix: %s", n, msg)
	}
}
