package adjudicator_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// block is the text of p's ready-to-copy block as its notice offers it
// (View: Default, then Plan), parsed as the judge parses the email.
func block(t *testing.T, s storm.State, p storm.Power) *orders.Submission {
	t.Helper()
	me := adjudicator.Derive(s).Powers[p]
	lines := []string{"GAME demo", "POWER " + p.String(), "SECRET x"}
	lines = append(lines, me.Default...)
	for _, st := range me.Plan {
		lines = append(lines, st.Lines...)
	}
	sub, err := orders.Parse(strings.Join(append(lines, "END"), "\n"))
	if err != nil {
		t.Fatalf("%s's block does not parse: %v\n%s", p, err, strings.Join(lines, "\n"))
	}
	return sub
}

// quietGame is a game with diplomacy and the crisis phase at its first
// economic phase.
func quietGame(t *testing.T, seed uint64) storm.State {
	t.Helper()
	s, _, err := adjudicator.Resolve(crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(seed, loadDeck(t, "illustrative.toml")))), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWholeTurnBlockSettlesTheTurn (issue 22): each power copies the
// block of its economic notice unchanged; the turn is settled in that one
// round trip (the next state is the next turn's economic phase), nothing
// in the blocks starts an aggression, a threat or a declaration, and the
// game is the one where every power passes every segment it is asked in.
func TestWholeTurnBlockSettlesTheTurn(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		s := quietGame(t, seed)
		for turn := 0; turn < 6 && !s.Ended; turn++ {
			if s.Segment != storm.SegEconomic {
				t.Fatalf("seed %d: %s %s, want the economic phase", seed, s.Turn, s.Segment)
			}
			ords := map[storm.Power][]storm.Order{}
			for _, p := range storm.Powers {
				sub := block(t, s, p)
				if len(sub.Orders) == 0 {
					t.Fatalf("seed %d %s: %s's block plans no later segment", seed, s.Turn, p)
				}
				if !sub.Pass {
					t.Fatalf("seed %d %s: %s's block orders something now: %v", seed, s.Turn, p, sub.Orders)
				}
				if errs := adjudicator.Validate(s, p, sub.Orders); len(errs) > 0 {
					t.Fatalf("seed %d %s: %s's block refused: %v", seed, s.Turn, p, errs)
				}
				ords[p] = sub.Orders
			}
			next, evs, err := adjudicator.Resolve(s, ords)
			if err != nil {
				t.Fatal(err)
			}
			// The baseline: everyone passes in every segment it is asked in.
			base, _, _ := adjudicator.Resolve(s, nil)
			for base.Segment != storm.SegEconomic && !base.Ended {
				base, _, _ = adjudicator.Resolve(base, nil)
			}
			if next.Segment != storm.SegEconomic || next.Turn != s.Turn.Next() {
				t.Fatalf("seed %d %s: the blocks left %s %s asking %v", seed, s.Turn, next.Turn, next.Segment, adjudicator.Required(next))
			}
			for _, e := range evs {
				switch e.(type) {
				case event.CrisisAnnounced, event.WarBroke, event.ThreatMade:
					t.Errorf("seed %d %s: a copied block started %s", seed, s.Turn, e.Type())
				}
			}
			a, _ := json.Marshal(next)
			b, _ := json.Marshal(base)
			if string(a) != string(b) {
				t.Fatalf("seed %d %s: the copied blocks changed the game against passing everywhere", seed, s.Turn)
			}
			s = next
		}
	}
}

// TestStandingPass (issue 22): PASS under a FOR line is a standing PASS:
// the round does not ask the power and it places nothing; PASS TURN is
// one for every later segment that may ask the power.
func TestStandingPass(t *testing.T) {
	s := quietGame(t, 3)
	sub, err := orders.Parse("GAME demo\nSECRET x\nPASS\nFOR AXIS 1\nPASS\nEND")
	if err != nil || !sub.Pass || len(sub.Orders) != 1 || sub.Orders[0].Kind != storm.PassOrder || sub.Orders[0].For != storm.SegDiplomacyAxis1 {
		t.Fatalf("parse: %+v %v", sub, err)
	}
	if errs := adjudicator.Validate(s, storm.Germany, sub.Orders); len(errs) > 0 {
		t.Fatal(errs)
	}
	if errs := adjudicator.Validate(s, storm.Britain, sub.Orders); len(errs) == 0 {
		t.Error("Britain's standing PASS for the Axis' round accepted")
	}
	next, _, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: sub.Orders})
	if err != nil {
		t.Fatal(err)
	}
	if next.Segment != storm.SegDiplomacyAxis1 || slices.Contains(adjudicator.Required(next), storm.Germany) || !slices.Contains(adjudicator.Required(next), storm.Italy) {
		t.Fatalf("%s asks %v, want Italy alone", next.Segment, adjudicator.Required(next))
	}
	// PASS TURN: Britain is asked nowhere after the economic phase.
	sub, err = orders.Parse("GAME demo\nSECRET x\nPASS TURN\nEND")
	if err != nil || !sub.Pass || len(sub.Orders) != 1 || sub.Orders[0].String() != "PASS TURN" {
		t.Fatalf("parse PASS TURN: %+v %v", sub, err)
	}
	next, _, err = adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Britain: sub.Orders})
	if err != nil {
		t.Fatal(err)
	}
	for _, seg := range []storm.Segment{storm.SegDiplomacyAllies, storm.SegCrisisResponse, storm.SegPreemptiveWar} {
		if !storm.HasStandingPass(next, storm.Britain, seg) {
			t.Errorf("PASS TURN gave Britain no standing PASS for %s: %+v", seg, next.Diplomacy.Standing)
		}
	}
	if storm.HasStandingPass(next, storm.Britain, storm.SegDiplomacyAxis1) {
		t.Error("PASS TURN gave Britain a PASS for the Axis' round")
	}
	// A PASS under the open segment's own FOR line is a plain PASS.
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{{Kind: storm.PassOrder, For: storm.SegEconomic}}); len(errs) > 0 {
		t.Errorf("FOR ECONOMIC then PASS refused: %v", errs)
	}
	// A standing PASS for a segment that takes none is refused.
	if errs := adjudicator.Validate(s, storm.Germany, []storm.Order{{Kind: storm.PassOrder, For: storm.SegCovert}}); len(errs) == 0 {
		t.Error("a standing PASS for the covert segment accepted")
	}
}

// TestRule24_55PlannedRounds (issue 22, r-24-55-plan): Germany sends its
// first round's counter in advance and nothing for the second; the second
// round does not ask it, unless an opposing counter is placed in a country
// where it placed.
func TestRule24_55PlannedRounds(t *testing.T) {
	for _, contested := range []bool{false, true} {
		s := quietGame(t, 3)
		for _, ps := range s.Powers {
			ps.TilePoints = 20
		}
		ger := []storm.Order{{Kind: storm.Diplomatic, Project: "Bulgaria", Counters: []int{1}, For: storm.SegDiplomacyAxis1}}
		bri := []storm.Order{{Kind: storm.PassOrder, For: storm.SegDiplomacyAllies}}
		if contested {
			bri = []storm.Order{{Kind: storm.Diplomatic, Project: "Bulgaria", Counters: []int{1}, For: storm.SegDiplomacyAllies}}
		}
		all := map[storm.Power][]storm.Order{storm.Germany: ger, storm.Britain: bri,
			storm.Italy:  {{Kind: storm.PassOrder, For: storm.SegDiplomacyAxis1}, {Kind: storm.PassOrder, For: storm.SegDiplomacyAxis2}},
			storm.France: {{Kind: storm.PassOrder, For: storm.SegDiplomacyAllies}},
			storm.Russia: {{Kind: storm.PassOrder, For: storm.SegDiplomacyRussia}}}
		for p, os := range all {
			if errs := adjudicator.Validate(s, p, os); len(errs) > 0 {
				t.Fatalf("%s: %v", p, errs)
			}
		}
		next, _, err := adjudicator.Resolve(s, all)
		if err != nil {
			t.Fatal(err)
		}
		asked := next.Segment == storm.SegDiplomacyAxis2 && slices.Contains(adjudicator.Required(next), storm.Germany)
		if asked != contested {
			t.Errorf("contested %v: %s %s asks %v", contested, next.Turn, next.Segment, adjudicator.Required(next))
		}
	}
}

// TestStandingOrderNoLongerHoldsAsks (issue 22): a standing order its round
// can no longer carry out as written asks its power, saying why, rather
// than being voided unseen: Britain converts a factory and leaves too few
// tile points for the counter it sent for the Allied round (24.52B). Sent
// in one email the two are refused (TestRule24_52BStandingTilePointsRefused);
// here the counter comes in an email of its own, accepted with a warning,
// and the judge keeps the two together (CombineOrders).
func TestStandingOrderNoLongerHoldsAsks(t *testing.T) {
	s := quietGame(t, 3)
	s.Powers[storm.Britain].TilePoints = 12
	conv := []storm.Order{{Kind: storm.Convert, From: storm.Idle}}
	counter := []storm.Order{{Kind: storm.Diplomatic, Project: "Norway", Counters: []int{3}, For: storm.SegDiplomacyAllies}}
	for _, os := range [][]storm.Order{conv, counter} {
		if errs := adjudicator.Validate(s, storm.Britain, os); len(errs) > 0 {
			t.Fatal(errs)
		}
	}
	bri, _ := adjudicator.CombineOrders(s, conv, false, counter, false)
	if ws := adjudicator.Warn(s, storm.Britain, bri); len(ws) != 1 || ws[0].Rule != "24.52B" {
		t.Errorf("the receipt's warnings: %v, want one of 24.52B", ws)
	}
	all := map[storm.Power][]storm.Order{storm.Britain: bri}
	for _, p := range []storm.Power{storm.Germany, storm.Italy, storm.Russia, storm.France} {
		all[p] = []storm.Order{{Kind: storm.PassOrder, For: storm.SegTurn}}
	}
	next, _, err := adjudicator.Resolve(s, all)
	if err != nil {
		t.Fatal(err)
	}
	if next.Segment != storm.SegDiplomacyAllies || !slices.Equal(adjudicator.Required(next), []storm.Power{storm.Britain}) {
		t.Fatalf("%s %s asks %v, want Britain alone", next.Turn, next.Segment, adjudicator.Required(next))
	}
	why := adjudicator.Derive(next).Powers[storm.Britain].StandingVoid
	if len(why) != 1 || !strings.Contains(why[0], "DIPLOMATIC NORWAY 3 (rule 24.52B") {
		t.Errorf("why Britain is asked: %v", why)
	}
}

// TestRule32_8StandingPass (issue 22): a standing PASS for pre-emptive war
// (FOR WAR) keeps the segment from asking a power that could threaten or
// declare; a threat made against a power still asks it to concede or
// refuse. The state is crisis.cases' 32.44-32.83A (Germany may threaten).
func TestRule32_8StandingPass(t *testing.T) {
	s := setup.NewGame(1)
	s.Segment, s.Crisis.On = storm.SegPreemptiveWar, true
	s.Turn = storm.Turn{Year: 1936, Season: storm.Spring}
	s.Powers[storm.Germany].Support = 14
	done := storm.Turn{Year: 1935, Season: storm.Spring}
	s.SupportFacts.Aggressions = []storm.Aggression{{Aggressor: storm.Germany, Target: "Rhineland", Turn: done, Completed: &done}}
	if got := adjudicator.Required(s); !slices.Equal(got, []storm.Power{storm.Germany}) {
		t.Fatalf("without a standing PASS: asks %v, want Germany", got)
	}
	passed := s.Clone()
	passed.Diplomacy.Standing = []storm.StandingOrder{{Power: storm.Germany, Order: storm.Order{Kind: storm.PassOrder, For: storm.SegPreemptiveWar}, For: storm.SegPreemptiveWar}}
	if got := adjudicator.Required(passed); len(got) != 0 {
		t.Errorf("Germany's standing PASS: the segment asks %v", got)
	}
	// Germany threatens; Britain's standing PASS does not answer the threat.
	threat, _, err := adjudicator.Resolve(s, map[storm.Power][]storm.Order{storm.Germany: {{Kind: storm.ThreatenWarOrder, Project: "britain"}}})
	if err != nil {
		t.Fatal(err)
	}
	threat.Diplomacy.Standing = append(threat.Diplomacy.Standing, storm.StandingOrder{Power: storm.Britain, Order: storm.Order{Kind: storm.PassOrder, For: storm.SegPreemptiveWar}, For: storm.SegPreemptiveWar})
	if got := adjudicator.Required(threat); threat.Segment != storm.SegPreemptiveWar || !slices.Equal(got, []storm.Power{storm.Britain}) {
		t.Errorf("after the threat: %s asks %v, want Britain", threat.Segment, got)
	}
}

// TestDefaultOrdersInACrisis (issue 22): in a crisis under way the block
// holds the answer the rules take from silence: the Allies acquiesce
// (naming the aggressor when both Axis powers aggress, 27.13), the
// aggressor backs down.
func TestDefaultOrdersInACrisis(t *testing.T) {
	s := setup.NewGame(1)
	s.Crisis.On, s.Segment = true, storm.SegCrisisResponse
	s.Crisis.Crises = []storm.Crisis{{Aggressor: storm.Germany, Target: "Rhineland", Stage: storm.StageResponse}}
	if got := adjudicator.DefaultOrders(s, storm.Britain); !slices.Equal(got, []string{"ACQUIESCE"}) {
		t.Errorf("one crisis: Britain's default %v", got)
	}
	s.Crisis.Crises = append(s.Crisis.Crises, storm.Crisis{Aggressor: storm.Italy, Target: "Ethiopia", Stage: storm.StageResponse})
	if got := adjudicator.DefaultOrders(s, storm.France); !slices.Equal(got, []string{"ACQUIESCE GERMANY", "ACQUIESCE ITALY"}) {
		t.Errorf("two crises: France's default %v", got)
	}
	if got := adjudicator.DefaultOrders(s, storm.Germany); got != nil {
		t.Errorf("Germany is not asked at the response: %v", got)
	}
	s.Segment = storm.SegCrisisAxisResponse
	s.Crisis.Crises = []storm.Crisis{{Aggressor: storm.Germany, Target: "Rhineland", Stage: storm.StageAxisResponse}}
	if got := adjudicator.DefaultOrders(s, storm.Germany); !slices.Equal(got, []string{"BACK DOWN"}) {
		t.Errorf("the aggressor's default %v", got)
	}
}
