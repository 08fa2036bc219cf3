package event

import "stormjudge/adjudicator/storm"

// ThreatMade reports a threatened pre-emptive war and the concession that
// prevents it (32.83); PreemptiveAnswer the threatened power's answer.
type ThreatMade struct {
	Turn   storm.Turn   `json:"turn"`
	Threat storm.Threat `json:"threat"`
}

// ConcessionMade reports a concession made (32.83A-B).
type ConcessionMade struct {
	Turn       storm.Turn       `json:"turn"`
	Concession storm.Concession `json:"concession"`
	How        string           `json:"how"`
}

func (ThreatMade) Visibility() Visibility     { return public }
func (ConcessionMade) Visibility() Visibility { return public }
func (ThreatMade) Type() string               { return "ThreatMade" }
func (ConcessionMade) Type() string           { return "ConcessionMade" }

func init() {
	eventTypes["ThreatMade"] = decode[ThreatMade]
	eventTypes["ConcessionMade"] = decode[ConcessionMade]
}
