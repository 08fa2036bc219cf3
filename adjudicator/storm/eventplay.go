package storm

// National research and construction events in the economic phase (15.32,
// 9.41B-C, 18.41, 19). A power's national events of these categories
// drawn this turn, public or secret, are held until its economic orders
// are carried out:
//
//   - a construction event is played at the start of the phase (the
//     "events" part), so that its options (eventoptions.go) are there for
//     the construction and shipbuilding orders;
//   - a research event is played at the start of its holder's research,
//     in the order of play, before the holder's points (15.32: any time in
//     the research segment; the example of 15.6 plays it first). Its
//     surplus (15.24) can be reassigned with RESEARCH <project> REASSIGN
//     <n> in the same orders. Each power's research orders are checked
//     against the sheet with its own events played (what it could know);
//     an ally's event played earlier in the order of play may still take a
//     project's last steps, as an ally's point may (15.23A).
//
// The holder chooses the projects of an event that leaves them open
// (15.32A-C: a project or projects of a category) with PLAY <card>:
// <project>, <project>, an order of the events part that records the
// choice (EventDeck.Chosen) for the research part. An event without a
// choice is played with the one defaultChoice makes; the holder's notice
// says which. A secret event played so is revealed with the phase's
// results at the end of the economic phase (9.41B-C): the whole phase is
// one adjudication.

// EventChoice is what a power chose for an event of this turn, kept until
// the event is played: the projects of a research event (PLAY <card>:
// <projects>, 15.32) or the target of a flexible diplomatic event
// (FLEXIBLE <card> <country>, 4.16).
type EventChoice struct {
	Card   int      `json:"card"`
	Power  Power    `json:"power"`
	Choice []string `json:"choice"`
}

// ChoiceSlot is one effect of an event whose projects the holder chooses.
type ChoiceSlot struct {
	Kind     EffectKind
	Category ResearchCategory
	Count    int // projects to name
	Steps    int // steps each project advances
}

// SlotOf returns the choice an effect leaves open, if any.
func SlotOf(e Effect) (ChoiceSlot, bool) {
	if e.Research == "" || e.Project != "" {
		return ChoiceSlot{}, false
	}
	switch e.Kind {
	case EffectResearchSteps: // 15.32B
		return ChoiceSlot{Kind: e.Kind, Category: e.Research, Count: max(e.Count, 1), Steps: e.Value}, true
	case EffectResearchLevels: // 15.32A, 15.13: a level is two steps
		return ChoiceSlot{Kind: e.Kind, Category: e.Research, Count: 1, Steps: 2 * e.Value}, true
	case EffectResearchSpyRing: // 15.32C, 16.16B: one point
		return ChoiceSlot{Kind: e.Kind, Category: e.Research, Count: 1, Steps: 1}, true
	}
	return ChoiceSlot{}, false
}

// IsOption reports an effect whose outcome is an option of EventOptions,
// worded by EventOptions.Lines.
func IsOption(e Effect) bool {
	switch e.Kind {
	case EffectExtraUnitBuild, EffectFreeUnit, EffectFreeShip, EffectShipCost, EffectFreeAcceleration:
		return true
	case EffectActivityCounter:
		return e.Use == CounterUseResearch || e.Use == CounterUseResearchOrDiplomacy // 15.32D
	}
	return false
}

func (d *EventDeck) HeldOrNil() []HeldEvent {
	if d == nil {
		return nil
	}
	return d.Held
}
