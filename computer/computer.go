// Package computer is the computer player: the policy a seat without a
// player orders by (docs/computer.md). It decides from what the power's
// mails show, its view (adjudicator.View.For: the public report and the
// power's own notice, never another power's secrets nor the deck's
// future), and writes order lines that go through orders.Parse and the
// judge's check (adjudicator.Validate) as a player's email does. It is
// deterministic: the same position and seed give the same orders.
package computer

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// Position is what a computer seat decides from: its power, the view
// its mails show, the judge's check of a set of orders (the one a
// player's email meets: Validate, which reads only what the power may
// know), and the seed of its choices.
type Position struct {
	Power storm.Power
	View  adjudicator.View
	Check func([]storm.Order) []storm.OrderError
	Seed  uint64
}

// At is the position of power p in s: Derive(s).For(p), the check of
// Validate(s, p, ...) and a seed from the game's seed, the open turn and
// segment and the power: nothing hidden (never the game's generator,
// whose state draws the tiles and the cards to come), so that even the
// policy's tie-breaks depend on nothing a player could not know.
func At(s storm.State, p storm.Power) Position {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%s|%s", s.Seed, s.Turn, s.Segment, p)
	return Position{
		Power: p,
		View:  adjudicator.Derive(s).For(p),
		Check: func(os []storm.Order) []storm.OrderError { return adjudicator.Validate(s, p, os) },
		Seed:  h.Sum64(),
	}
}

// Decision is a computer seat's orders for the open segment: the order
// lines as a player writes them (PASS when it orders nothing), the reason
// of each line (for the moderators' audit), and the orders orders.Parse
// read from the lines.
type Decision struct {
	Lines   []string      `json:"lines"`
	Reasons []string      `json:"reasons"`
	Orders  []storm.Order `json:"-"`
	Pass    bool          `json:"pass,omitempty"`
}

// Decide chooses pos.Power's orders for the open segment of pos.View.
// An error means the policy wrote lines the parser or the check refused:
// a fault of the policy, never of the game.
func Decide(pos Position) (Decision, error) {
	pv := pos.View.Powers[pos.Power]
	if pv == nil || !pv.Required {
		return Decision{}, fmt.Errorf("computer: %s is not asked in the open segment", pos.Power)
	}
	rng := rand.New(rand.NewPCG(pos.Seed, uint64(pos.Power)+1))
	var d Decision
	for _, c := range choose(pos, pv, rng) {
		d.Lines = append(d.Lines, c.lines...)
		d.Reasons = append(d.Reasons, c.reason)
		for range c.lines[1:] {
			d.Reasons = append(d.Reasons, "sent with the line above")
		}
	}
	if len(d.Lines) == 0 {
		d.Lines, d.Reasons, d.Pass = []string{"PASS"}, []string{"34: nothing offered is worth its cost in victory points now"}, true
	}
	sub, err := Parse(pos.Power, d.Lines)
	if err != nil {
		return d, fmt.Errorf("computer: %s's lines: %w", pos.Power, err)
	}
	d.Orders = sub.Orders
	if errs := pos.Check(d.Orders); len(errs) > 0 {
		return d, fmt.Errorf("computer: %s's orders refused: %v", pos.Power, errs[0])
	}
	return d, nil
}

// Parse reads order lines as the judge reads a player's email: in an
// envelope naming the power (the judge seats the computer itself, so the
// envelope's game and secret are placeholders nobody checks).
func Parse(p storm.Power, lines []string) (*orders.Submission, error) {
	body := "GAME computer\nPOWER " + p.String() + "\nSECRET computer\n" + strings.Join(lines, "\n") + "\n"
	sub, err := orders.Parse(body)
	if err != nil {
		return sub, err
	}
	if sub.Orders == nil && !sub.Pass {
		return sub, errors.New("no orders and no PASS")
	}
	return sub, nil
}

// choice is one set of lines the policy takes: its lines (the order
// and the lines sent with it) and why.
type choice struct {
	lines  []string
	reason string
}

// choose takes the candidates of the open segment (candidates: each
// offered option scored by what it is worth in victory points, and the
// lines composed from them) best first, each while the check accepts the
// whole set, at most one of a group; a candidate scored 0 or less is
// left. Every offered option is a promise (Validate accepts it alone);
// a composed one is taken only if the check accepts it.
func choose(pos Position, pv *adjudicator.PowerView, rng *rand.Rand) []choice {
	st := &seat{pos: pos, pv: pv, pub: pos.View.Public, p: pos.Power, side: storm.SideOf(pos.Power), rng: rng}
	cands := candidates(st)
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	var set []storm.Order
	var out []choice
	taken := map[string]bool{}
	for _, c := range cands {
		if c.score <= 0 || c.group != "" && taken[c.group] {
			continue
		}
		sub, err := Parse(pos.Power, c.lines)
		if err != nil || sub.Pass {
			continue
		}
		try := append(append([]storm.Order(nil), set...), sub.Orders...)
		if len(pos.Check(try)) > 0 {
			continue
		}
		set = try
		out = append(out, choice{c.lines, c.reason})
		if c.group != "" {
			taken[c.group] = true
		}
	}
	return out
}
