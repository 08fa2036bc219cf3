package event

import "stormjudge/adjudicator/storm"

// StateFixed reports one of the moderator's fixes (SET): the figure
// fixed (What, one of the Fix* words), whose or where, and its value
// before and after, worded for the reports ("12", "+1", "2 Germany +1
// Italy", "none", "file", "physical"). Public: tile points (6.31), support
// levels, flags, the tracks and the deck's mode are public; a secret event
// discarded (What "held") is told in two events, the holder's own
// (Private, naming the card) and a public one that names neither the card
// nor the holder.
type StateFixed struct {
	Turn    storm.Turn  `json:"turn"`
	What    string      `json:"what"`
	Power   storm.Power `json:"power,omitempty"`
	Country string      `json:"country,omitempty"`
	// Card and Title: the secret event discarded, in the holder's event
	// only.
	Card   int    `json:"card,omitempty"`
	Title  string `json:"title,omitempty"`
	Before string `json:"before"`
	After  string `json:"after"`
	Rule   string `json:"rule"`
	// Private: the event is the holder's only (a held event's card).
	Private bool `json:"private,omitempty"`
}

func (e StateFixed) Visibility() Visibility {
	if e.Private {
		return Visibility{Power: e.Power}
	}
	return public
}

func (StateFixed) Type() string { return "StateFixed" }

func init() {
	eventTypes["StateFixed"] = decode[StateFixed]
}
