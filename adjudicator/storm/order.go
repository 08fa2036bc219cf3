package storm

import (
	"fmt"
	"slices"
	"strings"
)

// FactoryKind is the use a factory is put to (11.21).
type FactoryKind string

// Factory uses (11.21A-C).
const (
	Idle     FactoryKind = "idle"
	Civilian FactoryKind = "civilian"
	Military FactoryKind = "military"
)

// OrderKind is the kind of an order.
type OrderKind string

// Order kinds of the industrial segment (14).
const (
	Convert  OrderKind = "convert"  // idle -> civilian (14.21)
	Mobilize OrderKind = "mobilize" // idle or civilian -> military (14.31)
)

// UnitType is what a mobilization creates or construction builds (14.7, 18).
type UnitType string

// Unit types (14.7); a shipbuilding increase is created by mobilization
// like a unit (14.61).
const (
	Armor                UnitType = "armor"
	Infantry             UnitType = "infantry"
	Air                  UnitType = "air"
	ShipbuildingIncrease UnitType = "shipbuilding"
)

// Order is one order of one power. Kind says which fields mean something;
// each order kind documents its fields where the kind is declared.
type Order struct {
	Kind OrderKind   `json:"kind"`
	From FactoryKind `json:"from,omitempty"` // CONVERT: idle; MOBILIZE: idle or civilian
	// Units: MOBILIZE: the units (and shipbuilding increase) the
	// mobilization creates (14.7); BUILD: the units built (18).
	Units []UnitType `json:"units,omitempty"`
	// Project: a research project (15.4) or another named target of the order.
	Project string `json:"project,omitempty"`
	// Points: research points, shipbuilding points or the like.
	Points int `json:"points,omitempty"`
	// Counters: the activity counters used, by strength (12.41), e.g. [2, 1].
	Counters []int `json:"counters,omitempty"`
	// Ship: the ship (or ship type) a shipbuilding order concerns (19).
	Ship string `json:"ship,omitempty"`
	// Args: further words of an order whose kind defines them.
	Args []string `json:"args,omitempty"`
	// Card: PLAY: the number of the random event card played (9.41E).
	Card int `json:"card,omitempty"`
	// Cards: DRAW (the moderator's physical deck): the cards drawn, in order.
	Cards []int `json:"cards,omitempty"`
	// For: a standing order for a later placement round of the turn
	// ("FOR ALLIES"; standing.go); empty for the open segment.
	For  Segment `json:"for,omitempty"`
	Line int     `json:"line,omitempty"` // 1-based line in the email body; 0 if unknown
}

// To returns the factory use the order converts to.
func (o Order) To() FactoryKind {
	switch o.Kind {
	case Convert:
		return Civilian
	case Mobilize:
		return Military
	}
	return ""
}

// String returns the canonical order text, e.g. "CONVERT IDLE TO CIVILIAN"
// or "MOBILIZE CIVILIAN"; a standing order ends with the round it is for,
// "DIPLOMATIC AUSTRIA 2 (for Diplomacy: Axis, second round)". It is the
// one text of an order: the engine's refusals (OrderError) and HELP
// options, the receipts and the reports write it, and the orders
// package's grammar reads it back (orders.TestCanonicalTextReadsBack).
func (o Order) String() string {
	if o.Kind == PassOrder && o.For == SegTurn { // standing.go
		return "PASS TURN"
	}
	if o.For != "" && o.Kind != CrisisIfOrder { // an IF line names its stage itself
		c := o
		c.For = ""
		return c.String() + " (for " + o.For.Title() + ")"
	}
	if t, ok := shipbuildingString(o); ok {
		return t
	}
	if o.Kind == Research {
		return researchString(o) // research.go
	}
	if o.Kind == Play { // play.go; the projects chosen (15.32, eventplay.go)
		if len(o.Args) > 0 {
			return fmt.Sprintf("PLAY %d: %s", o.Card, strings.Join(o.Args, ", "))
		}
		return fmt.Sprintf("PLAY %d", o.Card)
	}
	if t, ok := intelString(o); ok { // intelligence.go
		return t
	}
	if t, ok := crisisString(o); ok { // crisisphase.go, preemptive.go
		return t
	}
	if o.Kind == Transfer { // transfer.go
		return fmt.Sprintf("TRANSFER %d TO %s", o.Points, strings.ToUpper(o.Project))
	}
	if o.Kind == FlexibleOrder { // flexible.go
		return fmt.Sprintf("FLEXIBLE %d %s", o.Card, strings.ToUpper(o.Project))
	}
	if o.Kind == AntiCominternOrder { // anticomintern.go
		return "ANTI-COMINTERN " + strings.ToUpper(o.Project)
	}
	if o.Kind == MilitaryCounter { // diplomacy.go
		if len(o.Args) > 0 { // 15.22D: a civil war intervention's research point
			return "MILITARY " + strings.ToUpper(o.Project) + " RESEARCH " + strings.ToUpper(o.Args[0])
		}
		return "MILITARY " + strings.ToUpper(o.Project)
	}
	if o.Kind == Diplomatic && len(o.Counters) == 1 { // diplomacy.go
		if len(o.Args) > 0 && o.Args[0] == "free" { // 24.53A
			return fmt.Sprintf("DIPLOMATIC %s %d FREE", strings.ToUpper(o.Project), o.Counters[0])
		}
		return fmt.Sprintf("DIPLOMATIC %s %d", strings.ToUpper(o.Project), o.Counters[0])
	}
	if o.Kind == DrawCards { // physical.go
		s := "DRAW"
		for _, c := range o.Cards {
			s += fmt.Sprintf(" %d", c)
		}
		return s
	}
	if t, ok := setString(o); ok { // fix.go
		return t
	}
	if o.Kind == DrawPurge && len(o.Args) == 1 {
		if c, ok := ParsePurgeCard(o.Args[0]); ok {
			return "PURGE " + c.Word()
		}
	}
	switch o.Kind {
	case PassOrder: // standing.go
		return "PASS"
	case Convert:
		from := o.From
		if from == "" {
			from = Idle
		}
		return "CONVERT " + strings.ToUpper(string(from)) + " TO CIVILIAN"
	case Mobilize:
		s := "MOBILIZE"
		if o.From != "" {
			s += " " + strings.ToUpper(string(o.From))
		}
		if len(o.Units) > 0 { // 14.7
			s += ": " + UnitList(o.Units)
		}
		return s
	}
	if o.Kind == Build || o.Kind == AddToReserve { // 18, 14.737, 14.743
		return BuildString(o)
	}
	s := strings.ToUpper(string(o.Kind))
	if o.From != "" {
		s += " " + strings.ToUpper(string(o.From))
	}
	if s == "" {
		return "(empty order)"
	}
	return s
}

// OrderError explains why an order is not acceptable, citing the rule.
type OrderError struct {
	Order Order  `json:"order"`
	Index int    `json:"index"` // of Order in the orders given to Validate
	Rule  string `json:"rule"`
	Msg   string `json:"msg"`
	// Fix, when not nil, is the whole fix the refusal advises, as lines
	// of the email: made, the email is accepted (as far as this refusal
	// goes; adjudicator.TestPropertyRefusalAdviceWorks).
	Fix *Fix `json:"fix,omitempty"`
}

// Fix is a refusal's advice as lines of the email, in the orders'
// canonical text (Order.String of orders without For, which the orders
// package reads back): Replace are the lines that take the refused
// order's place (under the same FOR line, for a standing order), or with
// Drop none (the line is left out); Add are lines for the open segment
// added to the email (before its first FOR line).
type Fix struct {
	Replace []string `json:"replace,omitempty"`
	Drop    bool     `json:"drop,omitempty"`
	Add     []string `json:"add,omitempty"`
}

// OrderWarning is an accepted order that the state at submission shows
// may still fail: it stands only if what Stands says happens before its
// segment opens (docs/orders.md, "The receipt").
type OrderWarning struct {
	Order  Order  `json:"order"`
	Index  int    `json:"index"` // of Order in the orders given to Warn
	Rule   string `json:"rule"`
	Msg    string `json:"msg"`           // why it would fail as things stand
	Stands string `json:"stands"`        // what must happen for it to stand
	Fix    *Fix   `json:"fix,omitempty"` // the change of the orders that makes it stand
}

// Error renders "line 7: MOBILIZE IDLE: rule 14.41: ..." (without the line
// part when the line is unknown).
func (e OrderError) Error() string {
	var b strings.Builder
	if e.Order.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Order.Line)
	}
	b.WriteString(e.Order.String())
	b.WriteString(": ")
	if e.Rule != "" {
		b.WriteString("rule " + e.Rule + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Clone deep-copies o.
func (o Order) Clone() Order {
	c := o
	c.Units = slices.Clone(o.Units)
	c.Counters = slices.Clone(o.Counters)
	c.Args = slices.Clone(o.Args)
	c.Cards = slices.Clone(o.Cards)
	return c
}

// Ordinals returns 0, 1 ... n-1, to be read only: the indices of a list
// of orders taken whole. Up to 64 are one list kept for every caller
// (the checks ask for it for every try); more are made anew.
func Ordinals(n int) []int {
	if n <= len(ordinalList) {
		return ordinalList[:n:n]
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// ordinalList is Ordinals' list kept; never written.
var ordinalList = func() []int {
	out := make([]int, 64)
	for i := range out {
		out[i] = i
	}
	return out
}()
