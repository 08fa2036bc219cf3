package event

import "stormjudge/adjudicator/storm"

// CardDrawnByJudge tells the moderator of a physical-deck game that the
// judge drew a card from the deck file's pile because no card was named
// for that draw (a card dealt after the random events phase): the
// moderator takes the same card out of the physical deck. Moderator only.
type CardDrawnByJudge struct {
	Turn  storm.Turn  `json:"turn"`
	Power storm.Power `json:"power,omitempty"` // 0: the card turned face up
	Card  int         `json:"card"`
}

func (CardDrawnByJudge) Visibility() Visibility { return Visibility{Moderator: true} }
func (CardDrawnByJudge) Type() string           { return "CardDrawnByJudge" }

func init() {
	eventTypes["CardDrawnByJudge"] = decode[CardDrawnByJudge]
}
