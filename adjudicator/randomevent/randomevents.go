package randomevent

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// The random event deck in play (8.4, 9). A game started with
// NewGameWithDeck (or given a deck with WithDeck) keeps the deck, its draw
// pile, discard pile and the events drawn this turn in State.Events; a game
// without a deck (NewGame) resolves the random events phase as before (the
// Russian purge card and the EAI only).
//
// Each turn (9.12) the first card is turned face up: its economic trend
// (9.21, ApplyEconomicTrend) and its general event (9.3) apply to everyone.
// Then each major power is dealt one card face down, plus the additional
// random events of 9.14-9.16; the power's national event on the card is
// public when printed on white, secret when shaded (8.31, Secret). Public
// events are reported and applied at once, those of research and
// construction at the end of the economic phase (9.41B-C); secret events
// are held (EventDeck.Held) and reported privately to the holder until
// revealed at the time 9.41 sets (Reveal), or played by the holder with a
// PLAY order in the economic phase (9.41E). Effects of phases stormjudge
// does not adjudicate yet are kept in EventDeck.Pending for the turn.

// deckSeedMix separates the deck's generator from the game's (RNG).
const deckSeedMix = 0xd1b54a32d192ed03

// WithDeck returns s playing with the random event deck d, shuffled with a
// generator seeded from s.Seed (9.11). Any earlier deck is replaced.
func WithDeck(s storm.State, d storm.Deck) storm.State {
	c := s.Clone()
	r := storm.NewRNG(s.Seed ^ deckSeedMix)
	r = storm.NewRNG(r.Uint64())
	ed := &storm.EventDeck{Deck: d.Clone(), RNG: r, Discard: []int{}, Removed: []int{}, InPlay: []int{},
		Held: []storm.HeldEvent{}, Pending: []storm.PendingEffect{}}
	for _, k := range d.Cards {
		ed.DrawPile = append(ed.DrawPile, k.Number)
	}
	slices.Sort(ed.DrawPile)
	ed.Shuffle(ed.DrawPile)
	c.Events = ed
	return c
}

// StackDraws makes the next draws of s take the given cards, in order: the
// moderator's physical-deck mode, where the real cards are drawn at the
// table and the judge is told their numbers (docs/deck.md). Each number
// must be a card of the deck still in the draw pile (or the discard pile,
// which a reshuffle would bring back, 8.44) and not already stacked.
func StackDraws(s storm.State, numbers ...int) (storm.State, error) {
	if s.Events == nil {
		return s, fmt.Errorf("adjudicator: the game has no random event deck")
	}
	c := s.Clone()
	d := c.Events
	for _, n := range numbers {
		if _, ok := d.Deck.Card(n); !ok {
			return s, fmt.Errorf("adjudicator: card %d is not in the deck %q", n, d.Deck.Name)
		}
		if slices.Contains(d.Stacked, n) {
			return s, fmt.Errorf("adjudicator: card %d is already named for a draw", n)
		}
		if !slices.Contains(d.DrawPile, n) && !slices.Contains(d.Discard, n) {
			return s, fmt.Errorf("adjudicator: card %d is not available to draw (in play or out of the game, 8.43)", n)
		}
		d.Stacked = append(d.Stacked, n)
	}
	return c, nil
}

// drawCard takes the next card for p (0: the card turned face up): a stacked
// one first, else the top of the draw pile, reshuffling the discard pile
// when the pile is empty (8.44). A stacked card from the discard pile
// stands for that reshuffle when the pile is empty. Returns 0 when no card
// is left (every card in play or out of the game).
func drawCard(d *storm.EventDeck, s *storm.State, p storm.Power, evs *[]event.Event) int {
	if len(d.Stacked) > 0 {
		n := d.Stacked[0]
		d.Stacked = d.Stacked[1:]
		if i := slices.Index(d.DrawPile, n); i >= 0 {
			d.DrawPile = slices.Delete(d.DrawPile, i, i+1)
		} else if i := slices.Index(d.Discard, n); i >= 0 {
			if len(d.DrawPile) == 0 { // 8.44: the moderator reshuffled
				d.DrawPile = slices.Sorted(slices.Values(d.Discard))
				d.Discard = []int{}
				*evs = append(*evs, event.EventDeckReshuffled{Turn: s.Turn, Cards: len(d.DrawPile)})
				i = slices.Index(d.DrawPile, n)
				d.DrawPile = slices.Delete(d.DrawPile, i, i+1)
			} else {
				d.Discard = slices.Delete(d.Discard, i, i+1)
			}
		}
		d.InPlay = append(d.InPlay, n)
		return n
	}
	if len(d.DrawPile) == 0 && len(d.Discard) > 0 {
		d.DrawPile = d.Discard // 8.44
		d.Discard = []int{}
		slices.Sort(d.DrawPile)
		d.Shuffle(d.DrawPile)
		*evs = append(*evs, event.EventDeckReshuffled{Turn: s.Turn, Cards: len(d.DrawPile)})
	}
	if len(d.DrawPile) == 0 {
		return 0
	}
	n := d.DrawPile[0]
	d.DrawPile = d.DrawPile[1:]
	d.InPlay = append(d.InPlay, n)
	if d.Physical {
		*evs = append(*evs, event.CardDrawnByJudge{Turn: s.Turn, Power: p, Card: n})
	}
	return n
}

// DrawRandomEvents is the card draw of 9.12 with the additional random
// events of 9.13-9.16, after the purge card (22.4); extra holds the
// additional events per power with their reasons, counted at the start of
// the turn (9.16: before the purge card).
func DrawRandomEvents(s *storm.State, extra map[storm.Power][]storm.ExtraSource, evs *[]event.Event) {
	d := s.Events
	n := drawCard(d, s, 0, evs)
	if n == 0 {
		*evs = append(*evs, event.NoEventCard{Turn: s.Turn})
	} else {
		c, _ := d.Deck.Card(n)
		*evs = append(*evs, event.EventCardTurned{Turn: s.Turn, Card: n, Trend: c.Trend, Title: c.General.Title,
			Text: c.General.Text, Category: c.General.Category})
		track.ApplyEconomicTrend(s, c.Trend, evs) // 9.21, 11.33
		if now, doubling := splitDoubling(c.General); c.General.Category == storm.CategoryResearch && len(doubling.Effects) > 0 {
			// 15.31: a general research event is in effect from the start
			// of the research segment, before points are assigned; its
			// doubling (15.31A) acts on the points assigned, so it is
			// applied at the end of the economic phase.
			out := ApplyEffects(s, 0, n, now, nil, evs)
			d.Held = append(d.Held, storm.HeldEvent{Card: n, At: storm.RevealEconomicEnd, Doubling: true})
			*evs = append(*evs, event.RandomEventApplied{Turn: s.Turn, Card: n, Title: c.General.Title, Text: c.General.Text,
				Category: c.General.Category, How: "general event; its doubling of research points is applied at the end of the economic phase",
				Rule: "9.31A, 15.31", Outcomes: out})
		} else {
			out := ApplyEffects(s, 0, n, c.General, nil, evs)
			*evs = append(*evs, event.RandomEventApplied{Turn: s.Turn, Card: n, Title: c.General.Title, Text: c.General.Text,
				Category: c.General.Category, How: "general event", Rule: "9.3", Outcomes: out})
		}
	}
	for _, p := range storm.Powers { // 9.12: one card each, in the order of play
		DealEvents(s, p, 1, false, evs)
		x := 0
		for _, src := range extra[p] {
			x += src.Count
		}
		if x > 0 { // 9.13: public, with the reasons
			*evs = append(*evs, event.AdditionalEvents{Turn: s.Turn, Power: p, Count: x, Sources: slices.Clone(extra[p])})
			DealEvents(s, p, x, true, evs)
		}
	}
}

// extraRandomEvents counts the additional random events of 9.14-9.16.
func extraRandomEvents(s storm.State) map[storm.Power]int {
	out := map[storm.Power]int{}
	for p, srcs := range ExtraEventSources(s) {
		for _, x := range srcs {
			out[p] += x.Count
		}
	}
	return out
}

// ExtraEventSources are the additional random events of 9.14-9.16 each
// power draws this turn, with their reasons.
func ExtraEventSources(s storm.State) map[storm.Power][]storm.ExtraSource {
	out := map[storm.Power][]storm.ExtraSource{}
	if n := FullCohesionExtraEvents(s); n > 0 { // 9.16
		out[storm.Russia] = append(out[storm.Russia], storm.ExtraSource{What: "full cohesion", Count: n, Rule: "9.16"})
	}
	if t := s.SupportFacts.PactSigned; t != nil && !s.Conditions.PactViolated {
		if n := max(s.Turn.Index()-t.Index(), 0); n > 0 { // 9.15A-D
			for _, p := range storm.Allied {
				out[p] = append(out[p], storm.ExtraSource{What: "the Nazi-Soviet Pact, signed " + t.String(), Count: n, Rule: "9.15"})
			}
		}
	}
	for _, a := range s.SupportFacts.Aggressions { // 9.14
		if a.Completed == nil || (a.Aggressor != storm.Germany && a.Aggressor != storm.Italy) {
			continue
		}
		// 9.14A-B and its EXAMPLE: one event a turn from the turn after
		// the aggression is completed, for as many turns as its value;
		// a whole country taken at once draws for its first demand and
		// for the remainder, each by its own value.
		d := s.Turn.Index() - a.Completed.Index()
		for _, part := range aggressionParts(s, a) {
			if d >= 1 && d <= part.value {
				out[a.Aggressor] = append(out[a.Aggressor], storm.ExtraSource{
					What:  fmt.Sprintf("%s, completed %s: turn %d of %d", part.name, a.Completed, d, part.value),
					Count: 1, Rule: "9.14"})
			}
		}
	}
	return out
}

// aggressionPart is a part of an aggression that draws additional random
// events by its own value (9.14A).
type aggressionPart struct {
	name  string
	value int
}

// aggressionParts splits a completed aggression for 9.14: Czechoslovakia
// (including the Sudetenland) and Poland (including Danzig and the
// Corridor) are the first demand and the remainder, as the rule's EXAMPLE
// counts them; when the first demand was taken before, by its own
// aggression, only the remainder is left (r-9-14).
func aggressionParts(s storm.State, a storm.Aggression) []aggressionPart {
	n := storm.AggressionValueIn(s, a.Target)
	first := storm.FirstDemand[a.Target]
	if first == "" {
		return []aggressionPart{{a.Target, n}}
	}
	k := storm.AggressionValueIn(s, first)
	name := storm.TheTarget(first)
	rest := aggressionPart{a.Target + " without " + name, n - k}
	if storm.CompletedBy(s, a.Aggressor, first) {
		return []aggressionPart{rest}
	}
	return []aggressionPart{{name + " (" + a.Target + " taken whole)", k}, rest}
}

// DealEvents deals n cards face down to p (9.12, 9.13).
func DealEvents(s *storm.State, p storm.Power, n int, extra bool, evs *[]event.Event) {
	d := s.Events
	for range n {
		num := drawCard(d, s, p, evs)
		if num == 0 {
			*evs = append(*evs, event.NoEventCard{Turn: s.Turn, Power: p})
			return
		}
		c, _ := d.Deck.Card(num)
		ev := c.National[p]
		rule := "9.12"
		if extra {
			rule = "9.13"
		}
		if ev.Secret { // 8.31: concealed until played
			h := storm.HeldEvent{Card: num, Power: p, Secret: true, Extra: extra}
			h.At, h.Playable = secretReveal(ev.Category)
			if takenOverEvent(*s, ev, p) { // 10.41C: a secret support event
				h.AsSupport = true
				ev = asSupportEvent(ev, p)
				h.At, h.Playable = secretReveal(ev.Category)
				rule += ", 10.41C"
			}
			d.Held = append(d.Held, h)
			*evs = append(*evs, event.SecretEventHeld{Turn: s.Turn, Power: p, Card: num, Title: ev.Title, Text: ev.Text,
				Category: ev.Category, Effects: describeEffects(ev, p), At: h.At, Playable: h.Playable, Extra: extra, Rule: rule + ", 8.31"})
			continue
		}
		if ev.Category == storm.CategoryResearch || ev.Category == storm.CategoryConstruction {
			// 15.32, 9.41B-C: public, played in the economic phase before
			// the orders (eventplay.go); but a research prohibition bars
			// the turn it is drawn in (15.42A), so it acts now
			// (docs/rules.md).
			d.Held = append(d.Held, storm.HeldEvent{Card: num, Power: p, Extra: extra, At: storm.RevealEconomicEnd})
			var now []storm.EffectOutcome
			for _, e := range ev.Effects {
				if e.Kind == storm.EffectResearchProhibited {
					now = append(now, ApplyEffect(s, p, num, ev.Title, e, nil, evs))
				}
			}
			*evs = append(*evs, event.RandomEventApplied{Turn: s.Turn, Card: num, Power: p, Title: ev.Title, Text: ev.Text,
				Category: ev.Category, How: "drawn (public); takes effect in the economic phase, before the orders it serves", Rule: rule + ", 8.31, 15.32",
				Outcomes: now})
			continue
		}
		out := ApplyEffects(s, p, num, ev, nil, evs)
		*evs = append(*evs, event.RandomEventApplied{Turn: s.Turn, Card: num, Power: p, Title: ev.Title, Text: ev.Text,
			Category: ev.Category, How: "drawn (public)", Rule: rule + ", 8.31", Outcomes: out})
	}
}

// takenOverEvent reports a diplomatic event whose every effect is a
// modifier for a minor country taken over (10.41C): it acts as a support
// event of the same secrecy, worth the modifiers' values (24.82E).
func takenOverEvent(s storm.State, ev storm.CardEvent, holder storm.Power) bool {
	if !s.Diplomacy.On || len(ev.Effects) == 0 {
		return false
	}
	for _, e := range ev.Effects {
		if e.Kind != storm.EffectDiplomaticModifier || !takenOverFor(s, holder, e) {
			return false
		}
	}
	return true
}

// takenOverFor reports the country of a diplomatic modifier held by holder
// taken over (10.41C): the country the modifier goes to (Croatia or
// Serbia for Yugoslavia after its split, 25.73A), Russia never.
func takenOverFor(s storm.State, holder storm.Power, e storm.Effect) bool {
	side, _ := storm.EventFavours(holder, e)
	c := storm.EventCountry(s, e.Country, side)
	return c != storm.RussiaTarget && storm.TakenOver(s, c)
}

// asSupportEvent is ev, a diplomatic event held by holder for a minor
// country taken over, as the support event 10.41C makes it: each
// modifier's value as support for the power it favours (24.81A).
func asSupportEvent(ev storm.CardEvent, holder storm.Power) storm.CardEvent {
	out := ev
	out.Category = storm.CategorySupport
	out.Effects = nil
	for _, e := range ev.Effects {
		out.Effects = append(out.Effects, asSupport(holder, e))
	}
	return out
}

// asSupport is a diplomatic modifier held by holder as 10.41C's support
// event: its value (24.82E) as support for the power it favours (24.81A).
func asSupport(holder storm.Power, e storm.Effect) storm.Effect {
	_, p := storm.EventFavours(holder, e)
	return storm.Effect{Kind: storm.EffectSupport, Power: p, Value: e.Value}
}

// secretReveal is when a secret national event of category c takes effect
// and whether its holder may play it earlier (9.41, docs/rules.md).
func secretReveal(c storm.EventCategory) (storm.Reveal, bool) {
	switch c {
	case storm.CategoryEconomic:
		return storm.RevealIncome, false // 9.41A
	case storm.CategoryResearch, storm.CategoryConstruction:
		return storm.RevealEconomicEnd, false // 9.41B-C
	case storm.CategoryConversion:
		return storm.RevealEconomicEnd, true // 8.21B: played for the industrial segment
	case storm.CategoryDiplomatic:
		return storm.RevealDiplomacy, false // 9.41D
	}
	return storm.RevealCrisis, true // 9.41E support; purge (22.51B) and political events likewise
}

// RevealHeld puts into effect the held events due at r (9.41), in the
// order they were drawn. Unplayed additional events a power could have
// played are revealed and discarded without effect (9.13).
func RevealHeld(s *storm.State, r storm.Reveal, evs *[]event.Event) {
	RevealHeldWhere(s, r, func(storm.HeldEvent) bool { return true }, evs)
}

// RevealHeldWhere reveals the events held for r that keep selects (a
// crisis reveals each side's in its turn: 27.61B, 27.71A).
func RevealHeldWhere(s *storm.State, r storm.Reveal, keep func(storm.HeldEvent) bool, evs *[]event.Event) {
	if s.Events == nil {
		return
	}
	d := s.Events
	var due []storm.HeldEvent
	d.Held = slices.DeleteFunc(d.Held, func(h storm.HeldEvent) bool {
		if h.At == r && keep(h) {
			due = append(due, h)
			return true
		}
		return false
	})
	for _, h := range due {
		how, rule := "revealed", revealRule[r]
		if !h.Secret {
			how = "takes effect"
		}
		if h.Extra && h.Playable {
			ev := EventOf(d, h)
			*evs = append(*evs, event.RandomEventApplied{Turn: s.Turn, Card: h.Card, Power: h.Power, Title: ev.Title, Text: ev.Text,
				Category: ev.Category, Secret: true, How: "not played: revealed and discarded", Rule: "9.13"})
			continue
		}
		PlayEvent(s, h, nil, how, rule, evs)
	}
}

var revealRule = map[storm.Reveal]string{
	storm.RevealIncome: "9.41A", storm.RevealEconomicEnd: "9.41B-C", storm.RevealDiplomacy: "9.41D", storm.RevealCrisis: "9.41E",
}

// EventOf is the event of the card h holds: its national event for the
// power it was dealt to, the research doubling part of a general event
// held for it (15.31A), else the general event (8.21).
func EventOf(d *storm.EventDeck, h storm.HeldEvent) storm.CardEvent {
	c, _ := d.Deck.Card(h.Card)
	if h.Power != 0 && h.AsSupport {
		return asSupportEvent(c.National[h.Power], h.Power)
	}
	if h.Power != 0 {
		return c.National[h.Power]
	}
	if h.Doubling {
		_, doubling := splitDoubling(c.General)
		return doubling
	}
	return c.General
}

// splitDoubling splits an event into its research doubling effects
// (15.31A), which act on the points assigned in the research segment, and
// the others.
func splitDoubling(ev storm.CardEvent) (others, doubling storm.CardEvent) {
	others, doubling = ev, ev
	others.Effects, doubling.Effects = nil, nil
	for _, e := range ev.Effects {
		if e.Kind == storm.EffectResearchDoubled {
			doubling.Effects = append(doubling.Effects, e)
		} else {
			others.Effects = append(others.Effects, e)
		}
	}
	return others, doubling
}

// PlayEvent reveals (if secret) and applies a held event.
func PlayEvent(s *storm.State, h storm.HeldEvent, choices []string, how, rule string, evs *[]event.Event) {
	ev := EventOf(s.Events, h)
	out := ApplyEffects(s, h.Power, h.Card, ev, choices, evs)
	*evs = append(*evs, event.RandomEventApplied{Turn: s.Turn, Card: h.Card, Power: h.Power, Title: ev.Title, Text: ev.Text,
		Category: ev.Category, Secret: h.Secret, How: how, Rule: rule, Outcomes: out})
}

// EndTurnEvents closes the turn's random events: events still held are
// revealed (their phases are over), the cards go to the discard pile or,
// non-repeatable, out of the game (8.43); pending effects and the event
// cost modifiers lapse.
func EndTurnEvents(s *storm.State, evs *[]event.Event) {
	if s.Events == nil {
		return
	}
	for _, r := range []storm.Reveal{storm.RevealIncome, storm.RevealEconomicEnd, storm.RevealDiplomacy, storm.RevealCrisis} {
		RevealHeld(s, r, evs)
	}
	d := s.Events
	for _, n := range d.InPlay {
		if c, _ := d.Deck.Card(n); c.NonRepeatable {
			d.Removed = append(d.Removed, n)
		} else {
			d.Discard = append(d.Discard, n)
		}
	}
	d.InPlay = []int{}
	d.Pending = []storm.PendingEffect{}
	d.Chosen = nil
	for _, p := range storm.Powers {
		s.Powers[p].ConvertCostModifier = 0 // 14.21: this turn
		s.Powers[p].MobilizeCostModifier = 0
	}
}

// HeldEffect is one effect of a secret event a power holds, with its card.
type HeldEffect struct {
	Card   int
	Effect storm.Effect
}

// HeldEffects lists the effects of kind k of the secret events p holds:
// what p knows and may use before they are revealed (24.42E, 24.14,
// 24.35B, 24.551, 4.16).
func HeldEffects(s storm.State, p storm.Power, k storm.EffectKind) []HeldEffect {
	if s.Events == nil {
		return nil
	}
	var out []HeldEffect
	for _, h := range s.Events.Held { // HeldEvents, without its list
		if h.Power != p || !h.Secret {
			continue
		}
		for _, e := range EventOf(s.Events, h).Effects {
			if e.Kind == k {
				out = append(out, HeldEffect{h.Card, e})
			}
		}
	}
	return out
}

// SupportValue is the support change of a support effect of p now: its
// value, plus for conditional support 1 for every per of the condition,
// at most max (10.41B); false for a condition the state cannot count.
func SupportValue(s storm.State, p storm.Power, e storm.Effect) (int, bool) {
	v := e.Value
	if e.Kind == storm.EffectConditionalSupport {
		n, ok := conditionCount(s, p, e)
		if !ok {
			return 0, false
		}
		v += min(n/max(e.Per, 1), e.Max)
	}
	return v, true
}

// HeldEvents returns the events p holds secretly, for its reports and
// orders.
func HeldEvents(s storm.State, p storm.Power) []storm.HeldEvent {
	if s.Events == nil {
		return nil
	}
	var out []storm.HeldEvent
	for _, h := range s.Events.Held {
		if h.Power == p && h.Secret {
			out = append(out, h)
		}
	}
	return out
}

// ApplyEffects applies an event's effects; holder is 0 for a general
// event. choices are the projects the holder chose for the effects that
// leave them open (15.32), in the order of the effects; the default
// choice stands in for missing ones.
func ApplyEffects(s *storm.State, holder storm.Power, card int, ev storm.CardEvent, choices []string, evs *[]event.Event) []storm.EffectOutcome {
	var out []storm.EffectOutcome
	for _, e := range ev.Effects {
		out = append(out, ApplyEffect(s, holder, card, ev.Title, e, &choices, evs))
	}
	return out
}

// pendingPhase names the phase each not yet adjudicated kind waits for.
var pendingPhase = map[storm.EffectKind]string{
	storm.EffectDiplomaticModifier: "diplomacy", storm.EffectFlexibleModifier: "diplomacy",
	storm.EffectExtraDiplomaticCounter: "diplomacy", storm.EffectExtraMilitaryCounter: "diplomacy",
	storm.EffectDiplomaticDispute: "diplomacy", storm.EffectSpyRing: "diplomacy", storm.EffectCounterInRussia: "diplomacy",
	storm.EffectPlacementAllowed: "diplomacy",
}

// ApplyEffect applies one effect through the hooks of the rules it serves.
func ApplyEffect(s *storm.State, holder storm.Power, card int, title string, e storm.Effect, choices *[]string, evs *[]event.Event) storm.EffectOutcome {
	p := e.Power
	if p == 0 {
		p = holder
	}
	o := storm.EffectOutcome{Kind: e.Kind, Power: p}
	pending := func(phase string) storm.EffectOutcome {
		s.Events.Pending = append(s.Events.Pending, storm.PendingEffect{Turn: s.Turn, Card: card, Power: holder, Effect: e, Phase: phase})
		o.Pending = phase
		o.Note = "pending: applied when " + phase + " is implemented"
		return o
	}
	what := fmt.Sprintf("random event %d (%s)", card, title)
	if e.Kind == storm.EffectDiplomaticModifier && s.Diplomacy.On && storm.NoEventEffect(*s, e.Country) {
		o.Note = fmt.Sprintf("no effect: %s is a neutral minor country (29.22C)", e.Country)
		return o
	}
	if e.Kind == storm.EffectDiplomaticModifier && s.Diplomacy.On && takenOverFor(*s, holder, e) {
		// 10.41C: for a minor country taken over, a public support event
		o = ApplyEffect(s, holder, card, title, asSupport(holder, e), choices, evs)
		o.Kind, o.Note = e.Kind, fmt.Sprintf("%s was taken over: a support event instead (10.41C); %s", e.Country, o.Note)
		return o
	}
	if e.Kind == storm.EffectDiplomaticModifier && s.Diplomacy.On { // 9.31C, 24.16 (diplomacy.go)
		o.Note = storm.AddEventModifier(s, holder, card, e)
		o.Note += track.CountCivilWarEvent(s, e.Country, 1, evs) // 25.31, 25.61A (civilwar.go)
		return o
	}
	if e.Kind == storm.EffectCounterInRussia && s.Diplomacy.On && p == storm.Russia { // 24.56E, 10.91F (russiadiplomacy.go)
		s.Diplomacy.Permits = append(s.Diplomacy.Permits, storm.PlacementPermit{Power: p, Card: card, Country: storm.RussiaTarget})
		o.Note = "Russia may place a diplomatic counter in Russia this turn (24.56E, 10.91F)"
		return o
	}
	if e.Kind == storm.EffectDiplomaticDispute && s.Diplomacy.On { // 24.552 (dispute.go)
		s.Diplomacy.Disputes = append(s.Diplomacy.Disputes, storm.Dispute{Card: card, Countries: [2]string{e.Country, e.Other}})
		o.Note = fmt.Sprintf("a dispute between %s and %s: the Axis must back one with a counter in their first round, Russia or the Allies the other (24.552)", e.Country, e.Other)
		return o
	}
	if e.Kind == storm.EffectPlacementAllowed && s.Diplomacy.On && p.Valid() { // 24.61A-B (diplomacy.go)
		s.Diplomacy.Permits = append(s.Diplomacy.Permits, storm.PlacementPermit{Power: p, Card: card, Country: e.Country, Region: e.Region})
		o.Note = fmt.Sprintf("%s may place one diplomatic counter in %s this turn despite geography or a purge, within its limits (24.61A-B)", p.Title(), storm.PermitWhere(e.Country, e.Region))
		return o
	}
	if e.Kind == storm.EffectSpyRing && s.Diplomacy.On && p.Valid() { // 24.551 (diplomacy.go)
		s.Diplomacy.SpyRings = append(s.Diplomacy.SpyRings, storm.SpyRingEffect{Power: p, Country: e.Country, Card: card})
		o.Note = fmt.Sprintf("%s: spy ring effects for %s this turn: a counter there beyond the limits and +1 (24.551B)", e.Country, p.Title())
		return o
	}
	if e.Kind == storm.EffectFlexibleModifier && s.Diplomacy.On { // 4.16 (flexible.go)
		f := storm.FlexibleOf(holder, card, e)
		s.Diplomacy.Flexible = append(s.Diplomacy.Flexible, f)
		o.Note = fmt.Sprintf("%+d for %s in one target of %s, chosen by %s once the counters are placed (4.16)", e.Value, f.Power.Title(), f.Region, f.Power.Title())
		return o
	}
	if e.Kind == storm.EffectActivityCounter && e.Use == storm.CounterUseDiplomacy && s.Diplomacy.On && p.Valid() { // 15.32D, 24.14
		x := storm.ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1)}
		s.Diplomacy.Extra = append(s.Diplomacy.Extra, x)
		o.Note = fmt.Sprintf("%s may use %d more activity counter(s) for diplomacy this turn: diplomatic counters beyond the limit, at the normal cost (24.14, 24.54E)", p.Title(), x.Count)
		return o
	}
	if e.Kind == storm.EffectExtraMilitaryCounter && s.Diplomacy.On && p.Valid() { // 10.22, 24.4 (diplomacy.go)
		s.Diplomacy.ExtraMilitary = append(s.Diplomacy.ExtraMilitary, storm.ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1)})
		o.Note = fmt.Sprintf("%s may place %d military counter(s) beyond its limit this turn (10.22, 24.4)", p.Title(), max(e.Value, 1))
		return o
	}
	if e.Kind == storm.EffectExtraDiplomaticCounter && s.Diplomacy.On && p.Valid() { // 24.14 (diplomacy.go)
		x := storm.ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1), Country: e.Country, Region: e.Region}
		s.Diplomacy.Extra = append(s.Diplomacy.Extra, x)
		o.Note = fmt.Sprintf("%s may place %d diplomatic counter(s) beyond the limit this turn, at the normal cost (24.14, 24.54E)", p.Title(), x.Count)
		if x.Country != "" || x.Region != "" {
			o.Note += " in " + x.Country + string(x.Region)
		}
		return o
	}
	if phase, ok := pendingPhase[e.Kind]; ok {
		return pending(phase)
	}
	var ps *storm.PowerState
	if p.Valid() {
		ps = s.Powers[p]
	}
	incomeDone := s.Segment.Index() > storm.SegIncome.Index()
	switch e.Kind {
	case storm.EffectIncome: // 11.41
		if !incomeDone {
			ps.Economy.IncomeEvents += e.Value
			o.Note = fmt.Sprintf("%s income %+d this turn (11.41)", p.Title(), e.Value)
		} else {
			ps.TilePoints = max(ps.TilePoints+e.Value, 0)
			o.Note = fmt.Sprintf("%s %+d tile points now, the income phase being over (11.41)", p.Title(), e.Value)
		}
	case storm.EffectExtraTileDraw, storm.EffectNoTileDraw, storm.EffectClimateDoubled, storm.EffectClimateIgnored: // 11.92, 11.35
		if incomeDone {
			o.Note = "no effect: the income phase is over"
			break
		}
		switch e.Kind {
		case storm.EffectExtraTileDraw:
			ps.Economy.ExtraTileDraws++
			o.Note = p.Title() + " draws a second random tile (11.92)"
		case storm.EffectNoTileDraw:
			ps.Economy.NoTileDraw = true
			o.Note = p.Title() + " draws no random tile (11.92)"
		case storm.EffectClimateDoubled:
			ps.Economy.ClimateDoubled = true
			o.Note = p.Title() + ": the economic climate's effect on its income is doubled (11.35)"
		case storm.EffectClimateIgnored:
			ps.Economy.ClimateIgnored = true
			o.Note = p.Title() + ": the economic climate does not affect its income (11.35)"
		}
	case storm.EffectExtraRandomEvent: // 9.13
		o.Note = fmt.Sprintf("%s draws %d additional random event(s) (9.13)", p.Title(), e.Value)
		DealEvents(s, p, e.Value, true, evs)
	case storm.EffectSupport, storm.EffectConditionalSupport, storm.EffectPurgeSupport: // 10.41B, 9.41E, 22.21D
		v, ok := SupportValue(*s, p, e)
		if !ok { // deckcheck.Check refuses unknown conditions
			o.Note = "no effect: unknown condition " + string(e.Condition)
			return o
		}
		if incomeDone {
			track.ChangeSupport(s, p, v, "10.41B", what, true, evs) // 11.52A
			o.Note = fmt.Sprintf("%s support %+d now, with as many tile points (10.41B, 11.52A)", p.Title(), v)
		} else {
			ps.Economy.SupportEvents += v // read at the income phase (10.41B)
			o.Note = fmt.Sprintf("%s support %+d this turn (10.41B)", p.Title(), v)
		}
		if e.Kind == storm.EffectPurgeSupport {
			AddPurgeEvents(s, 1, "22.72B", what, evs)
		}
	case storm.EffectConversionCost: // 14.21
		ps.ConvertCostModifier += e.Value
		o.Note = fmt.Sprintf("%s: converting to civilian use costs %+d this turn (14.21)", p.Title(), e.Value)
	case storm.EffectMobilizationCost: // 14.31C
		ps.MobilizeCostModifier += e.Value
		o.Note = fmt.Sprintf("%s: mobilizing costs %+d this turn (14.31C)", p.Title(), e.Value)
	case storm.EffectResearchDoubled: // 15.31A
		o.Note = researchDoubled(s, p, e, evs)
	case storm.EffectResearchAllowed, storm.EffectResearchProhibited: // 15.42A
		o.Note = storm.ResearchPermit(s, p, e)
	case storm.EffectAtomicAllowed: // 15.42C
		s.Sheets.Permits.Atomic = true
		o.Note = "atomic research is allowed from now on (15.42C)"
	case storm.EffectResearchSteps, storm.EffectResearchLevels, storm.EffectResearchSpyRing: // 15.32A-C (eventplay.go)
		if economicOver(*s) {
			o.Note = "no effect: the research segment of the turn is over (15.32)"
			break
		}
		o.Note = researchEventEffect(s, p, e, choices, evs)
	case storm.EffectActivityCounter, storm.EffectExtraUnitBuild, storm.EffectFreeUnit, storm.EffectFreeShip, storm.EffectShipCost, storm.EffectFreeAcceleration:
		// 12.22, 15.32D, 18.41, 19.52, 19.62, 19.73D (eventoptions.go)
		note, diplomacy := applyOptionEffect(s, p, e, evs)
		if diplomacy {
			return pending("diplomacy")
		}
		o.Note = note
		if e.Kind == storm.EffectActivityCounter && e.Use == storm.CounterUseResearchOrDiplomacy && s.Diplomacy.On && p.Valid() {
			// 15.32D: what research leaves of it serves diplomacy (ResolveSpyRings).
			s.Diplomacy.Leftover = append(s.Diplomacy.Leftover, storm.ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1)})
		} else if e.Kind == storm.EffectActivityCounter && e.Use == storm.CounterUseResearchOrDiplomacy {
			s.Events.Pending = append(s.Events.Pending, storm.PendingEffect{Turn: s.Turn, Card: card, Power: holder, Effect: e, Phase: "diplomacy"})
		}
	case storm.EffectCivilWarEvent: // 25.31
		m := s.Minor(e.Country)
		if m == nil {
			o.Note = "no effect: no country " + e.Country
			break
		}
		if s.Diplomacy.On { // 25.31, 25.61A (civilwar.go)
			o.Note = e.Country + ": civil war event" + track.CountCivilWarEvent(s, e.Country, max(e.Value, 1), evs)
			break
		}
		m.CivilWarEvents += max(e.Value, 1)
		o.Note = fmt.Sprintf("%s: %d civil war event(s), %d in all (25.31); the outbreak is adjudicated in games that play diplomacy",
			e.Country, max(e.Value, 1), m.CivilWarEvents)
	case storm.EffectPurgeSupportOffset: // 22.21D, 22.72B
		o.Note = purgeOffset(s, storm.PurgeOffset{Card: card, Value: e.Value}, evs)
	case storm.EffectPurgeExtraUnits: // 22.21D, 22.72E-F
		purgeRussianUnits(s, e.Value, evs)
		AddPurgeEvents(s, e.Value, "22.72E-F", what, evs)
		o.Note = fmt.Sprintf("%d more Russian unit(s) purged (22.21D)", e.Value)
	case storm.EffectPurgeUnit: // 22.21D, 22.72D
		purgeUnitOfType(s, e.Unit, evs)
		AddPurgeEvents(s, 1, "22.72D", what, evs)
		o.Note = fmt.Sprintf("a Russian %s unit purged (22.21D)", e.Unit)
	case storm.EffectPurgeNoDiplomacy, storm.EffectPurgeNoResearch: // 22.21D, 22.72C
		purgeProhibition(s, e.Kind == storm.EffectPurgeNoDiplomacy, evs)
		AddPurgeEvents(s, 1, "22.72C", what, evs)
		o.Note = "Russian " + map[bool]string{true: "diplomacy prohibited", false: "research prohibited but for its one basic point"}[e.Kind == storm.EffectPurgeNoDiplomacy] + " this turn (22.21B, 22.21D)"
	case storm.EffectEAI: // 23.21C
		track.AddEAIEvent(s, e.Value, what, evs)
		o.Note = fmt.Sprintf("EAI modifier %+d (23.21C, 23.24)", e.Value)
	default: // deckcheck.Check refuses unknown kinds
		o.Note = "no effect: unknown effect kind " + string(e.Kind)
	}
	return o
}

// researchDoubled doubles the research points assigned this turn to the
// project (15.31A), at most value (default 3) extra steps, for p or, on a
// general event, for every power with such a project.
func researchDoubled(s *storm.State, p storm.Power, e storm.Effect, evs *[]event.Event) string {
	limit := e.Value
	if limit == 0 {
		limit = 3
	}
	powers := storm.Powers
	if p.Valid() {
		powers = []storm.Power{p}
	}
	var done []string
	var notes []string
	for _, q := range powers {
		r, ok := storm.ProjectFor(q, e.Project)
		if !ok || slices.Contains(done, r.ID()) {
			continue
		}
		done = append(done, r.ID())
		pts := 0
		for _, a := range s.Sheets.Assigned {
			if a.Turn == s.Turn && a.Project == r.ID() {
				pts += a.Points
			}
		}
		if n := min(pts, limit); n > 0 {
			if _, err := track.ResearchEvent(s, q, e.Project, n, false, evs); err == nil {
				notes = append(notes, fmt.Sprintf("%s +%d step(s)", r.ID(), n))
			}
		}
	}
	if len(notes) == 0 {
		return "no research points assigned to " + e.Project + " this turn to double (15.31A)"
	}
	return "research doubled (15.31A): " + strings.Join(notes, ", ")
}

// conditionCount counts what a conditional support event counts (10.41B);
// false for a condition the state cannot count yet.
func conditionCount(s storm.State, p storm.Power, e storm.Effect) (int, bool) {
	switch e.Condition {
	case storm.ConditionEconomicClimate:
		return max(s.EconomicClimate, 0), true
	case storm.ConditionEAI:
		return max(s.EAI, 0), true
	case storm.ConditionMilitaryFactories:
		return s.Powers[p].Factories.Military, true
	case storm.ConditionRussianCohesion:
		return s.Russia.PurgeEvents, true
	case storm.ConditionFlags:
		n := 0
		for _, m := range s.Minors {
			if m.FlagPower == p {
				n += m.Flags
			}
		}
		return n, true
	case storm.ConditionAxisAggressions:
		n := 0
		for _, a := range s.SupportFacts.Aggressions {
			if a.Completed != nil {
				n++
			}
		}
		return n, true
	case storm.ConditionResearchResults: // 15.12, 15.5
		return ResearchResultCount(s, p, e.Research), true
	}
	return 0, false
}

// ResearchResultCount counts the research results p's side achieved in
// the game in category c (any when empty): its joint projects' and p's own
// national projects'. Reading (docs/rules.md): the starting results of
// 15.51 are not results "so far" of the game (15.52: they count for their
// effects, not on the sheet).
func ResearchResultCount(s storm.State, p storm.Power, c storm.ResearchCategory) int {
	side := storm.SideOf(p)
	n := 0
	for _, r := range s.Research {
		if r.Side != side || (r.Power != 0 && r.Power != p) || storm.IsStarting(r) {
			continue
		}
		if c != "" {
			q := r.Power
			if q == 0 {
				q = track.ResearchLeader(side)
			}
			proj, ok := storm.ProjectFor(q, r.Project)
			if !ok || proj.Category != c {
				continue
			}
		}
		n += r.Results
	}
	return n
}

// describeEffects says what an event's effects would do, for the holder's
// private notice.
func describeEffects(ev storm.CardEvent, holder storm.Power) []string {
	var out []string
	for _, e := range ev.Effects {
		out = append(out, DescribeEffect(e, holder))
	}
	return out
}

// paramWords finds each parameter's word in an effect's documentation,
// with its "(default N)" aside when it has one.
var paramWords = func() map[storm.Param]*regexp.Regexp {
	m := map[storm.Param]*regexp.Regexp{}
	for _, p := range storm.Params {
		m[p] = regexp.MustCompile(`\b` + string(p) + `\b( \(default ([^)]*)\))?`)
	}
	return m
}()

// anBefore finds the article "a" before a vowel.
var anBefore = regexp.MustCompile(`(^|\s)a ([aeiouAEIOU])`)

// DescribeEffect words one effect for a player: its documentation with
// the given parameters written in (the words "value", "per", "max" ...
// replaced by what the card says, a parameter it does not give by its
// default), for the power it concerns, with the rule; no identifier of the
// deck's vocabulary.
func DescribeEffect(e storm.Effect, holder storm.Power) string {
	spec, _ := e.Kind.Spec()
	text := spec.Doc
	g := e.Given()
	for _, prm := range storm.Params {
		if prm == storm.ParamPower || prm == storm.ParamSide {
			continue
		}
		if !strings.Contains(text, string(prm)) {
			continue // no word to find: most of the documentation names few parameters
		}
		re := paramWords[prm]
		text = re.ReplaceAllStringFunc(text, func(w string) string {
			sub := re.FindStringSubmatch(w)
			switch {
			case g[prm] && prm == storm.ParamValue:
				return fmt.Sprint(e.Value)
			case g[prm]:
				return paramValue(e, prm)
			case sub[1] != "":
				return sub[2] // "value (default 1)" reads "1" when the card gives none
			}
			return w
		})
	}
	text = anBefore.ReplaceAllString(text, "${1}an $2") // "a infantry" once written in: "an infantry"
	who := e.Power
	if who == 0 && spec.PerPower {
		who = holder
	}
	if who.Valid() {
		text = who.Title() + ": " + text
	} else if e.Side != "" {
		text = map[storm.Side]string{storm.Axis: "for the Axis", storm.Allies: "for the Allies", storm.Soviet: "for Russia"}[e.Side] + ": " + text
	}
	return fmt.Sprintf("%s (rule %s)", text, spec.Rule)
}

// ConditionWords word each condition of a conditional effect for the
// players (10.41B), as its comment in deck.go says what it counts.
var ConditionWords = map[storm.Condition]string{
	storm.ConditionResearchResults:   "research results so far",
	storm.ConditionFlags:             "power's flags in minor countries",
	storm.ConditionEconomicClimate:   "economic climate level",
	storm.ConditionEAI:               "European Aggression Index",
	storm.ConditionMilitaryFactories: "power's military factories",
	storm.ConditionRussianCohesion:   "purge events so far",
	storm.ConditionAxisAggressions:   "successful Axis aggressions",
}

func paramValue(e storm.Effect, p storm.Param) string {
	switch p {
	case storm.ParamPower:
		return e.Power.String()
	case storm.ParamSide:
		return string(e.Side)
	case storm.ParamValue:
		return fmt.Sprintf("%+d", e.Value)
	case storm.ParamCount:
		return fmt.Sprint(e.Count)
	case storm.ParamPer:
		return fmt.Sprint(e.Per)
	case storm.ParamMax:
		return fmt.Sprint(e.Max)
	case storm.ParamProject:
		return e.Project
	case storm.ParamResearch:
		return string(e.Research)
	case storm.ParamRegion:
		return string(e.Region)
	case storm.ParamCountry:
		return e.Country
	case storm.ParamOther:
		return e.Other
	case storm.ParamCondition:
		if w, ok := ConditionWords[e.Condition]; ok {
			if e.Condition == storm.ConditionResearchResults && e.Research != "" {
				return string(e.Research) + " " + w
			}
			return w
		}
		return string(e.Condition)
	case storm.ParamUnit:
		return string(e.Unit)
	case storm.ParamUse:
		return string(e.Use)
	case storm.ParamTurn:
		return e.When
	}
	return ""
}
