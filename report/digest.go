package report

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

// Digest renders power p's digest mail (docs/orders.md "Mail
// delivery"): one mail for the public reports of every version since the
// power's last mail and its private notice of the newest. events are the
// events of those versions in order, before the view of the state the
// power's last mail showed (nil: none, the first mail) and v the newest.
//
// The text is a brief a player reads in a few minutes, yet everything it
// needs to act and to understand the result: what is open and whether
// the power must act, what the rules oblige it to do and why it is asked
// again (mustKnow), the figures of the public tables that changed since
// before (a table that did not change is not repeated), the news among
// the events, the crisis phase's events as the report gives them, the
// final victory points line by line once the game has ended, what is for
// the power's eyes only, the segments still to come, the orders it may
// give with the lines to send with each and its note, and the block to
// copy. The HTML part holds the brief, then the full public report and
// the full private notice, every table included; the picture shows the
// board. Nothing is computed here: the figures are the views'.
func Digest(game string, p storm.Power, events []event.Event, before *adjudicator.View, v adjudicator.View, extra ...Extra) Message {
	x := extraOf(extra)
	pv := v.Public
	me := v.Powers[p]
	fullPub, _ := publicBody(game, events, v, x)
	fullPriv, subject := privateBody(game, p, events, v, x)
	if me == nil {
		return message(subject, fullPriv, v.For(p), p)
	}
	var pub, mine []event.Event
	for _, e := range events {
		switch vis := e.Visibility(); {
		case vis.Public:
			pub = append(pub, e)
		case vis.Power == p:
			mine = append(mine, e)
		}
	}
	var w writer
	w.title(fmt.Sprintf("Gathering Storm game %s: %s, %s", game, p.Title(), pv.Turn))
	w.blank()
	lead := ""
	if from := turnOf(pub, pv); from != pv.Turn {
		lead = fmt.Sprintf("%s is over. ", from)
	}
	switch {
	case pv.Ended:
		lead += EndedText(pv)
	case me.Required && x.GoesOn && !slices.Contains(x.Missing, p):
		lead += fmt.Sprintf("%s, %s goes on after the moderator's fix: your orders are in and stand; you may replace them until it is adjudicated.", pv.SegmentTitle, pv.Turn)
	case me.Required && x.Stands:
		lead += fmt.Sprintf("%s, %s is open: your orders are in and stand; you may replace them until it is adjudicated.", pv.SegmentTitle, pv.Turn)
	case me.Required:
		lead += fmt.Sprintf("%s, %s is open: your orders are due; the block at the end settles them.", pv.SegmentTitle, pv.Turn)
	default:
		lead += fmt.Sprintf("%s, %s is open: nothing to order from you.", pv.SegmentTitle, pv.Turn)
	}
	if !pv.Ended {
		for _, pp := range pv.Powers {
			if pp.Power == p {
				lead += fmt.Sprintf(" You hold %s; counters: %s.", TilePoints(pp.TilePoints), counters(me.Available))
			}
		}
	}
	w.wrap(lead, "")
	standingVoid(&w, pv, me, "")
	mustKnow(&w, events, p, pv, me, "")
	if !pv.Ended && len(pv.Required) > 0 && !slices.Equal(pv.Required, []storm.Power{p}) {
		var who []string
		for _, q := range pv.Required {
			who = append(who, q.Title())
		}
		if len(who) < len(pv.Powers) { // all: the lead says enough
			w.wrap("Orders are due from "+strings.Join(who, ", ")+".", "")
		}
	}
	for _, l := range x.Lead {
		w.wrap(l, "")
	}
	changed := changes(before, pv)
	crisisLog, rest := crisisEvents(pub)
	news, more := newsOf(rest)
	if len(changed)+len(news) > 0 {
		w.blank()
		w.heading("What changed")
		for _, l := range append(changed, news...) {
			w.wrap("- "+l, "  ")
		}
	}
	if len(crisisLog) > 0 {
		renderEvents(&w, crisisLog, pv) // under its own headings: "<turn>: Crisis phase"
	}
	if pv.Ended {
		victory(&w, pv) // the final victory points, line by line (34; tracks.go)
	}
	if len(mine) > 0 {
		w.blank()
		w.heading("For your eyes only")
		privateEvents(&w, mine, events)
	}
	w.blank()
	if !pv.Ended {
		orderNotes(&w, pv, me)
		if me.Required {
			options(&w, pv, me)
			w.blank()
			orderBlock(&w, game, p, pv, me)
			w.blank()
		}
	}
	footer := "The full report, every table and your full notice"
	if more > 0 {
		footer = fmt.Sprintf("The full report (%d more entries), every table and your full notice", more)
	}
	footer += ": this mail's HTML part"
	if x.Version > 0 {
		footer += fmt.Sprintf(", or RESEND %d as text", x.Version)
	}
	footer += "."
	w.wrap(footer, "")

	m := Message{Subject: subject, HasPicture: true}
	m.PictureAlt, m.width, m.height = describePicture(pictureView(v.For(p), p))
	m.Text, m.Flowed = w.String(), w.Flowed()
	m.PictureCID = pictureCID(m.Subject, m.Text)
	// The HTML part: the brief, then the full report and notice.
	var all writer
	all.blocks = append(all.blocks, w.blocks...)
	all.blank()
	all.blocks = append(all.blocks, fullPub.blocks...)
	all.blank()
	all.blocks = append(all.blocks, fullPriv.blocks...)
	m.HTML = renderHTML(m.Subject, &all, m.PictureCID, m.PictureAlt, m.width, m.height)
	return m
}

// changes words the figures of the public tables that differ between
// before and after, one line per table: what a player has not seen yet.
func changes(before *adjudicator.View, after adjudicator.PublicView) []string {
	if before == nil {
		return nil
	}
	b := before.Public
	var out []string
	add := func(what string, items []string) {
		if len(items) > 0 {
			out = append(out, what+": "+strings.Join(items, ", ")+".")
		}
	}
	pw := map[storm.Power]adjudicator.PublicPower{}
	for _, pp := range b.Powers {
		pw[pp.Power] = pp
	}
	var tiles, facs, sup []string
	for _, pp := range after.Powers {
		o, ok := pw[pp.Power]
		if !ok {
			continue
		}
		if o.TilePoints != pp.TilePoints {
			tiles = append(tiles, fmt.Sprintf("%s %d -> %d", pp.Power.Title(), o.TilePoints, pp.TilePoints))
		}
		if o.Factories != pp.Factories {
			facs = append(facs, fmt.Sprintf("%s %d/%d/%d -> %d/%d/%d", pp.Power.Title(),
				o.Factories.Civilian, o.Factories.Military, o.Factories.Idle, pp.Factories.Civilian, pp.Factories.Military, pp.Factories.Idle))
		}
		if o.Support != pp.Support {
			sup = append(sup, fmt.Sprintf("%s %s -> %s", pp.Power.Title(), signed(o.Support), signed(pp.Support)))
		}
	}
	add("Tile points", tiles)
	add("Factories (civilian/military/idle)", facs)
	add("Support levels", sup)
	var tr []string
	if b.EAI != after.EAI {
		tr = append(tr, fmt.Sprintf("European Aggression Index %s -> %s", signed(b.EAI), signed(after.EAI)))
	}
	if b.EconomicClimate != after.EconomicClimate {
		tr = append(tr, fmt.Sprintf("economic climate %s -> %s", signed(b.EconomicClimate), signed(after.EconomicClimate)))
	}
	if b.Russia.Cohesion != after.Russia.Cohesion {
		tr = append(tr, fmt.Sprintf("Russian cohesion %s -> %s", b.Russia.Cohesion, after.Russia.Cohesion))
	}
	if b.Russia.PurgeEvents != after.Russia.PurgeEvents {
		tr = append(tr, fmt.Sprintf("Russian purge events %d -> %d", b.Russia.PurgeEvents, after.Russia.PurgeEvents))
	}
	add("Tracks", tr)
	var bal []string
	for _, r := range after.Balance.Rows {
		for _, o := range b.Balance.Rows {
			if o.Category == r.Category && o.Level != r.Level {
				bal = append(bal, fmt.Sprintf("%s %s -> %s", r.Category, signed(o.Level), signed(r.Level)))
			}
		}
	}
	add("Balance of power (+ Axis)", bal)
	tg := map[string]adjudicator.TargetView{}
	for _, t := range b.Targets {
		tg[t.Name] = t
	}
	var flags []string
	for _, t := range after.Targets {
		o := tg[t.Name]
		if flagWords(o) != flagWords(t) || targetNotes(o) != targetNotes(t) {
			was, now := flagWords(o), flagWords(t)
			if was == "-" {
				was = "no flag"
			}
			if now == "-" {
				now = "no flag"
			}
			if n := targetNotes(t); n != targetNotes(o) && n != "" {
				now += " (" + n + ")"
			}
			flags = append(flags, fmt.Sprintf("%s %s -> %s", t.Name, was, now))
		}
	}
	add("Diplomatic targets, flags", flags)
	rs := map[string]int{}
	for _, r := range b.Resistance {
		rs[r.Target] = r.Level
	}
	var res []string
	for _, r := range after.Resistance {
		if o, ok := rs[r.Target]; ok && o != r.Level {
			res = append(res, fmt.Sprintf("%s %d -> %d", r.Target, o, r.Level))
		}
	}
	add("Resistance before the tile", res)
	var vp []string
	for _, s := range []struct {
		name     string
		was, now int
	}{{"the Axis", b.Victory.Axis, after.Victory.Axis}, {"the Allies", b.Victory.Allies, after.Victory.Allies}, {"Russia", b.Victory.Russia, after.Victory.Russia}} {
		if s.was != s.now {
			vp = append(vp, fmt.Sprintf("%s %d -> %d", s.name, s.was, s.now))
		}
	}
	add("Victory points if the game ended now", vp)
	return out
}

// crisisEvents splits the public events of a digest: those of the crisis
// phase (26-34: the aggressions, each decision and why, as a second
// answer asked of Britain and France when they disagree, 27.51; the
// resistance, war, final research and the end of the game), which the
// brief gives whole as the report does, and the rest, which it sums up
// (newsOf): every event the report writes under a crisis phase's heading
// (eventPhases). The turns' beginnings go with both; crisis is nil
// without a crisis event.
func crisisEvents(evs []event.Event) (crisis, rest []event.Event) {
	found := false
	phases := eventPhases(evs) // the report's headings
	for i, e := range evs {
		if _, ok := e.(event.TurnBegan); ok {
			crisis = append(crisis, e)
			rest = append(rest, e)
			continue
		}
		if phases[i] == crisisPhase {
			crisis = append(crisis, e)
			found = true
		} else {
			rest = append(rest, e)
		}
	}
	if !found {
		return nil, rest
	}
	return crisis, rest
}

// newsOf picks the events a player should not miss from the public
// events, one line each (random event cards in one line), and counts the
// others, which the full report gives.
func newsOf(evs []event.Event) (news []string, more int) {
	var cards []string
	for _, e := range evs {
		switch e := e.(type) {
		case event.RandomEventApplied:
			who := "general"
			if e.Power != 0 {
				who = e.Power.Title()
			}
			cards = append(cards, fmt.Sprintf("%s %d %q", who, e.Card, e.Title))
		case event.CrisisAnnounced, event.CrisisEnded, event.AggressionSucceeded, event.ConquestCompleted,
			event.PactSigned, event.PactNotOffered, event.WarBroke, event.ThreatMade, event.ConcessionMade,
			event.RetaliationAnswered, event.DeclarationFailed,
			event.CivilWarBrokeOut, event.CivilWarResolved, event.CivilWarEnded, event.ResearchResultAchieved, event.FactoryConverted,
			event.Mobilized, event.StateFixed, event.GameEnded:
			var w writer
			publicEvent(&w, e)
			if t := strings.TrimSpace(strings.Join(strings.Fields(w.String()), " ")); t != "" {
				news = append(news, t)
			}
		case event.TurnBegan, event.TurnEnded, event.SegmentSkipped, event.NoConversion, event.TilesCarriedOver:
			// the lead and the changes say it
		default:
			more++
		}
	}
	if len(cards) > 0 {
		news = append([]string{"Random event cards: " + strings.Join(cards, ", ") + "."}, news...)
	}
	return news, more
}
