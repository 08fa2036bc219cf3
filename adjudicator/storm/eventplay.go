package storm

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

// HeldOrNil returns the events held, nil for a game without a deck.
func (d *EventDeck) HeldOrNil() []HeldEvent {
	if d == nil {
		return nil
	}
	return d.Held
}
