// Package deckcheck checks a random event deck (8.4) before a game uses
// it: card numbers, trends, one event per power, categories, and every
// effect against the vocabulary of storm's effect specs (docs/deck.md).
// The deck package reports what it finds with the line of the file.
package deckcheck

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"stormjudge/adjudicator/storm"
)

// Error is one problem of a deck found by Check. Card is the card's
// index in storm.Deck.Cards (-1: the deck), Event "" (the card), "general" or a
// power's name, Effect the effect's index in the event (-1: none) and Key
// the field concerned, named as in a deck file ("number", "kind", "value"
// ...).
type Error struct {
	Card   int
	Number int
	Event  string
	Effect int
	Key    string
	Msg    string
}

// Error names the card, its event and its effect before the problem.
func (e Error) Error() string {
	var b strings.Builder
	if e.Card >= 0 {
		fmt.Fprintf(&b, "card %d", e.Number)
		if e.Event != "" {
			fmt.Fprintf(&b, ", %s event", e.Event)
		}
		if e.Effect >= 0 {
			fmt.Fprintf(&b, ", effect %d", e.Effect+1)
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		fmt.Fprintf(&b, "%s: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// GeneralEvent is the Event name of a card's general event in Error.
const GeneralEvent = "general"

// Check validates a deck: card numbers unique and in 1..144 (8.42), trends
// in -2..+2 (11.33), a general event and one national event per major
// power (8.41B-C), general events public (9.3), categories known (8.21),
// and every effect of the vocabulary with its required parameters, and
// only those, holding known values. nil means the deck is usable.
func Check(d storm.Deck) []Error {
	var errs []Error
	seen := map[int]int{}
	for i, c := range d.Cards {
		add := func(event string, effect int, key, format string, args ...any) {
			errs = append(errs, Error{Card: i, Number: c.Number, Event: event, Effect: effect, Key: key, Msg: fmt.Sprintf(format, args...)})
		}
		if c.Number < 1 || c.Number > storm.DeckSize {
			add("", -1, "number", "card number %d out of range 1..%d (8.42)", c.Number, storm.DeckSize)
		} else if j, dup := seen[c.Number]; dup {
			add("", -1, "number", "card number %d used twice (also card %d of the file) (8.41D)", c.Number, j+1)
		} else {
			seen[c.Number] = i
		}
		if c.Trend < -2 || c.Trend > 2 {
			add("", -1, "trend", "economic trend %+d out of range -2..+2 (11.33)", c.Trend)
		}
		checkEvent(c.General, GeneralEvent, 0, add)
		for _, p := range slices.Sorted(maps.Keys(c.National)) { // one order of errors every time
			if !p.Valid() {
				add("", -1, "", "national event for an invalid power %d", uint8(p))
			}
		}
		for _, p := range storm.Powers {
			ev, ok := c.National[p]
			if !ok {
				add(p.String(), -1, "", "missing: a national event for %s (every card has one per major power, 8.41C)", p)
				continue
			}
			checkEvent(ev, p.String(), p, add)
		}
	}
	return errs
}

// checkEvent checks one event; holder is 0 for the general event.
func checkEvent(ev storm.CardEvent, name string, holder storm.Power, add func(event string, effect int, key, format string, args ...any)) {
	if strings.TrimSpace(ev.Title) == "" {
		add(name, -1, "title", "missing: every event has a title")
	}
	if holder == 0 && ev.Secret {
		add(name, -1, "secret", "a general event is always public (8.31, 9.31)")
	}
	switch {
	case ev.Category == "":
		add(name, -1, "category", "missing: one of %s (8.21)", list(storm.EventCategories))
	case !slices.Contains(storm.EventCategories, ev.Category):
		add(name, -1, "category", "unknown category %q: one of %s (8.21)", ev.Category, list(storm.EventCategories))
	case holder == 0 && !slices.Contains(storm.GeneralCategories, ev.Category):
		add(name, -1, "category", "a general event is not of category %q; one of %s (8.21A)", ev.Category, list(storm.GeneralCategories))
	}
	for j, e := range ev.Effects {
		for _, m := range CheckEffect(e, holder) {
			add(name, j, m.Key, "%s", m.msg)
		}
	}
}

type effectProblem struct{ Key, msg string }

// CheckEffect checks one effect against its spec; holder is the power
// holding a national event, 0 for a general event.
func CheckEffect(e storm.Effect, holder storm.Power) []effectProblem {
	var out []effectProblem
	bad := func(key storm.Param, format string, args ...any) {
		out = append(out, effectProblem{string(key), fmt.Sprintf(format, args...)})
	}
	spec, ok := e.Kind.Spec()
	if !ok {
		if e.Kind == "" {
			out = append(out, effectProblem{"kind", "missing: every effect has a kind"})
		} else {
			out = append(out, effectProblem{"kind", fmt.Sprintf("unknown effect kind %q", e.Kind)})
		}
		return out
	}
	allowed := slices.Concat(spec.Required, spec.OneOf, spec.Optional)
	if spec.PerPower {
		allowed = append(allowed, storm.ParamPower)
	}
	if spec.PerSide {
		allowed = append(allowed, storm.ParamSide)
	}
	given := e.Given()
	for _, p := range storm.Params {
		if given[p] && !slices.Contains(allowed, p) {
			bad(p, "not a parameter of %s (rule %s)", e.Kind, spec.Rule)
		}
	}
	for _, p := range spec.Required {
		if !given[p] {
			bad(p, "missing: %s needs %s (rule %s)", e.Kind, p, spec.Rule)
		}
	}
	if len(spec.OneOf) > 0 {
		n := 0
		for _, p := range spec.OneOf {
			if given[p] {
				n++
			}
		}
		if n != 1 {
			bad(spec.OneOf[0], "%s needs exactly one of %s (rule %s)", e.Kind, list(spec.OneOf), spec.Rule)
		}
	}
	// the power concerned
	power := e.Power
	if given[storm.ParamPower] && !e.Power.Valid() {
		bad(storm.ParamPower, "unknown power %d", uint8(e.Power))
	}
	if power == 0 {
		power = holder
	}
	if spec.PerPower && power == 0 {
		bad(storm.ParamPower, "missing: a general event's %s names the power it concerns (rule %s)", e.Kind, spec.Rule)
	}
	if spec.Only != 0 && power != 0 && power != spec.Only {
		bad(storm.ParamPower, "%s concerns %s only (rule %s)", e.Kind, spec.Only, spec.Rule)
	}
	if spec.PerSide {
		switch {
		case e.Side == "" && holder == 0:
			bad(storm.ParamSide, "missing: a general event's %s names the side it favours: axis, allies or russia (9.31C)", e.Kind)
		case e.Side != "" && e.Side != storm.Axis && e.Side != storm.Allies && e.Side != storm.Soviet:
			bad(storm.ParamSide, "unknown side %q: axis, allies or russia (9.31C)", e.Side)
		}
	}
	if given[storm.ParamValue] && (e.Value < spec.Min || e.Value > spec.Max) {
		bad(storm.ParamValue, "%d out of range %d..%d for %s (rule %s)", e.Value, spec.Min, spec.Max, e.Kind, spec.Rule)
	}
	if given[storm.ParamCount] && given[storm.ParamProject] {
		bad(storm.ParamCount, "count is how many projects of the research category the player chooses; a named project advances alone (15.32B)")
	}
	if given[storm.ParamCount] && (e.Count < 1 || e.Count > 3) {
		bad(storm.ParamCount, "%d out of range 1..3", e.Count)
	}
	if given[storm.ParamPer] && e.Per < 1 {
		bad(storm.ParamPer, "%d: must be at least 1", e.Per)
	}
	if given[storm.ParamMax] && (e.Max < 1 || e.Max > 7) {
		bad(storm.ParamMax, "%d out of range 1..7", e.Max)
	}
	if given[storm.ParamProject] {
		if msg := checkProject(e.Project, power); msg != "" {
			bad(storm.ParamProject, "%s", msg)
		}
	}
	if given[storm.ParamResearch] && !slices.Contains(storm.ResearchCategories, e.Research) {
		bad(storm.ParamResearch, "unknown research category %q: one of %s (15.12)", e.Research, list(storm.ResearchCategories))
	}
	if e.Kind == storm.EffectConditionalSupport && e.Condition == storm.ConditionResearchResults && !given[storm.ParamResearch] {
		bad(storm.ParamResearch, "missing: the condition research_results counts the results of a research category")
	}
	if given[storm.ParamRegion] {
		if !slices.Contains(storm.Regions, e.Region) {
			bad(storm.ParamRegion, "unknown region %q: one of %s (4.16)", e.Region, list(storm.Regions))
		}
	}
	for _, c := range []struct {
		p storm.Param
		v string
	}{{storm.ParamCountry, e.Country}, {storm.ParamOther, e.Other}} {
		if !given[c.p] {
			continue
		}
		if !slices.Contains(storm.Countries(), c.v) {
			bad(c.p, "unknown country %q: a diplomatic target of 24.21 or Russia", c.v)
		} else if len(spec.Countries) > 0 && !slices.Contains(spec.Countries, c.v) {
			bad(c.p, "%s: %s is for %s only (rule %s)", c.v, e.Kind, strings.Join(spec.Countries, ", "), spec.Rule)
		}
	}
	if given[storm.ParamOther] && e.Other == e.Country {
		bad(storm.ParamOther, "a dispute is between two different countries (24.552)")
	}
	if given[storm.ParamCondition] && !slices.Contains(storm.SupportConditions, e.Condition) {
		bad(storm.ParamCondition, "unknown condition %q: one of %s", e.Condition, list(storm.SupportConditions))
	}
	if given[storm.ParamUnit] && e.Unit != storm.Armor && e.Unit != storm.Infantry && e.Unit != storm.Air {
		bad(storm.ParamUnit, "unknown unit %q: armor, infantry or air", e.Unit)
	}
	switch {
	case given[storm.ParamUse] && e.Use == "construction":
		// 12.41A-B: every counter may already be used for construction;
		// a gift of a counter is use "any".
		bad(storm.ParamUse, "construction is not a use of its own: every activity counter may be used for construction (12.41A-B); write use = \"any\" with the counter's strength as value")
	case given[storm.ParamUse] && !slices.Contains(storm.CounterUses, e.Use):
		bad(storm.ParamUse, "unknown use %q: one of %s", e.Use, list(storm.CounterUses))
	}
	if e.Kind == storm.EffectActivityCounter {
		switch {
		case e.Use == storm.CounterUseAny && !given[storm.ParamValue]:
			bad(storm.ParamValue, "missing: use any gives (value 1..3) or takes (value -1..-3) a counter of that strength (12.22)")
		case e.Use != storm.CounterUseAny && e.Value < 0:
			bad(storm.ParamValue, "%d: only use any takes a counter; for %s value counts the additional counters, 1..3 (15.32D)", e.Value, e.Use)
		case e.Use != storm.CounterUseAny && given[storm.ParamTurn]:
			bad(storm.ParamTurn, "turn is for use any (12.22); an additional counter for %s is used this turn (15.32D)", e.Use)
		}
	}
	// An option or a choice of a national event is its holder's: the
	// holder's orders use it (15.32, 18.41, 19).
	if holder != 0 && given[storm.ParamPower] && e.Power != holder {
		if _, choice := storm.SlotOf(e); choice || storm.IsOption(e) || e.Kind == storm.EffectActivityCounter {
			bad(storm.ParamPower, "%s of a national event goes to its holder, %s: the holder's orders use it", e.Kind, holder)
		}
	}
	if given[storm.ParamTurn] && e.When != "this" && e.When != "next" {
		bad(storm.ParamTurn, "unknown turn %q: this or next", e.When)
	}
	// 15.31: a general research event applies to the named project for
	// every side at once; a project chosen by a player belongs on a
	// national event (15.32), whose holder chooses.
	if holder == 0 && (e.Kind == storm.EffectResearchSteps || e.Kind == storm.EffectResearchLevels || e.Kind == storm.EffectResearchSpyRing) && given[storm.ParamResearch] {
		bad(storm.ParamResearch, "a general event cannot leave the project to a player's choice (15.31): name the project, or put the effect on a national event (15.32)")
	}
	return out
}

// checkProject checks a project name on the sheet of power's side, or on
// any sheet when power is 0 (a general event applies to all powers).
func checkProject(name string, power storm.Power) string {
	sides := []storm.Side{storm.Axis, storm.Allies, storm.Soviet}
	if power.Valid() {
		sides = []storm.Side{storm.SideOf(power)}
	}
	for _, s := range sides {
		if _, ok := storm.FindProject(s, name); ok {
			return ""
		}
	}
	for _, s := range sides {
		if ids := storm.AmbiguousProject(s, name); ids != nil {
			return fmt.Sprintf("%q is ambiguous: say which of %s", name, strings.Join(ids, ", "))
		}
	}
	where := "any research record sheet"
	if power.Valid() {
		where = "the " + string(storm.SideOf(power)) + " research record sheet"
	}
	return fmt.Sprintf("unknown project %q on %s (15.41)", name, where)
}

func list[T ~string](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = string(x)
	}
	return strings.Join(s, ", ")
}
