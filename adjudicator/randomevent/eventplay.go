package randomevent

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
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

// EconomicHeld reports whether h is a national event played in the
// economic phase: a research or construction event (9.41B-C).
func EconomicHeld(d *storm.EventDeck, h storm.HeldEvent) bool {
	if h.Power == 0 || h.At != storm.RevealEconomicEnd || h.Doubling {
		return false
	}
	c := EventOf(d, h).Category
	return c == storm.CategoryResearch || c == storm.CategoryConstruction
}

// HeldEconomic lists the economic-phase events p holds, in drawing order.
func HeldEconomic(s storm.State, p storm.Power) []storm.HeldEvent {
	return HeldOf(s, p, "")
}

// HeldOf lists p's economic-phase events of category c (any when empty).
func HeldOf(s storm.State, p storm.Power, c storm.EventCategory) []storm.HeldEvent {
	if s.Events == nil {
		return nil
	}
	var out []storm.HeldEvent
	for _, h := range s.Events.Held {
		if h.Power == p && EconomicHeld(s.Events, h) && (c == "" || EventOf(s.Events, h).Category == c) {
			out = append(out, h)
		}
	}
	return out
}

// ChoiceSlots lists the effects of ev that leave the projects to the
// holder, in the order of the effects.
func ChoiceSlots(ev storm.CardEvent) []storm.ChoiceSlot {
	var out []storm.ChoiceSlot
	for _, e := range ev.Effects {
		if sl, ok := storm.SlotOf(e); ok {
			out = append(out, sl)
		}
	}
	return out
}

// EventProjects lists the projects of category c an event of p may
// advance: its side's joint projects and p's own (15.24A), whatever their
// restrictions (15.42A-C: events are not held back by them).
func EventProjects(p storm.Power, c storm.ResearchCategory) []storm.ResearchProject {
	var out []storm.ResearchProject
	for _, r := range storm.ResearchProjects(storm.SideOf(p)) {
		if r.Category == c && (r.Power == 0 || r.Power == p) {
			out = append(out, r)
		}
	}
	return out
}

// spyPointKey names a project's one spy-ring point of the game (16.16B).
func spyPointKey(r storm.ResearchProject) string { return string(r.Side) + "/" + r.ID() }

// takesFull reports whether r can take the whole of slot's steps.
func takesFull(s storm.State, sl storm.ChoiceSlot, r storm.ResearchProject) bool {
	if sl.Kind == storm.EffectResearchSpyRing && slices.Contains(s.Sheets.SpyPoints, spyPointKey(r)) {
		return false
	}
	return s.Sheets.Remaining(r) >= sl.Steps
}

// defaultChoice is the judge's choice for an event the holder did not
// play (docs/rules.md): the projects that can take the whole effect
// first, among them those with the most steps already, then the order of
// the research record sheet.
func defaultChoice(s storm.State, p storm.Power, sl storm.ChoiceSlot) []string {
	ps := EventProjects(p, sl.Category)
	slices.SortStableFunc(ps, func(a, b storm.ResearchProject) int {
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
func checkChoice(s storm.State, p storm.Power, h storm.HeldEvent, names []string) (rule, msg string) {
	ev := EventOf(s.Events, h)
	slots := ChoiceSlots(ev)
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
		var picked []storm.ResearchProject
		for _, n := range chosen {
			r, ok := storm.FindProject(storm.SideOf(p), n)
			if !ok || r.Category != sl.Category || (r.Power != 0 && r.Power != p) {
				return "15.24A", fmt.Sprintf("%q is not a %s project %s may advance: %s", n, sl.Category, p.Title(), projectIDs(EventProjects(p, sl.Category)))
			}
			if slices.ContainsFunc(picked, func(x storm.ResearchProject) bool { return x.ID() == r.ID() }) {
				return "15.241A", fmt.Sprintf("%s is named twice; the event advances different projects", r.ID())
			}
			picked = append(picked, r)
		}
		// 15.241A: a project that cannot take the whole effect is named
		// only when too few of the category can.
		full := 0
		for _, r := range EventProjects(p, sl.Category) {
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
func slotsText(p storm.Power, slots []storm.ChoiceSlot) string {
	var parts []string
	for _, sl := range slots {
		what := fmt.Sprintf("%d %s project(s), %d step(s) each", sl.Count, sl.Category, sl.Steps)
		if sl.Kind == storm.EffectResearchSpyRing {
			what = fmt.Sprintf("1 %s project to take a spy-ring point", sl.Category)
		}
		parts = append(parts, what+" (of "+projectIDs(EventProjects(p, sl.Category))+")")
	}
	return strings.Join(parts, "; ")
}

func projectIDs(rs []storm.ResearchProject) string {
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
func researchEventEffect(s *storm.State, p storm.Power, e storm.Effect, choices *[]string, evs *[]event.Event) string {
	var names []string
	steps := e.Value
	switch e.Kind {
	case storm.EffectResearchLevels:
		steps = 2 * e.Value // 15.13
	case storm.EffectResearchSpyRing:
		steps = 1 // 16.16B: one point
	}
	rule := map[storm.EffectKind]string{storm.EffectResearchSteps: "15.32B", storm.EffectResearchLevels: "15.32A", storm.EffectResearchSpyRing: "15.32C"}[e.Kind]
	if sl, ok := storm.SlotOf(e); ok {
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
		r, ok := storm.ProjectFor(p, n)
		if !ok {
			skipped = append(skipped, "no project "+n+" for "+p.Title())
			continue
		}
		if e.Kind == storm.EffectResearchSpyRing {
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
		track.ResearchEvent(s, p, r.ID(), steps, false, evs)
		advanced = append(advanced, r.ID())
	}
	what := map[storm.EffectKind]string{storm.EffectResearchSteps: fmt.Sprintf("%d step(s) each", steps),
		storm.EffectResearchLevels: fmt.Sprintf("%d level(s)", e.Value), storm.EffectResearchSpyRing: "a spy-ring point"}[e.Kind]
	var parts []string
	if len(advanced) > 0 {
		parts = append(parts, fmt.Sprintf("%s advanced, %s", strings.Join(advanced, ", "), what))
	}
	if len(skipped) > 0 {
		parts = append(parts, "no effect: "+strings.Join(skipped, "; "))
	}
	return fmt.Sprintf("%s: %s (%s)", p.Title(), strings.Join(parts, "; "), rule)
}

// PlayHeldOf plays p's economic-phase events of category c (any when
// empty): construction events at the start of the phase, research events
// at the start of p's research, each with the projects p chose with PLAY
// or the default choice (15.32).
func PlayHeldOf(s *storm.State, p storm.Power, c storm.EventCategory, evs *[]event.Event) {
	for _, h := range HeldOf(*s, p, c) {
		removeHeld(s, h)
		where := "in the economic phase, before the construction orders"
		if EventOf(s.Events, h).Category == storm.CategoryResearch {
			where = "in the research segment, before " + p.Title() + "'s research points"
		}
		how := "takes effect " + where
		if h.Secret {
			how = "revealed: played " + where
		}
		choice, chosen := TakeChoice(s.Events, h.Power, h.Card)
		if len(ChoiceSlots(EventOf(s.Events, h))) > 0 {
			if chosen {
				how = "played " + where + ", with the projects its holder chose"
			} else {
				how += "; not played, so the judge chose the projects"
			}
		}
		PlayEvent(s, h, choice, how, "15.32, 9.41B-C", evs)
	}
}

// RecordChoice keeps what p chose for its event of card until the event is
// played, replacing an earlier choice.
func RecordChoice(d *storm.EventDeck, p storm.Power, card int, choice []string) {
	d.Chosen = slices.DeleteFunc(d.Chosen, func(c storm.EventChoice) bool { return c.Card == card && c.Power == p })
	d.Chosen = append(d.Chosen, storm.EventChoice{Card: card, Power: p, Choice: slices.Clone(choice)})
}

// TakeChoice removes and returns what p chose for its event of card, if
// anything.
func TakeChoice(d *storm.EventDeck, p storm.Power, card int) ([]string, bool) {
	if d == nil {
		return nil, false
	}
	i := slices.IndexFunc(d.Chosen, func(c storm.EventChoice) bool { return c.Card == card && c.Power == p })
	if i < 0 {
		return nil, false
	}
	choice := d.Chosen[i].Choice
	d.Chosen = slices.Delete(d.Chosen, i, i+1)
	return choice, true
}

// EconomicEventLines words what p's research and construction events of
// the economic phase do when the judge plays them before p's orders, one
// line each: the events that leave nothing to choose (the others are
// offered as PLAY options).
func EconomicEventLines(s storm.State, p storm.Power) []string {
	var out []string
	for _, h := range HeldEconomic(s, p) {
		ev := EventOf(s.Events, h)
		if len(ChoiceSlots(ev)) > 0 {
			continue
		}
		c := s.Scratch()
		var evs []event.Event
		var notes []string
		for i, o := range ApplyEffects(&c, h.Power, h.Card, ev, nil, &evs) {
			if !storm.IsOption(ev.Effects[i]) || strings.HasPrefix(o.Note, "no effect") {
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

// removeHeld takes h out of the held events.
func removeHeld(s *storm.State, h storm.HeldEvent) {
	if i := slices.Index(s.Events.Held, h); i >= 0 {
		s.Events.Held = slices.Delete(s.Events.Held, i, i+1)
	}
}

// AfterEconomicEvents is s with p's economic-phase events played as the
// judge would play them unplayed (default choices): what p's orders of
// the phase are checked against. For notices and options.
// When p holds none, s itself is returned: read it, do not change it.
func AfterEconomicEvents(s storm.State, p storm.Power) storm.State {
	if s.Segment != storm.SegEconomic || len(HeldEconomic(s, p)) == 0 {
		return s
	}
	c := s.Scratch()
	var discard []event.Event
	PlayHeldOf(&c, p, storm.CategoryConstruction, &discard)
	PlayHeldOf(&c, p, storm.CategoryResearch, &discard)
	return c
}

// EconomicEventOptions offers PLAY for each economic-phase event p holds:
// with the default choice written out when the event leaves projects to
// choose, with what it would do.
func EconomicEventOptions(s storm.State, p storm.Power) []storm.Option {
	var out []storm.Option
	for _, h := range HeldEconomic(s, p) {
		ev := EventOf(s.Events, h)
		slots := ChoiceSlots(ev)
		if len(slots) == 0 {
			continue // nothing to choose: it is played anyway (EconomicEventLines)
		}
		o := storm.Order{Kind: storm.Play, Card: h.Card}
		for _, sl := range slots {
			o.Args = append(o.Args, defaultChoice(s, p, sl)...)
		}
		note := fmt.Sprintf("your event %q: choose %s; unplayed, the judge plays it with the projects shown (15.32)", ev.Title, slotsText(p, slots))
		if now := playedNow(s, h, o.Args); now != "" {
			note += "; played so: " + now
		}
		out = append(out, storm.Option{Order: o, Note: note})
	}
	return out
}
