package adjudicator

import (
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
)

// PlayableEvents lists the held events the notice offers p to PLAY in the
// open segment: its playable secret events (9.41E) and its research events
// of the economic phase that leave projects to choose (15.32), in drawing
// order. PLAY of its other research and construction events is accepted
// too, and changes nothing: they are played anyway.
func PlayableEvents(s storm.State, p storm.Power) []storm.HeldEvent {
	if !requires(s, p) || s.Segment != storm.SegEconomic {
		return nil
	}
	var out []storm.HeldEvent
	for _, h := range s.Events.HeldOrNil() {
		if h.Power == p && ((h.Secret && h.Playable && !randomevent.EconomicHeld(s.Events, h)) || (randomevent.EconomicHeld(s.Events, h) && len(randomevent.ChoiceSlots(randomevent.EventOf(s.Events, h))) > 0)) {
			out = append(out, h)
		}
	}
	return out
}
