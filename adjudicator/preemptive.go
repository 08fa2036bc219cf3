package adjudicator

import (
	"fmt"
	"slices"
)

// Pre-emptive war (26.12, 32.8): once the crises of the turn are settled
// and every secret support event revealed (32.82), the powers that meet a
// threshold (declaration.go, PreemptiveOptions) may declare war, or
// threaten it when not fully mobilized; a threatened power concedes
// support or war breaks out (32.83). The segment asks only the powers with
// such a choice, so most turns pass it without a round trip; a threat
// asks the threatened power in a second round of the same segment.

// Pre-emptive war's order kinds.
const (
	// DeclareWarOrder declares war on Project (32.8); Germany names
	// Britain or France for both (32.42).
	DeclareWarOrder OrderKind = "declare-war"
	// ThreatenWarOrder threatens war on Project (32.44, 32.61B, 32.83).
	ThreatenWarOrder OrderKind = "threaten-war"
	// ConcedeOrder and RefuseOrder answer a threat (32.83).
	ConcedeOrder OrderKind = "concede"
	RefuseOrder  OrderKind = "refuse"
)

// Threat is a threatened pre-emptive war awaiting the concession that
// prevents it (32.83).
type Threat struct {
	Declarers  []Power     `json:"declarers"`
	Against    []Power     `json:"against"`
	Thresholds []Threshold `json:"thresholds"`
	Concession Concession  `json:"concession"`
}

// preemptiveChoices are this turn's options that may be acted on now:
// declarable or threatenable, without a condition (32.71C's Russian
// option after an Allied declaration is not offered: r-32-71c).
func preemptiveChoices(s State) []PreemptiveOption {
	if s.War != nil {
		return nil // 32.81: war broke out in a crisis
	}
	var out []PreemptiveOption
	// No Allied declaration in answer to an aggression this turn (32.41B):
	// that would have been a war in a crisis, returned above.
	for _, o := range PreemptiveOptions(s, AggressedThisTurn(s), false) {
		if o.Mode != MayNot && o.If == "" {
			out = append(out, o)
		}
	}
	return out
}

// preemptiveRequired: the conceding powers of a pending threat, else the
// declarers with a choice (32.8).
func preemptiveRequired(s State) []Power {
	var out []Power
	add := func(ps []Power) {
		for _, p := range ps {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	if len(s.Crisis.Threats) > 0 {
		for _, t := range s.Crisis.Threats {
			add(t.Concession.Conceders)
		}
	} else if !s.Crisis.Declared {
		for _, o := range preemptiveChoices(s) {
			add(o.Declarers)
		}
	}
	slices.Sort(out)
	return out
}

// optionFor finds the choice p's order concerns.
func optionFor(s State, p Power, o Order) (PreemptiveOption, bool) {
	against, ok := ParsePower(o.Project)
	if !ok {
		return PreemptiveOption{}, false
	}
	for _, op := range preemptiveChoices(s) {
		if slices.Contains(op.Declarers, p) && slices.Contains(op.Against, against) {
			return op, true
		}
	}
	return PreemptiveOption{}, false
}

// validatePreemptive checks p's orders in the pre-emptive war segment.
func validatePreemptive(s State, p Power, orders []Order) ([]indexedError, State) {
	var errs []indexedError
	bad := func(i int, rule, format string, a ...any) {
		errs = append(errs, indexedError{OrderError{Order: orders[i], Rule: rule, Msg: fmt.Sprintf(format, a...)}, i})
	}
	for i, o := range orders {
		if i > 0 {
			bad(i, "32.8", "one answer")
			continue
		}
		if len(s.Crisis.Threats) > 0 {
			if o.Kind != ConcedeOrder && o.Kind != RefuseOrder {
				bad(i, "32.83", "a threatened power answers CONCEDE or REFUSE")
				continue
			}
			if !slices.ContainsFunc(s.Crisis.Threats, func(t Threat) bool { return slices.Contains(t.Concession.Conceders, p) }) {
				bad(i, "32.83C", "%s is not the power that makes the concession", p.Title())
			}
			continue
		}
		if o.Kind != DeclareWarOrder && o.Kind != ThreatenWarOrder {
			bad(i, "32.8", "DECLARE WAR ON <power> or THREATEN WAR ON <power>, or PASS")
			continue
		}
		op, ok := optionFor(s, p, o)
		if !ok {
			bad(i, "32.21", "%s may not declare war on %s this turn (its notice lists its options)", p.Title(), o.Project)
			continue
		}
		switch {
		case o.Kind == DeclareWarOrder && op.Mode != MayDeclare:
			bad(i, "32.41C, 32.61B", "not fully mobilized: war may only be threatened (THREATEN WAR ON %s, 32.83)", o.Project)
		case o.Kind == ThreatenWarOrder && op.Mode != MayThreaten:
			bad(i, "32.83", "fully mobilized: war is declared, not threatened (DECLARE WAR ON %s)", o.Project)
		}
	}
	return errs, s.Clone()
}

// ThreatMade reports a threatened pre-emptive war and the concession that
// prevents it (32.83); PreemptiveAnswer the threatened power's answer.
type ThreatMade struct {
	Turn   Turn   `json:"turn"`
	Threat Threat `json:"threat"`
}

// ConcessionMade reports a concession made (32.83A-B).
type ConcessionMade struct {
	Turn       Turn       `json:"turn"`
	Concession Concession `json:"concession"`
	How        string     `json:"how"`
}

func (ThreatMade) Visibility() Visibility     { return public }
func (ConcessionMade) Visibility() Visibility { return public }
func (ThreatMade) Type() string               { return "ThreatMade" }
func (ConcessionMade) Type() string           { return "ConcessionMade" }

func init() {
	eventTypes["ThreatMade"] = decode[ThreatMade]
	eventTypes["ConcessionMade"] = decode[ConcessionMade]
}

// resolvePreemptive resolves the segment's declarations and threats, or
// the answers to the threats.
func resolvePreemptive(s *State, orders map[Power][]Order, evs *[]Event) {
	if !s.Crisis.On {
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: NotImplemented})
		return
	}
	if s.War != nil {
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: "war broke out in a crisis (32.81)"})
		return
	}
	if len(s.Crisis.Threats) > 0 {
		resolveConcessions(s, orders, evs)
		return
	}
	s.Crisis.Declared = true
	choices := preemptiveChoices(*s)
	if len(choices) == 0 {
		*evs = append(*evs, SegmentSkipped{Turn: s.Turn, Segment: s.Segment, Note: "no power may declare war (32.2-32.8)"})
		return
	}
	var war *War
	for _, op := range choices {
		kind, ok := jointOrder(*s, op, orders)
		if !ok {
			continue
		}
		if kind == DeclareWarOrder || !concessionPossible(op) {
			if war == nil {
				war = &War{Turn: s.Turn, Kind: "pre-emptive"}
			}
			war.Declarers = appendNew(war.Declarers, op.Declarers...)
			war.Against = appendNew(war.Against, op.Against...)
			war.Thresholds = append(war.Thresholds, op.Thresholds...)
			continue
		}
		t := Threat{Declarers: op.Declarers, Against: op.Against, Thresholds: op.Thresholds, Concession: *op.Concession}
		s.Crisis.Threats = append(s.Crisis.Threats, t)
		*evs = append(*evs, ThreatMade{Turn: s.Turn, Threat: t})
	}
	if war != nil {
		s.Crisis.Threats = nil // war is declared: threats are moot
		declareWar(s, *war, evs)
	}
}

func concessionPossible(op PreemptiveOption) bool {
	return op.Concession != nil && op.Concession.Preventable
}

// jointOrder is the declarers' common order for option op: every
// declarer must give it (32.61B: Britain and France jointly; differing
// orders declare nothing, r-32-61b-concert).
func jointOrder(s State, op PreemptiveOption, orders map[Power][]Order) (OrderKind, bool) {
	var kind OrderKind
	for _, p := range op.Declarers {
		var mine OrderKind
		for _, o := range orders[p] {
			if x, ok := optionFor(s, p, o); ok && slices.Equal(x.Against, op.Against) {
				mine = o.Kind
			}
		}
		if mine == "" || (kind != "" && mine != kind) {
			return "", false
		}
		kind = mine
	}
	switch {
	case kind == DeclareWarOrder && op.Mode == MayDeclare, kind == ThreatenWarOrder && op.Mode == MayThreaten:
		return kind, true
	}
	return "", false
}

// resolveConcessions applies the answers to the threats (32.83): a
// concession moves support at once (32.83B; tile points too, 11.52A);
// a refusal is war. No answer concedes (r-32-83-default).
func resolveConcessions(s *State, orders map[Power][]Order, evs *[]Event) {
	threats := s.Crisis.Threats
	s.Crisis.Threats = nil
	for _, t := range threats {
		refused := false
		how := "no answer: CONCEDE"
		for _, p := range t.Concession.Conceders {
			for _, o := range orders[p] {
				switch o.Kind {
				case RefuseOrder:
					refused = true
				case ConcedeOrder:
					how = "order"
				}
			}
		}
		if refused {
			declareWar(s, War{Turn: s.Turn, Kind: "pre-emptive", Declarers: t.Declarers, Against: t.Against, Thresholds: t.Thresholds}, evs)
			continue
		}
		c := t.Concession
		*evs = append(*evs, ConcessionMade{Turn: s.Turn, Concession: c, How: how})
		for _, p := range c.Beneficiaries {
			ChangeSupport(s, p, c.Support, "32.83A", "concession to avoid a pre-emptive war", true, evs)
		}
		for _, p := range c.Conceders {
			ChangeSupport(s, p, -c.Support, "32.83A", "concession to avoid a pre-emptive war", true, evs)
		}
	}
}

// preemptStays keeps the segment open while a threat awaits its answer.
func preemptStays(s State) bool {
	return s.Segment == SegPreemptiveWar && len(s.Crisis.Threats) > 0 && s.War == nil
}

func appendNew(xs []Power, ys ...Power) []Power {
	for _, y := range ys {
		if !slices.Contains(xs, y) {
			xs = append(xs, y)
		}
	}
	return xs
}

// preemptiveOptions are p's orders in the pre-emptive war segment.
func preemptiveOptions(s State, p Power) []Option {
	var opts []Option
	if len(s.Crisis.Threats) > 0 {
		for _, t := range s.Crisis.Threats {
			if slices.Contains(t.Concession.Conceders, p) {
				opts = append(opts, Option{Order: Order{Kind: ConcedeOrder}, Note: fmt.Sprintf("support %d now (32.83A-B)", -t.Concession.Support)},
					Option{Order: Order{Kind: RefuseOrder}, Note: "war breaks out and the game ends (32.83)"})
			}
		}
		return opts
	}
	for _, op := range preemptiveChoices(s) {
		if !slices.Contains(op.Declarers, p) {
			continue
		}
		k := DeclareWarOrder
		note := "war breaks out and the game ends (32.8, 34.81)"
		if op.Mode == MayThreaten {
			k = ThreatenWarOrder
			note = fmt.Sprintf("%s may concede %d support to avoid war (32.83)", joinAnd(powerTitles(op.Concession.Conceders)), op.Concession.Support)
			if !op.Concession.Preventable {
				note = fmt.Sprintf("the threshold is exceeded by %d: no concession can prevent it, war breaks out and the game ends (32.83A, 34.81)", op.Concession.Excess)
			}
		}
		opts = append(opts, Option{Order: Order{Kind: k, Project: op.Against[0].String()}, Note: note})
	}
	return opts
}
