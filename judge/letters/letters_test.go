package letters

import (
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// The words of letters the judge's tests do not all reach, byte for byte
// as the judge wrote them before they were letters.
const (
	pressCopy              = "Game demo, Spring 1935, Economic phase: press from Germany to Italy, Britain.\n\nHello\nthere {{.X}}\n\n-- \nA copy for the moderators (PRESS COPY ON). It is grey press: its recipients were not told that Germany sent it.\nstormjudge, Gathering Storm adjudicator\n"
	pressGrey              = "Game demo, Spring 1935, Economic phase: press from a power (grey press: the judge does not say which) to you.\n\nHello\nthere {{.X}}\n\n-- \nTo answer, send the judge PRESS TO and the powers, with your GAME and SECRET lines.\nstormjudge, Gathering Storm adjudicator\n"
	pressSigned            = "Game demo, Spring 1935, Economic phase: press from Germany to Italy, Britain.\n\nHello\nthere {{.X}}\n\n-- \nTo answer Germany, reply to this mail with your GAME and SECRET lines, a line PRESS and your message; to others, PRESS TO and the powers, e.g. PRESS TO GERMANY.\nstormjudge, Gathering Storm adjudicator\n"
	brakeMore              = "The judge refused more than 3 emails from this address within 7m, so it did not answer the later refusals one by one (this guards against two automatic mailers answering each other for ever). Each was handled as usual; here is what became of them:\n\n  2026-11-22 12:00:00 UTC  [demo: NOT ACCEPTED]  (not quoted)\n  2026-11-22 12:01:00 UTC  [NOT ACCEPTED]  hi\n  and 4 more.\n\nSTATUS tells where each game stands, and RESEND sends a report again. An email that failed its SECRET is not quoted: anyone may have written it.\n\n-- \nstormjudge, Gathering Storm adjudicator\n"
	brakeOff               = "The judge refused many emails from this address within 7m, so it did not answer the later refusals one by one (this guards against two automatic mailers answering each other for ever). Each was handled as usual; here is what became of them:\n\n  2026-11-22 12:00:00 UTC  [demo: NOT ACCEPTED]  (not quoted)\n  2026-11-22 12:01:00 UTC  [NOT ACCEPTED]  hi\n\nSTATUS tells where each game stands, and RESEND sends a report again. An email that failed its SECRET is not quoted: anyone may have written it.\n\n-- \nstormjudge, Gathering Storm adjudicator\n"
	undeliverableSensitive = "The judge could not deliver a mail of game demo and has stopped trying.\n\n  To:      a@b, c@d\n  Subject: S\n  Mail ID: demo/x\n  Queued:  2026-11-22T12:00:00Z\n\nThe mail server's reply:\n\n  550 no\n  such user\n\nOther mails to this address, still queued, will fail the same way (not reported again):\n\n  T (demo/y)\n  (2 more)\n\nSeat with this address: Germany, Italy. It is marked undeliverable (STATUS shows it). Until the address is fixed, that player receives no reports, notices or receipts; further mail to it that fails is not reported again.\nThe mail carried the player's secret; it was not kept, so the player needs a new secret: REPLACE sends one.\n\nHow to fix it: find out the player's working address, then send the judge an email from your address:\n\n  GAME demo\n  MODERATOR\n  SECRET <the game's moderators' secret>\n  REPLACE germany <the working address>\n  REPLACE italy <the working address>\n  END\n\nThe seat moves to the working address with a new secret, mailed there in a new welcome with the open segment's report and notice; the old secret stops working, and nothing more goes to the undeliverable address. The failed mails are not sent again.\n"
	undeliverable          = "The judge could not deliver a mail of game demo and has stopped trying.\n\n  To:      a@b, c@d\n  Subject: S\n  Mail ID: demo/x\n  Queued:  2026-11-22T12:00:00Z\n\nThe mail server's reply:\n\n  550 no\n  such user\n\nNo seat of the game has this address (a moderator's, an observer's or someone who wrote to the judge), so no seat is marked. The failed mail is not sent again; further mail to this address that fails is not reported again.\n"
)

// TestLettersBytes: a grey press's copy for the moderators, a grey and a
// signed press to a recipient, the receipt brake's summary with emails
// beyond those listed and with the brake off since, and the notice of an
// undeliverable mail with and without a secret and a seat.
func TestLettersBytes(t *testing.T) {
	p := &store.Press{Seq: 3, From: storm.Germany, To: []storm.Power{storm.Italy, storm.Britain}, Grey: true, Text: "Hello\nthere {{.X}}"}
	check := func(name, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s:\n%q\nwant\n%q", name, got, want)
		}
	}
	check("press copy", Press{Game: "demo", Turn: "Spring 1935", Segment: "Economic phase", Press: p, Copy: true}.Text(), pressCopy)
	check("grey press", Press{Game: "demo", Turn: "Spring 1935", Segment: "Economic phase", Press: p}.Text(), pressGrey)
	signed := *p
	signed.Grey = false
	check("signed press", Press{Game: "demo", Turn: "Spring 1935", Segment: "Economic phase", Press: &signed}.Text(), pressSigned)
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	r := &store.Brake{Held: []store.HeldMail{{Received: at, Outcome: "[demo: NOT ACCEPTED]"}, {Received: at.Add(time.Minute), Outcome: "[NOT ACCEPTED]", Subject: "hi"}}, HeldMore: 4}
	check("brake summary", BrakeSummary{Receipts: 3, Window: 7 * time.Minute, Brake: r}.Text(), brakeMore)
	r.HeldMore = 0
	check("brake summary, brake off", BrakeSummary{Window: 7 * time.Minute, Brake: r}.Text(), brakeOff)
	g := &store.Game{ID: "demo"}
	m := &store.Mail{ID: "demo/x", To: []string{"a@b", "c@d"}, Subject: "S", Created: at, LastError: "550 no\nsuch user", Sensitive: true}
	check("undeliverable", Undeliverable{Game: g, Mail: m, Powers: []storm.Power{storm.Italy, storm.Germany},
		Queued: []*store.Mail{{ID: "demo/y", Subject: "T"}}, More: 2}.Text(), undeliverableSensitive)
	m.Sensitive = false
	check("undeliverable, no seat", Undeliverable{Game: g, Mail: m}.Text(), undeliverable)
}

// TestHistoryVersionColumnAligned: HISTORY's version column is as wide as
// its widest version number, so that v9 and v10 start their turns in one
// column, and a line too long for the mail puts what made the version on
// a line of its own rather than be reflowed out of the column.
func TestHistoryVersionColumnAligned(t *testing.T) {
	g := &store.Game{ID: "demo", Version: 10}
	var h History
	h.Game = g
	s := storm.State{Turn: storm.Turn{Year: 1935, Season: storm.Spring}, Segment: storm.SegEconomic}
	for v := 8; v <= 10; v++ {
		prev := s
		h.Versions = append(h.Versions, Version{V: v, State: s, Prev: &prev})
	}
	h.Versions[2].Prev = &storm.State{Turn: s.Turn, Segment: storm.SegRandomEvents}
	want := "Versions of game demo (RESEND <version> sends a version's report and your notice again):\n" +
		"  (versions 0-7 left out)\n" +
		"  v8   Spring 1935, Economic phase  (the same segment, asked again)\n" +
		"  v9   Spring 1935, Economic phase  (the same segment, asked again)\n" +
		"  v10  Spring 1935, Economic phase\n" +
		"       (after Spring 1935, Random events phase)  <- open\n"
	if got := h.Text(); got != want {
		t.Errorf("HISTORY:\n%s\nwant:\n%s", got, want)
	}
}
