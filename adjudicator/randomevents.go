package adjudicator

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The random event deck in play (8.4, 9). A game started with
// NewGameWithDeck (or given a deck with WithDeck) keeps the deck, its draw
// pile, discard pile and the events drawn this turn in State.Events; a game
// without a deck (NewGame) resolves the random events phase as before (the
// Russian purge card and the EAI only).
//
// Each turn (9.12) the first card is turned face up: its economic trend
// (9.21, applyEconomicTrend) and its general event (9.3) apply to everyone.
// Then each major power is dealt one card face down, plus the additional
// random events of 9.14-9.16; the power's national event on the card is
// public when printed on white, secret when shaded (8.31, Secret). Public
// events are reported and applied at once, those of research and
// construction at the end of the economic phase (9.41B-C); secret events
// are held (EventDeck.Held) and reported privately to the holder until
// revealed at the time 9.41 sets (Reveal), or played by the holder with a
// PLAY order in the economic phase (9.41E). Effects of phases stormjudge
// does not adjudicate yet are kept in EventDeck.Pending for the turn.

// EventDeck is the random event deck of a game and the cards in use.
type EventDeck struct {
	Deck Deck `json:"deck"`
	// RNG shuffles the deck (9.11, 8.44). It is a generator of its own,
	// seeded from the game's seed, so that playing with a deck does not
	// change the game's other random draws (tiles, purge cards).
	RNG RNG `json:"rng"`
	// DrawPile are the card numbers still to be drawn, top first.
	DrawPile []int `json:"draw_pile"`
	// Discard is the discard pile (8.43); reshuffled into the draw pile when
	// it runs out (8.44).
	Discard []int `json:"discard"`
	// Removed are non-repeatable cards played: out of the game (8.43).
	Removed []int `json:"removed"`
	// InPlay are the cards drawn this turn; they go to the discard pile (or
	// are removed) when the turn ends, once all their events are played.
	InPlay []int `json:"in_play"`
	// Stacked are card numbers the next draws take, in order, instead of
	// the top of the shuffled pile: the moderator's physical deck (StackDraws).
	Stacked []int `json:"stacked,omitempty"`
	// StackedPurge is the purge card the moderator named for this turn's
	// draw (22.41), taken instead of a random one.
	StackedPurge PurgeCard `json:"stacked_purge,omitempty"`
	// Physical: the moderator draws the printed cards and names them
	// (physical-deck mode, physical.go); the random events phase waits for
	// the moderator's draw.
	Physical bool `json:"physical,omitempty"`
	// Held are the events of this turn not yet in effect: secret events
	// held by a power (8.31) and public events waiting for their phase.
	Held []HeldEvent `json:"held"`
	// Pending are this turn's effects whose phase stormjudge does not
	// adjudicate yet (diplomacy): kept for the code of that phase; cleared
	// when the turn ends.
	Pending []PendingEffect `json:"pending"`
	// Chosen are what powers chose for this turn's events until they are
	// played: research projects (15.32), flexible targets (4.16).
	Chosen []EventChoice `json:"chosen,omitempty"`
}

// Reveal is when a held event takes effect (9.41).
type Reveal string

// Reveal times.
const (
	RevealIncome      Reveal = "income"       // 9.41A: at the start of the income phase
	RevealEconomicEnd Reveal = "economic-end" // 9.41B-C: at the end of the economic phase
	RevealDiplomacy   Reveal = "diplomacy"    // 9.41D: when diplomacy is resolved
	RevealCrisis      Reveal = "crisis"       // 9.41E: during the crisis phase
)

// HeldEvent is an event drawn this turn that has not taken effect yet.
type HeldEvent struct {
	Card  int   `json:"card"`
	Power Power `json:"power,omitempty"` // the holder; 0: the general event
	// Secret: known to the holder only until revealed (8.31).
	Secret bool `json:"secret,omitempty"`
	// Extra: an additional random event (9.13), which the power may choose
	// not to play.
	Extra bool `json:"extra,omitempty"`
	// Playable: the holder may play it with PLAY in the economic phase
	// (9.41E, 22.51B); otherwise it takes effect at At.
	Playable bool   `json:"playable,omitempty"`
	At       Reveal `json:"at"`
	// Doubling: only the research doubling of a general research event
	// is still to apply (15.31A); its other effects applied when drawn.
	Doubling bool `json:"doubling,omitempty"`
}

// PendingEffect is an effect of this turn waiting for a phase stormjudge
// does not adjudicate yet.
type PendingEffect struct {
	Turn   Turn   `json:"turn"`
	Card   int    `json:"card"`
	Power  Power  `json:"power,omitempty"` // the holder; 0: the general event
	Effect Effect `json:"effect"`
	Phase  string `json:"phase"`
}

// EffectOutcome is what one effect of an event did.
type EffectOutcome struct {
	Kind    EffectKind `json:"kind"`
	Power   Power      `json:"power,omitempty"`
	Note    string     `json:"note"`
	Pending string     `json:"pending,omitempty"` // the phase it waits for
}

func (d *EventDeck) clone() *EventDeck {
	if d == nil {
		return nil
	}
	c := *d
	c.Deck = d.Deck.clone()
	c.DrawPile = cloneSlice(d.DrawPile)
	c.Discard = cloneSlice(d.Discard)
	c.Removed = cloneSlice(d.Removed)
	c.InPlay = cloneSlice(d.InPlay)
	c.Stacked = cloneSlice(d.Stacked)
	c.Held = cloneSlice(d.Held)
	c.Pending = cloneSlice(d.Pending)
	c.Chosen = cloneSlice(d.Chosen)
	for i := range c.Chosen {
		c.Chosen[i].Choice = cloneSlice(c.Chosen[i].Choice)
	}
	return &c
}

// clone deep-copies a deck (its cards are never changed in play, but a
// clone shares nothing with the original).
func (d Deck) clone() Deck {
	c := d
	c.Cards = cloneSlice(d.Cards)
	for i, k := range c.Cards {
		c.Cards[i].General.Effects = cloneSlice(k.General.Effects)
		if k.National != nil {
			m := make(map[Power]CardEvent, len(k.National))
			for p, ev := range k.National {
				ev.Effects = cloneSlice(ev.Effects)
				m[p] = ev
			}
			c.Cards[i].National = m
		}
	}
	return c
}

// Card returns the card numbered n of the deck.
func (d Deck) Card(n int) (Card, bool) {
	for _, c := range d.Cards {
		if c.Number == n {
			return c, true
		}
	}
	return Card{}, false
}

// deckSeedMix separates the deck's generator from the game's (RNG).
const deckSeedMix = 0xd1b54a32d192ed03

// NewGameWithDeck is NewGame with the random event deck d shuffled for
// play (9.11). The deck should pass Deck.Check.
func NewGameWithDeck(seed uint64, d Deck) State {
	return WithDeck(NewGame(seed), d)
}

// WithDeck returns s playing with the random event deck d, shuffled with a
// generator seeded from s.Seed (9.11). Any earlier deck is replaced.
func WithDeck(s State, d Deck) State {
	c := s.Clone()
	r := NewRNG(s.Seed ^ deckSeedMix)
	r = NewRNG(r.Uint64())
	ed := &EventDeck{Deck: d.clone(), RNG: r, Discard: []int{}, Removed: []int{}, InPlay: []int{},
		Held: []HeldEvent{}, Pending: []PendingEffect{}}
	for _, k := range d.Cards {
		ed.DrawPile = append(ed.DrawPile, k.Number)
	}
	slices.Sort(ed.DrawPile)
	ed.shuffle(ed.DrawPile)
	c.Events = ed
	return c
}

// StackDraws makes the next draws of s take the given cards, in order: the
// moderator's physical-deck mode, where the real cards are drawn at the
// table and the judge is told their numbers (docs/deck.md). Each number
// must be a card of the deck still in the draw pile (or the discard pile,
// which a reshuffle would bring back, 8.44) and not already stacked.
func StackDraws(s State, numbers ...int) (State, error) {
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

// shuffle shuffles xs with the deck's generator (Fisher-Yates).
func (d *EventDeck) shuffle(xs []int) {
	for i := len(xs) - 1; i > 0; i-- {
		j := d.RNG.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// drawCard takes the next card for p (0: the card turned face up): a stacked
// one first, else the top of the draw pile, reshuffling the discard pile
// when the pile is empty (8.44). A stacked card from the discard pile
// stands for that reshuffle when the pile is empty. Returns 0 when no card
// is left (every card in play or out of the game).
func drawCard(d *EventDeck, s *State, p Power, evs *[]Event) int {
	if len(d.Stacked) > 0 {
		n := d.Stacked[0]
		d.Stacked = d.Stacked[1:]
		if i := slices.Index(d.DrawPile, n); i >= 0 {
			d.DrawPile = slices.Delete(d.DrawPile, i, i+1)
		} else if i := slices.Index(d.Discard, n); i >= 0 {
			if len(d.DrawPile) == 0 { // 8.44: the moderator reshuffled
				d.DrawPile = slices.Sorted(slices.Values(d.Discard))
				d.Discard = []int{}
				*evs = append(*evs, EventDeckReshuffled{Turn: s.Turn, Cards: len(d.DrawPile)})
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
		d.shuffle(d.DrawPile)
		*evs = append(*evs, EventDeckReshuffled{Turn: s.Turn, Cards: len(d.DrawPile)})
	}
	if len(d.DrawPile) == 0 {
		return 0
	}
	n := d.DrawPile[0]
	d.DrawPile = d.DrawPile[1:]
	d.InPlay = append(d.InPlay, n)
	if d.Physical {
		*evs = append(*evs, CardDrawnByJudge{Turn: s.Turn, Power: p, Card: n})
	}
	return n
}

// drawRandomEvents is the card draw of 9.12 with the additional random
// events of 9.13-9.16, after the purge card (22.4); extra holds the
// additional events per power, counted at the start of the turn (9.16:
// before the purge card).
func drawRandomEvents(s *State, extra map[Power]int, evs *[]Event) {
	d := s.Events
	n := drawCard(d, s, 0, evs)
	if n == 0 {
		*evs = append(*evs, NoEventCard{Turn: s.Turn})
	} else {
		c, _ := d.Deck.Card(n)
		*evs = append(*evs, EventCardTurned{Turn: s.Turn, Card: n, Trend: c.Trend, Title: c.General.Title,
			Text: c.General.Text, Category: c.General.Category})
		applyEconomicTrend(s, c.Trend, evs) // 9.21, 11.33
		if now, doubling := splitDoubling(c.General); c.General.Category == CategoryResearch && len(doubling.Effects) > 0 {
			// 15.31: a general research event is in effect from the start
			// of the research segment, before points are assigned; its
			// doubling (15.31A) acts on the points assigned, so it is
			// applied at the end of the economic phase.
			out := applyEffects(s, 0, n, now, nil, evs)
			d.Held = append(d.Held, HeldEvent{Card: n, At: RevealEconomicEnd, Doubling: true})
			*evs = append(*evs, RandomEventApplied{Turn: s.Turn, Card: n, Title: c.General.Title, Text: c.General.Text,
				Category: c.General.Category, How: "general event; its doubling of research points is applied at the end of the economic phase",
				Rule: "9.31A, 15.31", Outcomes: out})
		} else {
			out := applyEffects(s, 0, n, c.General, nil, evs)
			*evs = append(*evs, RandomEventApplied{Turn: s.Turn, Card: n, Title: c.General.Title, Text: c.General.Text,
				Category: c.General.Category, How: "general event", Rule: "9.3", Outcomes: out})
		}
	}
	for _, p := range Powers { // 9.12: one card each, in the order of play
		dealEvents(s, p, 1, false, evs)
		if x := extra[p]; x > 0 {
			dealEvents(s, p, x, true, evs)
		}
	}
}

// extraRandomEvents counts the additional random events of 9.14-9.16.
func extraRandomEvents(s State) map[Power]int {
	out := map[Power]int{}
	out[Russia] = FullCohesionExtraEvents(s) // 9.16
	if t := s.SupportFacts.PactSigned; t != nil && !s.Conditions.PactViolated {
		n := max(s.Turn.Index()-t.Index(), 0) // 9.15A-D
		out[Britain] += n
		out[France] += n
	}
	for _, a := range s.SupportFacts.Aggressions { // 9.14
		if a.Completed == nil || (a.Aggressor != Germany && a.Aggressor != Italy) {
			continue
		}
		// 9.14A-B and its EXAMPLE: one event a turn from the turn after
		// the aggression is completed, for as many turns as its value.
		if d := s.Turn.Index() - a.Completed.Index(); d >= 1 && d <= aggressionEvents(s, a) {
			out[a.Aggressor]++
		}
	}
	return out
}

// aggressionEvents is the victory point value of an aggression in
// additional random events (9.14A: the number equals it, 34.51A);
// Czechoslovakia and Poland count less by the Sudetenland's or Danzig and
// the Corridor's when those were taken before.
func aggressionEvents(s State, a Aggression) int {
	n := aggressionValueIn(s, a.Target)
	if part := firstDemand[a.Target]; part != "" && completedBy(s, a.Aggressor, part) {
		n -= aggressionValueIn(s, part)
	}
	return n
}

// dealEvents deals n cards face down to p (9.12, 9.13).
func dealEvents(s *State, p Power, n int, extra bool, evs *[]Event) {
	d := s.Events
	for range n {
		num := drawCard(d, s, p, evs)
		if num == 0 {
			*evs = append(*evs, NoEventCard{Turn: s.Turn, Power: p})
			return
		}
		c, _ := d.Deck.Card(num)
		ev := c.National[p]
		rule := "9.12"
		if extra {
			rule = "9.13"
		}
		if ev.Secret { // 8.31: concealed until played
			h := HeldEvent{Card: num, Power: p, Secret: true, Extra: extra}
			h.At, h.Playable = secretReveal(ev.Category)
			d.Held = append(d.Held, h)
			*evs = append(*evs, SecretEventHeld{Turn: s.Turn, Power: p, Card: num, Title: ev.Title, Text: ev.Text,
				Category: ev.Category, Effects: describeEffects(ev, p), At: h.At, Playable: h.Playable, Extra: extra, Rule: rule + ", 8.31"})
			continue
		}
		if ev.Category == CategoryResearch || ev.Category == CategoryConstruction {
			// 15.32, 9.41B-C: public, played in the economic phase before
			// the orders (eventplay.go); but a research prohibition bars
			// the turn it is drawn in (15.42A), so it acts now
			// (docs/rules.md).
			d.Held = append(d.Held, HeldEvent{Card: num, Power: p, Extra: extra, At: RevealEconomicEnd})
			var now []EffectOutcome
			for _, e := range ev.Effects {
				if e.Kind == EffectResearchProhibited {
					now = append(now, applyEffect(s, p, num, ev.Title, e, nil, evs))
				}
			}
			*evs = append(*evs, RandomEventApplied{Turn: s.Turn, Card: num, Power: p, Title: ev.Title, Text: ev.Text,
				Category: ev.Category, How: "drawn (public); takes effect in the economic phase, before the orders it serves", Rule: rule + ", 8.31, 15.32",
				Outcomes: now})
			continue
		}
		out := applyEffects(s, p, num, ev, nil, evs)
		*evs = append(*evs, RandomEventApplied{Turn: s.Turn, Card: num, Power: p, Title: ev.Title, Text: ev.Text,
			Category: ev.Category, How: "drawn (public)", Rule: rule + ", 8.31", Outcomes: out})
	}
}

// secretReveal is when a secret national event of category c takes effect
// and whether its holder may play it earlier (9.41, docs/rules.md).
func secretReveal(c EventCategory) (Reveal, bool) {
	switch c {
	case CategoryEconomic:
		return RevealIncome, false // 9.41A
	case CategoryResearch, CategoryConstruction:
		return RevealEconomicEnd, false // 9.41B-C
	case CategoryConversion:
		return RevealEconomicEnd, true // 8.21B: played for the industrial segment
	case CategoryDiplomatic:
		return RevealDiplomacy, false // 9.41D
	}
	return RevealCrisis, true // 9.41E support; purge (22.51B) and political events likewise
}

// revealHeld puts into effect the held events due at r (9.41), in the
// order they were drawn. Unplayed additional events a power could have
// played are revealed and discarded without effect (9.13).
func revealHeld(s *State, r Reveal, evs *[]Event) {
	revealHeldWhere(s, r, func(HeldEvent) bool { return true }, evs)
}

// revealHeldWhere reveals the events held for r that keep selects (a
// crisis reveals each side's in its turn: 27.61B, 27.71A).
func revealHeldWhere(s *State, r Reveal, keep func(HeldEvent) bool, evs *[]Event) {
	if s.Events == nil {
		return
	}
	d := s.Events
	var due []HeldEvent
	d.Held = slices.DeleteFunc(d.Held, func(h HeldEvent) bool {
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
			ev := eventOf(d, h)
			*evs = append(*evs, RandomEventApplied{Turn: s.Turn, Card: h.Card, Power: h.Power, Title: ev.Title, Text: ev.Text,
				Category: ev.Category, Secret: true, How: "not played: revealed and discarded", Rule: "9.13"})
			continue
		}
		playEvent(s, h, nil, how, rule, evs)
	}
}

var revealRule = map[Reveal]string{
	RevealIncome: "9.41A", RevealEconomicEnd: "9.41B-C", RevealDiplomacy: "9.41D", RevealCrisis: "9.41E",
}

func eventOf(d *EventDeck, h HeldEvent) CardEvent {
	c, _ := d.Deck.Card(h.Card)
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
func splitDoubling(ev CardEvent) (others, doubling CardEvent) {
	others, doubling = ev, ev
	others.Effects, doubling.Effects = nil, nil
	for _, e := range ev.Effects {
		if e.Kind == EffectResearchDoubled {
			doubling.Effects = append(doubling.Effects, e)
		} else {
			others.Effects = append(others.Effects, e)
		}
	}
	return others, doubling
}

// playEvent reveals (if secret) and applies a held event.
func playEvent(s *State, h HeldEvent, choices []string, how, rule string, evs *[]Event) {
	ev := eventOf(s.Events, h)
	out := applyEffects(s, h.Power, h.Card, ev, choices, evs)
	*evs = append(*evs, RandomEventApplied{Turn: s.Turn, Card: h.Card, Power: h.Power, Title: ev.Title, Text: ev.Text,
		Category: ev.Category, Secret: h.Secret, How: how, Rule: rule, Outcomes: out})
}

// endTurnEvents closes the turn's random events: events still held are
// revealed (their phases are over), the cards go to the discard pile or,
// non-repeatable, out of the game (8.43); pending effects and the event
// cost modifiers lapse.
func endTurnEvents(s *State, evs *[]Event) {
	if s.Events == nil {
		return
	}
	for _, r := range []Reveal{RevealIncome, RevealEconomicEnd, RevealDiplomacy, RevealCrisis} {
		revealHeld(s, r, evs)
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
	d.Pending = []PendingEffect{}
	d.Chosen = nil
	for _, p := range Powers {
		s.Powers[p].ConvertCostModifier = 0 // 14.21: this turn
		s.Powers[p].MobilizeCostModifier = 0
	}
}

// heldEffect is one effect of a secret event a power holds, with its card.
type heldEffect struct {
	Card   int
	Effect Effect
}

// heldEffects lists the effects of kind k of the secret events p holds:
// what p knows and may use before they are revealed (24.42E, 24.14,
// 24.35B, 24.551, 4.16).
func heldEffects(s State, p Power, k EffectKind) []heldEffect {
	var out []heldEffect
	for _, h := range HeldEvents(s, p) {
		for _, e := range eventOf(s.Events, h).Effects {
			if e.Kind == k {
				out = append(out, heldEffect{h.Card, e})
			}
		}
	}
	return out
}

// supportValue is the support change of a support effect of p now: its
// value, plus for conditional support 1 for every per of the condition,
// at most max (10.41B); false for a condition the state cannot count.
func supportValue(s State, p Power, e Effect) (int, bool) {
	v := e.Value
	if e.Kind == EffectConditionalSupport {
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
func HeldEvents(s State, p Power) []HeldEvent {
	if s.Events == nil {
		return nil
	}
	var out []HeldEvent
	for _, h := range s.Events.Held {
		if h.Power == p && h.Secret {
			out = append(out, h)
		}
	}
	return out
}

// applyEffects applies an event's effects; holder is 0 for a general
// event. choices are the projects the holder chose for the effects that
// leave them open (15.32), in the order of the effects; the default
// choice stands in for missing ones.
func applyEffects(s *State, holder Power, card int, ev CardEvent, choices []string, evs *[]Event) []EffectOutcome {
	var out []EffectOutcome
	for _, e := range ev.Effects {
		out = append(out, applyEffect(s, holder, card, ev.Title, e, &choices, evs))
	}
	return out
}

// pendingPhase names the phase each not yet adjudicated kind waits for.
var pendingPhase = map[EffectKind]string{
	EffectDiplomaticModifier: "diplomacy", EffectFlexibleModifier: "diplomacy",
	EffectExtraDiplomaticCounter: "diplomacy", EffectExtraMilitaryCounter: "diplomacy",
	EffectDiplomaticDispute: "diplomacy", EffectSpyRing: "diplomacy", EffectCounterInRussia: "diplomacy",
	EffectPlacementAllowed: "diplomacy",
}

// applyEffect applies one effect through the hooks of the rules it serves.
func applyEffect(s *State, holder Power, card int, title string, e Effect, choices *[]string, evs *[]Event) EffectOutcome {
	p := e.Power
	if p == 0 {
		p = holder
	}
	o := EffectOutcome{Kind: e.Kind, Power: p}
	pending := func(phase string) EffectOutcome {
		s.Events.Pending = append(s.Events.Pending, PendingEffect{Turn: s.Turn, Card: card, Power: holder, Effect: e, Phase: phase})
		o.Pending = phase
		o.Note = "pending: applied when " + phase + " is implemented"
		return o
	}
	what := fmt.Sprintf("random event %d (%s)", card, title)
	if e.Kind == EffectDiplomaticModifier && s.Diplomacy.On { // 9.31C, 24.16 (diplomacy.go)
		o.Note = addEventModifier(s, holder, card, e)
		o.Note += countCivilWarEvent(s, e.Country, 1, evs) // 25.31, 25.61A (civilwar.go)
		return o
	}
	if e.Kind == EffectCounterInRussia && s.Diplomacy.On && p == Russia { // 24.56E, 10.91F (russiadiplomacy.go)
		s.Diplomacy.Permits = append(s.Diplomacy.Permits, PlacementPermit{Power: p, Card: card, Country: RussiaTarget})
		o.Note = "Russia may place a diplomatic counter in Russia this turn (24.56E, 10.91F)"
		return o
	}
	if e.Kind == EffectDiplomaticDispute && s.Diplomacy.On { // 24.552 (dispute.go)
		s.Diplomacy.Disputes = append(s.Diplomacy.Disputes, Dispute{Card: card, Countries: [2]string{e.Country, e.Other}})
		o.Note = fmt.Sprintf("a dispute between %s and %s: the Axis must back one with a counter in their first round, Russia or the Allies the other (24.552)", e.Country, e.Other)
		return o
	}
	if e.Kind == EffectPlacementAllowed && s.Diplomacy.On && p.Valid() { // 24.61A-B (diplomacy.go)
		s.Diplomacy.Permits = append(s.Diplomacy.Permits, PlacementPermit{Power: p, Card: card, Country: e.Country, Region: e.Region})
		o.Note = fmt.Sprintf("%s may place one diplomatic counter in %s this turn despite geography or a purge, within its limits (24.61A-B)", p.Title(), permitWhere(e.Country, e.Region))
		return o
	}
	if e.Kind == EffectSpyRing && s.Diplomacy.On && p.Valid() { // 24.551 (diplomacy.go)
		s.Diplomacy.SpyRings = append(s.Diplomacy.SpyRings, SpyRingEffect{Power: p, Country: e.Country, Card: card})
		o.Note = fmt.Sprintf("%s: spy ring effects for %s this turn: a counter there beyond the limits and +1 (24.551B)", e.Country, p.Title())
		return o
	}
	if e.Kind == EffectFlexibleModifier && s.Diplomacy.On { // 4.16 (flexible.go)
		f := flexibleOf(holder, card, e)
		s.Diplomacy.Flexible = append(s.Diplomacy.Flexible, f)
		o.Note = fmt.Sprintf("%+d for %s in one target of %s, chosen by %s once the counters are placed (4.16)", e.Value, f.Power.Title(), f.Region, f.Power.Title())
		return o
	}
	if e.Kind == EffectActivityCounter && e.Use == CounterUseDiplomacy && s.Diplomacy.On && p.Valid() { // 15.32D, 24.14
		x := ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1)}
		s.Diplomacy.Extra = append(s.Diplomacy.Extra, x)
		o.Note = fmt.Sprintf("%s may use %d more activity counter(s) for diplomacy this turn: diplomatic counters beyond the limit, at the normal cost (24.14, 24.54E)", p.Title(), x.Count)
		return o
	}
	if e.Kind == EffectExtraMilitaryCounter && s.Diplomacy.On && p.Valid() { // 10.22, 24.4 (diplomacy.go)
		s.Diplomacy.ExtraMilitary = append(s.Diplomacy.ExtraMilitary, ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1)})
		o.Note = fmt.Sprintf("%s may place %d military counter(s) beyond its limit this turn (10.22, 24.4)", p.Title(), max(e.Value, 1))
		return o
	}
	if e.Kind == EffectExtraDiplomaticCounter && s.Diplomacy.On && p.Valid() { // 24.14 (diplomacy.go)
		x := ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1), Country: e.Country, Region: e.Region}
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
	var ps *PowerState
	if p.Valid() {
		ps = s.Powers[p]
	}
	incomeDone := s.Segment.index() > SegIncome.index()
	switch e.Kind {
	case EffectIncome: // 11.41
		if !incomeDone {
			ps.Economy.IncomeEvents += e.Value
			o.Note = fmt.Sprintf("%s income %+d this turn (11.41)", p.Title(), e.Value)
		} else {
			ps.TilePoints = max(ps.TilePoints+e.Value, 0)
			o.Note = fmt.Sprintf("%s %+d tile points now, the income phase being over (11.41)", p.Title(), e.Value)
		}
	case EffectExtraTileDraw, EffectNoTileDraw, EffectClimateDoubled, EffectClimateIgnored: // 11.92, 11.35
		if incomeDone {
			o.Note = "no effect: the income phase is over"
			break
		}
		switch e.Kind {
		case EffectExtraTileDraw:
			ps.Economy.ExtraTileDraws++
			o.Note = p.Title() + " draws a second random tile (11.92)"
		case EffectNoTileDraw:
			ps.Economy.NoTileDraw = true
			o.Note = p.Title() + " draws no random tile (11.92)"
		case EffectClimateDoubled:
			ps.Economy.ClimateDoubled = true
			o.Note = p.Title() + ": the economic climate's effect on its income is doubled (11.35)"
		case EffectClimateIgnored:
			ps.Economy.ClimateIgnored = true
			o.Note = p.Title() + ": the economic climate does not affect its income (11.35)"
		}
	case EffectExtraRandomEvent: // 9.13
		o.Note = fmt.Sprintf("%s draws %d additional random event(s) (9.13)", p.Title(), e.Value)
		dealEvents(s, p, e.Value, true, evs)
	case EffectSupport, EffectConditionalSupport, EffectPurgeSupport: // 10.41B, 9.41E, 22.21D
		v, ok := supportValue(*s, p, e)
		if !ok { // Deck.Check refuses unknown conditions
			o.Note = "no effect: unknown condition " + string(e.Condition)
			return o
		}
		if incomeDone {
			ChangeSupport(s, p, v, "10.41B", what, true, evs) // 11.52A
			o.Note = fmt.Sprintf("%s support %+d now, with as many tile points (10.41B, 11.52A)", p.Title(), v)
		} else {
			ps.Economy.SupportEvents += v // read at the income phase (10.41B)
			o.Note = fmt.Sprintf("%s support %+d this turn (10.41B)", p.Title(), v)
		}
		if e.Kind == EffectPurgeSupport {
			AddPurgeEvents(s, 1, "22.72B", what, evs)
		}
	case EffectConversionCost: // 14.21
		ps.ConvertCostModifier += e.Value
		o.Note = fmt.Sprintf("%s: converting to civilian use costs %+d this turn (14.21)", p.Title(), e.Value)
	case EffectMobilizationCost: // 14.31C
		ps.MobilizeCostModifier += e.Value
		o.Note = fmt.Sprintf("%s: mobilizing costs %+d this turn (14.31C)", p.Title(), e.Value)
	case EffectResearchDoubled: // 15.31A
		o.Note = researchDoubled(s, p, e, evs)
	case EffectResearchAllowed, EffectResearchProhibited: // 15.42A
		o.Note = researchPermit(s, p, e)
	case EffectAtomicAllowed: // 15.42C
		s.Sheets.Permits.Atomic = true
		o.Note = "atomic research is allowed from now on (15.42C)"
	case EffectResearchSteps, EffectResearchLevels, EffectResearchSpyRing: // 15.32A-C (eventplay.go)
		if economicOver(*s) {
			o.Note = "no effect: the research segment of the turn is over (15.32)"
			break
		}
		o.Note = researchEventEffect(s, p, e, choices, evs)
	case EffectActivityCounter, EffectExtraUnitBuild, EffectFreeUnit, EffectFreeShip, EffectShipCost, EffectFreeAcceleration:
		// 12.22, 15.32D, 18.41, 19.52, 19.62, 19.73D (eventoptions.go)
		note, diplomacy := applyOptionEffect(s, p, e, evs)
		if diplomacy {
			return pending("diplomacy")
		}
		o.Note = note
		if e.Kind == EffectActivityCounter && e.Use == CounterUseResearchOrDiplomacy && s.Diplomacy.On && p.Valid() {
			// 15.32D: what research leaves of it serves diplomacy (resolveSpyRings).
			s.Diplomacy.Leftover = append(s.Diplomacy.Leftover, ExtraCounter{Power: p, Card: card, Count: max(e.Value, 1)})
		} else if e.Kind == EffectActivityCounter && e.Use == CounterUseResearchOrDiplomacy {
			s.Events.Pending = append(s.Events.Pending, PendingEffect{Turn: s.Turn, Card: card, Power: holder, Effect: e, Phase: "diplomacy"})
		}
	case EffectCivilWarEvent: // 25.31
		m := s.Minor(e.Country)
		if m == nil {
			o.Note = "no effect: no country " + e.Country
			break
		}
		if s.Diplomacy.On { // 25.31, 25.61A (civilwar.go)
			o.Note = e.Country + ": civil war event" + countCivilWarEvent(s, e.Country, max(e.Value, 1), evs)
			break
		}
		m.CivilWarEvents += max(e.Value, 1)
		o.Note = fmt.Sprintf("%s: %d civil war event(s), %d in all (25.31); the outbreak is adjudicated in games that play diplomacy",
			e.Country, max(e.Value, 1), m.CivilWarEvents)
	case EffectPurgeSupportOffset: // 22.21D, 22.72B
		o.Note = purgeOffset(s, PurgeOffset{Card: card, Value: e.Value}, evs)
	case EffectPurgeExtraUnits: // 22.21D, 22.72E-F
		purgeRussianUnits(s, e.Value, evs)
		AddPurgeEvents(s, e.Value, "22.72E-F", what, evs)
		o.Note = fmt.Sprintf("%d more Russian unit(s) purged (22.21D)", e.Value)
	case EffectPurgeUnit: // 22.21D, 22.72D
		purgeUnitOfType(s, e.Unit, evs)
		AddPurgeEvents(s, 1, "22.72D", what, evs)
		o.Note = fmt.Sprintf("a Russian %s unit purged (22.21D)", e.Unit)
	case EffectPurgeNoDiplomacy, EffectPurgeNoResearch: // 22.21D, 22.72C
		purgeProhibition(s, e.Kind == EffectPurgeNoDiplomacy, evs)
		AddPurgeEvents(s, 1, "22.72C", what, evs)
		o.Note = "Russian " + map[bool]string{true: "diplomacy prohibited", false: "research prohibited but for its one basic point"}[e.Kind == EffectPurgeNoDiplomacy] + " this turn (22.21B, 22.21D)"
	case EffectEAI: // 23.21C
		AddEAIEvent(s, e.Value, what, evs)
		o.Note = fmt.Sprintf("EAI modifier %+d (23.21C, 23.24)", e.Value)
	default: // Deck.Check refuses unknown kinds
		o.Note = "no effect: unknown effect kind " + string(e.Kind)
	}
	return o
}

// researchDoubled doubles the research points assigned this turn to the
// project (15.31A), at most value (default 3) extra steps, for p or, on a
// general event, for every power with such a project.
func researchDoubled(s *State, p Power, e Effect, evs *[]Event) string {
	limit := e.Value
	if limit == 0 {
		limit = 3
	}
	powers := Powers
	if p.Valid() {
		powers = []Power{p}
	}
	var done []string
	var notes []string
	for _, q := range powers {
		r, ok := projectFor(q, e.Project)
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
			if _, err := ResearchEvent(s, q, e.Project, n, false, evs); err == nil {
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
func conditionCount(s State, p Power, e Effect) (int, bool) {
	switch e.Condition {
	case ConditionEconomicClimate:
		return max(s.EconomicClimate, 0), true
	case ConditionEAI:
		return max(s.EAI, 0), true
	case ConditionMilitaryFactories:
		return s.Powers[p].Factories.Military, true
	case ConditionRussianCohesion:
		return s.Russia.PurgeEvents, true
	case ConditionFlags:
		n := 0
		for _, m := range s.Minors {
			if m.FlagPower == p {
				n += m.Flags
			}
		}
		return n, true
	case ConditionAxisAggressions:
		n := 0
		for _, a := range s.SupportFacts.Aggressions {
			if a.Completed != nil {
				n++
			}
		}
		return n, true
	case ConditionResearchResults: // 15.12, 15.5
		return researchResultCount(s, p, e.Research), true
	}
	return 0, false
}

// researchResultCount counts the research results p's side achieved in
// the game in category c (any when empty): its joint projects' and p's own
// national projects'. Reading (docs/rules.md): the starting results of
// 15.51 are not results "so far" of the game (15.52: they count for their
// effects, not on the sheet).
func researchResultCount(s State, p Power, c ResearchCategory) int {
	side := SideOf(p)
	n := 0
	for _, r := range s.Research {
		if r.Side != side || (r.Power != 0 && r.Power != p) || isStarting(r) {
			continue
		}
		if c != "" {
			q := r.Power
			if q == 0 {
				q = ResearchLeader(side)
			}
			proj, ok := projectFor(q, r.Project)
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
func describeEffects(ev CardEvent, holder Power) []string {
	var out []string
	for _, e := range ev.Effects {
		out = append(out, describeEffect(e, holder))
	}
	return out
}

// paramWords finds each parameter's word in an effect's documentation,
// with its "(default N)" aside when it has one.
var paramWords = func() map[Param]*regexp.Regexp {
	m := map[Param]*regexp.Regexp{}
	for _, p := range Params {
		m[p] = regexp.MustCompile(`\b` + string(p) + `\b( \(default ([^)]*)\))?`)
	}
	return m
}()

// describeEffect words one effect for a player: its documentation with
// the given parameters written in (the words "value", "per", "max" ...
// replaced by what the card says, a parameter it does not give by its
// default), for the power it concerns, with the rule; no identifier of the
// deck's vocabulary.
func describeEffect(e Effect, holder Power) string {
	spec, _ := e.Kind.Spec()
	text := spec.Doc
	g := e.given()
	for _, prm := range Params {
		if prm == ParamPower || prm == ParamSide {
			continue
		}
		re := paramWords[prm]
		text = re.ReplaceAllStringFunc(text, func(w string) string {
			sub := re.FindStringSubmatch(w)
			switch {
			case g[prm] && prm == ParamValue:
				return fmt.Sprint(e.Value)
			case g[prm]:
				return paramValue(e, prm)
			case sub[1] != "":
				return sub[2] // "value (default 1)" reads "1" when the card gives none
			}
			return w
		})
	}
	who := e.Power
	if who == 0 && spec.PerPower {
		who = holder
	}
	if who.Valid() {
		text = who.Title() + ": " + text
	} else if e.Side != "" {
		text = map[Side]string{Axis: "for the Axis", Allies: "for the Allies", Soviet: "for Russia"}[e.Side] + ": " + text
	}
	return fmt.Sprintf("%s (rule %s)", text, spec.Rule)
}

// conditionWords word each condition of a conditional effect for the
// players (10.41B), as its comment in deck.go says what it counts.
var conditionWords = map[Condition]string{
	ConditionResearchResults:   "research results so far",
	ConditionFlags:             "power's flags in minor countries",
	ConditionEconomicClimate:   "economic climate level",
	ConditionEAI:               "European Aggression Index",
	ConditionMilitaryFactories: "power's military factories",
	ConditionRussianCohesion:   "purge events so far",
	ConditionAxisAggressions:   "successful Axis aggressions",
}

func paramValue(e Effect, p Param) string {
	switch p {
	case ParamPower:
		return e.Power.String()
	case ParamSide:
		return string(e.Side)
	case ParamValue:
		return fmt.Sprintf("%+d", e.Value)
	case ParamCount:
		return fmt.Sprint(e.Count)
	case ParamPer:
		return fmt.Sprint(e.Per)
	case ParamMax:
		return fmt.Sprint(e.Max)
	case ParamProject:
		return e.Project
	case ParamResearch:
		return string(e.Research)
	case ParamRegion:
		return string(e.Region)
	case ParamCountry:
		return e.Country
	case ParamOther:
		return e.Other
	case ParamCondition:
		if w, ok := conditionWords[e.Condition]; ok {
			if e.Condition == ConditionResearchResults && e.Research != "" {
				return string(e.Research) + " " + w
			}
			return w
		}
		return string(e.Condition)
	case ParamUnit:
		return string(e.Unit)
	case ParamUse:
		return string(e.Use)
	case ParamTurn:
		return e.When
	}
	return ""
}

// EventCardTurned reports the first card of the turn, turned face up for
// everyone (9.12): its number, economic trend (9.21) and general event
// (9.3); public.
type EventCardTurned struct {
	Turn     Turn          `json:"turn"`
	Card     int           `json:"card"`
	Trend    int           `json:"trend"`
	Title    string        `json:"title"`
	Text     string        `json:"text,omitempty"`
	Category EventCategory `json:"category"`
}

// RandomEventApplied reports a general or national event put into effect:
// a public event when drawn, a secret one when played or revealed (9.41),
// or an unplayed additional event revealed and discarded (9.13); public.
type RandomEventApplied struct {
	Turn     Turn            `json:"turn"`
	Card     int             `json:"card"`
	Power    Power           `json:"power,omitempty"` // 0: the general event
	Title    string          `json:"title"`
	Text     string          `json:"text,omitempty"`
	Category EventCategory   `json:"category"`
	Secret   bool            `json:"secret,omitempty"` // it was held secretly until now
	How      string          `json:"how"`
	Rule     string          `json:"rule"`
	Outcomes []EffectOutcome `json:"outcomes,omitempty"`
}

// SecretEventHeld tells a power the secret event it was dealt (8.31) and
// what it would do; private to that power.
type SecretEventHeld struct {
	Turn     Turn          `json:"turn"`
	Power    Power         `json:"power"`
	Card     int           `json:"card"`
	Title    string        `json:"title"`
	Text     string        `json:"text,omitempty"`
	Category EventCategory `json:"category"`
	Effects  []string      `json:"effects,omitempty"`
	At       Reveal        `json:"at"`
	Playable bool          `json:"playable,omitempty"`
	Extra    bool          `json:"extra,omitempty"`
	Rule     string        `json:"rule"`
}

// EventDeckReshuffled reports the discard pile reshuffled into the deck
// (8.44); public.
type EventDeckReshuffled struct {
	Turn  Turn `json:"turn"`
	Cards int  `json:"cards"`
}

// NoEventCard reports a draw with no card left (all in play or out of the
// game, 8.43); Power 0 is the first card. Public.
type NoEventCard struct {
	Turn  Turn  `json:"turn"`
	Power Power `json:"power,omitempty"`
}

func (EventCardTurned) Visibility() Visibility     { return public }
func (RandomEventApplied) Visibility() Visibility  { return public }
func (e SecretEventHeld) Visibility() Visibility   { return Visibility{Power: e.Power} }
func (EventDeckReshuffled) Visibility() Visibility { return public }
func (NoEventCard) Visibility() Visibility         { return public }
func (EventCardTurned) Type() string               { return "EventCardTurned" }
func (RandomEventApplied) Type() string            { return "RandomEventApplied" }
func (SecretEventHeld) Type() string               { return "SecretEventHeld" }
func (EventDeckReshuffled) Type() string           { return "EventDeckReshuffled" }
func (NoEventCard) Type() string                   { return "NoEventCard" }

func init() {
	eventTypes["EventCardTurned"] = decode[EventCardTurned]
	eventTypes["RandomEventApplied"] = decode[RandomEventApplied]
	eventTypes["SecretEventHeld"] = decode[SecretEventHeld]
	eventTypes["EventDeckReshuffled"] = decode[EventDeckReshuffled]
	eventTypes["NoEventCard"] = decode[NoEventCard]
}
