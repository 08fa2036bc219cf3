package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/store"
)

// TestSandboxPlaysRandomEventsByEmail runs the sandbox in process with the
// illustrative deck and plays whole turns by email only: each power reads
// its newest private notice over IMAP, sends the PLAY orders it offers for
// held secret events (9.41E) or PASS, and waits for the next report and
// notice. Then, with the daemon stopped, every mail delivered is checked
// against the stored event log version by version: the card turned face up
// is in every public report (9.12); a secret event is told to its holder
// and to nobody else until it is revealed or played (8.31); PLAY receipts
// say ACCEPTED and the event is played; and the stored game replays.
func TestSandboxPlaysRandomEventsByEmail(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("a whole game by email: the full run plays it (the race pass of the README's test command is -short)")
	}
	const (
		minTurns = 4
		maxTurns = 10 // more turns only while no PLAY or FREE order was accepted yet
		wait     = 60 * time.Second
	)
	dir := t.TempDir()
	imapAddr, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: dir, Deck: "../../testdata/decks/illustrative.toml"})

	inbox := func(owner string) []mailMsg {
		if owner == "gm" {
			return fetchAll(t, imapAddr, sandboxModerator, "gm", "INBOX")
		}
		return fetchAll(t, imapAddr, owner+"@"+sandboxDomain, owner, "INBOX")
	}
	// versionMails waits until every power has the public report and the
	// private notice of version v, and the moderator the public report.
	headers := func(p storm.Power) []mailMsg {
		ms, err := readMailbox(imapAddr, p.String()+"@"+sandboxDomain, p.String(), "INBOX", false)
		if err != nil {
			return nil
		}
		return ms
	}
	versionMails := func(v int) {
		for _, p := range storm.Powers {
			waitFor(t, fmt.Sprintf("%s's report and notice of version %d", p, v), wait, func() bool {
				ms := headers(p) // envelopes only: decoding every mail at every poll grows with the game
				return findVersioned(ms, "public", v) != nil && findVersioned(ms, "private", v) != nil
			})
		}
		waitFor(t, fmt.Sprintf("the moderator's report of version %d", v), wait, func() bool {
			return findVersioned(inbox("gm"), "public", v) != nil
		})
	}

	// The creation mails: version 1 opens the first economic phase.
	versionMails(1)

	var sent []sentOrders
	v := 1
	playsAccepted := 0
	var optionsAccepted []string // FREE and REASSIGN orders (18.41, 19.62, 19.73D, 15.24)
	// used reports an accepted FREE order of the kind (its first words).
	used := func(kind string) bool {
		return slices.ContainsFunc(optionsAccepted, func(l string) bool { return strings.HasPrefix(l, kind) })
	}
	for turn := 1; turn <= maxTurns && (turn <= minTurns || playsAccepted == 0 || !used("LAY DOWN") || !used("ACCELERATE")); turn++ {
		start := time.Now()
		var plays []string
		var turnSent []sentOrders
		for _, p := range storm.Powers {
			notice := fetchWhere(t, imapAddr, p, func(m mailMsg) bool { return m.kind() == "private" && msgVersion(m) == v })
			if notice == nil || msgVersion(*notice) != v {
				t.Fatalf("turn %d: %s's newest private notice is not of version %d: %+v", turn, p, v, notice)
			}
			cards, lines := offeredPlays(notice.Body)
			if p == storm.Britain && turn == 1 {
				// A ship under construction from the start, so that a
				// free acceleration (19.73D) has a ship to act on when
				// Britain's construction event comes.
				if l := cheapestLayDown(notice.Body); l != "" {
					lines = append(lines, l)
				}
			}
			body := "PASS"
			if len(lines) > 0 {
				for _, l := range lines {
					plays = append(plays, fmt.Sprintf("%s %s", p, l))
				}
				body = strings.Join(lines, "\n") // PLAY alone is a set of orders; PASS with orders is an error
			}
			id := sendOrder(t, smtpAddr, p.String()+"@"+sandboxDomain, fmt.Sprintf("turn %d orders", turn),
				"GAME "+sandboxGame+"\nSECRET "+p.String()+"\n"+body+"\nEND\n")
			turnSent = append(turnSent, sentOrders{Power: p, Version: v, Plays: cards, Lines: lines, MessageID: id})
		}
		for _, o := range turnSent {
			waitFor(t, fmt.Sprintf("turn %d: %s's receipt", turn, o.Power), wait, func() bool {
				return findReceipt(headers(o.Power), o.MessageID) != nil
			})
		}
		versionMails(v + 1)
		// (d) The receipts of PLAY orders say ACCEPTED and echo the cards.
		for i, o := range turnSent {
			rc := fetchWhere(t, imapAddr, o.Power, func(m mailMsg) bool { return m.kind() == "receipt" && m.InReplyTo == o.MessageID })
			turnSent[i].Receipt = rc.Body
			if len(o.Lines) == 0 {
				continue
			}
			ok := strings.Contains(rc.Body, "Orders ACCEPTED")
			for _, l := range o.Lines {
				ok = ok && strings.Contains(flat(rc.Body), l)
			}
			if !ok {
				t.Errorf("turn %d: %s's orders %q were not accepted:\n%s", turn, o.Power, o.Lines, rc.Body)
				continue
			}
			playsAccepted += len(o.Plays)
			for _, l := range o.Lines {
				if strings.HasSuffix(l, " FREE") || strings.Contains(l, " REASSIGN ") {
					optionsAccepted = append(optionsAccepted, l)
				}
			}
		}
		sent = append(sent, turnSent...)
		t.Logf("turn %d (version %d -> %d): %s, orders %v", turn, v, v+1, time.Since(start).Round(time.Millisecond), plays)
		v++
	}
	last := v

	// Every mail delivered, before the daemon and its mail server stop.
	owners := []string{"gm"}
	for _, p := range storm.Powers {
		owners = append(owners, p.String())
	}
	boxes := map[string][]mailMsg{}
	for _, o := range owners {
		boxes[o] = inbox(o)
	}
	stop()

	db, err := store.Open(filepath.Join(dir, "stormjudge.db"), &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	logs := map[int][]event.Event{}
	states := map[int]storm.State{}
	if err := db.View(func(tx *store.Tx) error {
		g, err := tx.Game(sandboxGame)
		if err != nil {
			return err
		}
		if g.Version != last {
			return fmt.Errorf("the store is at version %d, the mails at %d", g.Version, last)
		}
		for u := 1; u <= last; u++ {
			b, err := tx.Events(sandboxGame, u)
			if err != nil {
				return err
			}
			if logs[u], err = event.UnmarshalEvents(b); err != nil {
				return fmt.Errorf("version %d: %w", u, err)
			}
			if states[u], err = tx.State(sandboxGame, u); err != nil {
				return err
			}
		}
		return store.Check(tx)
	}); err != nil {
		t.Fatal(err)
	}

	// Place every mail in the version it belongs to: reports and notices by
	// their Message-ID (judge.enqueue), receipts by the orders they answer,
	// welcomes in the creation (version 1).
	orderVersion := map[string]int{}
	for _, o := range sent {
		orderVersion[o.MessageID] = o.Version
	}
	type placed struct {
		mailMsg
		owner   string
		version int
	}
	var all []placed
	for _, o := range owners {
		for _, m := range boxes[o] {
			u := msgVersion(m)
			switch m.kind() {
			case "receipt":
				u = orderVersion[m.InReplyTo]
			case "welcome":
				u = 1
			}
			if u < 1 || u > last {
				t.Errorf("%s's mail %s (%s, %q) belongs to no version of the game", o, m.MessageID, m.kind(), m.Subject)
				continue
			}
			all = append(all, placed{m, o, u})
		}
	}
	// One report per mailbox and version, one notice per power and version.
	for u := 1; u <= last; u++ {
		for _, o := range owners {
			want := map[string]int{"public": 1, "private": 1}
			if o == "gm" {
				want["private"] = 0
			}
			for kind, n := range want {
				got := 0
				for _, m := range boxes[o] {
					if m.kind() == kind && msgVersion(m) == u {
						got++
					}
				}
				if got != n {
					t.Errorf("version %d: %s received %d %s mail(s), want %d", u, o, got, kind, n)
				}
			}
		}
	}

	// (a) The card turned face up is named in every public report of its
	// version (9.12).
	turned := 0
	for u := 1; u <= last; u++ {
		for _, e := range logs[u] {
			c, ok := e.(event.EventCardTurned)
			if !ok {
				continue
			}
			turned++
			for _, m := range all {
				if m.version != u || m.kind() != "public" {
					continue
				}
				body := flat(m.Body)
				if !strings.Contains(body, fmt.Sprintf("card %d turned face up", c.Card)) || !strings.Contains(body, strconv.Quote(c.Title)) {
					t.Errorf("version %d: %s's public report does not name card %d %q turned face up:\n%s", u, m.owner, c.Card, c.Title, m.Body)
				}
			}
		}
	}
	if turned < last {
		t.Errorf("%d cards turned face up in %d versions: want one a version (each opens a turn)", turned, last)
	}

	// (b) A secret event is told to its holder, and to nobody else until it
	// is revealed (8.31); its reveal is public.
	held := 0
	for v := 1; v <= last; v++ {
		for i, e := range logs[v] {
			h, ok := e.(event.SecretEventHeld)
			if !ok {
				continue
			}
			held++
			what := fmt.Sprintf("version %d: %s's secret event, card %d %q", v, h.Power, h.Card, h.Title)
			cardRef := regexp.MustCompile(fmt.Sprintf(`\bcard %d\b`, h.Card))
			secretIn := func(body string, byNumber bool) bool {
				b := flat(body)
				return strings.Contains(b, flat(h.Title)) || (h.Text != "" && strings.Contains(b, flat(h.Text))) ||
					(byNumber && cardRef.MatchString(b))
			}
			notice := findVersioned(boxes[h.Power.String()], "private", v)
			if notice == nil {
				t.Errorf("%s: the holder has no notice of that version", what)
			} else if b := flat(notice.Body); !strings.Contains(b, strconv.Quote(h.Title)) || !strings.Contains(b, flat(h.Text)) ||
				!cardRef.MatchString(b) {
				t.Errorf("%s: the holder's notice does not tell it:\n%s", what, notice.Body)
			}
			// The reveal: the first RandomEventApplied of the same card
			// and power, secret, after the deal.
			reveal, revealIdx := last+1, -1
		find:
			for u := v; u <= last; u++ {
				for k, e := range logs[u] {
					if a, ok := e.(event.RandomEventApplied); ok && a.Secret && a.Card == h.Card && a.Power == h.Power && (u > v || k > i) {
						reveal, revealIdx = u, k
						break find
					}
				}
			}
			// The same card may have been revealed earlier in the deal's
			// own version (turn end, reshuffle, dealt again to the same
			// power): that version's public report names it honestly.
			// Likewise the same card drawn by another power last turn and
			// revealed now: its number is public, not this event.
			earlierCard, earlierReveal := false, false
			for _, e := range logs[v][:i] {
				if a, ok := e.(event.RandomEventApplied); ok && a.Card == h.Card {
					earlierCard = true
					earlierReveal = earlierReveal || a.Power == h.Power
				}
			}
			for _, m := range all {
				if m.version < v || m.version >= reveal {
					continue
				}
				own := m.owner == h.Power.String()
				if own && m.kind() != "public" {
					continue // the holder's notices and receipts
				}
				early := m.kind() == "public" && m.version == v
				if early && earlierReveal {
					continue
				}
				if secretIn(m.Body, !(early && earlierCard)) {
					t.Errorf("%s (%s) leaks into %s's %s mail %s of version %d:\n%s",
						what, revealedIn(reveal, last), m.owner, m.kind(), m.MessageID, m.version, m.Body)
				}
			}
			if reveal > last {
				t.Logf("%s: still held at the end", what)
				continue
			}
			a := logs[reveal][revealIdx].(event.RandomEventApplied)
			t.Logf("%s: %s in version %d", what, a.How, reveal)
			for _, m := range all {
				if m.version == reveal && m.kind() == "public" && !strings.Contains(flat(m.Body), strconv.Quote(h.Title)) {
					t.Errorf("%s: revealed in version %d, but %s's public report of that version does not name it:\n%s",
						what, reveal, m.owner, m.Body)
				}
			}
		}
	}

	// The notice offers PLAY for exactly the playable secret events held
	// (9.41E) and the research and construction events of the economic
	// phase (15.32), and each accepted PLAY is played in the next version.
	for _, o := range sent {
		var want []int
		for _, h := range adjudicator.PlayableEvents(states[o.Version], o.Power) {
			want = append(want, h.Card)
		}
		slices.Sort(want)
		got := slices.Clone(o.Plays)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("version %d: %s's notice offers PLAY %v, but it holds playable secret events %v", o.Version, o.Power, got, want)
		}
		if !strings.Contains(o.Receipt, "Orders ACCEPTED") {
			continue
		}
		for _, c := range o.Plays {
			found := false
			for _, e := range logs[o.Version+1] {
				if a, ok := e.(event.RandomEventApplied); ok && a.Card == c && a.Power == o.Power && strings.HasPrefix(a.How, "played") {
					found = true
				}
			}
			if !found {
				t.Errorf("version %d: %s's PLAY %d was accepted but not played in version %d", o.Version, o.Power, c, o.Version+1)
			}
		}
	}

	// (c) Not vacuous.
	if held == 0 {
		t.Errorf("no secret event was held in %d versions: nothing checked", last)
	}
	if playsAccepted == 0 {
		t.Errorf("no PLAY order was accepted in %d turns: the seed %d and the illustrative deck dealt no playable secret event, or PLAY is refused",
			last-1, sandboxSeed)
	}
	t.Logf("%d versions, %d cards turned, %d secret events held, %d PLAY orders accepted, options used: %q", last, turned, held, playsAccepted, optionsAccepted)
	// Not vacuous: a research event's choice was played and a free
	// option of a construction event used (15.32, 18.41, 19.62, 19.73D).
	chose := false
	for _, o := range sent {
		for _, l := range o.Lines {
			chose = chose || (strings.HasPrefix(l, "PLAY ") && strings.Contains(l, ":"))
		}
	}
	if !chose || !used("LAY DOWN") || !used("ACCELERATE") {
		t.Errorf("no PLAY with chosen projects (%v), or no free ship or free acceleration (%q) accepted in %d turns", chose, optionsAccepted, last-1)
	}
	// No economic effect was left pending (issue: only diplomatic ones).
	for u := 1; u <= last; u++ {
		for _, e := range logs[u] {
			a, ok := e.(event.RandomEventApplied)
			if !ok {
				continue
			}
			for _, out := range a.Outcomes {
				if out.Pending != "" && out.Pending != "diplomacy" {
					t.Errorf("version %d: card %d's %s effect is pending %q", u, a.Card, out.Kind, out.Pending)
				}
			}
		}
	}

	// (e) The stored game replays from its orders.
	n, err := judge.New(db, nil).Replay(sandboxGame)
	if err != nil {
		t.Errorf("replay: %v", err)
	} else if n != last {
		t.Errorf("replay checked %d versions, the game has %d", n, last)
	}
}

func revealedIn(reveal, last int) string {
	if reveal > last {
		return "not revealed yet"
	}
	return fmt.Sprintf("revealed in version %d", reveal)
}

// sentOrders is one order email of the test and what answered it.
type sentOrders struct {
	Power     storm.Power
	Version   int      // the version open when it was sent
	Plays     []int    // the cards played; none: PASS
	Lines     []string // the order lines sent
	MessageID string
	Receipt   string
}

// versionedID matches the Message-ID of a report or notice:
// judge.enqueue makes it from the outbox ID "demo/v<N>/public/<addr>" or
// "demo/v<N>/private/<power>" (sanitizeID: '/' and '@' become '.').
var versionedID = regexp.MustCompile(`^<` + sandboxGame + `\.v(\d+)\.(public|private)\.`)

// msgVersion is the version of a report or notice; 0 for other mail.
func msgVersion(m mailMsg) int {
	sm := versionedID.FindStringSubmatch(m.MessageID)
	if sm == nil {
		return 0
	}
	n, _ := strconv.Atoi(sm[1])
	return n
}

func findVersioned(ms []mailMsg, kind string, v int) *mailMsg {
	for i, m := range ms {
		if m.kind() == kind && msgVersion(m) == v {
			return &ms[i]
		}
	}
	return nil
}

func findReceipt(ms []mailMsg, inReplyTo string) *mailMsg {
	for i, m := range ms {
		if m.kind() == "receipt" && m.InReplyTo == inReplyTo {
			return &ms[i]
		}
	}
	return nil
}

// offerLine is an option under "What you may order now" in a private
// notice (report.orderNext), padded, then its cost: a PLAY (with the
// projects it chooses), a FREE order of a random event (18.41, 19.62,
// 19.73D) or a REASSIGN of a random event's surplus (15.24), with the
// lines to send with it ("  + ...").
var offerLine = regexp.MustCompile(`(?m)^((PLAY (\d+)(?::[^\n]*?)?)|([A-Z][A-Z0-9 ]* FREE)|(RESEARCH [A-Z0-9 -]* REASSIGN \d+)) +cost \d+ tile points?\n((?:  \+ [^\n]*\n)*)`)

var layDownLine = regexp.MustCompile(`(?m)^(LAY DOWN [A-Z0-9 ,-]+?) +cost (\d+) tile points?`)

// cheapestLayDown is the cheapest LAY DOWN line (not FREE) a notice offers.
func cheapestLayDown(body string) string {
	best, cost := "", 0
	for _, m := range layDownLine.FindAllStringSubmatch(body, -1) {
		if strings.HasSuffix(m[1], " FREE") {
			continue
		}
		if n, _ := strconv.Atoi(m[2]); best == "" || n < cost {
			best, cost = m[1], n
		}
	}
	return best
}

// offeredPlays returns the cards a private notice offers to PLAY.
func offeredPlays(body string) (cards []int, lines []string) {
	kinds := map[string]bool{}
	for _, sm := range offerLine.FindAllStringSubmatch(body, -1) {
		line := strings.TrimSpace(sm[1])
		if sm[3] != "" {
			n, _ := strconv.Atoi(sm[3])
			cards = append(cards, n)
			lines = append(lines, line)
			continue
		}
		// One FREE order of each kind and one reassignment: together
		// they fit what the events give.
		kind := strings.Fields(line)[0]
		if sm[5] != "" {
			kind = "REASSIGN"
		}
		if kinds[kind] {
			continue
		}
		kinds[kind] = true
		lines = append(lines, line)
		for _, w := range strings.Split(strings.TrimRight(sm[6], "\n"), "\n") {
			if w = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(w), "+")); w != "" {
				lines = append(lines, w)
			}
		}
	}
	return cards, lines
}

// flat joins a mail's lines: the reports wrap at 72 characters.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
