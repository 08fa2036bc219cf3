package event

import "stormjudge/adjudicator/storm"

// AntiCominternPlaced announces the counter (24.31): where, its strength,
// and the countries the Axis' effort displaced it from (24.35); public.
// An empty Country: no eligible country was left.
type AntiCominternPlaced struct {
	Turn      storm.Turn `json:"turn"`
	Country   string     `json:"country,omitempty"`
	Strength  int        `json:"strength"`
	Displaced []string   `json:"displaced,omitempty"`
}

func (AntiCominternPlaced) Visibility() Visibility { return public }
func (AntiCominternPlaced) Type() string           { return "AntiCominternPlaced" }

func init() { eventTypes["AntiCominternPlaced"] = decode[AntiCominternPlaced] }
