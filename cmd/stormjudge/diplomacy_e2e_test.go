package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/storm"
)

// TestSandboxPlaysDiplomacyByEmail runs the sandbox with -diplomacy and
// the intrigue deck (testdata/decks/intrigue.toml: a Spanish civil war from
// the first turn, a covert operation for Germany) and plays two turns by
// email: PASS in the economic phase; in each placement round (24.55) every
// power whose notice asks for orders sends the first DIPLOMATIC line it
// offers; Germany adds a covert operation with its first round. It checks
// over IMAP that a round's public reports name locations and commitments
// but never a value (24.54C), that each placing power's notice has its own
// values and salt, that every commitment published in a round opens with
// the values and salt the resolution publishes (docs/diplomacy.md), that
// the covert operation is conducted (16.16A) and that the civil war breaks
// out, is fought and ends (25).
func TestSandboxPlaysDiplomacyByEmail(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("a whole game by email: the full run plays it (the race pass of the README's test command is -short)")
	}
	const wait = 60 * time.Second
	imapAddr, smtpAddr, _ := startSandbox(t, sandboxOptions{Dir: t.TempDir(), Diplomacy: true, Deck: "../../testdata/decks/intrigue.toml"})
	heading := regexp.MustCompile(`What you may order now \(([^,]+(?:, [a-z]+ round)?), ((?:Spring|Summer|Fall|Winter) \d{4})\)`)
	offered := regexp.MustCompile(`(?m)^(DIPLOMATIC [A-Z/ ]+ \d) +cost`)
	pick := map[storm.Power]int{storm.Germany: 0, storm.Italy: 2, storm.Russia: 0, storm.Britain: 1, storm.France: 3}
	commitRe := regexp.MustCompile(`Commitment of (\w+): ([0-9a-f]{64})`)
	// The mailboxes are read by envelope while waiting, and only the
	// mails the test reads are fetched whole (the reports carry pictures,
	// and decoding every mail at every poll is slow under -race).
	noticeOf := func(p storm.Power, v int) *mailMsg {
		return fetchWhere(t, imapAddr, p, func(m mailMsg) bool { return m.kind() == "private" && msgVersion(m) == v })
	}
	has := func(p storm.Power, pred func(mailMsg) bool) bool {
		ms, err := readMailbox(imapAddr, p.String()+"@"+sandboxDomain, p.String(), "INBOX", false)
		return err == nil && slices.ContainsFunc(ms, pred)
	}
	hasVersioned := func(p storm.Power, kind string, v int) bool {
		return has(p, func(m mailMsg) bool { return m.kind() == kind && msgVersion(m) == v })
	}
	var commitments []publishedCommitment
	seen := map[string]bool{}
	sealed := map[storm.Power][]string{} // "Country n" lines of each power's notices
	rounds, resolutions := 0, 0
	standingSent, standingPlaced := 0, 0
	v := 1
	for turnsDone := 0; turnsDone < 2 && v < 30; v++ {
		for _, p := range storm.Powers {
			waitFor(t, fmt.Sprintf("%s's notice of version %d", p, v), wait, func() bool { return hasVersioned(p, "private", v) })
		}
		if v == 1 { // the game's first report: the random events phase (25.31A)
			waitFor(t, "the first public report", wait, func() bool { return hasVersioned(storm.Germany, "public", 1) })
			if first := flat(fetchWhere(t, imapAddr, storm.Germany, func(m mailMsg) bool { return m.kind() == "public" && msgVersion(m) == 1 }).Body); strings.Contains(first, "Civil war in Spain (rule 25.31A)") {
				seen["Civil war in Spain (rule 25.31A)"] = true
			}
		}
		var sent []string
		segment := ""
		for _, p := range storm.Powers {
			n := noticeOf(p, v)
			m := heading.FindStringSubmatch(flat(n.Body))
			if m == nil {
				continue // nothing to order
			}
			segment = m[1]
			body := "PASS"
			// A different offered target for each power, so that counters
			// meet in some targets and not in others.
			if os := offered.FindAllStringSubmatch(n.Body, -1); len(os) > 0 && strings.HasPrefix(segment, "Diplomacy") {
				body = os[pick[p]%len(os)][1]
			}
			if p == storm.Germany && strings.HasPrefix(segment, "Diplomacy: Axis, first round") && turnsDone == 0 {
				// 16.16A: the covert operation the deck's event gave,
				// sent in advance for the covert segment.
				body += "\nCOVERT POLAND"
				if !strings.Contains(flat(n.Body), "covert operation") {
					t.Errorf("Germany's notice does not tell it of its covert operation:\n%s", n.Body)
				}
			}
			if p == storm.Britain && segment == "Economic phase" {
				// A standing order for the Allied round, sent with the
				// economic email: that round will not wait for Britain.
				body = "PASS\nFOR ALLIES\nDIPLOMATIC NORWAY 1"
				standingSent++
			}
			id := sendOrder(t, smtpAddr, p.String()+"@"+sandboxDomain, "orders",
				"GAME "+sandboxGame+"\nSECRET "+p.String()+"\n"+body+"\nEND\n")
			waitFor(t, fmt.Sprintf("%s's receipt", p), wait, func() bool {
				return has(p, func(m mailMsg) bool { return m.kind() == "receipt" && m.InReplyTo == id })
			})
			if rc := fetchWhere(t, imapAddr, p, func(m mailMsg) bool { return m.kind() == "receipt" && m.InReplyTo == id }); !strings.Contains(rc.Body, "Orders ACCEPTED") {
				t.Fatalf("version %d: %s's %q not accepted:\n%s", v, p, body, rc.Body)
			}
			sent = append(sent, p.String()+": "+body)
		}
		if len(sent) == 0 {
			t.Fatalf("version %d: nobody is asked for orders", v)
		}
		t.Logf("version %d (%s): %v", v, segment, sent)
		// The next version's mails.
		next := v + 1
		for _, p := range storm.Powers {
			waitFor(t, fmt.Sprintf("%s's report of version %d", p, next), wait, func() bool {
				return hasVersioned(p, "public", next) && hasVersioned(p, "private", next)
			})
		}
		pub := flat(fetchWhere(t, imapAddr, storm.Germany, func(m mailMsg) bool { return m.kind() == "public" && msgVersion(m) == next }).Body)
		notices := map[storm.Power]string{}
		for _, p := range storm.Powers {
			notices[p] = flat(noticeOf(p, next).Body)
		}
		if strings.Contains(pub, "Britain places a diplomatic counter in Norway") {
			standingPlaced++
		}
		revealed := strings.Contains(pub, "The diplomatic counters revealed")
		for _, p := range storm.Powers {
			own := notices[p]
			if i := strings.Index(own, "Your sealed diplomatic counters: "); i >= 0 {
				line := own[i+len("Your sealed diplomatic counters: "):]
				line = line[:strings.Index(line, ".")]
				sealed[p] = append(sealed[p], strings.Split(line, ", ")...)
				if !revealed {
					for _, s := range strings.Split(line, ", ") {
						for _, q := range storm.Powers {
							if q != p && strings.Contains(notices[q], s+".") {
								t.Errorf("version %d: %s's sealed %q is in %s's notice", next, p, s, q)
							}
						}
						if strings.Contains(diplomaticPart(pub), s) {
							t.Errorf("version %d: %s's sealed %q is in the public report before the resolution", next, p, s)
						}
					}
				}
			}
		}
		for _, m := range commitRe.FindAllStringSubmatch(pub, -1) {
			p, _ := storm.ParsePower(m[1])
			round := storm.SegDiplomacyAxis1
			for _, seg := range []storm.Segment{storm.SegDiplomacyAxis1, storm.SegDiplomacyRussia, storm.SegDiplomacyAllies, storm.SegDiplomacyAxis2} {
				if strings.HasPrefix(segment, seg.Title()) || segment == seg.Title() {
					round = seg
				}
			}
			commitments = append(commitments, publishedCommitment{power: p, round: round, hash: m[2]})
			rounds++
		}
		if revealed {
			resolutions++
			checkOpened(t, pub, commitments)
			commitments = nil
		}
		for _, want := range []string{"Civil war in Spain (rule 25.31A)", "covert operation in Poland: +1 for Germany", "Civil war in Spain: government", "The civil war ends"} {
			if strings.Contains(pub, want) {
				seen[want] = true
			}
		}
		if strings.Contains(pub, "Spring 1935 ends") || strings.Contains(pub, "Summer 1935 ends") || strings.Contains(pub, "Fall 1935 ends") {
			turnsDone++
		}
	}
	for _, want := range []string{"Civil war in Spain (rule 25.31A)", "covert operation in Poland: +1 for Germany", "Civil war in Spain: government", "The civil war ends"} {
		if !seen[want] {
			t.Errorf("no public report says %q", want)
		}
	}
	if standingSent == 0 || standingPlaced < standingSent {
		t.Errorf("Britain sent %d standing orders for the Allied round with its economic email; %d were placed", standingSent, standingPlaced)
	}
	if rounds == 0 || resolutions < 2 {
		t.Errorf("%d commitments published, %d resolutions in the turns played: want at least one and two", rounds, resolutions)
	}
	for _, p := range []storm.Power{storm.Germany, storm.Russia, storm.Britain} {
		if len(sealed[p]) == 0 {
			t.Errorf("%s's notices never told it its sealed counters", p)
		}
	}
}

// fetchWhere fetches whole the first message of p's inbox whose envelope
// pred accepts, and decodes its text (mailText); nil when there is none.
func fetchWhere(t *testing.T, imapAddr string, p storm.Power, pred func(mailMsg) bool) *mailMsg {
	t.Helper()
	ms, err := readMailboxWhere(imapAddr, p.String()+"@"+sandboxDomain, p.String(), "INBOX", pred, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 {
		return nil
	}
	ms[0].Body = mailText(t, ms[0].Body)
	return &ms[0]
}

// diplomaticPart is the diplomatic phase's part of a flattened public
// report: from its heading to the report's tables (whose flag counts may
// read like a value, "Poland 2 France").
func diplomaticPart(pub string) string {
	i := strings.Index(pub, ": Diplomatic phase")
	if i < 0 {
		return ""
	}
	rest := pub[i:]
	for _, end := range []string{"Tracks", "Balance of power (rule 20", "Diplomatic targets (rule 24.21)"} {
		if j := strings.Index(rest, end); j >= 0 {
			rest = rest[:j]
		}
	}
	return rest
}

// publishedCommitment is a commitment as a round's public report shows it.
type publishedCommitment struct {
	power storm.Power
	round storm.Segment
	hash  string
}

// checkOpened opens each commitment with the values and salts of the
// resolution report (docs/diplomacy.md).
func checkOpened(t *testing.T, pub string, commitments []publishedCommitment) {
	t.Helper()
	turnRe := regexp.MustCompile(`((?:Spring|Summer|Fall|Winter) \d{4}): Diplomatic phase`)
	tm := turnRe.FindStringSubmatch(pub)
	if tm == nil {
		t.Fatalf("no diplomatic phase heading in:\n%s", pub)
	}
	var turn storm.Turn
	for _, season := range []storm.Season{storm.Spring, storm.Summer, storm.Fall, storm.Winter} {
		for y := 1935; y <= 1945; y++ {
			if c := (storm.Turn{Year: y, Season: season}); c.String() == tm[1] {
				turn = c
			}
		}
	}
	rowRe := regexp.MustCompile(`(Germany|Italy|Britain|France|Russia) (Axis, first round|Russia|Allies|Axis, second round) ([A-Z][A-Za-z/]+) (\d)`)
	saltRe := regexp.MustCompile(`(Germany|Italy|Britain|France|Russia), (Axis, first round|Russia|Allies|Axis, second round): salt ([0-9a-f]+)`)
	roundOf := map[string]storm.Segment{"Axis, first round": storm.SegDiplomacyAxis1, "Russia": storm.SegDiplomacyRussia,
		"Allies": storm.SegDiplomacyAllies, "Axis, second round": storm.SegDiplomacyAxis2}
	placed := map[string][]storm.Placement{}
	i := strings.Index(pub, "The diplomatic counters revealed")
	for _, m := range rowRe.FindAllStringSubmatch(pub[i:], -1) {
		p, _ := storm.ParsePower(m[1])
		n := int(m[4][0] - '0')
		placed[m[1]+"/"+m[2]] = append(placed[m[1]+"/"+m[2]], storm.Placement{Power: p, Country: m[3], Strength: n, Round: roundOf[m[2]]})
	}
	opened := 0
	for _, m := range saltRe.FindAllStringSubmatch(pub, -1) {
		p, _ := storm.ParsePower(m[1])
		round := roundOf[m[2]]
		got := diplomacy.CommitmentHash(turn, p, round, placed[m[1]+"/"+m[2]], m[3])
		found := false
		for _, c := range commitments {
			found = found || (c.power == p && c.hash == got)
		}
		if !found {
			t.Errorf("%s %s: the revealed values and salt hash to %s, which no round published (%+v)", p, round, got, commitments)
		}
		opened++
	}
	if opened != len(commitments) {
		t.Errorf("%d commitments published, %d opened at the resolution", len(commitments), opened)
	}
}
