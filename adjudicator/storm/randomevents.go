package storm

import "slices"

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
	// AsSupport: a secret diplomatic event for a minor country taken over
	// when it was dealt: a secret support event of its modifiers' values
	// (10.41C), played or revealed as one.
	AsSupport bool `json:"as_support,omitempty"`
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

// clone deep-copies d; its deck's cards are shared unless deck is set
// (State.Scratch).
func (d *EventDeck) clone(deck bool) *EventDeck {
	if d == nil {
		return nil
	}
	c := *d
	if deck {
		c.Deck = d.Deck.Clone()
	}
	piles := newSlab[int](len(d.DrawPile) + len(d.Discard) + len(d.Removed) + len(d.InPlay) + len(d.Stacked)) // the piles in one array
	c.DrawPile = piles.clone(d.DrawPile)
	c.Discard = piles.clone(d.Discard)
	c.Removed = piles.clone(d.Removed)
	c.InPlay = piles.clone(d.InPlay)
	c.Stacked = piles.clone(d.Stacked)
	c.Held = slices.Clone(d.Held)
	c.Pending = slices.Clone(d.Pending)
	c.Chosen = slices.Clone(d.Chosen)
	for i := range c.Chosen {
		c.Chosen[i].Choice = slices.Clone(c.Chosen[i].Choice)
	}
	return &c
}

// Clone deep-copies a deck (its cards are never changed in play, but a
// clone shares nothing with the original).
func (d Deck) Clone() Deck {
	c := d
	c.Cards = slices.Clone(d.Cards)
	// Every event's effects in one new array, each event's a slice of it
	// capped at its end (so that an append copies it): one allocation
	// where there were six a card, for the Clone of every Resolve.
	n := 0
	for _, k := range d.Cards {
		n += len(k.General.Effects)
		for _, ev := range k.National {
			n += len(ev.Effects)
		}
	}
	buf := make([]Effect, 0, n)
	effects := func(v []Effect) []Effect {
		if v == nil {
			return nil
		}
		buf = append(buf, v...)
		return buf[len(buf)-len(v) : len(buf) : len(buf)]
	}
	for i, k := range c.Cards {
		c.Cards[i].General.Effects = effects(k.General.Effects)
		if k.National != nil {
			m := make(map[Power]CardEvent, len(k.National))
			for p, ev := range k.National {
				ev.Effects = effects(ev.Effects)
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

// Shuffle shuffles xs with the deck's generator (Fisher-Yates).
func (d *EventDeck) Shuffle(xs []int) {
	for i := len(xs) - 1; i > 0; i-- {
		j := d.RNG.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// ExtraSource is one reason a major power draws additional random events
// this turn (9.13): a completed Axis aggression, or the part of one
// (9.14), the Nazi-Soviet Pact (9.15), full cohesion (9.16).
type ExtraSource struct {
	What  string `json:"what"`
	Count int    `json:"count"`
	Rule  string `json:"rule"`
}
