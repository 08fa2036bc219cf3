package adjudicator

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// National research and construction events in the economic phase (15.32,
// 9.41B-C, 18.41, 19). A power's national events of these categories
// drawn this turn, public or secret, are held until its economic orders
// are carried out:
//
//   - a construction event is played at the start of the phase (the
//     "events" part), so that its options (eventoptions.go) are there for
//     the construction and shipbuilding orders;
//   - a research event is played at the start of its holder's research,
//     in the order of play, before the holder's points (15.32: any time in
//     the research segment; the example of 15.6 plays it first). Its
//     surplus (15.24) can be reassigned with RESEARCH <project> REASSIGN
//     <n> in the same orders. Each power's research orders are checked
//     against the sheet with its own events played (what it could know);
//     an ally's event played earlier in the order of play may still take a
//     project's last steps, as an ally's point may (15.23A).
//
// The holder chooses the projects of an event that leaves them open
// (15.32A-C: a project or projects of a category) with PLAY <card>:
// <project>, <project>, an order of the events part that records the
// choice (EventDeck.Chosen) for the research part. An event without a
// choice is played with the one defaultChoice makes; the holder's notice
// says which. A secret event played so is revealed with the phase's
// results at the end of the economic phase (9.41B-C): the whole phase is
// one adjudication.

// EventChoice is what a power chose for an event of this turn, kept until
// the event is played: the projects of a research event (PLAY <card>:
// <projects>, 15.32) or the target of a flexible diplomatic event
// (FLEXIBLE <card> <country>, 4.16).
type EventChoice struct {
	Card   int      `json:"card"`
	Power  Power    `json:"power"`
	Choice []string `json:"choice"`
}

// economicHeld reports whether h is a national event played in the
// economic phase: a research or construction event (9.41B-C).
func economicHeld(d *EventDeck, h HeldEvent) bool {
	if h.Power == 0 || h.At != RevealEconomicEnd || h.Doubling {
		return false
	}
	c := eventOf(d, h).Category
	return c == CategoryResearch || c == CategoryConstruction
}

// heldEconomic lists the economic-phase events p holds, in drawing order.
func heldEconomic(s State, p Power) []HeldEvent {
	return heldOf(s, p, "")
}

// heldOf lists p's economic-phase events of category c (any when empty).
func heldOf(s State, p Power, c EventCategory) []HeldEvent {
	if s.Events == nil {
		return nil
	}
	var out []HeldEvent
	for _, h := range s.Events.Held {
		if h.Power == p && economicHeld(s.Events, h) && (c == "" || eventOf(s.Events, h).Category == c) {
			out = append(out, h)
		}
	}
	return out
}

// choiceSlot is one effect of an event whose projects the holder chooses.
type choiceSlot struct {
	Kind     EffectKind
	Category ResearchCategory
	Count    int // projects to name
	Steps    int // steps each project advances
}

// choiceSlots lists the effects of ev that leave the projects to the
// holder, in the order of the effects.
func choiceSlots(ev CardEvent) []choiceSlot {
	var out []choiceSlot
	for _, e := range ev.Effects {
		if sl, ok := slotOf(e); ok {
			out = append(out, sl)
		}
	}
	return out
}

// slotOf returns the choice an effect leaves open, if any.
func slotOf(e Effect) (choiceSlot, bool) {
	if e.Research == "" || e.Project != "" {
		return choiceSlot{}, false
	}
	switch e.Kind {
	case EffectResearchSteps: // 15.32B
		return choiceSlot{Kind: e.Kind, Category: e.Research, Count: max(e.Count, 1), Steps: e.Value}, true
	case EffectResearchLevels: // 15.32A, 15.13: a level is two steps
		return choiceSlot{Kind: e.Kind, Category: e.Research, Count: 1, Steps: 2 * e.Value}, true
	case EffectResearchSpyRing: // 15.32C, 16.16B: one point
		return choiceSlot{Kind: e.Kind, Category: e.Research, Count: 1, Steps: 1}, true
	}
	return choiceSlot{}, false
}

// eventProjects lists the projects of category c an event of p may
// advance: its side's joint projects and p's own (15.24A), whatever their
// restrictions (15.42A-C: events are not held back by them).
func eventProjects(p Power, c ResearchCategory) []ResearchProject {
	var out []ResearchProject
	for _, r := range ResearchProjects(SideOf(p)) {
		if r.Category == c && (r.Power == 0 || r.Power == p) {
			out = append(out, r)
		}
	}
	return out
}

// spyPointKey names a project's one spy-ring point of the game (16.16B).
func spyPointKey(r ResearchProject) string { return string(r.Side) + "/" + r.ID() }

// takesFull reports whether r can take the whole of slot's steps.
func takesFull(s State, sl choiceSlot, r ResearchProject) bool {
	if sl.Kind == EffectResearchSpyRing && slices.Contains(s.Sheets.SpyPoints, spyPointKey(r)) {
		return false
	}
	return s.Sheets.Remaining(r) >= sl.Steps
}

// defaultChoice is the judge's choice for an event the holder did not
// play (docs/rules.md): the projects that can take the whole effect
// first, among them those with the most steps already, then the order of
// the research record sheet.
func defaultChoice(s State, p Power, sl choiceSlot) []string {
	ps := eventProjects(p, sl.Category)
	slices.SortStableFunc(ps, func(a, b ResearchProject) int {
		fa, fb := takesFull(s, sl, a), takesFull(s, sl, b)
		if fa != fb {
			if fa {
				return -1
			}
			return 1
		}
		return cmp.Compare(s.Sheets.Steps(b), s.Sheets.Steps(a))
	})
	var out []string
	for _, r := range ps[:min(sl.Count, len(ps))] {
		out = append(out, r.ID())
	}
	return out
}

// checkChoice checks the projects a PLAY order names for h: as many as
// the event leaves open, each of the category and eligible for the holder,
// distinct, and a project that cannot take the whole effect only when too
// few can (15.241A).
func checkChoice(s State, p Power, h HeldEvent, names []string) (rule, msg string) {
	ev := eventOf(s.Events, h)
	slots := choiceSlots(ev)
	need := 0
	for _, sl := range slots {
		need += sl.Count
	}
	if need == 0 {
		if len(names) > 0 {
			return "15.32", fmt.Sprintf("card %d names its own project; write PLAY %d alone", h.Card, h.Card)
		}
		return "", ""
	}
	example := func() string {
		var parts []string
		for _, sl := range slots {
			parts = append(parts, defaultChoice(s, p, sl)...)
		}
		return fmt.Sprintf("PLAY %d: %s", h.Card, strings.Join(parts, ", "))
	}
	if len(names) != need {
		return "15.32", fmt.Sprintf("card %d leaves you to choose %d project(s): %s, e.g. %s", h.Card, need, slotsText(p, slots), example())
	}
	at := 0
	for _, sl := range slots {
		chosen := names[at : at+sl.Count]
		at += sl.Count
		var picked []ResearchProject
		for _, n := range chosen {
			r, ok := FindProject(SideOf(p), n)
			if !ok || r.Category != sl.Category || (r.Power != 0 && r.Power != p) {
				return "15.24A", fmt.Sprintf("%q is not a %s project %s may advance: %s", n, sl.Category, p.Title(), projectIDs(eventProjects(p, sl.Category)))
			}
			if slices.ContainsFunc(picked, func(x ResearchProject) bool { return x.ID() == r.ID() }) {
				return "15.241A", fmt.Sprintf("%s is named twice; the event advances different projects", r.ID())
			}
			picked = append(picked, r)
		}
		// 15.241A: a project that cannot take the whole effect is named
		// only when too few of the category can.
		full := 0
		for _, r := range eventProjects(p, sl.Category) {
			if takesFull(s, sl, r) {
				full++
			}
		}
		short := 0
		for _, r := range picked {
			if !takesFull(s, sl, r) {
				short++
			}
		}
		if short > 0 && sl.Count-short < min(full, sl.Count) {
			return "15.241A", fmt.Sprintf("a %s project that can take the whole effect must be chosen before one that cannot (%d can); e.g. %s", sl.Category, full, example())
		}
	}
	return "", ""
}

// slotsText words what an event leaves to choose.
func slotsText(p Power, slots []choiceSlot) string {
	var parts []string
	for _, sl := range slots {
		what := fmt.Sprintf("%d %s project(s), %d step(s) each", sl.Count, sl.Category, sl.Steps)
		if sl.Kind == EffectResearchSpyRing {
			what = fmt.Sprintf("1 %s project to take a spy-ring point", sl.Category)
		}
		parts = append(parts, what+" (of "+projectIDs(eventProjects(p, sl.Category))+")")
	}
	return strings.Join(parts, "; ")
}

func projectIDs(rs []ResearchProject) string {
	var out []string
	for _, r := range rs {
		out = append(out, r.ID())
	}
	return strings.Join(out, ", ")
}

// researchEventEffect applies a research_steps, research_levels or
// research_spy_ring effect of p (15.32A-C) to the named project or to the
// chosen ones (choices, consumed; the default choice when too few).
// Steps a project cannot take become surplus to reassign (15.24).
func researchEventEffect(s *State, p Power, e Effect, choices *[]string, evs *[]Event) string {
	var names []string
	steps := e.Value
	switch e.Kind {
	case EffectResearchLevels:
		steps = 2 * e.Value // 15.13
	case EffectResearchSpyRing:
		steps = 1 // 16.16B: one point
	}
	rule := map[EffectKind]string{EffectResearchSteps: "15.32B", EffectResearchLevels: "15.32A", EffectResearchSpyRing: "15.32C"}[e.Kind]
	if sl, ok := slotOf(e); ok {
		if choices != nil && len(*choices) >= sl.Count {
			names, *choices = (*choices)[:sl.Count], (*choices)[sl.Count:]
		} else {
			names = defaultChoice(*s, p, sl)
		}
	} else {
		names = []string{e.Project}
	}
	var advanced, skipped []string
	for _, n := range names {
		r, ok := projectFor(p, n)
		if !ok {
			skipped = append(skipped, "no project "+n+" for "+p.Title())
			continue
		}
		if e.Kind == EffectResearchSpyRing {
			if slices.Contains(s.Sheets.SpyPoints, spyPointKey(r)) {
				skipped = append(skipped, fmt.Sprintf("%s has had its one spy-ring point of the game (16.16B)", r.ID()))
				continue
			}
			s.Sheets.SpyPoints = append(s.Sheets.SpyPoints, spyPointKey(r))
		}
		// The note is public with the event (9.41B): it names the
		// project, not the steps taken or the surplus, which would tell
		// the other side the state of the sheet (15.15); those are in the
		// holder's private events (ResearchSurplusGained) and sheet.
		ResearchEvent(s, p, r.ID(), steps, false, evs)
		advanced = append(advanced, r.ID())
	}
	what := map[EffectKind]string{EffectResearchSteps: fmt.Sprintf("%d step(s) each", steps),
		EffectResearchLevels: fmt.Sprintf("%d level(s)", e.Value), EffectResearchSpyRing: "a spy-ring point"}[e.Kind]
	var parts []string
	if len(advanced) > 0 {
		parts = append(parts, fmt.Sprintf("%s advanced, %s", strings.Join(advanced, ", "), what))
	}
	if len(skipped) > 0 {
		parts = append(parts, "no effect: "+strings.Join(skipped, "; "))
	}
	return fmt.Sprintf("%s: %s (%s)", p.Title(), strings.Join(parts, "; "), rule)
}

// playHeldOf plays p's economic-phase events of category c (any when
// empty): construction events at the start of the phase, research events
// at the start of p's research, each with the projects p chose with PLAY
// or the default choice (15.32).
func playHeldOf(s *State, p Power, c EventCategory, evs *[]Event) {
	for _, h := range heldOf(*s, p, c) {
		removeHeld(s, h)
		where := "in the economic phase, before the construction orders"
		if eventOf(s.Events, h).Category == CategoryResearch {
			where = "in the research segment, before " + p.Title() + "'s research points"
		}
		how := "takes effect " + where
		if h.Secret {
			how = "revealed: played " + where
		}
		choice, chosen := takeChoice(s.Events, h.Power, h.Card)
		if len(choiceSlots(eventOf(s.Events, h))) > 0 {
			if chosen {
				how = "played " + where + ", with the projects its holder chose"
			} else {
				how += "; not played, so the judge chose the projects"
			}
		}
		playEvent(s, h, choice, how, "15.32, 9.41B-C", evs)
	}
}

// recordChoice keeps what p chose for its event of card until the event is
// played, replacing an earlier choice.
func recordChoice(d *EventDeck, p Power, card int, choice []string) {
	d.Chosen = slices.DeleteFunc(d.Chosen, func(c EventChoice) bool { return c.Card == card && c.Power == p })
	d.Chosen = append(d.Chosen, EventChoice{Card: card, Power: p, Choice: slices.Clone(choice)})
}

// takeChoice removes and returns what p chose for its event of card, if
// anything.
func takeChoice(d *EventDeck, p Power, card int) ([]string, bool) {
	if d == nil {
		return nil, false
	}
	i := slices.IndexFunc(d.Chosen, func(c EventChoice) bool { return c.Card == card && c.Power == p })
	if i < 0 {
		return nil, false
	}
	choice := d.Chosen[i].Choice
	d.Chosen = slices.Delete(d.Chosen, i, i+1)
	return choice, true
}

// checkResearchAfterEvents checks p's research orders against s with p's
// research events played first (15.32): the research part of the
// economic phase.
func checkResearchAfterEvents(s State, p Power, orders []Order) []indexedError {
	if len(orders) == 0 {
		return nil
	}
	if len(heldOf(s, p, CategoryResearch)) > 0 {
		c := s.Clone()
		var discard []Event
		playHeldOf(&c, p, CategoryResearch, &discard)
		s = c
	}
	return checkResearch(s, p, orders)
}

// applyResearchAfterEvents plays p's research events, then carries out
// its checked research orders (15.32, 15.2).
func applyResearchAfterEvents(s *State, p Power, orders []Order, evs *[]Event) {
	playHeldOf(s, p, CategoryResearch, evs)
	if len(orders) > 0 {
		applyResearch(s, p, orders, evs)
	}
}

// EconomicEventLines words what p's research and construction events of
// the economic phase do when the judge plays them before p's orders, one
// line each: the events that leave nothing to choose (the others are
// offered as PLAY options).
func EconomicEventLines(s State, p Power) []string {
	var out []string
	for _, h := range heldEconomic(s, p) {
		ev := eventOf(s.Events, h)
		if len(choiceSlots(ev)) > 0 {
			continue
		}
		c := s.Clone()
		var evs []Event
		var notes []string
		for i, o := range applyEffects(&c, h.Power, h.Card, ev, nil, &evs) {
			if !isOption(ev.Effects[i]) || strings.HasPrefix(o.Note, "no effect") {
				notes = append(notes, o.Note)
			}
		}
		what := strings.Join(notes, "; ")
		if what == "" {
			what = "the options below"
		}
		out = append(out, fmt.Sprintf("card %d %q: %s", h.Card, ev.Title, what))
	}
	return out
}

// isOption reports an effect whose outcome is an option of EventOptions,
// worded by EventOptions.Lines.
func isOption(e Effect) bool {
	switch e.Kind {
	case EffectExtraUnitBuild, EffectFreeUnit, EffectFreeShip, EffectShipCost, EffectFreeAcceleration:
		return true
	case EffectActivityCounter:
		return e.Use == CounterUseResearch || e.Use == CounterUseResearchOrDiplomacy // 15.32D
	}
	return false
}

// PlayableEvents lists the held events the notice offers p to PLAY in the
// open segment: its playable secret events (9.41E) and its research events
// of the economic phase that leave projects to choose (15.32), in drawing
// order. PLAY of its other research and construction events is accepted
// too, and changes nothing: they are played anyway.
func PlayableEvents(s State, p Power) []HeldEvent {
	if !requires(s, p) || s.Segment != SegEconomic {
		return nil
	}
	var out []HeldEvent
	for _, h := range s.Events.heldOrNil() {
		if h.Power == p && ((h.Secret && h.Playable && !economicHeld(s.Events, h)) || (economicHeld(s.Events, h) && len(choiceSlots(eventOf(s.Events, h))) > 0)) {
			out = append(out, h)
		}
	}
	return out
}

func (d *EventDeck) heldOrNil() []HeldEvent {
	if d == nil {
		return nil
	}
	return d.Held
}

// removeHeld takes h out of the held events.
func removeHeld(s *State, h HeldEvent) {
	if i := slices.Index(s.Events.Held, h); i >= 0 {
		s.Events.Held = slices.Delete(s.Events.Held, i, i+1)
	}
}

// AfterEconomicEvents is s with p's economic-phase events played as the
// judge would play them unplayed (default choices): what p's orders of
// the phase are checked against. For notices and options.
// When p holds none, s itself is returned: read it, do not change it.
func AfterEconomicEvents(s State, p Power) State {
	if s.Segment != SegEconomic || len(heldEconomic(s, p)) == 0 {
		return s
	}
	c := s.Clone()
	var discard []Event
	playHeldOf(&c, p, CategoryConstruction, &discard)
	playHeldOf(&c, p, CategoryResearch, &discard)
	return c
}

// economicEventOptions offers PLAY for each economic-phase event p holds:
// with the default choice written out when the event leaves projects to
// choose, with what it would do.
func economicEventOptions(s State, p Power) []Option {
	var out []Option
	for _, h := range heldEconomic(s, p) {
		ev := eventOf(s.Events, h)
		slots := choiceSlots(ev)
		if len(slots) == 0 {
			continue // nothing to choose: it is played anyway (EconomicEventLines)
		}
		o := Order{Kind: Play, Card: h.Card}
		for _, sl := range slots {
			o.Args = append(o.Args, defaultChoice(s, p, sl)...)
		}
		note := fmt.Sprintf("your event %q: choose %s; unplayed, the judge plays it with the projects shown (15.32)", ev.Title, slotsText(p, slots))
		if now := playedNow(s, h, o.Args); now != "" {
			note += "; played so: " + now
		}
		out = append(out, Option{Order: o, Note: note})
	}
	return out
}
