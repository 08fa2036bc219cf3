package judge

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/publish"
	"stormjudge/store"
)

// hasAttachment: m carries a file named name.
func hasAttachment(m *store.Mail, name string) bool {
	return slices.ContainsFunc(m.Attachments, func(a store.Attachment) bool { return a.Name == name })
}

// TestDigestNoMailThatAsksNothing: the economic phase settled before its
// deadline, the powers the Axis' first round does not ask get no mail:
// neither the cancelled calendar event of the closed segment nor their
// own research points (which their receipts accepted) are a reason to
// write; the cancellation goes with their next mail.
func TestDigestNoMailThatAsksNothing(t *testing.T) {
	j, db := digestGameWith(t, time.Hour)
	for _, p := range storm.Powers {
		lines := "PASS"
		if p == storm.Britain {
			lines = "RESEARCH FRENCH ARMOR" // its side's free basic point (15.21, 15.23C): a private event
		}
		mustIngest(t, j, player(p, lines), Accepted)
	}
	g, s, _ := game(t, db, "demo")
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("at %s", s.Segment)
	}
	asked := adjudicator.Required(s)
	for _, p := range storm.Powers {
		d := mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/%s", g.Version, p))
		if slices.Contains(asked, p) != (len(d) == 1) || len(d) > 1 {
			t.Errorf("%s (asked: %v) got %d digests of the Axis' round", p, slices.Contains(asked, p), len(d))
		}
		if len(d) == 1 && !hasAttachment(d[0], "closed-deadline.ics") {
			t.Errorf("%s's digest does not cancel the closed segment's event", p)
		}
	}
	if gs := g.Seat(storm.Britain); len(gs.Cancels) != 1 {
		t.Fatalf("Britain's waiting cancellations: %d, want 1", len(gs.Cancels))
	}
	// Play on until Britain is asked: its digest carries the cancellation.
	for range 20 {
		g, s, _ = game(t, db, "demo")
		if d := mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/britain", g.Version)); len(d) == 1 {
			if !hasAttachment(d[0], "closed-deadline.ics") {
				t.Errorf("Britain's next digest (v%d) lacks the cancellation it waited for", g.Version)
			}
			if gs := g.Seat(storm.Britain); len(gs.Cancels) != 0 {
				t.Errorf("Britain's cancellations still wait after its digest: %d", len(gs.Cancels))
			}
			return
		}
		for _, p := range adjudicator.Required(s) {
			mustIngest(t, j, player(p, "PASS"), Accepted)
		}
	}
	t.Fatal("Britain was never mailed again")
}

// TestEveryPowerHearsTheWar: a game played by random orders to its end
// (war, 27.83 or 32.8): every power gets a mail at the version war broke
// out, asked or not; and every digest that asks nothing of its power
// carries news for it (event.NewsFor), the end of a turn, or a lead for
// everyone.
func TestEveryPowerHearsTheWar(t *testing.T) {
	j, db := digestGameWith(t, time.Hour)
	rng := rand.New(rand.NewPCG(1, 2))
	warAt := 0
	for range 400 {
		g, s, _ := game(t, db, "demo")
		if s.Ended {
			break
		}
		if warAt == 0 && s.War != nil {
			warAt = g.Version
		}
		for _, p := range adjudicator.Required(s) {
			var b strings.Builder
			for _, o := range adjudicator.RandomOrders(s, p, rng, 3) {
				fmt.Fprintln(&b, o.String())
			}
			if b.Len() == 0 {
				b.WriteString("PASS")
			}
			mustIngest(t, j, player(p, b.String()), Accepted)
		}
	}
	g, s, _ := game(t, db, "demo")
	if !s.Ended || s.War == nil {
		t.Fatalf("the game did not end in war (v%d, %s %s)", g.Version, s.Turn, s.Segment)
	}
	if warAt == 0 {
		warAt = g.Version
	}
	for _, p := range storm.Powers {
		if len(mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/%s", warAt, p))) != 1 {
			t.Errorf("%s got no mail when war broke out (v%d)", p, warAt)
		}
	}
	quiet := 0
	for v := 2; v <= g.Version; v++ {
		var vs storm.State
		var evs []event.Event
		if err := db.View(func(tx *store.Tx) error {
			var err error
			vs, evs, err = publish.LoadVersion(tx, "demo", v)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		turnOver := vs.Ended || slices.ContainsFunc(evs, func(e event.Event) bool { _, ok := e.(event.TurnEnded); return ok })
		for _, p := range storm.Powers {
			d := mailsWith(t, db, fmt.Sprintf("demo/v%d/digest/%s", v, p))
			if len(d) == 0 || slices.Contains(adjudicator.Required(vs), p) || turnOver {
				continue
			}
			quiet++
			if !slices.ContainsFunc(evs, func(e event.Event) bool { return event.NewsFor(e, p) }) {
				t.Errorf("v%d: %s's digest asks nothing and tells nothing new:\n%s", v, p, d[0].Body)
			}
		}
	}
	t.Logf("%d versions; %d digests that ask nothing, each with news", g.Version, quiet)
}
