package report

import (
	"fmt"
	"html"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/internal/flowed"
	"stormjudge/orders"
)

// The text part is enough: what a player needs to act and to understand
// the result is in the plain text and the format=flowed text of every
// mail, not only in its HTML (which may add the tables and the picture).
//
// The comparison (htmlFacts): the HTML's visible text is cut into units,
// a paragraph, a heading or one line of preformatted text (an order
// block, an options list), tags removed and entities decoded; a unit is a
// fact when it is a preformatted line, a line to send with an order
// ("+ RESEARCH ..."), cites a rule ("(rule 27.51)", "(18.51)", "(rules
// 26-27)") or belongs to the final victory points. Each fact must appear
// word for word (white space aside) in the text part and in the flowed
// part once unflowed. Tables are left out: the HTML may show a table the
// text words otherwise.
//
// A digest's HTML holds its brief, then the full public report and the
// full notice; its text is the brief, which by design (docs/orders.md,
// "Mail delivery") sums up the public tables, the power's sheet and the
// log of the economic and diplomatic phases in "What changed" (RESEND
// gives them whole). The facts of those sections (digestSummed) are not
// asked of a digest's text; every other section's are: its orders and
// the lines to send with them, the notes of its options, the crisis and
// its decisions, the end of the game and the final victory points.

// textPartGame plays a whole game with diplomacy and the crisis phase on
// (the illustrative deck) and calls each with the state before and after
// every Resolve and its events.
func textPartGame(t *testing.T, seed uint64, turns int, each func(before, after storm.State, evs []event.Event)) {
	t.Helper()
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := adjudicator.WithCrisis(adjudicator.WithDiplomacy(adjudicator.NewGameWithDeck(seed, d)))
	_, _, err = adjudicator.SimulateGameWith(s, turns, rand.New(rand.NewPCG(seed, 11)), 50, func(before, after storm.State, evs []event.Event) error {
		each(before, after, evs)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// htmlUnit is one unit of an HTML part's visible text: its words, the
// titles of the mail part (h1) and section (h2) it is in, and whether it
// is a line of preformatted text.
type htmlUnit struct {
	text, part, section string
	pre                 bool
}

var (
	unitRe  = regexp.MustCompile(`(?s)<(h1|h2|h3|p|pre)\b[^>]*>(.*?)</(?:h1|h2|h3|p|pre)>`)
	tagRe   = regexp.MustCompile(`<[^>]*>`)
	citesRe = regexp.MustCompile(`\brules? \d|\(\d{1,2}\.\d`)
)

// htmlUnits cuts an HTML part into units (tables left out).
func htmlUnits(page string) []htmlUnit {
	var out []htmlUnit
	part, section := "", ""
	for _, m := range unitRe.FindAllStringSubmatch(page, -1) {
		body := html.UnescapeString(tagRe.ReplaceAllString(m[2], ""))
		switch m[1] {
		case "h1":
			part, section = body, ""
		case "h2":
			section = body
		case "pre":
			for _, l := range strings.Split(body, "\n") {
				if strings.TrimSpace(l) != "" {
					out = append(out, htmlUnit{text: l, part: part, section: section, pre: true})
				}
			}
			continue
		}
		out = append(out, htmlUnit{text: body, part: part, section: section})
	}
	return out
}

// isFact reports a unit the text part must carry: a preformatted line, a
// line to send with an order, a rule cited, a final victory point.
func (u htmlUnit) isFact() bool {
	return u.pre || strings.HasPrefix(u.text, "+ ") || citesRe.MatchString(u.text) ||
		strings.HasPrefix(u.section, "Final victory points")
}

// digestSummed reports a section of a digest's full report or notice
// that its brief sums up by design (the comment above): the public
// tables, the power's sheet, the phases' logs but the crisis phase's.
func digestSummed(u htmlUnit, p storm.Power) bool {
	if strings.HasSuffix(u.part, ": public report") {
		for _, s := range []string{"Tracks", "Tile points and factories", "Balance of power", "Diplomatic targets", "Resistance of the aggression targets", "Victory points if the game ended now", "In brief"} {
			if strings.HasPrefix(u.section, s) {
				return true
			}
		}
		// The event log, under "<turn>: <phase>": the crisis phase's
		// decisions and the end of the game are not summed up.
		if _, ph, ok := strings.Cut(u.section, ": "); ok && ph != crisisPhase {
			return true
		}
		return false
	}
	if strings.Contains(u.part, ": private notice for ") {
		// The sheet: tile points, units, the naval chart, the research
		// record sheet.
		return strings.HasPrefix(u.section, p.Title()+", ") || strings.HasPrefix(u.section, "Naval construction chart") || strings.HasPrefix(u.section, "Research record sheet")
	}
	return false
}

// words is s with every run of white space one space.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// factCount counts the facts checked, by kind, so that the test can
// tell it checked each kind at all.
type factCount struct{ mails, pre, with, cited, final int }

// missingFacts are the facts of m's HTML (not those summed, when
// summed is set) that its text or flowed part lacks; n counts those
// checked.
func missingFacts(m Message, summed func(htmlUnit) bool, n *factCount) []string {
	text, flowed := words(m.Text), words(flowed.Decode(m.Flowed, false))
	var out []string
	seen := map[string]bool{}
	n.mails++
	for _, u := range htmlUnits(m.HTML) {
		f := words(u.text)
		if !u.isFact() || seen[f] || (summed != nil && summed(u)) {
			continue
		}
		seen[f] = true
		switch {
		case strings.HasPrefix(u.section, "Final victory points"):
			n.final++
		case strings.HasPrefix(u.text, "+ "):
			n.with++
		case u.pre:
			n.pre++
		default:
			n.cited++
		}
		switch {
		case !strings.Contains(text, f):
			out = append(out, fmt.Sprintf("text lacks %q (%s)", f, u.section))
		case !strings.Contains(flowed, f):
			out = append(out, fmt.Sprintf("flowed text lacks %q (%s)", f, u.section))
		}
	}
	return out
}

// TestTextPartHasEveryFactOfTheHTML renders, after every Resolve of
// whole simulated games (four seeds, to their end or 30 turns), the
// public report, every power's private notice, and each power's digest
// as the judge folds it (the versions since its last, mailed when it must
// order, something is for its eyes only, or the turn or the game ends:
// publish.Publish), and checks that every fact of each HTML part is in its
// text and flowed parts (the comparison above).
func TestTextPartHasEveryFactOfTheHTML(t *testing.T) {
	const shown = 30
	bad := 0
	var n factCount
	for seed := uint64(1); seed <= 4; seed++ {
		folded := map[storm.Power][]event.Event{}
		last := map[storm.Power]*adjudicator.View{}
		textPartGame(t, seed, 30, func(before, after storm.State, evs []event.Event) {
			bv, v := adjudicator.Derive(before), adjudicator.Derive(after)
			where := fmt.Sprintf("seed %d, %s %s", seed, after.Turn, after.Segment)
			check := func(kind string, m Message, summed func(htmlUnit) bool) {
				for _, miss := range missingFacts(m, summed, &n) {
					if bad++; bad <= shown {
						t.Errorf("%s, %s: %s", where, kind, miss)
					}
				}
			}
			check("public report", Public("g", evs, v), nil)
			turnOver := after.Ended || after.Turn != before.Turn
			for _, p := range storm.Powers {
				summed := func(u htmlUnit) bool { return digestSummed(u, p) }
				check(p.Title()+"'s notice", Private("g", p, evs, v), nil)
				if last[p] == nil {
					last[p] = &bv
				}
				folded[p] = append(folded[p], evs...)
				mine := slices.ContainsFunc(evs, func(e event.Event) bool { vis := e.Visibility(); return !vis.Public && vis.Power == p })
				if turnOver || mine || v.Powers[p].Required {
					check(p.Title()+"'s digest", Digest("g", p, folded[p], last[p], v, Extra{Version: 2}), summed)
					folded[p], last[p] = nil, &v
				}
			}
		})
	}
	if bad > shown {
		t.Errorf("and %d more", bad-shown)
	}
	t.Logf("%d mails: %d preformatted lines, %d lines to send with an order, %d paragraphs citing rules, %d final victory points lines", n.mails, n.pre, n.with, n.cited, n.final)
	if n.pre == 0 || n.with == 0 || n.cited == 0 || n.final == 0 {
		t.Errorf("a kind of fact was never checked: %+v", n)
	}
}

// theText is m's text part and its flowed part unflowed, each with its
// white space runs made one space: a text reader's two views of m.
func theText(m Message) map[string]string {
	return map[string]string{"text": words(m.Text), "flowed": words(flowed.Decode(m.Flowed, false))}
}

// leadOf is the part of a flattened body before its first list of
// orders or its order block: what a player reads first.
func leadOf(body string) string {
	for _, end := range []string{"What you may order now", "Reply with this block"} {
		if i := strings.Index(body, end); i >= 0 {
			body = body[:i]
		}
	}
	return body
}

// Rule 15.22: every paid research point goes to a project, so a
// RESEARCH COUNTER option comes with its RESEARCH lines. The digest's
// text lists them under the option, as the notice does; a text reader
// who sends the option with the lines under it has orders the judge
// accepts, the option alone is refused (15.22).
func TestRule15_22ResearchLinesInTheText(t *testing.T) {
	s, evs := spring1935(t)
	v := adjudicator.Derive(s)
	found := false
	for _, p := range storm.Powers {
		for _, o := range v.Powers[p].Options {
			if !strings.HasPrefix(o.Order, "RESEARCH COUNTER") || len(o.With) == 0 {
				continue
			}
			found = true
			m := Digest("demo", p, evs, nil, v)
			// The option's line, then its lines to send with it, read
			// from the text as a player reads it.
			lines := strings.Split(m.Text, "\n")
			var sent []string
			for i, l := range lines {
				if strings.HasPrefix(l, o.Order+"  ") || l == o.Order {
					sent = append(sent, o.Order)
					for _, w := range lines[i+1:] {
						w = strings.TrimSpace(w)
						if !strings.HasPrefix(w, "+ ") {
							break
						}
						sent = append(sent, strings.TrimPrefix(w, "+ "))
					}
					break
				}
			}
			if len(sent) != 1+len(o.With) {
				t.Errorf("%s: the digest's text gives %q with %d line(s), want %d (%q):\n%s", p, o.Order, len(sent)-1, len(o.With), o.With, m.Text)
				continue
			}
			if errs := adjudicator.Validate(s, p, parseLines(t, p, sent)); len(errs) > 0 {
				t.Errorf("%s: %q as the text gives it is refused: %v", p, sent, errs)
			}
			if errs := adjudicator.Validate(s, p, parseLines(t, p, sent[:1])); len(errs) == 0 || errs[0].Rule != "15.22" {
				t.Errorf("%s: %q alone: %v, want a 15.22 refusal (the test proves nothing)", p, o.Order, errs)
			}
			if fl := words(flowed.Decode(m.Flowed, false)); !strings.Contains(fl, words(o.Order)+" ") || !strings.Contains(fl, "+ "+o.With[0]) {
				t.Errorf("%s: the flowed text lacks %q and its lines", p, o.Order)
			}
		}
	}
	if !found {
		t.Fatal("no RESEARCH COUNTER option with lines to send in Spring 1935: the test proves nothing")
	}
}

// parseLines parses order lines as the judge parses p's email.
func parseLines(t *testing.T, p storm.Power, lines []string) []storm.Order {
	t.Helper()
	sub, err := orders.Parse("GAME demo\nPOWER " + p.String() + "\nSECRET x\n" + strings.Join(lines, "\n") + "\nEND\n")
	if err != nil {
		t.Fatalf("%q: %v", lines, err)
	}
	return sub.Orders
}

// Rule 18.51: with its support level below zero Russia must build a unit.
// The lead of its notice and of its digest says so, in the text and the
// flowed text, before the orders; the BUILD options say it too. Not with
// a support level of zero, nor to another power.
func TestRule18_51MustBuildInTheText(t *testing.T) {
	const must = "Russia must build a unit this turn (18.51)"
	for _, support := range []int{-1, 0} {
		s, evs := spring1935(t)
		s.Powers[storm.Russia].Support = support
		s.Powers[storm.Russia].Reserve.Add(storm.Infantry, 1) // a unit to build (18.51C)
		v := adjudicator.Derive(s)
		for _, p := range []storm.Power{storm.Russia, storm.Germany} {
			for kind, m := range map[string]Message{"notice": Private("demo", p, evs, v), "digest": Digest("demo", p, evs, nil, v)} {
				for part, body := range theText(m) {
					want := p == storm.Russia && support < 0
					if got := strings.Contains(leadOf(body), must); got != want {
						t.Errorf("support %d, %s's %s, %s: lead says %q: %v, want %v:\n%s", support, p, kind, part, must, got, want, m.Text)
					}
					if want && !strings.Contains(body, "reserve to active: +1 maintenance from next turn (11.81); "+must) {
						t.Errorf("%s's %s, %s: the BUILD options' note lacks %q:\n%s", p, kind, part, must, m.Text)
					}
				}
			}
		}
	}
}

// Rule 27.51 (r-27-51-concert): when Britain and France answer
// differently both are asked again. The lead of France's digest and
// notice, the mails that ask it again, says why, with both answers; the
// digest's text gives the crisis phase's decisions as the report does.
func TestRule27_51AskedAgainSaysWhy(t *testing.T) {
	s, evs := crisisAt(t, map[storm.Power][]storm.Order{storm.Britain: {{Kind: storm.OpposeOrder}}, storm.France: {{Kind: storm.AcquiesceOrder}}})
	if s.Segment != storm.SegCrisisResponse || !slices.Contains(adjudicator.Required(s), storm.France) {
		t.Fatalf("not asked again: %s %v", s.Segment, adjudicator.Required(s))
	}
	const why = "Germany's aggression against Austria: Britain and France disagree (Britain OPPOSE, France ACQUIESCE): both are asked again (rule 27.51)."
	v := adjudicator.Derive(s)
	for kind, m := range map[string]Message{"notice": Private("demo", storm.France, evs, v), "digest": Digest("demo", storm.France, evs, nil, v)} {
		for part, body := range theText(m) {
			if !strings.Contains(leadOf(body), why) {
				t.Errorf("France's %s, %s: the lead does not say why it is asked again (%q):\n%s", kind, part, why, m.Text)
			}
		}
	}
	if body := Digest("demo", storm.Germany, evs, nil, v).Text; !strings.Contains(words(body), "Spring 1935: Crisis phase ------------------------- Allied response (rule 27.5): "+why) {
		t.Errorf("Germany's digest: the decision is not in its crisis log:\n%s", body)
	}
}

// Rule 34: the final report's brief says the final victory points "close
// this report"; every mail that reports the end of the game, the public
// report and each power's digest, gives them in its text, line by line
// with the rule of each line, each side's total and both outcomes.
func TestRule34VictoryPointsInTheText(t *testing.T) {
	var last struct {
		before, after storm.State
		evs           []event.Event
	}
	for seed := uint64(1); seed <= 6 && !last.after.Ended; seed++ {
		textPartGame(t, seed, 40, func(before, after storm.State, evs []event.Event) {
			if after.Ended {
				last.before, last.after, last.evs = before, after, evs
			}
		})
	}
	if !last.after.Ended {
		t.Fatal("no simulated game ended: the test proves nothing")
	}
	bv, v := adjudicator.Derive(last.before), adjudicator.Derive(last.after)
	vp := v.Public.Victory
	if len(vp.Lines) == 0 {
		t.Fatal("no victory point lines: the test proves nothing")
	}
	want := []string{"Final victory points (rule 34)", "Two-way game: " + vp.TwoWay + ".", "Three-way game: " + vp.ThreeWay + ".",
		fmt.Sprintf("The Axis: %d", vp.Axis), fmt.Sprintf("The Allies: %d", vp.Allies), fmt.Sprintf("Russia: %d", vp.Russia)}
	for _, l := range vp.Lines {
		want = append(want, words(fmt.Sprintf("%+d  %s (rule %s)", l.Value, l.What, l.Rule)))
	}
	mails := map[string]Message{"public report": Public("demo", last.evs, v)}
	for _, p := range storm.Powers {
		mails[p.Title()+"'s digest"] = Digest("demo", p, last.evs, &bv, v)
	}
	for kind, m := range mails {
		for part, body := range theText(m) {
			for _, w := range want {
				if !strings.Contains(body, words(w)) {
					t.Errorf("%s, %s: lacks %q:\n%s", kind, part, w, m.Text)
				}
			}
		}
	}
}
