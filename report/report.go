// Package report renders adjudication results as plain-text mail: the
// public turn report, each power's private notice, and orders as
// understood. Everything shown comes from typed events and the state after
// adjudication; nothing is computed here. Lines are at most 72 characters so
// the text stays tidy in a phone mail app.
package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/report/picture"
)

// Width is the longest line the renderer writes.
const Width = 72

// Message is one rendered mail: its subject and one body rendered as
// plain text, as format=flowed text and as HTML. When HasPicture is set
// the HTML shows a picture (by Content-ID PictureCID) that Picture draws
// from the same view: drawn when the mail is sent, once for every copy of
// a report.
type Message struct {
	Subject    string
	Text       string
	Flowed     string
	HTML       string
	HasPicture bool
	// PictureCID is the picture's Content-ID, unique to the report.
	PictureCID string
	// PictureAlt says in words what the picture shows.
	PictureAlt string

	width, height int // the picture's size in CSS pixels
}

// Extra is what the judge adds to a report or notice beyond the engine's
// events and view: paragraphs for its lead ("In brief": the deadline, who
// missed it, a SET's fixes ...), and, for a version within the open
// segment (the moderator's SET, docs/orders.md), that the segment goes
// on, with the powers whose orders for it are still due
// (judge.MissingPowers): a notice's power that orders and is not missing
// has its orders in, and they stand.
type Extra struct {
	Lead    []string
	GoesOn  bool
	Missing []storm.Power
	// Stands: the notice's power has its orders for the open segment in
	// already (a copy sent after they were given: a new player's, a
	// RESEND), so they stand and are not due.
	Stands bool
	// Version is the version the mail reports (a digest names it for
	// RESEND); 0 unknown.
	Version int
}

func extraOf(x []Extra) Extra {
	if len(x) == 0 {
		return Extra{}
	}
	return x[0]
}

// goesOn is the subject's mark of a version within the open segment.
const goesOn = " (state fixed)"

// PictureKey is a short hash of what the picture of v for power's notice
// (0: the public report) shows: equal keys, equal pictures.
func PictureKey(v adjudicator.View, power storm.Power) string {
	pv, p := pictureView(v, power)
	b, err := json.Marshal(struct {
		V adjudicator.View
		P int // 0 for the public picture, which Power cannot marshal
	}{pv, int(p)})
	if err != nil {
		return "" // not expected (Derive's views marshal: game export does); unkeyed then
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// Picture draws the picture of v for power's notice (0: the public
// report) as PNG: the picture that report's or notice's HTML shows.
func Picture(v adjudicator.View, power storm.Power) ([]byte, error) {
	return picture.Render(pictureView(v, power))
}

// Pictures draws in one go every picture of v (picture.RenderSet): the
// public report's under 0 and each power's notice's under the power,
// each what Picture draws for it, byte for byte.
func Pictures(v adjudicator.View) (map[storm.Power][]byte, error) {
	return picture.RenderSet(v, picturePowers(v))
}

// PicturesEach is Pictures handing each picture to emit as soon as it is
// drawn, the public one first (picture.RenderEach).
func PicturesEach(v adjudicator.View, emit func(storm.Power, []byte)) error {
	return picture.RenderEach(v, picturePowers(v), emit)
}

// picturePowers are the powers with a notice's picture in v.
func picturePowers(v adjudicator.View) []storm.Power {
	var powers []storm.Power
	for _, p := range storm.Powers {
		if v.Powers[p] != nil {
			powers = append(powers, p)
		}
	}
	return powers
}

// Parts returns the subject and the plain text.
func (m Message) Parts() (subject, text string) { return m.Subject, m.Text }

// Public renders the public report of one adjudication from its events and
// the view derived after it: a short lead (what happened, what comes
// next), the public events under one heading per turn and phase, then the
// tracks, each power's tile points and factories (6.31), the balance of
// power and the diplomatic targets.
func Public(game string, events []event.Event, v adjudicator.View, extra ...Extra) Message {
	w, subject := publicBody(game, events, v, extraOf(extra))
	return message(subject, w, v, 0)
}

// publicBody is the public report's body and subject (Public; the full
// report behind a digest's brief, Digest).
func publicBody(game string, events []event.Event, v adjudicator.View, x Extra) (*writer, string) {
	var w writer
	pv := v.Public
	w.title(fmt.Sprintf("Gathering Storm game %s: public report", game))
	var pub []event.Event
	for _, e := range events {
		if e.Visibility().Public {
			pub = append(pub, e)
		}
	}
	w.blank()
	w.heading("In brief")
	lead(&w, pub, pv, x)
	renderEvents(&w, pub, pv)
	w.blank()
	tracks(&w, pv) // tracks.go
	w.blank()
	w.heading("Tile points and factories (public, rule 6.31)")
	var rows [][]string
	for _, pp := range pv.Powers {
		rows = append(rows, []string{pp.Power.Title(), fmt.Sprint(pp.TilePoints),
			fmt.Sprint(pp.Factories.Civilian), fmt.Sprint(pp.Factories.Military), fmt.Sprint(pp.Factories.Idle)})
	}
	w.table("%-9s %5s %8s %8s %5s", []string{"Power", "Tiles", "Civilian", "Military", "Idle"}, rows)
	w.blank()
	balanceOfPower(&w, pv) // naval.go
	w.blank()
	targets(&w, pv)    // tracks.go
	resistance(&w, pv) // tracks.go
	victory(&w, pv)    // tracks.go
	subject := fmt.Sprintf("[%s] Report: %s, %s next", game, pv.Turn, strings.ToLower(pv.SegmentTitle))
	switch {
	case pv.Ended:
		subject = fmt.Sprintf("[%s] Report: the game has ended", game)
	case x.GoesOn:
		subject = fmt.Sprintf("[%s] Report: %s, %s goes on%s", game, pv.Turn, strings.ToLower(pv.SegmentTitle), goesOn)
	}
	return &w, subject
}

// lead writes the report's first lines: the turns and phases it covers,
// the few changes that matter most, and what comes next.
func lead(w *writer, evs []event.Event, pv adjudicator.PublicView, x Extra) {
	from := turnOf(evs, pv)
	if from != pv.Turn {
		w.wrap(fmt.Sprintf("This report ends %s and opens %s.", from, pv.Turn), "  ")
	}
	for _, h := range highlights(evs) {
		w.wrap("- "+h, "  ")
	}
	next(w, pv, x)
	for _, l := range x.Lead {
		w.wrap(l, "  ")
	}
}

// highlights words the events a player should not miss, one line each.
func highlights(evs []event.Event) []string {
	var out []string
	cards := 0
	for _, e := range evs {
		switch e := e.(type) {
		case event.EconomicClimateChanged:
			if e.Before != e.After {
				out = append(out, fmt.Sprintf("Economic climate %s -> %s.", signed(e.Before), signed(e.After)))
			}
		case event.EAIDetermined:
			if e.Before != e.Level {
				out = append(out, fmt.Sprintf("European Aggression Index %s -> %s.", signed(e.Before), signed(e.Level)))
			}
		case event.CohesionChanged:
			out = append(out, fmt.Sprintf("Russian cohesion %s -> %s.", e.Before, e.After))
		case event.BalanceOfPowerChanged:
			if e.Before == e.Balance {
				continue
			}
			out = append(out, "The balance of power changed (table below).")
		case event.RandomEventApplied:
			cards++
		}
	}
	if cards > 0 {
		out = append(out, fmt.Sprintf("%d random event card(s) took effect (below).", cards))
	}
	return out
}

// message renders w as a Message; power is the notice's power, 0 for a
// report.
func message(subject string, w *writer, v adjudicator.View, power storm.Power) Message {
	m := Message{Subject: subject, HasPicture: true}
	m.PictureAlt, m.width, m.height = describePicture(pictureView(v, power)) // picture.go
	m.render(w)
	return m
}

// render fills m's text, flowed text and HTML from w (with its picture's
// Content-ID when it has one).
func (m *Message) render(w *writer) {
	m.Text, m.Flowed = w.String(), w.Flowed()
	if m.HasPicture {
		m.PictureCID = pictureCID(m.Subject, m.Text)
	}
	m.HTML = renderHTML(m.Subject, w, m.PictureCID, m.PictureAlt, m.width, m.height)
}

// Private renders power p's private notice: its private events, tile
// points, factories, activity counters, mobilizations, and what it may order
// next with a ready-to-copy order block. The real secret is never shown: the
// renderer does not know it.
func Private(game string, p storm.Power, events []event.Event, v adjudicator.View, extra ...Extra) Message {
	w, subject := privateBody(game, p, events, v, extraOf(extra))
	return message(subject, w, v.For(p), p)
}

// privateBody is p's private notice's body and subject (Private; the
// full notice behind a digest's brief, Digest).
func privateBody(game string, p storm.Power, events []event.Event, v adjudicator.View, x Extra) (*writer, string) {
	var w writer
	pv := v.Public
	title := fmt.Sprintf("Gathering Storm game %s: private notice for %s", game, p.Title())
	w.title(title)
	var mine []event.Event
	for _, e := range events {
		if vis := e.Visibility(); !vis.Public && vis.Power == p {
			mine = append(mine, e)
		}
	}
	me := v.Powers[p]
	var pub *adjudicator.PublicPower
	for i := range pv.Powers {
		if pv.Powers[i].Power == p {
			pub = &pv.Powers[i]
		}
	}
	if me == nil || pub == nil {
		w.blank()
		w.line(p.Title() + " is not in this game.")
		return &w, fmt.Sprintf("[%s] %s: private notice", game, p.Title())
	}
	w.blank()
	w.heading("In brief")
	switch {
	case pv.Ended:
		w.wrap("The game has ended.", "  ")
	case me.Required && x.GoesOn && !slices.Contains(x.Missing, p):
		w.wrap(fmt.Sprintf("%s, %s goes on after the moderator's fix of the state: your orders are in and stand; you may replace them until the segment is adjudicated (%s, listed at the end of this notice).",
			pv.SegmentTitle, pv.Turn, plural(len(me.Options), "order")+" possible"), "  ")
	case me.Required && x.GoesOn:
		w.wrap(fmt.Sprintf("%s, %s goes on after the moderator's fix of the state: your orders are still due; %s, listed at the end of this notice.",
			pv.SegmentTitle, pv.Turn, plural(len(me.Options), "order")+" possible"), "  ")
	case me.Required && x.Stands:
		w.wrap(fmt.Sprintf("%s, %s: your orders are in and stand; you may replace them until the segment is adjudicated (%s, listed at the end of this notice).",
			pv.SegmentTitle, pv.Turn, plural(len(me.Options), "order")+" possible"), "  ")
	case me.Required:
		w.wrap(fmt.Sprintf("%s, %s: your orders are due; %s, listed at the end of this notice.",
			pv.SegmentTitle, pv.Turn, plural(len(me.Options), "order")+" possible"), "  ")
	default:
		w.wrap(fmt.Sprintf("%s, %s: nothing to order from you.", pv.SegmentTitle, pv.Turn), "  ")
	}
	if !pv.Ended {
		w.wrap(fmt.Sprintf("You hold %s; activity counters available: %s.", TilePoints(pub.TilePoints), counters(me.Available)), "  ")
	}
	standingVoid(&w, pv, me, "  ")
	mustKnow(&w, events, p, pv, me, "  ")
	for _, l := range x.Lead {
		w.wrap(l, "  ")
	}
	if len(mine) > 0 {
		w.wrap(fmt.Sprintf("%d thing(s) for your eyes only, below.", len(mine)), "  ")
		w.blank()
		w.heading("For your eyes only")
		privateEvents(&w, mine, events)
	}
	w.blank()
	w.heading(fmt.Sprintf("%s, %s (%s)", p.Title(), pv.Turn, pv.SegmentTitle))
	w.line(fmt.Sprintf("Tile points: %d", pub.TilePoints))
	w.line(fmt.Sprintf("Factories: %d civilian, %d military, %d idle",
		pub.Factories.Civilian, pub.Factories.Military, pub.Factories.Idle))
	w.line(fmt.Sprintf("Support level this turn: %+d", pub.Support))
	supportDetail(&w, pv, *pub) // economy.go
	w.wrap(fmt.Sprintf("Activity counters: %s", counters(me.Counters)), "  ")
	w.wrap(fmt.Sprintf("Costs this turn: a conversion %s, a mobilization %s (rules 14.21, 14.31).",
		TilePoints(me.ConvertCost), TilePoints(me.MobilizeCost)), "  ")
	w.wrap(fmt.Sprintf("Mobilizations so far: %d", me.Mobilizations), "  ")
	if len(me.MobilizationTurns) > 0 {
		var ts []string
		for _, t := range me.MobilizationTurns {
			ts = append(ts, t.String())
		}
		w.wrap("Mobilized in: "+strings.Join(ts, ", "), "  ")
	}
	powerUnits(&w, me) // units.go
	if p == storm.Russia {
		w.line(fmt.Sprintf("Cohesion: %s (%d purge events)", pv.Russia.Cohesion, pv.Russia.PurgeEvents))
	}
	if me.Naval != nil {
		w.blank()
		navalChart(&w, p, me.Naval, pv.EAI) // naval.go
	}
	researchSheet(&w, p, me.Research) // research.go
	w.blank()
	orderNext(&w, game, p, pv, me)
	seg := strings.ToLower(pv.SegmentTitle)
	var subject string
	switch {
	case pv.Ended || !x.GoesOn:
		subject = fmt.Sprintf("[%s] %s: %s, %s", game, p.Title(), pv.Turn, seg)
		if me.Required && x.Stands && !pv.Ended {
			subject = fmt.Sprintf("[%s] %s: your orders stand, %s, %s", game, p.Title(), pv.Turn, seg)
		} else if me.Required {
			subject = fmt.Sprintf("[%s] %s: orders due, %s, %s", game, p.Title(), pv.Turn, seg)
		}
	case !me.Required:
		subject = fmt.Sprintf("[%s] %s: %s, %s goes on%s", game, p.Title(), pv.Turn, seg, goesOn)
	case slices.Contains(x.Missing, p):
		subject = fmt.Sprintf("[%s] %s: orders due, %s, %s%s", game, p.Title(), pv.Turn, seg, goesOn)
	default:
		subject = fmt.Sprintf("[%s] %s: your orders stand, %s, %s%s", game, p.Title(), pv.Turn, seg, goesOn)
	}
	return &w, subject
}

// Orders renders orders as understood, one per line, or PASS when empty:
// a standing order with the segment it is for, an IF line with the
// segment where it acts (its stage's, whatever FOR line stood above it).
func Orders(orders []storm.Order) string {
	if len(orders) == 0 {
		return "PASS"
	}
	lines := make([]string, len(orders))
	for i, o := range orders {
		lines[i] = o.String()
		if o.Kind == storm.CrisisIfOrder && o.For != "" {
			lines[i] += " (acts in " + o.For.Title() + ")"
		}
	}
	return strings.Join(lines, "\n")
}

// TilePoints words n tile points, singular for one.
func TilePoints(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d tile point", n)
	}
	return fmt.Sprintf("%d tile points", n)
}

// withArticle puts "a" or "an" before word, by its first letter.
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// counters words counters as everywhere (storm.ActivityCounters.String).
func counters(c storm.ActivityCounters) string { return c.String() }

// next tells which segment is open and who must order.
func next(w *writer, pv adjudicator.PublicView, x Extra) {
	if pv.Ended {
		w.wrap(EndedText(pv), "  ")
		return
	}
	if pv.AwaitsDraw {
		w.wrap(fmt.Sprintf("Next: %s, %s. The moderator draws the random event cards and the purge card from the physical deck; the judge applies them when told.",
			pv.SegmentTitle, pv.Turn), "  ")
		return
	}
	if len(pv.Required) == 0 {
		w.wrap(fmt.Sprintf("Next: %s, %s: no orders needed.", pv.SegmentTitle, pv.Turn), "  ")
		return
	}
	if x.GoesOn {
		text := fmt.Sprintf("Still open: %s, %s, after the moderator's fix of the state (not a new segment).", pv.SegmentTitle, pv.Turn)
		var in []storm.Power
		for _, p := range pv.Required {
			if !slices.Contains(x.Missing, p) {
				in = append(in, p)
			}
		}
		switch {
		case len(x.Missing) == 0:
			text += " Every power's orders are in; the judge adjudicates next."
		case len(in) == 0:
			text += " Orders are still due from " + PowerNames(x.Missing) + "."
		default:
			text += " Orders are still due from " + PowerNames(x.Missing) + "; the orders of " + PowerNames(in) + " stand."
		}
		w.wrap(text, "  ")
		return
	}
	names := make([]string, len(pv.Required))
	for i, p := range pv.Required {
		names[i] = p.Title()
	}
	who := strings.Join(names, ", ")
	if len(names) == len(pv.Powers) && len(names) > 1 {
		who = "every power"
	}
	w.wrap(fmt.Sprintf("Next: %s, %s is open. Orders are due from %s.",
		pv.SegmentTitle, pv.Turn, who), "  ")
}

// orderNext lists what p may order now with costs, and an order block.
func orderNext(w *writer, game string, p storm.Power, pv adjudicator.PublicView, me *adjudicator.PowerView) {
	orderNotes(w, pv, me)
	if !me.Required {
		w.heading("What you may order now")
		w.wrap(fmt.Sprintf("Nothing: %s, %s needs no orders from %s.", pv.SegmentTitle, pv.Turn, p.Title()), "")
		return
	}
	options(w, pv, me)
	w.blank()
	orderBlock(w, game, p, pv, me)
}

// orderNotes writes what p's orders rest on: its standing orders,
// intelligence results, the crisis decision and its IF lines, its
// aggression targets and the segments still to come (how to order for
// them now): in the notice and in the digest's brief alike, a text
// reader's whole guide to act.
func orderNotes(w *writer, pv adjudicator.PublicView, me *adjudicator.PowerView) {
	if len(me.Standing) > 0 {
		w.heading("Your standing orders")
		w.wrap("They stand as your orders when their round opens (FOR lines; docs/orders.md):", "")
		for _, l := range me.Standing {
			w.line("  " + l)
		}
		w.blank()
	}
	if len(me.Intelligence) > 0 {
		w.heading("Your intelligence results (rule 16.16)")
		for _, l := range me.Intelligence {
			w.wrap(l, "")
		}
		w.blank()
	}
	if len(me.Crisis) > 0 {
		w.heading("The crisis: your decision (rules 26-27)")
		for _, l := range me.Crisis {
			w.wrap(l, "")
		}
		if len(me.PlanLines) > 0 { // the engine's: only lines this power may give
			w.wrap("IF lines decide later stages in advance (docs/orders.md, Crisis): "+strings.Join(me.PlanLines, "; ")+".", "")
		}
		w.blank()
	}
	if len(me.Plans) > 0 {
		w.heading("Your conditional crisis orders")
		for _, l := range me.Plans {
			w.line("  " + l)
		}
		w.blank()
	}
	if len(me.Aggressions) > 0 {
		w.heading("Your aggression targets (rule 27)")
		for _, l := range me.Aggressions {
			w.wrap(l, "")
		}
		if !pv.CrisisOn {
			w.wrap("(This game does not play the crisis phase by email: for planning.)", "")
		}
		w.blank()
	}
	if len(me.Later) > 0 {
		w.heading("Still to come this turn")
		for _, l := range me.Later {
			w.wrap("- "+l, "  ")
		}
		w.blank()
	}
}

// options lists the orders p may give in the open segment, each once:
// the block's lines first, with the engine's word of what they do
// (PowerView.DefaultNote), unless they are options themselves, marked
// then; under each, the lines to send with it (15.22: a research
// counter's RESEARCH lines) and its note (an obligation such as 18.51's).
// The notice, the digest's brief and HELP write the same list: an order
// without its lines is refused.
func options(w *writer, pv adjudicator.PublicView, me *adjudicator.PowerView) {
	opts := me.Options
	w.heading(fmt.Sprintf("What you may order now (%s, %s)", pv.SegmentTitle, pv.Turn))
	if len(me.EventOptions) > 0 || len(me.Surplus) > 0 {
		w.wrap("Your research and construction events of this turn are played before your orders (rule 15.32):", "")
		for _, l := range me.EventOptions {
			w.wrap("- "+l+".", "  ")
		}
		for _, sp := range me.Surplus {
			w.wrap(fmt.Sprintf("- %d surplus %s research point(s) from %s to reassign: RESEARCH <%s project> REASSIGN <points>, at most 3 a project (rule 15.24).",
				sp.Points, sp.Category, sp.From, sp.Category), "  ")
		}
		w.blank()
	}
	if len(opts) == 0 {
		w.wrap("No order is possible for you in this segment; send the block below.", "")
	}
	free := pv.Segment.Phase() == crisisPhase || pv.Segment == storm.SegPreemptiveWar || pv.Segment == storm.SegEndOfGame
	if !slices.ContainsFunc(opts, func(o adjudicator.OptionView) bool { return o.Default }) {
		w.line(fmt.Sprintf("%-26s %s (the block below)", strings.Join(me.Default, ", "), me.DefaultNote))
	}
	for i, o := range opts {
		switch {
		case o.Default: // the block's line, its effect in its note
			w.line(fmt.Sprintf("%-26s (the block below)", o.Order))
		case free: // decisions, not purchases (26-34)
			w.line(o.Order)
		default:
			w.line(fmt.Sprintf("%-26s cost %s", o.Order, TilePoints(o.Cost)))
		}
		for _, with := range o.With { // orders to send with it (e.g. 15.22)
			w.indented("+ "+with, "  ")
		}
		if o.Note == "" || i+1 < len(opts) && sharesNote(o, opts[i+1]) {
			continue // the run's note comes once, after its last order
		}
		n := 1
		for n < i+1 && sharesNote(opts[i-n], o) {
			n++
		}
		if n > 1 {
			w.indented(fmt.Sprintf("each of the %d orders above: %s", n, o.Note), "    ")
		} else {
			w.indented(o.Note, "    ")
		}
	}
}

// sharesNote: a and b are options of the same note and nothing to send
// with them (the placements' run of countries), worded once for both.
func sharesNote(a, b adjudicator.OptionView) bool {
	return a.Note == b.Note && len(a.With) == 0 && len(b.With) == 0 && !a.Default && !b.Default
}

// orderBlock writes p's ready-to-copy block: the orders that change
// nothing in the open segment, or the answer the rules take when none is
// sent, then the rest of the turn likewise (the engine's View.Default,
// View.DefaultNote and View.Plan), each segment named in a comment.
func orderBlock(w *writer, game string, p storm.Power, pv adjudicator.PublicView, me *adjudicator.PowerView) {
	does := me.DefaultNote // the engine's words (DefaultEffect)
	if len(me.Plan) > 0 {
		w.wrap("Reply with this block, your whole turn: as it is, it "+does+"; to act, put orders in place of a line.", "")
	} else {
		w.wrap("Reply with this block: as it is, it "+does+"; to act, put your orders in its place.", "")
	}
	w.blank()
	w.code("GAME " + game)
	w.code("POWER " + p.String())
	w.code("SECRET <your secret>")
	def := me.Default
	if len(def) == 0 {
		def = []string{"PASS"}
	}
	for i, l := range def {
		if i == 0 {
			l = fmt.Sprintf("%-24s # %s", l, pv.SegmentTitle)
		}
		w.code(l)
	}
	for _, st := range me.Plan {
		for i, l := range st.Lines {
			if i == 0 {
				l = fmt.Sprintf("%-24s # %s", l, st.Segment.Title())
			}
			w.code(l)
		}
	}
	w.code("END")
}

func privateEvent(w *writer, e event.Event) {
	switch e := e.(type) {
	case event.OrderVoided:
		w.wrap(fmt.Sprintf("Your order %s was void (rule %s: %s).", e.Order, e.Rule, e.Msg), "  ")
	default:
		if !navalEvent(w, e) && !researchEvent(w, e) && !unitEvent(w, e) && !randomEvent(w, e) && !diplomacyEvent(w, e) && !fixEvent(w, e) { // naval.go, research.go, units.go, diplomacy.go, fix.go
			w.wrap(fmt.Sprintf("%s event.", e.Type()), "  ")
		}
	}
}

// Help renders the answer to a power's HELP: what it may order in the
// open segment, with costs, and an order block to copy (the end of its
// notice), as a letter's text (a paragraph a line: Logical), which the
// receipt's Flow wraps.
func Help(game string, p storm.Power, v adjudicator.View) string {
	var w writer
	me := v.Powers[p]
	if me == nil {
		w.line(p.Title() + " is not in this game.")
		return w.Logical()
	}
	orderNext(&w, game, p, v.Public, me)
	return w.Logical()
}

// EndedText words how an ended game ended, the result first (34.11,
// 34.12): the war that ended it, the outcome of a two-way and a three-way
// game and each alliance's victory points. The brief of the final report
// and digest opens with it; game list and game show print it.
func EndedText(pv adjudicator.PublicView) string {
	t := "The game has ended"
	if wr := pv.War; wr != nil {
		what := "pre-emptive war"
		if wr.Kind == "crisis" {
			what = "war over " + wr.Target
		}
		t += fmt.Sprintf(" in %s, %s (%s on %s)", wr.Turn, what, PowerNames(wr.Declarers), PowerNames(wr.Against))
	}
	v := pv.Victory
	return t + fmt.Sprintf(". Two-way game: %s. Three-way game: %s. Victory points: the Axis %d, the Allies %d, Russia %d (rule 34).", v.TwoWay, v.ThreeWay, v.Axis, v.Allies, v.Russia)
}

// privateEvents writes a power's private events of a mail covering all
// (the versions it reports): a sealed counters' line whose values the
// same mail's public events revealed says so, never "sealed".
func privateEvents(w *writer, mine, all []event.Event) {
	revealed := slices.ContainsFunc(all, func(e event.Event) bool { _, ok := e.(event.DiplomacyRevealed); return ok })
	for _, e := range mine {
		if sc, ok := e.(event.DiplomaticCountersSealed); ok && revealed {
			var parts []string
			for _, pl := range sc.Placements {
				parts = append(parts, fmt.Sprintf("%s %d", pl.Country, pl.Strength))
			}
			w.wrap(fmt.Sprintf("Your diplomatic counters: %s, sealed when placed, revealed at the resolution below (rules 24.54C, 24.81A).", strings.Join(parts, ", ")), "  ")
			w.indented("Salt "+sc.Salt+", commitment "+sc.Hash+" (docs/diplomacy.md).", "    ")
			continue
		}
		privateEvent(w, e)
	}
}

// standingVoid writes why p is asked although its standing orders were
// in: they no longer hold (View.StandingVoid).
func standingVoid(w *writer, pv adjudicator.PublicView, me *adjudicator.PowerView, indent string) {
	if len(me.StandingVoid) > 0 {
		w.wrap(fmt.Sprintf("You are asked because your standing orders for %s can no longer be carried out as written: %s. Send this segment's orders again (they replace them).", pv.SegmentTitle, strings.Join(me.StandingVoid, "; ")), indent)
	}
}

// mustKnow writes, in the lead of p's notice and digest, what p must know
// before it orders: what the rules make it do whatever it orders
// (View.Obligations: 18.51), and why it is asked again in a crisis
// segment it answered (27.51, 27.71B: Britain and France disagreed; the
// decision's words, from events), while that crisis still waits at that
// stage for the second answer (the view's Crisis.Asked).
func mustKnow(w *writer, events []event.Event, p storm.Power, pv adjudicator.PublicView, me *adjudicator.PowerView, indent string) {
	for _, l := range me.Obligations {
		w.wrap(l+".", indent)
	}
	if !me.Required {
		return
	}
	for _, e := range events {
		d, ok := e.(event.CrisisDecision)
		if !ok || d.Decision != "" || !slices.Contains(d.Powers, p) {
			continue
		}
		if slices.ContainsFunc(pv.Crises, func(c storm.Crisis) bool {
			return c.Aggressor == d.Aggressor && c.Target == d.Target && c.Stage == d.Stage && c.Asked > 0
		}) {
			w.wrap(fmt.Sprintf("%s's aggression against %s: %s (rule %s).", d.Aggressor.Title(), d.Target, d.How, d.Rule), indent) // as the report words it (crisisEvent)
		}
	}
}
