package adjudicator_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// sampleOne: one in sampleOne of the options sent in the block and of
// the later segments' lines is checked (all with -offers.long).
var sampleOne int

var offersFrom = flag.Int("offers.from", 1, "TestPropertyEveryOfferIsAPromise's first seed")

var offersLong = flag.Bool("offers.long", false, "TestPropertyEveryOfferIsAPromise plays 1,000 games of up to 40 turns")

// An offer is a promise: every line a power's notice offers it (the
// view: its options with the lines to send with them, the ready-to-copy
// block and the rest of the turn it plans, the IF lines for later crisis
// stages, the order forms of its event options and of the segments still
// to come), sent as offered, is accepted when it is sent and is not void
// when the segment is resolved, unless for a reason the offer could not
// know: another power's order of the same segment (voidAlone), or, for
// a line that waits for a later segment, what happens before it comes
// (but the block's lines for later segments never fail).

// offer is one reply a notice offers: its order lines as the player
// writes them (the envelope is added when sent) and its kind, for the
// counts and messages ("option in the block": the block with the option
// in place of its first line).
type offer struct {
	kind  string
	lines []string
	// form, when not "", is the order form with placeholders the notice
	// words: the offer is one instance of it, and the form keeps its
	// promise when one of its instances is accepted.
	form string
}

// offersOf lists every reply p's view offers in s.
func offersOf(s storm.State, me *adjudicator.PowerView) []offer {
	var plan []string // the rest of the turn, as the block writes it
	for _, st := range me.Plan {
		plan = append(plan, st.Lines...)
	}
	def := me.Default
	if len(def) == 0 {
		def = []string{"PASS"}
	}
	out := []offer{{kind: "block", lines: append(slices.Clone(def), plan...)},
		// The welcome's "to do nothing this turn" and the reminders' "your
		// orders (or PASS)" (judge/letters).
		{kind: "PASS", lines: []string{"PASS TURN"}}, {kind: "PASS", lines: []string{"PASS"}}}
	if len(plan) > 0 {
		out = append(out, offer{kind: "default", lines: slices.Clone(def)})
	}
	for _, o := range me.Options {
		lines := append([]string{o.Order}, o.With...)
		out = append(out, offer{kind: "option", lines: lines})
		if len(plan) > 0 {
			out = append(out, offer{kind: "option in the block", lines: append(slices.Clone(lines), plan...)})
		}
	}
	for _, l := range me.PlanLines { // IF lines for later stages, with the block
		out = append(out, offer{kind: "IF line", lines: append(append(slices.Clone(def), l), plan...)})
	}
	for _, l := range eventOrderLines(s, me) {
		out = append(out, offer{kind: "event option", lines: []string{l}})
	}
	for _, ls := range laterOrderLines(s, me) {
		out = append(out, offer{kind: "later segment", lines: append(slices.Clone(def), ls...)})
	}
	for _, of := range formInstances(s, me) {
		if of.kind == "intelligence" { // lines for a later segment: with the block's
			of.lines = append(slices.Clone(def), of.lines...)
		}
		out = append(out, of)
	}
	return out
}

// formInstances instantiates the order forms with placeholders the
// notice words for the open segment: the intelligence results' lines
// (View.Intelligence, each while it says it may be sent), a held secret
// event's PLAY (report: "you may play it with PLAY <card> in the
// economic phase"), and the surplus research points' RESEARCH <project>
// REASSIGN <points> (15.24).
func formInstances(s storm.State, me *adjudicator.PowerView) []offer {
	var out []offer
	targets := diplomacy.DiplomaticTargets(s)
	each := func(form, kind string, line func(target string) string) {
		for _, t := range targets {
			out = append(out, offer{kind: kind, form: form, lines: []string{line(strings.ToUpper(t))}})
		}
	}
	beforeCovert := s.Segment.Index() < storm.SegCovert.Index()
	for _, l := range me.Intelligence {
		switch {
		case strings.Contains(l, "send COVERT <country>") && s.Segment.Index() <= storm.SegDiplomacyAxis2.Index():
			each("COVERT <country>", "intelligence", func(t string) string { return "COVERT " + t })
		case strings.Contains(l, "COUNTER-INTELLIGENCE COVERT <country> | ANY") && beforeCovert:
			out = append(out, offer{kind: "intelligence", lines: []string{"COUNTER-INTELLIGENCE COVERT ANY"}})
		case strings.Contains(l, "SUBVERT <country>") && beforeCovert:
			each("SUBVERT <country>", "intelligence", func(t string) string { return "SUBVERT " + t })
		case strings.Contains(l, "may be reactivated this turn") && s.Segment == storm.SegEconomic:
			for _, r := range strings.Split(l[strings.Index(l, "(16.16B): ")+len("(16.16B): "):strings.Index(l, ", with any email")], "; ") {
				out = append(out, offer{kind: "intelligence", lines: []string{r}})
			}
		}
	}
	if s.Segment == storm.SegEconomic {
		for _, h := range randomevent.HeldEvents(s, me.Power) {
			if h.Playable {
				form := fmt.Sprintf("PLAY %d", h.Card)
				out = append(out, offer{kind: "held event", form: form, lines: []string{form}})
				for _, o := range me.Options {
					if strings.HasPrefix(o.Order, form+":") {
						out = append(out, offer{kind: "held event", form: form, lines: append([]string{o.Order}, o.With...)})
					}
				}
			}
		}
		for _, sp := range me.Surplus {
			form := fmt.Sprintf("RESEARCH <%s project> REASSIGN <points>", sp.Category)
			for _, r := range me.Research.Projects {
				if r.Category == sp.Category {
					out = append(out, offer{kind: "surplus", form: form, lines: []string{fmt.Sprintf("RESEARCH %s REASSIGN %d", strings.ToUpper(r.Project), min(sp.Points, 3))}})
				}
			}
			for _, o := range me.Options {
				if strings.Contains(o.Order, " REASSIGN ") {
					out = append(out, offer{kind: "surplus", form: form, lines: append([]string{o.Order}, o.With...)})
				}
			}
			if !slices.ContainsFunc(out, func(of offer) bool { return of.form == form }) {
				out = append(out, offer{kind: "surplus", form: form, lines: []string{"RESEARCH <none> REASSIGN 1"}})
			}
		}
	}
	return out
}

// eventOrderLines are the instances among the options of the order forms
// the event options word (storm.EventOptions.Lines: LAY DOWN <ship> FREE,
// ACCELERATE SHIP <n> BY <k> FREE); eventFormsUnoffered reports a form
// with none.
func eventOrderLines(s storm.State, me *adjudicator.PowerView) []string {
	var out []string
	for _, l := range me.EventOptions {
		switch {
		case strings.Contains(l, "LAY DOWN <ship> FREE"):
			for _, o := range me.Options {
				if strings.HasPrefix(o.Order, "LAY DOWN ") && strings.HasSuffix(o.Order, " FREE") {
					out = append(out, o.Order)
				}
			}
		case strings.Contains(l, "ACCELERATE SHIP <n> BY"):
			for _, o := range me.Options {
				if strings.HasPrefix(o.Order, "ACCELERATE ") && strings.HasSuffix(o.Order, " FREE") {
					out = append(out, o.Order)
				}
			}
		}
	}
	return out
}

// eventFormsUnoffered are the order forms p's event options word with no
// instance among its options: a promise no order keeps.
func eventFormsUnoffered(me *adjudicator.PowerView) []string {
	var out []string
	for _, l := range me.EventOptions {
		prefix := ""
		switch {
		case strings.Contains(l, "LAY DOWN <ship> FREE"):
			prefix = "LAY DOWN "
		case strings.Contains(l, "ACCELERATE SHIP <n> BY"):
			prefix = "ACCELERATE "
		default:
			continue
		}
		if !slices.ContainsFunc(me.Options, func(o adjudicator.OptionView) bool {
			return strings.HasPrefix(o.Order, prefix) && strings.HasSuffix(o.Order, " FREE")
		}) {
			out = append(out, l)
		}
	}
	return out
}

// laterOrderLines instantiates the order forms the notice's "still to
// come" lines (View.Later) tell the power to send now: AGGRESSION NONE or
// an open target under FOR CRISIS, a SPY RING line under FOR SPY RINGS,
// the placement rounds' PASS under their FOR line, the Allied response's
// IF lines.
func laterOrderLines(s storm.State, me *adjudicator.PowerView) [][]string {
	var out [][]string
	for _, l := range me.Later {
		switch {
		case strings.Contains(l, "AGGRESSION <target> or AGGRESSION NONE"):
			out = append(out, []string{"FOR CRISIS", "AGGRESSION NONE"})
			for _, a := range crisis.AggressionOptions(s, me.Power) {
				if a.Barred == "" {
					out = append(out, []string{"FOR CRISIS", "AGGRESSION " + strings.ToUpper(a.Target)})
				}
			}
		case strings.Contains(l, "a SPY RING line now"):
			for _, t := range diplomacy.DiplomaticTargets(s) {
				out = append(out, []string{"FOR SPY RINGS", "SPY RING " + strings.ToUpper(t)})
				break
			}
		case strings.Contains(l, "IF AGGRESSION [<target>] OPPOSE|ACQUIESCE"):
			out = append(out, []string{"IF AGGRESSION OPPOSE"}, []string{"IF AGGRESSION ACQUIESCE"},
				[]string{"IF AGGRESSION OPPOSE", "IF CONTINUED ULTIMATUM"}, []string{"IF AGGRESSION OPPOSE", "IF CONTINUED BACK DOWN"})
		default:
			for _, w := range roundFor {
				if strings.Contains(l, "under a "+w+" line") {
					out = append(out, []string{w, "PASS"})
					if ls := placementFor(s, me.Power, w); ls != nil {
						out = append(out, ls)
					}
				}
			}
		}
	}
	return out
}

// tryOffer sends lines as p's email: why it is not accepted ("" when it
// is), with the submission read and its parse error.
func tryOffer(s storm.State, p storm.Power, lines []string) (sub *orders.Submission, why string, err error) {
	sub, err = send(p, lines)
	switch {
	case err != nil:
		why = fmt.Sprintf("does not parse: %v", err)
	case len(sub.Orders) > 0 && !adjudicator.MayOrder(s, p, sub.Orders):
		why = "the power may not order now"
	default:
		if errs := adjudicator.Validate(s, p, sub.Orders); len(errs) > 0 {
			why = fmt.Sprintf("refused: %v", errs)
		}
	}
	return sub, why, err
}

// placementFor is a placement under the FOR line w that the round's
// checks accept when it is sent now, the first of the targets and
// strengths: the notice offers the round's orders as a form ("send its
// orders now under a FOR line"), and the receipt refuses a placement the
// counters or tile points the earlier segments leave cannot pay (24.51,
// 24.52B) or a target closed now (24.56A); nil when none is open.
func placementFor(s storm.State, p storm.Power, w string) []string {
	for _, t := range diplomacy.DiplomaticTargets(s) {
		for n := 1; n <= 3; n++ {
			ls := []string{w, storm.Order{Kind: storm.Diplomatic, Project: t, Counters: []int{n}}.String()}
			if _, why, _ := tryOffer(s, p, ls); why == "" {
				return ls
			}
		}
	}
	return nil
}

// roundFor are the FOR lines of the placement rounds (docs/orders.md).
var roundFor = []string{"FOR AXIS 1", "FOR RUSSIA", "FOR ALLIES", "FOR AXIS 2"}

// send parses lines as p's reply (orders.Parse, the envelope as the block
// writes it).
func send(p storm.Power, lines []string) (*orders.Submission, error) {
	body := append([]string{"GAME demo", "POWER " + p.String(), "SECRET x"}, lines...)
	return orders.Parse(strings.Join(append(body, "END"), "\n"))
}

// voidAlone reports whether o of p's orders is void when the segment is
// resolved with p's orders alone, the others' standing orders and IF
// lines taken out: a void that needs another power's order of the same
// segment, sent now or before (one carried out first in the order of
// play: 15.23A, 16.16B, 16.16G, 24.56C; a partner's point that fills a
// project, 15.23), is one the offer could not know.
func voidAlone(s storm.State, p storm.Power, orders []storm.Order, o storm.Order) bool {
	s = s.Clone()
	s.Diplomacy.Standing = slices.DeleteFunc(s.Diplomacy.Standing, func(so storm.StandingOrder) bool { return so.Power != p })
	s.Crisis.Plans = slices.DeleteFunc(s.Crisis.Plans, func(pl storm.CrisisPlan) bool { return pl.Power != p })
	_, evs, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{p: orders})
	if err != nil {
		return true
	}
	return slices.ContainsFunc(evs, func(e event.Event) bool {
		ov, ok := e.(event.OrderVoided)
		return ok && ov.Power == p && orderKey(ov.Order) == orderKey(o)
	})
}

// orderKey names an order for matching a void to the order sent.
func orderKey(o storm.Order) string { return string(o.For) + "|" + o.String() }

type offerCounts struct {
	games, positions, offers, refused, resolved, voided, unknowable, defaultsCompared int
	byKind                                                                            map[string]int
	segments                                                                          map[storm.Segment]int
	voidRules                                                                         map[string]int // the voids of offers by rule
	failures                                                                          []string
	seen                                                                              map[string]bool
}

// fail records a broken promise once by its kind and rule.
func (c *offerCounts) fail(key, msg string) {
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.failures = append(c.failures, msg)
}

// TestPropertyEveryOfferIsAPromise plays random games (the illustrative,
// intrigue and quiet decks in turn, diplomacy and the crisis phase on) and
// at every position, for every power that must order, sends every reply
// its view offers: each is accepted (MayOrder, Validate). Then each power
// sends one of its offers, or a random player's orders, and the segment
// is resolved: no order of an offer is void but for a reason it could not
// know (voidAlone), and a block its notice says changes nothing
// changes nothing (the same state as without the power's orders).
// -offers.long plays more and longer games.
func TestPropertyEveryOfferIsAPromise(t *testing.T) {
	games, turns := 200, 6
	sampleOne = 3
	if *offersLong {
		games, turns, sampleOne = 1000, 40, 1
	}
	decks := []storm.Deck{loadDeck(t, "illustrative.toml"), loadDeck(t, "intrigue.toml"), loadDeck(t, "quiet.toml")}
	c := &offerCounts{byKind: map[string]int{}, segments: map[storm.Segment]int{}, voidRules: map[string]int{}, seen: map[string]bool{}}
	for g := range games {
		seed := uint64(g + *offersFrom)
		s := crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(seed, decks[g%len(decks)])))
		s, _, err := adjudicator.Resolve(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 0x0ffe7))
		peaceful := g%2 == 0
		c.games++
		start := s.Turn
		standing := map[string]string{} // the standing lines of offers sent this turn: key to the offer's kind
		for !s.Ended && s.Turn.Index()-start.Index() < turns {
			if adjudicator.AwaitsDraw(s) {
				t.Fatalf("seed %d: a game with a deck waits for a draw", seed)
			}
			s = checkPosition(t, c, s, seed, rng, peaceful, standing)
		}
	}
	t.Logf("positions by segment: %v; voids of offers by rule: %v", c.segments, c.voidRules)
	t.Logf("%d games, %d positions, %d offers checked (%v), %d refused; %d resolved with an offer, %d orders of them voided (%d for a reason the offer could not know); %d blocks that change nothing compared",
		c.games, c.positions, c.offers, c.byKind, c.refused, c.resolved, c.voided, c.unknowable, c.defaultsCompared)
	sort.Strings(c.failures)
	for _, f := range c.failures {
		t.Error(f)
	}
}

// checkPosition checks every offer of s and resolves it with one offer
// or random orders per power, returning the next state.
func checkPosition(t *testing.T, c *offerCounts, s storm.State, seed uint64, rng *rand.Rand, peaceful bool, standing map[string]string) storm.State {
	t.Helper()
	v := adjudicator.Derive(s)
	where := fmt.Sprintf("seed %d, %s, %s", seed, s.Turn, s.Segment.Title())
	if len(v.Public.Required) > 0 {
		c.positions++
		c.segments[s.Segment]++
	}
	checkUnasked(c, s, v, where, rng)
	ords := map[storm.Power][]storm.Order{}
	sentOffer := map[storm.Power]string{} // the power's offer's kind
	for _, p := range v.Public.Required {
		me := v.Powers[p]
		for _, l := range eventFormsUnoffered(me) {
			c.fail("unoffered event "+l, fmt.Sprintf("%s: %s's event option %q: no such order is among its options", where, p, l))
		}
		var accepted []offer
		var subs []*orders.Submission
		forms := map[string]string{} // a form's first refusal, "" once an instance is accepted
		var formOrder []string
		for _, of := range offersOf(s, me) {
			if why, seen := forms[of.form]; of.form != "" && seen && why == "" {
				continue // the form has an accepted instance
			}
			if (of.kind == "option in the block" || of.kind == "later segment") && rng.IntN(sampleOne) != 0 {
				continue // each checked alone; with the block's lines, a sample (CI's time)
			}
			c.offers++
			c.byKind[of.kind]++
			sub, why, err := tryOffer(s, p, of.lines)
			if of.form != "" {
				if _, seen := forms[of.form]; !seen {
					formOrder = append(formOrder, of.form)
					forms[of.form] = why + fmt.Sprintf(" (%q)", of.lines)
				}
				if why == "" {
					forms[of.form] = ""
				}
				if why != "" {
					continue
				}
			} else if why != "" {
				c.refused++
				key := of.kind + " " + firstWord(of.lines)
				if err == nil && strings.HasPrefix(why, "refused") {
					key += " " + adjudicator.Validate(s, p, sub.Orders)[0].Rule
				}
				c.fail(key, fmt.Sprintf("%s: %s's %s %q %s", where, p, of.kind, of.lines, why))
				continue
			}
			if peaceful && slices.ContainsFunc(sub.Orders, func(o storm.Order) bool {
				return o.Kind == storm.DeclareWarOrder || o.Kind == storm.ThreatenWarOrder || o.Kind == storm.AttackOrder
			}) {
				continue // accepted; not played, so that the game goes on
			}
			if of.kind == "PASS" {
				continue // the silence compareDefault checks
			}
			accepted = append(accepted, of)
			subs = append(subs, sub)
		}
		for _, f := range formOrder {
			if why := forms[f]; why != "" {
				c.refused++
				c.fail("form "+f, fmt.Sprintf("%s: %s's notice offers %s: no instance is accepted: %s", where, p, f, why))
			}
		}
		if len(accepted) == 0 || rng.IntN(3) == 0 {
			ords[p] = adjudicator.RandomOrders(s, p, rng, 3)
			if peaceful {
				ords[p] = slices.DeleteFunc(ords[p], func(o storm.Order) bool {
					return o.Kind == storm.DeclareWarOrder || o.Kind == storm.ThreatenWarOrder || o.Kind == storm.AttackOrder
				})
				if len(adjudicator.Validate(s, p, ords[p])) > 0 {
					ords[p] = nil
				}
			}
			continue
		}
		i := rng.IntN(len(accepted))
		if crisis.IsCrisisSegment(s.Segment) && rng.IntN(3) > 0 {
			// Mostly an answer that carries the crisis on, so that its
			// later stages come (the defaults end it).
			var on []int
			for j, of := range accepted {
				if !slices.Contains(me.Default, of.lines[0]) && of.lines[0] != "AGGRESSION NONE" {
					on = append(on, j)
				}
			}
			if len(on) > 0 {
				i = on[rng.IntN(len(on))]
			}
		}
		ords[p] = subs[i].Orders
		sentOffer[p] = accepted[i].kind
		var plan []string // the block's lines for later segments: they never fail
		for _, st := range me.Plan {
			plan = append(plan, st.Lines[1:]...)
		}
		for _, o := range subs[i].Orders {
			if o.For != "" && o.For != s.Segment || o.Kind == storm.CrisisIfOrder {
				kind, bare := accepted[i].kind, o
				bare.For = ""
				if slices.Contains(plan, bare.String()) {
					kind = "block"
				}
				standing[p.String()+"|"+orderKey(o)] = kind
			}
		}
		if rng.IntN(4) == 0 {
			compareDefault(t, c, s, p, me, where)
		}
	}
	next, evs, err := adjudicator.Resolve(s, ords)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	c.resolved += len(sentOffer)
	voids := map[storm.Power][]event.OrderVoided{}
	for _, e := range evs {
		if ov, ok := e.(event.OrderVoided); ok {
			voids[ov.Power] = append(voids[ov.Power], ov)
		}
	}
	for p, vs := range voids {
		for _, e := range vs {
			key := p.String() + "|" + orderKey(e.Order)
			kind, fromStanding := standing[key]
			if fromStanding {
				c.voided++
				c.voidRules["standing "+e.Rule]++
				if kind != "block" {
					c.unknowable++ // what happened since the offer decides (later rounds, stages)
					continue
				}
				c.fail("void standing "+e.Rule, fmt.Sprintf("%s: %s's %s line %q voided when its segment came (rule %s: %s)", where, p, kind, e.Order, e.Rule, e.Msg))
				continue
			}
			kind, ok := sentOffer[p]
			if !ok || !slices.ContainsFunc(ords[p], func(o storm.Order) bool { return orderKey(o) == orderKey(e.Order) }) {
				continue
			}
			c.voided++
			c.voidRules[e.Rule]++
			if !voidAlone(s, p, ords[p], e.Order) {
				c.unknowable++
				continue
			}
			c.fail("void "+kind+" "+e.Rule+" "+firstWord([]string{e.Order.String()}), fmt.Sprintf("%s: %s's %s %q voided (rule %s: %s)", where, p, kind, e.Order, e.Rule, e.Msg))
		}
	}
	if next.Turn != s.Turn {
		clear(standing)
	}
	return next
}

// checkUnasked checks the offers of the notices of the powers the open
// segment does not ask (it says "nothing to order" and has no block): the
// orders of the segments still to come and of its intelligence results,
// sent alone now (standing orders), are accepted. One position in
// sampleOne is checked.
func checkUnasked(c *offerCounts, s storm.State, v adjudicator.View, where string, rng *rand.Rand) {
	if s.Ended || rng.IntN(sampleOne) != 0 {
		return
	}
	for _, p := range storm.Powers {
		me := v.Powers[p]
		if me == nil || slices.Contains(v.Public.Required, p) {
			continue
		}
		var offers []offer
		for _, ls := range laterOrderLines(s, me) {
			offers = append(offers, offer{kind: "later segment, not asked", lines: ls})
		}
		for _, of := range formInstances(s, me) {
			if of.kind == "intelligence" {
				of.kind += ", not asked"
				offers = append(offers, of)
			}
		}
		accepted := map[string]bool{}
		var forms []string
		for _, of := range offers {
			if of.form != "" && accepted[of.form] {
				continue
			}
			c.offers++
			c.byKind[of.kind]++
			_, why, _ := tryOffer(s, p, of.lines)
			if of.form != "" {
				if !slices.Contains(forms, of.form) {
					forms = append(forms, of.form)
				}
				accepted[of.form] = accepted[of.form] || why == ""
				continue
			}
			if why != "" {
				c.refused++
				c.fail(of.kind+" "+firstWord(of.lines)+" "+firstWord(of.lines[1:]), fmt.Sprintf("%s: %s's %s %q %s", where, p, of.kind, of.lines, why))
			}
		}
		for _, f := range forms {
			if !accepted[f] {
				c.refused++
				c.fail("form, not asked "+f, fmt.Sprintf("%s: %s's notice (not asked) offers %s: no instance is accepted", where, p, f))
			}
		}
	}
}

// compareDefault checks that p's block leaves the state as no orders
// from p do: its notice says it changes nothing in the open segment, or
// that it sends the answer the rules take when none is sent
// (DefaultEffect).
func compareDefault(t *testing.T, c *offerCounts, s storm.State, p storm.Power, me *adjudicator.PowerView, where string) {
	t.Helper()
	sub, err := send(p, me.Default)
	if err != nil {
		return // counted above
	}
	with, _, err1 := adjudicator.Resolve(s, map[storm.Power][]storm.Order{p: sub.Orders})
	without, _, err2 := adjudicator.Resolve(s, nil)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v %v", where, err1, err2)
	}
	a, _ := json.Marshal(with)
	b, _ := json.Marshal(without)
	c.defaultsCompared++
	if string(a) != string(b) {
		c.fail("changes "+s.Segment.Title()+" "+strings.Join(me.Default, " "), fmt.Sprintf("%s: %s's block %q is worded %q but the state differs from no orders", where, p, me.Default, me.DefaultNote))
	}
}

// firstWord is the first word of the first line, for grouping failures.
func firstWord(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	f := strings.Fields(lines[0])
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
