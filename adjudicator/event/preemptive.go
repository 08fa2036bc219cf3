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

// RetaliationOffered reports the Allied powers that may retaliate for
// Germany's declaration of war on Russia, each with its threshold, Russia's
// war readiness added (32.63); they answer in a further round.
type RetaliationOffered struct {
	Turn       storm.Turn        `json:"turn"`
	Thresholds []storm.Threshold `json:"thresholds"`
}

// RetaliationAnswered reports an Allied power's answer (32.63): Declared
// or not, and How ("order", or "no answer: no retaliation").
type RetaliationAnswered struct {
	Turn     storm.Turn  `json:"turn"`
	Power    storm.Power `json:"power"`
	Declared bool        `json:"declared"`
	How      string      `json:"how"`
}

// DeclarationFailed reports declarations or threats ordered that declare
// nothing, and why with its rule: an Allied pre-emptive declaration
// ordered by one of Britain and France only (32.61B: both must), or by
// both with different orders.
type DeclarationFailed struct {
	Turn    storm.Turn    `json:"turn"`
	Powers  []storm.Power `json:"powers"`  // those who ordered
	Against []storm.Power `json:"against"` // the power the order named
	Rule    string        `json:"rule"`
	Why     string        `json:"why"`
}

func (RetaliationOffered) Visibility() Visibility  { return public }
func (RetaliationAnswered) Visibility() Visibility { return public }
func (DeclarationFailed) Visibility() Visibility   { return public }
func (RetaliationOffered) Type() string            { return "RetaliationOffered" }
func (RetaliationAnswered) Type() string           { return "RetaliationAnswered" }
func (DeclarationFailed) Type() string             { return "DeclarationFailed" }

func init() {
	eventTypes["RetaliationOffered"] = decode[RetaliationOffered]
	eventTypes["RetaliationAnswered"] = decode[RetaliationAnswered]
	eventTypes["DeclarationFailed"] = decode[DeclarationFailed]
}
