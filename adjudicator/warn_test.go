package adjudicator_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
)

// mailOrders parses body as p's order email (orders.Parse, as send),
// unchecked.
func mailOrders(t *testing.T, p storm.Power, body string) []storm.Order {
	t.Helper()
	sub, err := send(p, strings.Split(strings.TrimSpace(body), "\n"))
	if err != nil {
		t.Fatal(err)
	}
	return sub.Orders
}

// oneRefusal is Validate's only error for os, which must have rule.
func oneRefusal(t *testing.T, s storm.State, p storm.Power, os []storm.Order, rule string) storm.OrderError {
	t.Helper()
	errs := adjudicator.Validate(s, p, os)
	if len(errs) != 1 || errs[0].Rule != rule {
		t.Fatalf("want one refusal of rule %s, got %v", rule, errs)
	}
	return errs[0]
}

// applyFix makes e's fix in os (madeFix): its lines read back as the
// orders package reads an email.
func applyFix(t *testing.T, p storm.Power, os []storm.Order, e storm.OrderError) []storm.Order {
	t.Helper()
	if e.Fix == nil {
		t.Fatalf("%v: no fix", e)
	}
	out, err := madeFix(p, os, e)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRule24_56GZeroStrengthRefusedAtSubmission: a 0 counter sent for a
// later round is refused when it is sent if it can be no bluff there
// (24.56G): the power's own orders of the email leave it no other counter,
// or no tile point and nothing can bring one; the fix leaves the line out.
// Where a stronger counter is left and paid for, the 0 counter is a legal
// bluff and stands.
func TestRule24_56GZeroStrengthRefusedAtSubmission(t *testing.T) {
	s := mailGame(t, 1) // France: 2 x 2, 2 x 1, 1 x 0 and 4 tile points
	research := "RESEARCH COUNTER 2\nRESEARCH FRENCH ARMOR\nRESEARCH FRENCH MAGINOT LINE\n"
	bluff := mailOrders(t, storm.France, research+"FOR ALLIES\nDIPLOMATIC POLAND 0")
	if errs := adjudicator.Validate(s, storm.France, bluff); len(errs) > 0 {
		t.Fatalf("a bluff with a 2 and two 1 counters left and 2 tile points: %v", errs)
	}
	if ws := adjudicator.Warn(s, storm.France, bluff); len(ws) > 0 {
		t.Errorf("a legal bluff warned: %v", ws)
	}
	// No other counter left: the email's research takes the 2s and 1s.
	spent := s.Clone()
	ps := spent.Powers[storm.France]
	ps.Used = storm.ActivityCounters{Two: 1, One: 2}
	os := mailOrders(t, storm.France, research+"FOR ALLIES\nDIPLOMATIC POLAND 0")
	e := oneRefusal(t, spent, storm.France, os, "24.56G")
	if !strings.Contains(e.Msg, "no other counter is left") || e.Fix == nil || !e.Fix.Drop {
		t.Errorf("the refusal: %v, fix %+v", e, e.Fix)
	}
	if errs := adjudicator.Validate(spent, storm.France, applyFix(t, storm.France, os, e)); len(errs) > 0 {
		t.Errorf("the fix made, still refused: %v", errs)
	}
	// A counter left but no tile point for it, and no partner to send one.
	poor := s.Clone()
	poor.Powers[storm.France].TilePoints = 0
	os = mailOrders(t, storm.France, "FOR ALLIES\nDIPLOMATIC POLAND 0")
	if e := oneRefusal(t, poor, storm.France, os, "24.56G"); !strings.Contains(e.Msg, "no tile point") {
		t.Errorf("the refusal: %v", e)
	}
}

// TestRule24_51StandingCounterNotLeftRefused: a diplomatic counter sent
// for a later round must be among the counters the earlier segments
// leave (24.51): those the email's economic orders and its counters for
// earlier rounds use are gone. Refused with the strongest counter left as
// the fix; sent in an email of its own, after orders that use the
// counter, it is accepted with a warning (Warn on the orders as the judge
// keeps them; ValidateKept, the check of kept orders, does not refuse
// them).
func TestRule24_51StandingCounterNotLeftRefused(t *testing.T) {
	s := mailGame(t, 1)
	s.Powers[storm.France].TilePoints = 10
	research := "RESEARCH COUNTER 2\nRESEARCH FRENCH ARMOR\nRESEARCH FRENCH MAGINOT LINE\n"
	os := mailOrders(t, storm.France, research+"FOR ALLIES\nDIPLOMATIC POLAND 2\nDIPLOMATIC RUMANIA 2")
	e := oneRefusal(t, s, storm.France, os, "24.51")
	if !strings.Contains(e.Msg, "no 2 counter left for Diplomacy: Allies: the counters left then are 2 x 1, 1 x 0") {
		t.Errorf("the refusal: %v", e)
	}
	if e.Fix == nil || len(e.Fix.Replace) != 1 || e.Fix.Replace[0] != "DIPLOMATIC RUMANIA 1" {
		t.Fatalf("the fix: %+v", e.Fix)
	}
	if errs := adjudicator.Validate(s, storm.France, applyFix(t, storm.France, os, e)); len(errs) > 0 {
		t.Errorf("the fix made, still refused: %v", errs)
	}
	// Germany's second Axis round after its first: the 3 is gone.
	axis := mailOrders(t, storm.Germany, "FOR AXIS 1\nDIPLOMATIC AUSTRIA 3\nFOR AXIS 2\nDIPLOMATIC HUNGARY 3")
	if e := oneRefusal(t, s, storm.Germany, axis, "24.51"); e.Index != 1 {
		t.Errorf("refused %v, want the second round's line", e)
	}
	// In two emails: the second alone is acceptable, the two kept
	// together warn.
	first := mailOrders(t, storm.France, research)
	second := mailOrders(t, storm.France, "FOR ALLIES\nDIPLOMATIC POLAND 2\nDIPLOMATIC RUMANIA 2")
	if errs := adjudicator.Validate(s, storm.France, second); len(errs) > 0 {
		t.Fatalf("the counters alone: %v", errs)
	}
	kept, _ := adjudicator.CombineOrders(s, first, false, second, false)
	if errs := adjudicator.ValidateKept(s, storm.France, kept); len(errs) > 0 {
		t.Errorf("kept together, refused: %v", errs)
	}
	if errs := adjudicator.Validate(s, storm.France, kept); len(errs) != 1 {
		t.Errorf("sent together, want one refusal: %v", errs)
	}
	ws := adjudicator.Warn(s, storm.France, kept)
	if len(ws) != 1 || ws[0].Rule != "24.51" || ws[0].Stands != "your orders change" || ws[0].Fix == nil || !slices.Equal(ws[0].Fix.Replace, []string{"DIPLOMATIC RUMANIA 1"}) {
		t.Errorf("the warnings: %v", ws)
	}
}

// TestRule24_55DStandingSecondRoundWarned: Germany's counter for the
// Axis' second round stands only if it places a diplomatic counter in
// the first (24.55D): sent without one, a later email may still send it,
// so it is accepted with a warning that says so.
func TestRule24_55DStandingSecondRoundWarned(t *testing.T) {
	s := mailGame(t, 1)
	os := mailOrders(t, storm.Germany, "FOR AXIS 2\nDIPLOMATIC HUNGARY 2")
	if errs := adjudicator.Validate(s, storm.Germany, os); len(errs) > 0 {
		t.Fatal(errs)
	}
	ws := adjudicator.Warn(s, storm.Germany, os)
	if len(ws) != 1 || ws[0].Rule != "24.55D" || ws[0].Stands != "Germany places a diplomatic counter in Diplomacy: Axis, first round" {
		t.Fatalf("the warnings: %v", ws)
	}
	with := mailOrders(t, storm.Germany, "FOR AXIS 1\nDIPLOMATIC AUSTRIA 1\nFOR AXIS 2\nDIPLOMATIC HUNGARY 2")
	if ws := adjudicator.Warn(s, storm.Germany, with); len(ws) > 0 {
		t.Errorf("with a first-round counter: %v", ws)
	}
}

// TestRule24_51KeptStandingWarned: a standing order kept from the email
// of an earlier segment is reckoned with the orders sent now: Germany's
// counter for the Axis' second round, sent in the economic phase, is
// warned when its first-round orders take the 3 it needs (24.51), with
// the change that lets it stand.
func TestRule24_51KeptStandingWarned(t *testing.T) {
	s := mailGame(t, 1)
	mails := map[storm.Power]string{storm.Germany: "PASS\nFOR AXIS 2\nDIPLOMATIC HUNGARY 3"}
	for _, p := range []storm.Power{storm.Italy, storm.Britain, storm.France, storm.Russia} {
		mails[p] = "PASS"
	}
	s, _ = mailRound(t, s, mails)
	for s.Segment != storm.SegDiplomacyAxis1 {
		if s.Turn.Year > 1935 || s.Segment.Index() > storm.SegDiplomacyAxis1.Index() {
			t.Fatalf("no Axis round: %s %s", s.Turn, s.Segment)
		}
		pass := map[storm.Power]string{}
		for _, p := range adjudicator.Required(s) {
			pass[p] = "PASS"
		}
		s, _ = mailRound(t, s, pass)
	}
	os := mailOrders(t, storm.Germany, "DIPLOMATIC AUSTRIA 3")
	if errs := adjudicator.Validate(s, storm.Germany, os); len(errs) > 0 {
		t.Fatal(errs)
	}
	ws := adjudicator.Warn(s, storm.Germany, os)
	if len(ws) != 1 || ws[0].Rule != "24.51" || ws[0].Index != 1 || ws[0].Fix == nil || !slices.Equal(ws[0].Fix.Replace, []string{"DIPLOMATIC HUNGARY 2"}) {
		t.Fatalf("the warnings: %+v", ws)
	}
	if ws := adjudicator.Warn(s, storm.Germany, mailOrders(t, storm.Germany, "DIPLOMATIC AUSTRIA 2")); len(ws) > 0 {
		t.Errorf("with the 3 left: %v", ws)
	}
	// PASS TURN replaces every kept order of the later rounds: nothing
	// kept is left to warn.
	if ws := adjudicator.Warn(s, storm.Germany, mailOrders(t, storm.Germany, "PASS")); len(ws) == 0 {
		t.Error("PASS now: the kept counter is not warned (24.55D)")
	}
	if ws := adjudicator.Warn(s, storm.Germany, mailOrders(t, storm.Germany, "PASS TURN")); len(ws) > 0 {
		t.Errorf("with PASS TURN: %v", ws)
	}
}

// TestRule29_34StandingAggressionWarned: Italy's aggression sent in
// advance (FOR CRISIS) against a target that resists while Italy's
// military counter served elsewhere this turn is accepted with a
// warning: it stands only if the target's resistance falls in this
// turn's diplomacy (29.34).
func TestRule29_34StandingAggressionWarned(t *testing.T) {
	s := setup.NewGame(1)
	s.Crisis.On, s.Diplomacy.On = true, true
	s.Turn, s.Segment = storm.Turn{Year: 1936, Season: storm.Spring}, storm.SegDiplomacyAxis2
	done := storm.Turn{Year: 1935, Season: storm.Fall}
	s.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Italy, Target: storm.Ethiopia, Turn: done, Completed: &done}}
	s.Diplomacy.Placements = []storm.Placement{{Power: storm.Italy, Country: "Spain", Strength: 1, Round: storm.SegDiplomacyAxis1, Military: true}}
	barred := ""
	for _, a := range crisis.AggressionOptions(s, storm.Italy) {
		if a.Target == "Albania" {
			barred = a.Barred
		}
	}
	if !strings.Contains(barred, "29.34") {
		t.Fatalf("Albania's aggression is barred by %q, want 29.34", barred)
	}
	os := mailOrders(t, storm.Italy, "FOR CRISIS\nAGGRESSION ALBANIA")
	if errs := adjudicator.Validate(s, storm.Italy, os); len(errs) > 0 {
		t.Fatal(errs)
	}
	ws := adjudicator.Warn(s, storm.Italy, os)
	if len(ws) != 1 || ws[0].Rule != "29.34" || ws[0].Stands != "Albania's resistance falls to 0 in this turn's diplomacy" {
		t.Fatalf("the warnings: %+v", ws)
	}
}

// TestRule19_62NoShipyardCounterLeftRefusedWithItsFix: a ship laid down
// names a shipyard counter (19.62); when the email's other orders name
// every one the power has, the refusal says so and its fix, tried, leaves
// the ship out.
func TestRule19_62NoShipyardCounterLeftRefusedWithItsFix(t *testing.T) {
	s := setup.NewGame(1)
	s.Segment = storm.SegEconomic
	s.Powers[storm.Britain].TilePoints = 20
	os := mailOrders(t, storm.Britain, "SAVE WITH SHIPYARD 1\nSAVE WITH SHIPYARD 1\nLAY DOWN BATTLESHIP 3 WITH 3")
	e := oneRefusal(t, s, storm.Britain, os, "19.62")
	if e.Index != 2 || !strings.HasSuffix(e.Msg, "name every one Britain has: leave this ship out or free a shipyard counter") {
		t.Errorf("the refusal: %v", e)
	}
	if e.Fix == nil || !e.Fix.Drop {
		t.Fatalf("the fix: %+v, want the ship left out", e.Fix)
	}
	if errs := adjudicator.Validate(s, storm.Britain, applyFix(t, storm.Britain, os, e)); len(errs) > 0 {
		t.Errorf("the fix made, still refused: %v", errs)
	}
}
