package event

import (
	"slices"

	"stormjudge/adjudicator/storm"
)

// NewsFor reports whether e changes p's game in a way p should hear of at
// once, not only in its next mail: a mail that asks p nothing is sent for
// such an event (the digest, docs/orders.md "Mail delivery").
//
//   - The outbreak of war (27.83, 32.8): every power; the game ends with
//     it (34).
//   - A crisis ended (27.8), or announced (27.11) but for the aggressor: the
//     aggressor, the Allied powers that answer it (27.5), and Russia when the target is
//     Poland (Danzig and the Corridor included: the Nazi-Soviet Pact is at
//     stake, 31.21A, 31.61) or the Baltic States (31.91).
//   - A threat of pre-emptive war (32.83): the powers threatening and
//     threatened; the Nazi-Soviet Pact signed (31.3): Germany and Russia.
//   - An event for p's eyes only, unless it only reports p's own orders
//     carried out as given (Echo): its receipt told it already.
func NewsFor(e Event, p storm.Power) bool {
	switch e := e.(type) {
	case WarBroke:
		return true
	case CrisisAnnounced: // the aggressor announced it
		return p != e.Aggressor && crisisConcerns(e.Aggressor, e.Target, p)
	case CrisisEnded:
		return crisisConcerns(e.Aggressor, e.Target, p)
	case ThreatMade:
		return slices.Contains(e.Threat.Declarers, p) || slices.Contains(e.Threat.Against, p)
	case PactSigned:
		return p == storm.Germany || p == storm.Russia
	}
	v := e.Visibility()
	return !v.Public && !v.Moderator && v.Power == p && !Echo(e)
}

// crisisConcerns: the crisis of aggressor against target concerns p.
func crisisConcerns(aggressor storm.Power, target string, p storm.Power) bool {
	return p == aggressor || slices.Contains(storm.Allied, p) ||
		p == storm.Russia && (target == "Poland" || target == "Danzig and the Corridor" || target == storm.BalticStates)
}

// Echo reports a private event that only reports its power's own orders
// carried out as given (13.12C's secret shipbuilding, 15.15's research,
// 24.54C's sealed counters): what the power's receipt already accepted. A
// random event's free acceleration (19.73D) is not one.
func Echo(e Event) bool {
	switch e := e.(type) {
	case DiplomaticCountersSealed, ShipLaidDown, ShipAdvanced, ShipDeferred, ShipbuildingPaid:
		return true
	case ResearchAssigned: // a purge's or a civil war's step is not ordered (15.22D-E)
		return e.Kind != "purge" && e.Kind != "civil war"
	case ShipAccelerated:
		return !e.Free
	}
	return false
}
