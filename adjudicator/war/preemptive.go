package war

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
)

// Pre-emptive war (26.12, 32.8): once the crises of the turn are settled
// and every secret support event revealed (32.82), the powers that meet a
// threshold (declaration.go, PreemptiveOptions) may declare war, or
// threaten it when not fully mobilized; a threatened power concedes
// support or war breaks out (32.83). The segment asks only the powers with
// such a choice, so most turns pass it without a round trip; a threat
// asks the threatened power in a second round of the same segment.

// Preemptive is what the segment's questions about one state read: its
// pre-emptive options (threshold.PreemptiveOptions, every threshold of
// the turn), reckoned when first asked and kept for the others, so that
// who must order, the options and each validation of the same state
// reckon them once. Made by NewPreemptive; never changed once
// reckoned, and its options are only read.
type Preemptive struct {
	s    storm.State
	done bool
	all  []threshold.PreemptiveOption
}

// NewPreemptive is the pre-emptive options of s, not yet reckoned.
func NewPreemptive(s storm.State) *Preemptive { return &Preemptive{s: s} }

// options is threshold.PreemptiveOptions of the state, reckoned once.
func (c *Preemptive) options() []threshold.PreemptiveOption {
	if !c.done {
		c.all, c.done = threshold.PreemptiveOptions(c.s, storm.AggressedThisTurn(c.s), false), true
	}
	return c.all
}

// choices are the state's options that may be acted on now:
// declarable or threatenable, without a condition (32.71C's Russian
// option after an Allied declaration is not offered: r-32-71c). After a
// war in a crisis they are those 26.12 allows (r-32-81-after-war):
// preemptiveOptions reads the crisis's war from the state.
func (c *Preemptive) choices() []threshold.PreemptiveOption {
	if c.s.War != nil && c.s.War.Kind != "crisis" {
		return nil // a pre-emptive war is declared already
	}
	var out []threshold.PreemptiveOption
	// An Allied declaration in answer to an aggression this turn (32.41B)
	// is a war in a crisis: PreemptiveOptions finds it in State.War.
	for _, o := range c.options() {
		if o.Mode != threshold.MayNot && o.If == "" {
			out = append(out, o)
		}
	}
	return out
}

// Required: the conceding powers of a pending threat, else the declarers
// with a choice (32.8).
func (c *Preemptive) Required() []storm.Power {
	s := c.s
	var out []storm.Power
	add := func(ps []storm.Power) {
		for _, p := range ps {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	if len(s.Crisis.Retaliation) > 0 { // 32.63
		add(storm.Declarers(s.Crisis.Retaliation))
	} else if len(s.Crisis.Threats) > 0 {
		for _, t := range s.Crisis.Threats {
			add(t.Concession.Conceders)
		}
	} else if !s.Crisis.Declared {
		for _, o := range c.choices() {
			// a standing PASS (FOR WAR) declares nothing; a threat's
			// concession above is asked all the same (r-32-83-default)
			add(slices.DeleteFunc(slices.Clone(o.Declarers), func(p storm.Power) bool { return storm.HasStandingPass(s, p, storm.SegPreemptiveWar) }))
		}
	}
	slices.Sort(out)
	return out
}

// optionFor finds the choice p's order concerns among choices, the
// state's choices (Preemptive, reckoned once by the caller: every threshold
// of the segment).
func optionFor(choices []threshold.PreemptiveOption, p storm.Power, o storm.Order) (threshold.PreemptiveOption, bool) {
	against, ok := storm.ParsePower(o.Project)
	if !ok {
		return threshold.PreemptiveOption{}, false
	}
	for _, op := range choices {
		if slices.Contains(op.Declarers, p) && slices.Contains(op.Against, against) {
			return op, true
		}
	}
	return threshold.PreemptiveOption{}, false
}

// refusal says why p may not declare war on against this turn: the rules
// of the restrictions that bar the declaration (32.41, 32.43, 32.61B,
// 32.71 ...), 32.21 only for a pair it never permits.
func refusal(c *Preemptive, p storm.Power, against string) (rule, msg string) {
	s := c.s
	a, ok := storm.ParsePower(against)
	if !ok {
		return "32.21", fmt.Sprintf("%q is not a major power", against)
	}
	if t := threshold.WarThreshold(s, p, a, threshold.ThresholdOptions{}); t.NotPermitted != "" {
		rule, msg, _ = strings.Cut(t.NotPermitted, ": ")
		return rule, msg
	}
	if s.War != nil && s.War.Kind != "crisis" {
		return "32.8", "war has been declared this turn already"
	}
	for _, op := range c.options() {
		if !slices.Contains(op.Declarers, p) || !slices.Contains(op.Against, a) {
			continue
		}
		if op.Mode == threshold.MayNot {
			rule, msg := op.Refusal()
			return rule, fmt.Sprintf("%s may not declare war on %s this turn: %s", storm.JoinAnd(storm.PowerTitles(op.Declarers)), a.Title(), msg)
		}
		if op.If != "" {
			return "32.71C", "Russia's declaration that depends on an Allied pre-emptive declaration this turn is not offered (declarations are simultaneous)"
		}
	}
	return "32.21", fmt.Sprintf("%s may not declare war on %s this turn (its notice lists its options)", p.Title(), a.Title())
}

// Validate checks p's orders in the pre-emptive war segment; the state
// it returns is the state, which they do not change.
func (c *Preemptive) Validate(p storm.Power, orders []storm.Order) ([]storm.IndexedError, storm.State) {
	s := c.s
	var errs []storm.IndexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, storm.IndexedError{OrderError: storm.OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, Index: i})
	}
	for i, o := range orders {
		if i > 0 {
			bad(i, "32.8", "one answer")
			continue
		}
		if len(s.Crisis.Retaliation) > 0 { // 32.63
			a, _ := storm.ParsePower(o.Project)
			switch {
			case !slices.ContainsFunc(s.Crisis.Retaliation, func(t storm.Threshold) bool { return t.From == p }):
				bad(i, "32.63", "only %s may retaliate now, for Germany's declaration of war on Russia", storm.JoinAnd(storm.PowerTitles(storm.Declarers(s.Crisis.Retaliation))))
			case o.Kind != storm.DeclareWarOrder || a != storm.Germany:
				bad(i, "32.63", "the retaliation is DECLARE WAR ON GERMANY, or PASS")
			}
			continue
		}
		if len(s.Crisis.Threats) > 0 {
			if o.Kind != storm.ConcedeOrder && o.Kind != storm.RefuseOrder {
				bad(i, "32.83", "a threatened power answers CONCEDE or REFUSE")
				continue
			}
			if !slices.ContainsFunc(s.Crisis.Threats, func(t storm.Threat) bool { return slices.Contains(t.Concession.Conceders, p) }) {
				bad(i, "32.83C", "%s is not the power that makes the concession", p.Title())
			}
			continue
		}
		if o.Kind != storm.DeclareWarOrder && o.Kind != storm.ThreatenWarOrder {
			bad(i, "32.8", "DECLARE WAR ON <power> or THREATEN WAR ON <power>, or PASS")
			continue
		}
		op, ok := optionFor(c.choices(), p, o)
		if !ok {
			rule, msg := refusal(c, p, o.Project)
			bad(i, rule, "%s", msg)
			continue
		}
		switch {
		case o.Kind == storm.DeclareWarOrder && op.Mode != threshold.MayDeclare:
			bad(i, "32.41C, 32.61B", "not fully mobilized: war may only be threatened (THREATEN WAR ON %s, 32.83)", o.Project)
		case o.Kind == storm.ThreatenWarOrder && op.Mode != threshold.MayThreaten:
			bad(i, "32.83", "fully mobilized: war is declared, not threatened (DECLARE WAR ON %s)", o.Project)
		}
	}
	return errs, s
}

// ResolvePreemptive resolves the segment's declarations and threats, or
// the answers to the threats.
func ResolvePreemptive(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	ResolvePreemptiveWith(s, orders, evs, nil)
}

// ResolvePreemptiveWith is ResolvePreemptive with pre, the pre-emptive
// options of s as the segment opened (nil: reckoned here): when nobody
// orders, Required has reckoned them, and marking the declarations made
// (Crisis.Declared) changes none of them.
func ResolvePreemptiveWith(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event, pre *Preemptive) {
	if !s.Crisis.On {
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: event.NotImplemented})
		return
	}
	if len(s.Crisis.Retaliation) > 0 {
		resolveRetaliation(s, orders, evs)
		return
	}
	if len(s.Crisis.Threats) > 0 {
		resolveConcessions(s, orders, evs)
		return
	}
	s.Crisis.Declared = true
	if pre == nil {
		pre = NewPreemptive(*s)
	}
	choices := pre.choices()
	if len(choices) == 0 {
		note := "no power may declare war (32.2-32.8)"
		if s.War != nil {
			note = "war broke out in a crisis; no power may declare war besides (26.12, 32.81)"
		}
		*evs = append(*evs, event.SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: note})
		return
	}
	var war *storm.War
	for _, op := range choices {
		kind, ok := jointOrder(choices, op, orders) // the threats added below change no choice
		if !ok {
			if f, failed := notJoined(*s, choices, op, orders); failed {
				*evs = append(*evs, f)
			}
			continue
		}
		if kind == storm.DeclareWarOrder || !concessionPossible(op) {
			if war == nil {
				war = &storm.War{Turn: s.Turn, Kind: "pre-emptive"}
			}
			war.Declarers = storm.AppendNew(war.Declarers, op.Declarers...)
			war.Against = storm.AppendNew(war.Against, op.Against...)
			war.Thresholds = append(war.Thresholds, op.Thresholds...)
			continue
		}
		t := storm.Threat{Declarers: op.Declarers, Against: op.Against, Thresholds: op.Thresholds, Concession: *op.Concession}
		s.Crisis.Threats = append(s.Crisis.Threats, t)
		*evs = append(*evs, event.ThreatMade{Turn: s.Turn, Threat: t})
	}
	if war != nil {
		s.Crisis.Threats = nil // war is declared: threats are moot
		track.DeclareWar(s, *war, evs)
		offerRetaliation(s, *war, evs) // 32.63
	}
}

// offerRetaliation is 32.63: when war w has Germany declare war on Russia,
// Britain and France may retaliate by declaring war on Germany if they
// meet the threshold, Russia's war readiness added to theirs. Each that
// meets it and is not at war with Germany yet is asked in a further round
// of the segment; each decides for itself, as each threshold is its own
// (32.62; r-32-63-retaliation).
func offerRetaliation(s *storm.State, w storm.War, evs *[]event.Event) {
	if !declared(w, storm.Germany, storm.Russia) {
		return
	}
	s.Crisis.Retaliation = nil
	for _, p := range storm.Allied {
		if atWarWithGermany(*s, p) {
			continue
		}
		t := threshold.WarThreshold(*s, p, storm.Germany, threshold.ThresholdOptions{GermanWarOnRussia: true})
		if t.Meets {
			s.Crisis.Retaliation = append(s.Crisis.Retaliation, t)
		}
	}
	if len(s.Crisis.Retaliation) > 0 {
		*evs = append(*evs, event.RetaliationOffered{Turn: s.Turn, Thresholds: slices.Clone(s.Crisis.Retaliation)})
	}
}

// declared reports w with from's declaration of war on against (its
// threshold names the pair).
func declared(w storm.War, from, against storm.Power) bool {
	return slices.ContainsFunc(w.Thresholds, func(t storm.Threshold) bool { return t.From == from && t.Against == against })
}

// atWarWithGermany reports p's declaration of war on Germany in any war
// of the turn.
func atWarWithGermany(s storm.State, p storm.Power) bool {
	if s.War == nil {
		return false
	}
	return slices.ContainsFunc(append([]storm.War{*s.War}, s.War.More...), func(w storm.War) bool { return declared(w, p, storm.Germany) })
}

// resolveRetaliation applies the answers of 32.63: each power that
// declares war on Germany is at war with it; no answer is no retaliation
// (war needs a decision, as r-32-83-default).
func resolveRetaliation(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	asked := s.Crisis.Retaliation
	s.Crisis.Retaliation = nil
	for _, t := range asked {
		yes := slices.ContainsFunc(orders[t.From], func(o storm.Order) bool { return o.Kind == storm.DeclareWarOrder })
		how := "order"
		if len(orders[t.From]) == 0 {
			how = "no answer: no retaliation"
		}
		*evs = append(*evs, event.RetaliationAnswered{Turn: s.Turn, Power: t.From, Declared: yes, How: how})
		if yes {
			track.DeclareWar(s, storm.War{Turn: s.Turn, Kind: storm.RetaliationWar, Declarers: []storm.Power{t.From}, Against: []storm.Power{storm.Germany}, Thresholds: []storm.Threshold{t}}, evs)
		}
	}
}

func concessionPossible(op threshold.PreemptiveOption) bool {
	return op.Concession != nil && op.Concession.Preventable
}

// jointOrder is the declarers' common order for option op: every
// declarer must give it (32.61B: Britain and France jointly; differing
// orders declare nothing, r-32-61b-concert); choices are the segment's
// choices (Preemptive).
func jointOrder(choices []threshold.PreemptiveOption, op threshold.PreemptiveOption, orders map[storm.Power][]storm.Order) (storm.OrderKind, bool) {
	var kind storm.OrderKind
	for _, p := range op.Declarers {
		var mine storm.OrderKind
		for _, o := range orders[p] {
			if x, ok := optionFor(choices, p, o); ok && slices.Equal(x.Against, op.Against) {
				mine = o.Kind
			}
		}
		if mine == "" || (kind != "" && mine != kind) {
			return "", false
		}
		kind = mine
	}
	switch {
	case kind == storm.DeclareWarOrder && op.Mode == threshold.MayDeclare, kind == storm.ThreatenWarOrder && op.Mode == threshold.MayThreaten:
		return kind, true
	}
	return "", false
}

// notJoined reports an Allied option ordered by one of Britain and
// France only, or by both with different orders: nothing follows, and the
// report says why (32.61B; r-32-61b-concert); choices are the segment's
// choices (Preemptive).
func notJoined(s storm.State, choices []threshold.PreemptiveOption, op threshold.PreemptiveOption, orders map[storm.Power][]storm.Order) (event.DeclarationFailed, bool) {
	if len(op.Declarers) < 2 {
		return event.DeclarationFailed{}, false
	}
	given := map[storm.Power]storm.OrderKind{}
	var who []storm.Power
	for _, p := range op.Declarers {
		for _, o := range orders[p] {
			if x, ok := optionFor(choices, p, o); ok && slices.Equal(x.Against, op.Against) {
				given[p] = o.Kind
				who = append(who, p)
			}
		}
	}
	if len(who) == 0 {
		return event.DeclarationFailed{}, false
	}
	f := event.DeclarationFailed{Turn: s.Turn, Powers: who, Against: op.Against, Rule: "32.61B"}
	if len(who) < len(op.Declarers) {
		var silent []storm.Power
		for _, p := range op.Declarers {
			if _, ok := given[p]; !ok {
				silent = append(silent, p)
			}
		}
		f.Why = fmt.Sprintf("%s gave no such order, and %s declare or threaten pre-emptive war only together",
			storm.JoinAnd(storm.PowerTitles(silent)), storm.JoinAnd(storm.PowerTitles(op.Declarers)))
		return f, true
	}
	var words []string
	for _, p := range op.Declarers {
		words = append(words, fmt.Sprintf("%s %s", p.Title(), strings.ToUpper(strings.ReplaceAll(string(given[p]), "-", " "))))
	}
	f.Why = fmt.Sprintf("their orders differ (%s), and a joint declaration or threat needs the same order from both", strings.Join(words, ", "))
	return f, true
}

// resolveConcessions applies the answers to the threats (32.83): a
// concession moves support at once (32.83B; tile points too, 11.52A);
// a refusal is war. No answer concedes (r-32-83-default).
func resolveConcessions(s *storm.State, orders map[storm.Power][]storm.Order, evs *[]event.Event) {
	threats := s.Crisis.Threats
	s.Crisis.Threats = nil
	for _, t := range threats {
		refused := false
		how := "no answer: CONCEDE"
		for _, p := range t.Concession.Conceders {
			for _, o := range orders[p] {
				switch o.Kind {
				case storm.RefuseOrder:
					refused = true
				case storm.ConcedeOrder:
					how = "order"
				}
			}
		}
		if refused {
			w := storm.War{Turn: s.Turn, Kind: "pre-emptive", Declarers: t.Declarers, Against: t.Against, Thresholds: t.Thresholds}
			track.DeclareWar(s, w, evs)
			offerRetaliation(s, w, evs) // 32.63
			continue
		}
		c := t.Concession
		*evs = append(*evs, event.ConcessionMade{Turn: s.Turn, Concession: c, How: how})
		for _, p := range c.Beneficiaries {
			track.ChangeSupport(s, p, c.Support, "32.83A", "concession to avoid a pre-emptive war", true, evs)
		}
		for _, p := range c.Conceders {
			track.ChangeSupport(s, p, -c.Support, "32.83A", "concession to avoid a pre-emptive war", true, evs)
		}
	}
}

// PreemptStays keeps the segment open while a threat or a retaliation
// (32.63) awaits its answer.
func PreemptStays(s storm.State) bool {
	return s.Segment == storm.SegPreemptiveWar && (len(s.Crisis.Threats) > 0 || len(s.Crisis.Retaliation) > 0)
}

// Options are p's orders in the pre-emptive war segment.
func (c *Preemptive) Options(p storm.Power) []storm.Option {
	s := c.s
	var opts []storm.Option
	if len(s.Crisis.Retaliation) > 0 { // 32.63
		for _, t := range s.Crisis.Retaliation {
			if t.From == p {
				opts = append(opts, storm.Option{Order: storm.Order{Kind: storm.DeclareWarOrder, Project: storm.Germany.String()},
					Note: "retaliation for Germany's declaration of war on Russia (32.63); " + threshold.Words(t)})
			}
		}
		return opts
	}
	if len(s.Crisis.Threats) > 0 {
		for _, t := range s.Crisis.Threats {
			if slices.Contains(t.Concession.Conceders, p) {
				opts = append(opts, storm.Option{Order: storm.Order{Kind: storm.ConcedeOrder}, Note: fmt.Sprintf("support %d now (32.83A-B)", -t.Concession.Support)},
					storm.Option{Order: storm.Order{Kind: storm.RefuseOrder}, Note: "war breaks out and the game ends (32.83)"})
			}
		}
		return opts
	}
	for _, op := range c.choices() {
		if !slices.Contains(op.Declarers, p) {
			continue
		}
		k := storm.DeclareWarOrder
		note := "war breaks out and the game ends (32.8, 34.81)"
		if op.Mode == threshold.MayThreaten {
			k = storm.ThreatenWarOrder
			note = fmt.Sprintf("%s may concede %d support to avoid war (32.83)", storm.JoinAnd(storm.PowerTitles(op.Concession.Conceders)), op.Concession.Support)
			if !op.Concession.Preventable {
				note = fmt.Sprintf("the threshold is exceeded by %d: no concession can prevent it, war breaks out and the game ends (32.83A, 34.81)", op.Concession.Excess)
			}
		}
		var ths []string
		for _, t := range op.Thresholds { // 32.3: the figures behind the choice
			ths = append(ths, threshold.Words(t))
		}
		opts = append(opts, storm.Option{Order: storm.Order{Kind: k, Project: op.Against[0].String()}, Note: note + "; " + strings.Join(ths, "; ")})
	}
	return opts
}
