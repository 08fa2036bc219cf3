package event

import "stormjudge/adjudicator/storm"

// EventCardTurned reports the first card of the turn, turned face up for
// everyone (9.12): its number, economic trend (9.21) and general event
// (9.3); public.
type EventCardTurned struct {
	Turn     storm.Turn          `json:"turn"`
	Card     int                 `json:"card"`
	Trend    int                 `json:"trend"`
	Title    string              `json:"title"`
	Text     string              `json:"text,omitempty"`
	Category storm.EventCategory `json:"category"`
}

// RandomEventApplied reports a general or national event put into effect:
// a public event when drawn, a secret one when played or revealed (9.41),
// or an unplayed additional event revealed and discarded (9.13); public.
type RandomEventApplied struct {
	Turn     storm.Turn            `json:"turn"`
	Card     int                   `json:"card"`
	Power    storm.Power           `json:"power,omitempty"` // 0: the general event
	Title    string                `json:"title"`
	Text     string                `json:"text,omitempty"`
	Category storm.EventCategory   `json:"category"`
	Secret   bool                  `json:"secret,omitempty"` // it was held secretly until now
	How      string                `json:"how"`
	Rule     string                `json:"rule"`
	Outcomes []storm.EffectOutcome `json:"outcomes,omitempty"`
}

// SecretEventHeld tells a power the secret event it was dealt (8.31) and
// what it would do; private to that power.
type SecretEventHeld struct {
	Turn     storm.Turn          `json:"turn"`
	Power    storm.Power         `json:"power"`
	Card     int                 `json:"card"`
	Title    string              `json:"title"`
	Text     string              `json:"text,omitempty"`
	Category storm.EventCategory `json:"category"`
	Effects  []string            `json:"effects,omitempty"`
	At       storm.Reveal        `json:"at"`
	Playable bool                `json:"playable,omitempty"`
	Extra    bool                `json:"extra,omitempty"`
	Rule     string              `json:"rule"`
}

// AdditionalEvents reports the additional random events a power is dealt
// this turn (9.13) and the reasons: completed Axis aggressions (9.14),
// the Nazi-Soviet Pact (9.15), full cohesion (9.16); public.
type AdditionalEvents struct {
	Turn    storm.Turn          `json:"turn"`
	Power   storm.Power         `json:"power"`
	Count   int                 `json:"count"`
	Sources []storm.ExtraSource `json:"sources"`
}

// EventDeckReshuffled reports the discard pile reshuffled into the deck
// (8.44); public.
type EventDeckReshuffled struct {
	Turn  storm.Turn `json:"turn"`
	Cards int        `json:"cards"`
}

// NoEventCard reports a draw with no card left (all in play or out of the
// game, 8.43); Power 0 is the first card. Public.
type NoEventCard struct {
	Turn  storm.Turn  `json:"turn"`
	Power storm.Power `json:"power,omitempty"`
}

func (EventCardTurned) Visibility() Visibility     { return public }
func (AdditionalEvents) Visibility() Visibility    { return public }
func (AdditionalEvents) Type() string              { return "AdditionalEvents" }
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
	eventTypes["AdditionalEvents"] = decode[AdditionalEvents]
	eventTypes["RandomEventApplied"] = decode[RandomEventApplied]
	eventTypes["SecretEventHeld"] = decode[SecretEventHeld]
	eventTypes["EventDeckReshuffled"] = decode[EventDeckReshuffled]
	eventTypes["NoEventCard"] = decode[NoEventCard]
}
