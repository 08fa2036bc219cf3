package storm

import "slices"

// War is the war that ends the game (26.13, 33.11).
type War struct {
	Turn Turn `json:"turn"`
	// Kind: "crisis" (27.83), "pre-emptive" (32.8) or "retaliation"
	// (RetaliationWar, 32.63).
	Kind string `json:"kind"`
	// Aggressor and Target: the crisis the war broke out over (27.83);
	// empty for a pre-emptive war.
	Aggressor Power  `json:"aggressor,omitempty"`
	Target    string `json:"target,omitempty"`
	// Declarers are the powers that declared war, Against those war was
	// declared on.
	Declarers []Power `json:"declarers"`
	Against   []Power `json:"against"`
	// Thresholds are the declarers' thresholds (32.3), each with its terms.
	Thresholds []Threshold `json:"thresholds,omitempty"`
	// More are the other wars of the same turn: both Axis powers' crises
	// went over the brink (27.13, 26.13).
	More []War `json:"more,omitempty"`
}

// RetaliationWar is the Kind of an Allied declaration of war on Germany
// in retaliation for Germany's declaration of war on Russia (32.63).
const RetaliationWar = "retaliation"

// Clone copies w, sharing no memory with it; nil for nil.
func (w *War) Clone() *War {
	if w == nil {
		return nil
	}
	c := *w
	c.Declarers = slices.Clone(w.Declarers)
	c.Against = slices.Clone(w.Against)
	c.Thresholds = cloneThresholds(w.Thresholds)
	c.More = nil
	for _, m := range w.More {
		c.More = append(c.More, *m.Clone())
	}
	return &c
}

// cloneThresholds deep-copies thresholds with their terms.
func cloneThresholds(ts []Threshold) []Threshold {
	out := slices.Clone(ts)
	for i := range out {
		out[i].Terms = slices.Clone(ts[i].Terms)
	}
	return out
}

// AggressedThisTurn reports the Axis powers committing an aggression this
// turn: announced and not backed down from (32.61B).
func AggressedThisTurn(s State) map[Power]bool {
	out := map[Power]bool{}
	for _, c := range s.Crisis.Crises {
		switch c.Outcome {
		case AggressorBacksDown, AggressorBacksDownUl:
		default:
			out[c.Aggressor] = true
		}
	}
	return out
}

// ItalyEngaged reports Italy at war with a minor country: a conquest
// under way, Ethiopia's included (29.34).
func ItalyEngaged(s State) bool { return len(ItalyWars(s)) > 0 }

// ItalyWars names the minor countries Italy is conquering (29.34).
func ItalyWars(s State) []string {
	var out []string
	for _, a := range s.SupportFacts.Aggressions {
		if a.Aggressor == Italy && a.Completed == nil && a.Due != nil {
			out = append(out, a.Target)
		}
	}
	return out
}

// PolandSatelliteUnits are the Polish units on the Axis part of the
// Russian garrison track (29.22B): two infantry and one air unit.
const PolandSatelliteUnits = 3
