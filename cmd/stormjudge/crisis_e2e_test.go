package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/store"
)

// TestSandboxCrisisByEmail runs the sandbox with the crisis phase on
// (no deck, no diplomacy: a turn is the economic phase, where every power
// sends PASS, then the crisis segments) and plays four turns of crises by
// email only, reading every notice and report over IMAP:
//
//   - Spring 1935: Germany remilitarizes the Rhineland, the Allies
//     acquiesce, the aggression succeeds and Summer's economic phase opens;
//   - Summer 1935: Germany moves against Austria, the Allies oppose, the
//     report shows Austria's resistance with its tile, France's BACK DOWN
//     at the Axis response is refused (it is not asked), Germany backs
//     down with the effects of 27.62;
//   - Fall 1935: Germany against Austria again with IF lines, the Allies
//     OPPOSE with IF CONTINUED ULTIMATUM: one email each settles the whole
//     crisis, no further notice asks anybody for crisis orders, and the
//     report says the decisions were taken by conditional order;
//   - Winter 1935: Germany continues by the ELSE branch of its IF line,
//     the Allies' IF CONTINUED ULTIMATUM brings the brink, and Germany
//     goes over it (ATTACK): war, the
//     end-of-game segment asks Germany, Britain and Russia for their final
//     research (33.21), the final report gives the victory points line by
//     line with their rules (34), and an order sent after the end is
//     refused and changes nothing (the store stays at the final version
//     and the game replays).
//
// Each segment checks who is asked: the asked powers' notices have the
// "What you may order now (<segment>, <turn>)" heading, the others' say
// that the segment needs no orders from them.
func TestSandboxCrisisByEmail(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("a whole game by email: the full run plays it (the race pass of the README's test command is -short)")
	}
	start := time.Now()
	dir := t.TempDir()
	imapAddr, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: dir, Crisis: true})
	g := &crisisGame{t: t, imap: imapAddr, smtp: smtpAddr, v: 1}
	g.waitVersion(1)
	const (
		G = storm.Germany
		I = storm.Italy
		B = storm.Britain
		F = storm.France
		R = storm.Russia
	)
	pass := func() map[storm.Power]string {
		m := map[storm.Power]string{}
		for _, p := range storm.Powers {
			m[p] = "PASS"
		}
		return m
	}

	// 1. Spring 1935: the Rhineland, the Allies acquiesce (27.52).
	g.round("Economic phase, Spring 1935", pass())
	pub := g.round("Crisis: Axis aggression, Spring 1935", map[storm.Power]string{G: "AGGRESSION RHINELAND", I: "PASS"}).pub
	g.want("Spring 1935 aggression", pub,
		"Germany announces an aggression against Rhineland (rule 27.11).",
		"Next: Crisis: Allied response, Spring 1935 is open. Orders are due from Britain, France.")
	pub = g.round("Crisis: Allied response, Spring 1935", map[storm.Power]string{B: "ACQUIESCE", F: "ACQUIESCE"}).pub
	g.want("Spring 1935 response", pub,
		"Germany's aggression against Rhineland: Britain and France acquiesce (agreed; rule 27.51).",
		"The crisis over Rhineland ends: allies acquiesce (rule 27.52).",
		"Germany's aggression against Rhineland succeeds: completed in Spring 1935 (rule 29.21).",
		"This report ends Spring 1935 and opens Summer 1935.",
		"Next: Economic phase, Summer 1935 is open. Orders are due from every power.")
	g.asked("Economic phase, Summer 1935", storm.Powers)

	// 2. Summer 1935: Austria opposed, Germany backs down (27.62).
	g.round("Economic phase, Summer 1935", pass())
	g.round("Crisis: Axis aggression, Summer 1935", map[storm.Power]string{G: "AGGRESSION AUSTRIA", I: "PASS"})
	pub = g.round("Crisis: Allied response, Summer 1935", map[storm.Power]string{B: "OPPOSE", F: "OPPOSE"}).pub
	g.want("Summer 1935 response", pub,
		"Germany's aggression against Austria: Britain and France oppose (agreed; rule 27.51).",
		"Next: Crisis: Axis response, Summer 1935 is open. Orders are due from Germany.")
	resistance := regexp.MustCompile(`Resistance of Austria: \d+ = basic defensive strength [^=]*?random tile [+-]\d+ \(28\.51\)\.`)
	if !resistance.MatchString(pub) {
		t.Errorf("Summer 1935: the report does not give Austria's resistance with its tile:\n%s", pub)
	}
	if n := g.notice(G, g.v); !strings.Contains(n, "The crisis: your decision (rules 26-27)") ||
		!strings.Contains(n, "CONTINUE or BACK DOWN (27.61C)") {
		t.Errorf("Summer 1935: Germany's notice at the Axis response does not put its decision:\n%s", n)
	}
	// France is not asked at the Axis response: its BACK DOWN is refused.
	id := g.send(F, "BACK DOWN")
	if rc := g.receipt(F, id); !strings.Contains(rc, "NOT accepted; nothing was changed") ||
		!strings.Contains(rc, "France has no orders to give now: the open segment is Crisis: Axis response (Summer 1935), in which Germany order") {
		t.Errorf("France's BACK DOWN at the Axis response: the receipt does not refuse it:\n%s", rc)
	}
	pub = g.round("Crisis: Axis response, Summer 1935", map[storm.Power]string{G: "BACK DOWN"}).pub
	g.want("Summer 1935 Axis response", pub,
		"Germany's aggression against Austria: Germany backs down (order; rule 27.61C).",
		"The crisis over Austria ends: aggressor backs down (rule 27.62).",
		"This report ends Summer 1935 and opens Fall 1935.")
	for _, re := range []string{
		`Germany support -1, [^.]*\(rule 27\.62\)`, `Britain support \+1, [^.]*\(rule 27\.62\)`, `France support \+1, [^.]*\(rule 27\.62\)`,
		`Germany: support level -1: aggressor backs down -1 \(27\.62\)`,
	} {
		if !regexp.MustCompile(re).MatchString(pub) {
			t.Errorf("Summer 1935: the report lacks the effect %s of backing down (27.62):\n%s", re, pub)
		}
	}

	// 3. Fall 1935: conditional orders, one email per side.
	g.round("Economic phase, Fall 1935", pass())
	germanPlans := []string{"IF OPPOSED CONTINUE IF RESISTANCE <= 20 ELSE BACK DOWN", "IF ULTIMATUM BACK DOWN"}
	r := g.round("Crisis: Axis aggression, Fall 1935", map[storm.Power]string{
		G: "AGGRESSION AUSTRIA\n" + strings.Join(germanPlans, "\n"), I: "PASS"})
	g.want("Fall 1935: Germany's receipt", r.receipts[G], append([]string{"AGGRESSION AUSTRIA"}, germanPlans...)...)
	g.want("Fall 1935: Germany's notice at the Allied response", g.notice(G, g.v), append([]string{"Your conditional crisis orders"}, germanPlans...)...)
	if n := g.notice(B, g.v); !strings.Contains(n, "+ IF CONTINUED ULTIMATUM") {
		t.Errorf("Fall 1935: Britain's notice does not offer OPPOSE with IF CONTINUED ULTIMATUM:\n%s", n)
	}
	before := g.v
	r = g.round("Crisis: Allied response, Fall 1935", map[storm.Power]string{
		B: "OPPOSE\nIF CONTINUED ULTIMATUM", F: "OPPOSE\nIF CONTINUED ULTIMATUM"})
	pub = r.pub
	g.want("Fall 1935: the Allies' receipts", r.receipts[B]+r.receipts[F], "IF CONTINUED ULTIMATUM")
	if !resistance.MatchString(pub) {
		t.Fatalf("Fall 1935: the report does not give Austria's resistance with its tile:\n%s", pub)
	}
	g.want("Fall 1935: the crisis settled by conditional orders", pub,
		"Germany's aggression against Austria: Britain and France oppose (agreed; rule 27.51).",
		// IF OPPOSED CONTINUE IF RESISTANCE <= 20: any tile gives at most 20.
		"Germany's aggression against Austria: Germany continues (conditional order; rule 27.61C).")
	// The ultimatum is possible only if Britain or France meets the
	// threshold for declaring war (27.73): the report says which; the
	// Allies' decision from their IF CONTINUED ULTIMATUM lines is by
	// conditional orders.
	ultimatum := strings.Contains(pub, "Germany's aggression against Austria: Britain and France issue an ultimatum (agreed by conditional orders; rule 27.71B)")
	noChoice := strings.Contains(pub, "Britain and France back down (no choice: neither Britain nor France meets the threshold for declaring war; rule 27.72, 27.73)")
	switch {
	case ultimatum && !noChoice:
		g.want("Fall 1935: the brink", pub,
			"Germany's aggression against Austria: Germany backs down (conditional order; rule 27.81).",
			"The crisis over Austria ends: aggressor backs down at ultimatum (rule 27.82).")
	case noChoice && !ultimatum:
		g.want("Fall 1935: no ultimatum possible", pub, "The crisis over Austria ends: allies back down (rule 27.72).")
	default:
		t.Fatalf("Fall 1935: the report says neither that the Allies issued an ultimatum nor that they had no choice:\n%s", pub)
	}
	g.want("Fall 1935: the crisis over", pub,
		"This report ends Fall 1935 and opens Winter 1935.",
		"Next: Economic phase, Winter 1935 is open. Orders are due from every power.")
	if g.v != before+1 {
		t.Errorf("Fall 1935: the Allied response took %d versions, want one", g.v-before)
	}
	// No notice after the Allies' email asks for crisis orders: the next
	// version's notices all ask for the economic phase of Winter 1935.
	g.asked("Economic phase, Winter 1935", storm.Powers)
	if !ultimatum {
		t.Fatalf("the Allies could not issue an ultimatum in Fall 1935 (27.73): the brink of step 4 is out of reach in this game")
	}

	// 4. Winter 1935: over the brink; war ends the game (27.83, 33, 34).
	g.round("Economic phase, Winter 1935", pass())
	// The condition's ELSE branch decides: no resistance exceeds 20.
	g.round("Crisis: Axis aggression, Winter 1935", map[storm.Power]string{
		G: "AGGRESSION AUSTRIA\nIF OPPOSED BACK DOWN IF RESISTANCE > 20 ELSE CONTINUE", I: "PASS"})
	pub = g.round("Crisis: Allied response, Winter 1935", map[storm.Power]string{
		B: "OPPOSE\nIF CONTINUED ULTIMATUM", F: "OPPOSE\nIF CONTINUED ULTIMATUM"}).pub
	g.want("Winter 1935: to the brink", pub,
		"Germany's aggression against Austria: Germany continues (conditional order; rule 27.61C).",
		"Germany's aggression against Austria: Britain and France issue an ultimatum (",
		"Next: Crisis: over the brink, Winter 1935 is open. Orders are due from Germany.")
	g.want("Winter 1935: Germany's notice at the brink", g.notice(G, g.v), "ATTACK (war; the game ends) or BACK DOWN (27.81)")
	pub = g.round("Crisis: over the brink, Winter 1935", map[storm.Power]string{G: "ATTACK"}).pub
	g.want("Winter 1935: war", pub,
		"Germany's aggression against Austria: Germany attacks (order; rule 27.81).",
		"The crisis over Austria ends: war (rule 27.83).",
		"WAR: Britain and France declare war on Germany: war over Austria (rule 27.83).",
		"Threshold: Britain against Germany",
		"Next: End of game, Winter 1935 is open. Orders are due from Germany, Britain, Russia.")
	g.want("Winter 1935: Britain's notice at the end of the game", g.notice(B, g.v), "RESEARCH RADAR", "(33.21B)")
	final := g.round("End of game, Winter 1935", map[storm.Power]string{
		G: "RESEARCH GERMAN ARMOR 3\nRESEARCH GERMAN JETS ADVANCED", B: "RESEARCH RADAR", R: "PASS"})
	pub = final.pub
	g.want("the final report", pub,
		"The game has ended in ",
		"The Axis assign 3 final research points to German armor",
		"The Axis assign 1 final research point to German jets",
		"The Allies assign 1 final research point to Radar",
		"The game ends in Winter 1935: ", "Final victory points (rule 34)",
		"Two-way game: ", "Three-way game: ")
	for _, side := range []string{"The Axis", "The Allies", "Russia"} {
		if !regexp.MustCompile(regexp.QuoteMeta(side) + `: -?\d+ [+-]\d+ `).MatchString(pub) {
			t.Errorf("the final report has no total and lines for %s:\n%s", side, pub)
		}
	}
	lines := regexp.MustCompile(`[+-]\d+ [^()]+ \(rule 34\.\d+[A-Z]?\)`).FindAllString(pub, -1)
	for _, want := range []string{"(rule 34.21A)", "(rule 34.51A)", "(rule 34.52A)", "(rule 34.52B)"} {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasSuffix(l, want) }) {
			t.Errorf("the final victory points have no line %s: %q", want, lines)
		}
	}
	if !strings.Contains(final.subject, "the game has ended") {
		t.Errorf("the final report's subject is %q", final.subject)
	}
	for _, p := range storm.Powers {
		if n := g.notice(p, g.v); strings.Contains(n, "What you may order now (") {
			t.Errorf("%s's notice after the end of the game asks for orders:\n%s", p, n)
		}
	}
	last := g.v

	// An order after the end is refused and changes nothing.
	id = g.send(G, "AGGRESSION POLAND")
	if rc := g.receipt(G, id); !strings.Contains(rc, "NOT accepted; nothing was changed") ||
		!strings.Contains(rc, "The game ended with the war of Winter 1935 (rules 26.13, 33.11): no orders are taken any more.") {
		t.Errorf("an order after the end of the game: the receipt does not say the game has ended:\n%s", rc)
	}
	stop()
	db, err := store.Open(filepath.Join(dir, "stormjudge.db"), &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.View(func(tx *store.Tx) error {
		gm, err := tx.Game(sandboxGame)
		if err != nil {
			return err
		}
		if gm.Version != last {
			return fmt.Errorf("the store is at version %d after the order sent after the end, the final report at %d", gm.Version, last)
		}
		s, err := tx.State(sandboxGame, last)
		if err != nil {
			return err
		}
		if !s.Ended || s.War == nil {
			return fmt.Errorf("the final state is not ended by a war: ended %v, war %+v", s.Ended, s.War)
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
	if n, err := judge.New(db, nil).Replay(sandboxGame); err != nil {
		t.Errorf("replay: %v", err)
	} else if n != last {
		t.Errorf("replay checked %d versions, the game has %d", n, last)
	}
	t.Logf("%d versions played by email in %s", last, time.Since(start).Round(time.Millisecond))
}

// crisisGame plays the sandbox's demo game by email, one segment at a
// time; v is the open version (the one whose notices ask for orders).
type crisisGame struct {
	t          *testing.T
	imap, smtp string
	v          int
}

const crisisWait = 60 * time.Second

// has reports a mail of p's inbox that pred accepts (envelopes only).
func (g *crisisGame) has(p storm.Power, pred func(mailMsg) bool) bool {
	ms, err := readMailbox(g.imap, p.String()+"@"+sandboxDomain, p.String(), "INBOX", false)
	return err == nil && slices.ContainsFunc(ms, pred)
}

// waitVersion waits until every power has the public report and its
// private notice of version v.
func (g *crisisGame) waitVersion(v int) {
	g.t.Helper()
	for _, p := range storm.Powers {
		waitFor(g.t, fmt.Sprintf("%s's report and notice of version %d", p, v), crisisWait, func() bool {
			return g.has(p, func(m mailMsg) bool { return m.kind() == "public" && msgVersion(m) == v }) &&
				g.has(p, func(m mailMsg) bool { return m.kind() == "private" && msgVersion(m) == v })
		})
	}
}

// versioned fetches p's mail of the kind and version, flattened.
func (g *crisisGame) versioned(p storm.Power, kind string, v int) *mailMsg {
	g.t.Helper()
	m := fetchWhere(g.t, g.imap, p, func(m mailMsg) bool { return m.kind() == kind && msgVersion(m) == v })
	if m == nil {
		g.t.Fatalf("%s has no %s mail of version %d", p, kind, v)
	}
	m.Body = flat(m.Body)
	return m
}

func (g *crisisGame) notice(p storm.Power, v int) string {
	g.t.Helper()
	return g.versioned(p, "private", v).Body
}

// send mails p's orders to the judge; the Message-ID.
func (g *crisisGame) send(p storm.Power, body string) string {
	g.t.Helper()
	return sendOrder(g.t, g.smtp, p.String()+"@"+sandboxDomain, "orders",
		"GAME "+sandboxGame+"\nSECRET "+p.String()+"\n"+body+"\nEND\n")
}

// receipt waits for the receipt of the email id of p, flattened.
func (g *crisisGame) receipt(p storm.Power, id string) string {
	g.t.Helper()
	is := func(m mailMsg) bool { return m.kind() == "receipt" && m.InReplyTo == id }
	waitFor(g.t, fmt.Sprintf("%s's receipt", p), crisisWait, func() bool { return g.has(p, is) })
	return flat(fetchWhere(g.t, g.imap, p, is).Body)
}

// asked checks that the open version's notices ask exactly the powers
// for orders in segment ("Crisis: Axis response, Summer 1935").
func (g *crisisGame) asked(segment string, powers []storm.Power) {
	g.t.Helper()
	for _, p := range storm.Powers {
		n := g.notice(p, g.v)
		if slices.Contains(powers, p) {
			if !strings.Contains(n, "What you may order now ("+segment+")") {
				g.t.Fatalf("version %d: %s's notice does not ask for orders for %s:\n%s", g.v, p, segment, n)
			}
		} else if !strings.Contains(n, "Nothing: "+segment+" needs no orders from "+p.Title()+".") {
			g.t.Fatalf("version %d: %s's notice does not say that %s needs no orders from it:\n%s", g.v, p, segment, n)
		}
	}
}

// roundResult is what answered a round: the next version's public report
// (flattened) and subject, and each power's receipt (flattened).
type roundResult struct {
	pub, subject string
	receipts     map[storm.Power]string
}

// round plays the open segment: it checks that the notices ask exactly
// the powers of orders, sends their orders, checks that each is
// accepted, and waits for the next version's mails.
func (g *crisisGame) round(segment string, orders map[storm.Power]string) roundResult {
	g.t.Helper()
	var powers []storm.Power
	for _, p := range storm.Powers {
		if _, ok := orders[p]; ok {
			powers = append(powers, p)
		}
	}
	g.asked(segment, powers)
	ids := map[storm.Power]string{}
	for _, p := range powers {
		ids[p] = g.send(p, orders[p])
	}
	res := roundResult{receipts: map[storm.Power]string{}}
	for _, p := range powers {
		rc := g.receipt(p, ids[p])
		if !strings.Contains(rc, "Orders ACCEPTED for "+p.Title()+" in game "+sandboxGame+", for "+segmentTurnFirst(segment)) {
			g.t.Fatalf("version %d (%s): %s's %q not accepted:\n%s", g.v, segment, p, orders[p], rc)
		}
		res.receipts[p] = rc
	}
	g.v++
	g.waitVersion(g.v)
	m := g.versioned(storm.Germany, "public", g.v)
	res.pub, res.subject = m.Body, m.Subject
	g.t.Logf("version %d (%s): %q -> %s", g.v-1, segment, orders, res.subject)
	return res
}

// segmentTurnFirst turns "Crisis: Axis response, Summer 1935" into the
// receipt's "Summer 1935, Crisis: Axis response".
func segmentTurnFirst(segment string) string {
	i := strings.LastIndex(segment, ", ")
	return segment[i+2:] + ", " + segment[:i]
}

// want checks that text has every one of wants.
func (g *crisisGame) want(what, text string, wants ...string) {
	g.t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			g.t.Errorf("%s: no %q in:\n%s", what, w, text)
		}
	}
}
