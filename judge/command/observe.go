package command

import (
	"slices"

	"stormjudge/orders"
	"stormjudge/store"
)

// ObserverRule is a moderator's OBSERVE ALLOW, DENY or PUBLIC; it says
// what changed.
func ObserverRule(g *store.Game, c orders.Command) string {
	switch c.Word {
	case "allow":
		if !slices.Contains(g.ObserverAllow, c.Address) {
			g.ObserverAllow = append(g.ObserverAllow, c.Address)
		}
		return c.Address + " may observe the game (OBSERVE)."
	case "deny":
		g.ObserverAllow = slices.DeleteFunc(g.ObserverAllow, func(a string) bool { return a == c.Address })
		g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return o.Address == c.Address })
		return c.Address + " may not observe the game, and no longer does."
	}
	g.Public = c.Kinds[0] == "on"
	if g.Public {
		return "The game is public: any address may observe it (its public reports only)."
	}
	// Those who came while it was public and are not allowed stop.
	g.Observers = slices.DeleteFunc(g.Observers, func(o store.Observer) bool { return !slices.Contains(g.ObserverAllow, o.Address) })
	return "The game is not public: only the addresses the moderator allows may observe it (the others no longer do)."
}
