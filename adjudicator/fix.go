package adjudicator

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/track"
)

// The moderator's fixes of the state (docs/orders.md, "SET: fixing the
// state"). A moderator who finds a figure of the game wrong (a tile count
// mistyped at the table, flags a house rule moved, a deck that should be
// drawn by hand from now on) sets it with a SET order in a MODERATOR
// email. A fix sets one figure and nothing else: no rule runs after it,
// the segment, the turn and the game's random generator stay as they are,
// and the figures the rules derive from the one fixed follow at their next
// determination (the support level at the next income phase, 10.31; the
// EAI at the next, 23.22; trade pacts from the flags at the next
// diplomatic results or income phase, 11.61). Each fix is told in the
// public report (StateFixed); which secret event was discarded, only its
// holder learns (8.31).

// Bounds of the figures SET fixes. The rules bound the flags (24.82D), the
// EAI (23.26) and the climate (11.34), and keep tile points from going
// below zero (6.12); they set no limit to support levels (10.14). The
// upper bound on tile points and the bounds on support are guards
// against typing errors, far beyond any figure of a game.
const (
	maxFixTiles     = 999
	fixSupportLimit = 20
	maxFlags        = 4 // 24.82D
)

// ValidateFixes checks a moderator's SET orders against s: nil when they
// may be applied. They are checked in order, each against the state the
// fixes before it leave; each error carries the index of its order.
func ValidateFixes(s storm.State, fixes []storm.Order) []storm.OrderError {
	_, _, errs := applyFixes(s, fixes)
	return errs
}

// ApplyFixes applies the moderator's SET orders in order to a copy of s
// (never mutating s) and returns the new state with one StateFixed event
// per fix (two for a held event discarded: the holder's, naming the card,
// and the public one). The segment, the turn and the random generators do
// not change. Deterministic.
func ApplyFixes(s storm.State, fixes []storm.Order) (storm.State, []event.Event, error) {
	n, evs, errs := applyFixes(s, fixes)
	if len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = e.Error()
		}
		return s, nil, fmt.Errorf("adjudicator: the moderator's fixes: %s", strings.Join(msgs, "; "))
	}
	return n, evs, nil
}

func applyFixes(s storm.State, fixes []storm.Order) (storm.State, []event.Event, []storm.OrderError) {
	var errs []storm.OrderError
	if s.Ended {
		for i, o := range fixes {
			errs = append(errs, storm.OrderError{Order: o, Index: i, Rule: "33.11", Msg: "the game has ended: its state is final"})
		}
		return s, nil, errs
	}
	n := s.Clone()
	var evs []event.Event
	for i, o := range fixes {
		if rule, msg := applyFix(&n, o, &evs); msg != "" {
			errs = append(errs, storm.OrderError{Order: o, Index: i, Rule: rule, Msg: msg})
		}
	}
	if len(errs) > 0 {
		return s, nil, errs
	}
	return n, evs, nil
}

// applyFix checks one fix against s and, when it may be applied, applies
// it and reports it; otherwise it leaves s alone and returns the rule and
// why not.
func applyFix(s *storm.State, o storm.Order, evs *[]event.Event) (rule, msg string) {
	if o.Kind != storm.SetState {
		return "", fmt.Sprintf("%s is not a SET order: a fix of the state is sent alone, in SET orders only", strings.ToUpper(string(o.Kind)))
	}
	if len(o.Args) == 0 {
		return "", "SET needs what to set: TILES, SUPPORT, FLAGS, EAI, CLIMATE, DECK or HELD"
	}
	args := o.Args[1:]
	fixed := func(e event.StateFixed) {
		e.Turn = s.Turn
		*evs = append(*evs, e)
	}
	switch what := o.Args[0]; what {
	case storm.FixTiles, storm.FixSupport:
		if len(args) != 2 {
			return "", fmt.Sprintf("SET %s needs a power and a number", strings.ToUpper(what))
		}
		p, ok := storm.ParsePower(args[0])
		if !ok {
			return "", fmt.Sprintf("%q is not a major power", args[0])
		}
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return "", fmt.Sprintf("%q is not a number", args[1])
		}
		ps := s.Powers[p]
		if ps == nil {
			return "", fmt.Sprintf("the state has no %s", p.Title())
		}
		if what == storm.FixTiles {
			if n < 0 || n > maxFixTiles {
				return "6.12", fmt.Sprintf("tile points are 0..%d (a power never holds fewer than none)", maxFixTiles)
			}
			before := ps.TilePoints
			ps.TilePoints = n
			fixed(event.StateFixed{What: what, Power: p, Before: strconv.Itoa(before), After: strconv.Itoa(n), Rule: "6.1"})
			return "", ""
		}
		if n < -fixSupportLimit || n > fixSupportLimit {
			return "10.14", fmt.Sprintf("support levels have no limit, but the judge takes -%d..+%d only, against typing errors", fixSupportLimit, fixSupportLimit)
		}
		before := ps.Support
		ps.Support = n
		fixed(event.StateFixed{What: what, Power: p, Before: SignedWord(before), After: SignedWord(n), Rule: "10.31"})
	case storm.FixEAI, storm.FixClimate:
		if len(args) != 1 {
			return "", fmt.Sprintf("SET %s needs one number", strings.ToUpper(what))
		}
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return "", fmt.Sprintf("%q is not a number", args[0])
		}
		if what == storm.FixEAI {
			if n < track.MinEAI || n > track.MaxEAI {
				return "23.26", fmt.Sprintf("the EAI is %+d..%+d", track.MinEAI, track.MaxEAI)
			}
			before := s.EAI
			s.EAI = n
			fixed(event.StateFixed{What: what, Before: SignedWord(before), After: SignedWord(n), Rule: "23"})
			return "", ""
		}
		if n < track.MinClimate || n > track.MaxClimate {
			return "11.34", fmt.Sprintf("the economic climate is %+d..%+d", track.MinClimate, track.MaxClimate)
		}
		before := s.EconomicClimate
		s.EconomicClimate = n
		fixed(event.StateFixed{What: what, Before: SignedWord(before), After: SignedWord(n), Rule: "11.31"})
	case storm.FixFlags:
		return fixFlags(s, args, fixed)
	case storm.FixDeck:
		if len(args) != 1 || (args[0] != storm.DeckFile && args[0] != storm.DeckPhysical) {
			return "", "SET DECK needs FILE or PHYSICAL"
		}
		if s.Events == nil {
			return "8.4", "the game has no random event deck: a deck is given when the game is created"
		}
		before := deckMode(s.Events)
		var c storm.State
		var err error
		if args[0] == storm.DeckPhysical {
			c, err = PhysicalDeck(*s)
		} else {
			c, err = FileDeck(*s)
		}
		if err != nil {
			return "", err.Error()
		}
		*s = c
		fixed(event.StateFixed{What: what, Before: before, After: args[0], Rule: "9.1"})
	case storm.FixHeld:
		return discardHeld(s, args, fixed)
	default:
		return "", fmt.Sprintf("SET %s: not a figure the moderator sets (TILES, SUPPORT, FLAGS, EAI, CLIMATE, DECK, HELD)", strings.ToUpper(what))
	}
	return "", ""
}

// fixFlags sets the flags of one power in a minor country (24.18, 24.21):
// "flags <country> <n> [<power>]". Without a power, n > 0 sets the flag
// power's flags and 0 removes every flag of the country. The power's
// alliance partner's flags stay, and Russian flags beside Allied ones
// before the Nazi-Soviet Pact (24.82B); those of the opposing side go
// (24.18: a flag placed for one side removes the other's). At most four
// flags in all (24.82D).
func fixFlags(s *storm.State, args []string, fixed func(event.StateFixed)) (rule, msg string) {
	if len(args) != 2 && len(args) != 3 {
		return "", "SET FLAGS needs a country, a number and, for a country without flags, the power"
	}
	country, ok := storm.FindCountry(args[0])
	if !ok {
		return "24.21", fmt.Sprintf("%q is not a diplomatic target", args[0])
	}
	m := s.Minor(country)
	if m == nil {
		return "24.21", fmt.Sprintf("%s is not a minor country: its flags are not set with SET FLAGS", country)
	}
	n, err := strconv.Atoi(args[1])
	if err != nil {
		return "", fmt.Sprintf("%q is not a number", args[1])
	}
	if n < 0 || n > maxFlags {
		return "24.82D", fmt.Sprintf("a country holds 0..%d flags", maxFlags)
	}
	var p storm.Power
	if len(args) == 3 {
		if p, ok = storm.ParsePower(args[2]); !ok {
			return "", fmt.Sprintf("%q is not a major power", args[2])
		}
	}
	before := FlagWords(*m)
	c := m.FlagCounts()
	switch {
	case p == 0 && n == 0:
		c = map[storm.Power]int{}
	case p == 0 && m.FlagPower == 0:
		return "24.18", fmt.Sprintf("%s has no flags: name the power whose flags to set, e.g. SET FLAGS %s %d FRANCE",
			country, strings.ToUpper(country), n)
	case p == 0:
		p = m.FlagPower
		c[p] = n
	default:
		pact := storm.PactInEffect(*s)
		for q := range c {
			if q != p && n > 0 && flagsOpposed(p, q, pact) {
				delete(c, q)
			}
		}
		c[p] = n
	}
	total := 0
	for _, k := range c {
		total += k
	}
	if total > maxFlags {
		return "24.82D", fmt.Sprintf("%s would hold %d flags (%s and %d of %s); a country holds %d at most: set the others' first",
			country, total, before, n, p.Title(), maxFlags)
	}
	if p == 0 {
		p = m.FlagPower
	}
	m.SetFlagCounts(c)
	fixed(event.StateFixed{What: storm.FixFlags, Power: p, Country: country, Before: before, After: FlagWords(*m), Rule: "24.18, 24.21"})
	return "", ""
}

// flagsOpposed reports whether flags of p and q cannot stand in one
// country: the Axis against the Allies and Russia; Russia against the
// Allies once the Nazi-Soviet Pact is in effect (24.82B).
func flagsOpposed(p, q storm.Power, pact bool) bool {
	a, b := storm.SideOf(p), storm.SideOf(q)
	switch {
	case a == b:
		return false
	case a == storm.Axis || b == storm.Axis:
		return true
	}
	return pact // the Allies and Russia
}

// FlagWords words a country's flags: "3 France", "2 Germany +1 Italy",
// "none".
func FlagWords(m storm.Minor) string {
	if m.FlagPower == 0 || m.Flags == 0 {
		return "none"
	}
	w := fmt.Sprintf("%d %s", m.Flags, m.FlagPower.Title())
	if q := storm.AlliancePartner[m.FlagPower]; m.PartnerFlags > 0 && q != 0 {
		w += fmt.Sprintf(" +%d %s", m.PartnerFlags, q.Title())
	}
	if m.RussianFlags > 0 {
		w += fmt.Sprintf(" +%d Russia", m.RussianFlags)
	}
	return w
}

// discardHeld takes a secret event held this turn out of play, unplayed,
// into the discard pile (8.43): "held <card> discard". Refused when the
// holder has placed diplomatic counters this turn and the event could have
// allowed them (10.22, 24.14, 24.3, 24.551, 24.61, 4.16): discarding it
// would leave placements resting on an event no longer in play.
func discardHeld(s *storm.State, args []string, fixed func(event.StateFixed)) (rule, msg string) {
	if len(args) != 2 || args[1] != storm.HeldDiscard {
		return "", "SET HELD needs the card and DISCARD"
	}
	card, err := strconv.Atoi(args[0])
	if err != nil {
		return "", fmt.Sprintf("%q is not a card number", args[0])
	}
	d := s.Events
	if d == nil {
		return "8.4", "the game has no random event deck"
	}
	i := slices.IndexFunc(d.Held, func(h storm.HeldEvent) bool { return h.Card == card && h.Secret && h.Power.Valid() })
	if i < 0 {
		var held []string
		for _, h := range d.Held {
			if h.Secret && h.Power.Valid() {
				held = append(held, fmt.Sprintf("%d (%s)", h.Card, h.Power.Title()))
			}
		}
		list := "none"
		if len(held) > 0 {
			list = strings.Join(held, ", ")
		}
		return "8.31", fmt.Sprintf("card %d is not a secret event held this turn; held now: %s", card, list)
	}
	h := d.Held[i]
	ev := randomevent.EventOf(d, h)
	if placed := diplomacy.PlacedThisTurn(*s, h.Power); len(placed) > 0 {
		for _, e := range ev.Effects {
			if slices.Contains(placementEffects, e.Kind) {
				return "24.5", fmt.Sprintf("%s has placed diplomatic counters this turn, which its event %d may allow: a held event with such effects is discarded before the placements only",
					h.Power.Title(), card)
			}
		}
	}
	d.Held = slices.Delete(d.Held, i, i+1)
	if k := slices.Index(d.InPlay, card); k >= 0 {
		d.InPlay = slices.Delete(d.InPlay, k, k+1)
	}
	d.Discard = append(d.Discard, card) // 8.43: unplayed, so not removed
	d.Chosen = slices.DeleteFunc(d.Chosen, func(c storm.EventChoice) bool { return c.Card == card })
	if len(d.Chosen) == 0 {
		d.Chosen = nil
	}
	fixed(event.StateFixed{What: storm.FixHeld, Power: h.Power, Card: card, Title: ev.Title, Before: "held", After: storm.HeldDiscard, Rule: "8.31, 8.43", Private: true})
	fixed(event.StateFixed{What: storm.FixHeld, Before: "held", After: storm.HeldDiscard, Rule: "8.31, 8.43"})
	return "", ""
}

// placementEffects are the effects of a held secret event its holder may
// use for diplomatic placements before the event is revealed (10.22,
// 24.14, 24.3, 24.4, 24.551, 24.56E, 24.61, 4.16).
var placementEffects = []storm.EffectKind{storm.EffectSupport, storm.EffectConditionalSupport, storm.EffectDiplomaticModifier, storm.EffectFlexibleModifier,
	storm.EffectExtraDiplomaticCounter, storm.EffectExtraMilitaryCounter, storm.EffectSpyRing, storm.EffectPlacementAllowed, storm.EffectCounterInRussia}

// deckMode is the mode SET DECK names.
func deckMode(d *storm.EventDeck) string {
	if d.Physical {
		return storm.DeckPhysical
	}
	return storm.DeckFile
}

// SignedWord writes a change with its sign: "+2", "-1", "+0".
func SignedWord(n int) string { return fmt.Sprintf("%+d", n) }
