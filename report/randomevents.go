package report

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// The random event cards (8, 9): the first card and public events are
// public; a secret event goes to its holder only (8.31) until revealed.

func randomEventSection(e event.Event) (string, bool) {
	switch e.(type) {
	case event.EventCardTurned, event.EventDeckReshuffled, event.NoEventCard,
		event.SecretEventHeld, event.AdditionalEvents:
		return randomEventsSection, true
	case event.RandomEventApplied:
		return "random event cards take effect", true
	}
	return "", false
}

func eventHolder(p storm.Power) string {
	if p == 0 {
		return "General event"
	}
	return p.Title()
}

// randomEvent renders a random event card event; false if e is not one.
func randomEvent(w *writer, e event.Event) bool {
	switch e := e.(type) {
	case event.EventCardTurned:
		w.wrap(fmt.Sprintf("Random event card %d turned face up (rule 9.12): economic trend %s (rule 9.21); "+
			"general event %q (%s).", e.Card, signed(e.Trend), e.Title, e.Category), "  ")
		if e.Text != "" {
			w.indented(e.Text, "    ")
		}
	case event.AdditionalEvents:
		var why []string
		for _, x := range e.Sources {
			why = append(why, fmt.Sprintf("%s (%s, rule %s)", x.What, plural(x.Count, "event"), x.Rule))
		}
		w.wrap(fmt.Sprintf("%s draws %s (rule 9.13): %s.", e.Power.Title(), plural(e.Count, "additional random event"), strings.Join(why, "; ")), "  ")
	case event.EventDeckReshuffled:
		w.wrap(fmt.Sprintf("The random event deck is reshuffled: %d cards (rule 8.44).", e.Cards), "  ")
	case event.NoEventCard:
		w.wrap(fmt.Sprintf("%s: no random event card left to draw (rule 8.43).", eventHolder(e.Power)), "  ")
	case event.RandomEventApplied:
		what := "event"
		if e.Secret {
			what = "secret event"
		}
		w.wrap(fmt.Sprintf("%s, card %d: %s %q (%s), %s (rule %s).", eventHolder(e.Power), e.Card, what,
			e.Title, e.Category, e.How, e.Rule), "  ")
		if e.Text != "" {
			w.indented(e.Text, "    ")
		}
		for _, o := range e.Outcomes {
			w.indented("- "+o.Note, "    ")
		}
	case event.SecretEventHeld:
		when := "you may play it with PLAY " + fmt.Sprint(e.Card) + " in the economic phase"
		if !e.Playable {
			when = "it takes effect by itself"
		}
		extra := ""
		if e.Extra {
			extra = " (an additional event: unplayed, it is revealed and discarded, rule 9.13)"
		}
		w.wrap(fmt.Sprintf("Your secret random event, card %d: %q (%s), revealed at %s; %s%s (rule %s).",
			e.Card, e.Title, e.Category, e.At, when, extra, e.Rule), "  ")
		if e.Text != "" {
			w.indented(e.Text, "    ")
		}
		if len(e.Effects) > 0 {
			w.indented("What it does: "+strings.Join(e.Effects, "; "), "    ")
		}
	default:
		return false
	}
	return true
}
