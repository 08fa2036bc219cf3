package report

import (
	"html"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
)

type (
	A = storm.Order
	P = storm.Power
)

func TestOrders(t *testing.T) {
	tests := []struct {
		orders []storm.Order
		want   string
	}{
		{nil, "PASS"},
		{[]A{}, "PASS"},
		{[]A{{Kind: storm.Mobilize, From: storm.Civilian}}, "MOBILIZE CIVILIAN"},
		{[]A{{Kind: storm.Convert, From: storm.Idle}, {Kind: storm.Mobilize, From: storm.Idle}},
			"CONVERT IDLE TO CIVILIAN\nMOBILIZE IDLE"},
	}
	for _, tt := range tests {
		if got := Orders(tt.orders); got != tt.want {
			t.Errorf("Orders(%v) = %q, want %q", tt.orders, got, tt.want)
		}
	}
}

// spring1935 is the state after the first adjudication of seed 3, with its
// events.
func spring1935(t *testing.T) (storm.State, []event.Event) {
	t.Helper()
	s, evs, err := adjudicator.Resolve(adjudicator.NewGame(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, evs
}

func TestPublicFirstReport(t *testing.T) {
	s, evs := spring1935(t)
	// Pin the random figures so the expected text is exact.
	for i, e := range evs {
		switch e := e.(type) {
		case event.SpanishCivilWarSetup:
			e.Tile, e.Events = 2, 2
			evs[i] = e
		case event.IncomeComputed:
			e.Income.TileDraw, e.Income.Total, e.TilePoints = 1, 6, 6
			evs[i] = e
		}
	}
	for _, p := range storm.Powers {
		s.Powers[p].TilePoints = 6
	}
	subject, body := Public("demo", evs, adjudicator.Derive(s)).Parts()
	if subject != "[demo] Report: Spring 1935, economic phase next" {
		t.Errorf("subject %q", subject)
	}
	golden(t, "public-spring-1935.txt", body)
	golden(t, "public-spring-1935.html", Public("demo", evs, adjudicator.Derive(s)).HTML)
}

func TestPublicEconomicAndSkippedSegments(t *testing.T) {
	s, _ := spring1935(t)
	s.Powers[storm.Germany].TilePoints = 12
	s.Powers[storm.France].TilePoints = 12
	n, evs, err := adjudicator.Resolve(s, map[P][]A{
		storm.Germany: {{Kind: storm.Mobilize, From: storm.Idle,
			Units: []storm.UnitType{storm.Armor, storm.Infantry, storm.Air}}},
		storm.France: {{Kind: storm.Convert, From: storm.Idle}},
		storm.Italy:  {{Kind: storm.Convert, From: storm.Idle}}, // 6.12: void
	})
	if err != nil {
		t.Fatal(err)
	}
	_, body := Public("demo", evs, adjudicator.Derive(n)).Parts()
	for _, want := range []string{
		"Spring 1935: Economic phase\n---------------------------\nFactory conversion:\n" +
			"Germany converts an idle factory to military for 10 tile points.\n" +
			"Germany: mobilization number 4.\n" +
			"Germany: mobilization 4 creates armor (reserve in Fall 1936), infantry\n" +
			"  (reserve in Fall 1935), air (reserve in Spring 1936) (rules 14.7,\n" +
			"  14.83).\n" +
			"Germany: support from military factories now +1; gains 1 tile point\n" +
			"  (rules 10.41A, 13.21D).\n" +
			"Italy converts no factory.\n" +
			"Britain converts no factory.\n" +
			"France converts an idle factory to civilian for 10 tile points.\n" +
			"France gains a 1 activity counter (research only) (rule 12.22A).\n" +
			"Russia converts no factory.\n",
		"Spring 1935: Diplomatic phase\n-----------------------------\n" +
			"Nothing to order (not yet adjudicated by stormjudge):\n" +
			"  Spy rings; Diplomacy: Axis, first round; Diplomacy: Russia; Diplomacy:\n",
		"Spring 1935: Crisis phase\n", "response; Crisis: Allied ultimatum; Crisis: over the brink;\n  Pre-emptive war; End of game.\n",
		"Spring 1935: End of turn\n------------------------\nSpring 1935 ends.\n\nSummer 1935: Random events phase\n",
		"Economic phase, Summer 1935 is open.",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("public report lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "6.12") || strings.Contains(body, "void") {
		t.Errorf("a private voided order leaked into the public report:\n%s", body)
	}
}

func TestRule6_33CarryOverShownOnlyWhenCapped(t *testing.T) {
	s, _ := spring1935(t)
	evs := []event.Event{
		event.TilesCarriedOver{Power: storm.Germany, Before: 25, After: 21},
		event.TilesCarriedOver{Power: storm.Italy, Before: 4, After: 4},
		event.TurnEnded{Turn: storm.FirstTurn},
	}
	_, body := Public("g1", evs, adjudicator.Derive(s)).Parts()
	if !strings.Contains(body, "Germany keeps 21 of its 25 tile points (rule 6.33).") {
		t.Errorf("cap not reported:\n%s", body)
	}
	if strings.Contains(body, "Italy keeps") {
		t.Errorf("uncapped carry-over reported:\n%s", body)
	}
}

func TestPrivateNotice(t *testing.T) {
	s, _ := spring1935(t)
	s.Powers[storm.Germany].TilePoints = 10
	evs := []event.Event{
		event.OrderVoided{Power: storm.Italy, Order: A{Kind: storm.Convert, From: storm.Idle},
			Rule: "6.12", Msg: "costs 10 tile points, Italy has 3"},
	}
	subject, body := Private("demo", storm.Germany, evs, adjudicator.Derive(s)).Parts()
	if subject != "[demo] Germany: orders due, Spring 1935, economic phase" {
		t.Errorf("subject %q", subject)
	}
	for _, want := range []string{
		"Tile points: 10\n",
		"Factories: 5 civilian, 3 military, 4 idle\n",
		"Activity counters: 1 x 3, 2 x 2, 2 x 1, 1 x 0, 1 x 1 (shipbuilding only)\n",
		"Mobilizations so far: 3\n",
		"CONVERT IDLE TO CIVILIAN   cost 10 tile points\n",
		"MOBILIZE IDLE: ARMOR, INFANTRY, INFANTRY cost 10 tile points\n",
		"    idle to military: a mobilization (14.6), -1 maintenance from next\n" +
			"    turn (11.82); +1 support and +1 tile point now (10.41A, 13.21D);\n" +
			"    units (14.7), one of: ARMOR, INFANTRY, INFANTRY / ARMOR, INFANTRY,\n",
		"Units active: 2 armor, 3 infantry, 3 air\n",
		"Units in reserve (built for 2 counter points each): none\n",
		"PASS                       changes nothing (the block below)\n",
		// issue 22: the block does nothing unless the player edits it
		"GAME demo\nPOWER germany\nSECRET <your secret>\nPASS                     # Economic phase\nEND\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("private notice lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "Italy has 3") {
		t.Errorf("Italy's private event shown to Germany:\n%s", body)
	}
	s.Powers[storm.Italy].TilePoints = 0 // nothing affordable, shipbuilding (19) included
	_, ibody := Private("demo", storm.Italy, evs, adjudicator.Derive(s)).Parts()
	if !strings.Contains(ibody, "Your order CONVERT IDLE TO CIVILIAN was void (rule 6.12: costs 10 tile\n  points, Italy has 3).\n") {
		t.Errorf("Italy's notice lacks its voided order:\n%s", ibody)
	}
	if !strings.Contains(ibody, "No order is possible for you in this segment; send the block below.") ||
		!strings.Contains(ibody, "SECRET <your secret>\nPASS                     # Economic phase\nEND\n") {
		t.Errorf("Italy with no tile points should be told to PASS:\n%s", ibody)
	}
}

func TestPrivateRussiaAndAutomaticSegment(t *testing.T) {
	s := adjudicator.NewGame(1) // random events: nobody orders
	_, body := Private("demo", storm.Russia, nil, adjudicator.Derive(s)).Parts()
	for _, want := range []string{
		"Cohesion: low (0 purge events)\n",
		"Nothing: Random events phase, Spring 1935 needs no orders from Russia.\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("notice lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "SECRET") {
		t.Errorf("order block offered when nothing can be ordered:\n%s", body)
	}
}

func TestLinesFitAPhone(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		s, evs, _ := adjudicator.Resolve(adjudicator.NewGame(seed), nil)
		for turn := 0; turn < 8; turn++ {
			orders := map[P][]A{}
			for _, p := range storm.Powers {
				if opts := adjudicator.Allowed(s, p); len(opts) > 0 {
					orders[p] = opts[(turn+int(p))%len(opts)].Orders()
				}
			}
			orders[storm.Russia] = append(orders[storm.Russia], A{Kind: storm.Mobilize, From: storm.Civilian})
			n, more, err := adjudicator.Resolve(s, orders)
			if err != nil {
				t.Fatal(err)
			}
			bodies := []string{}
			_, b := Public("a-rather-long-game-name-for-testing", append(evs, more...), adjudicator.Derive(n)).Parts()
			bodies = append(bodies, b)
			for _, p := range storm.Powers {
				_, b := Private("a-rather-long-game-name-for-testing", p, more, adjudicator.Derive(n)).Parts()
				bodies = append(bodies, b)
			}
			for _, b := range bodies {
				for i, l := range strings.Split(b, "\n") {
					if len(l) > Width {
						t.Fatalf("seed %d line %d has %d characters: %q", seed, i+1, len(l), l)
					}
				}
			}
			s, evs = n, nil
		}
	}
}

// TestWording: one tile point is singular, and articles agree.
func TestWording(t *testing.T) {
	for got, want := range map[string]string{
		TilePoints(1): "1 tile point", TilePoints(0): "0 tile points", TilePoints(10): "10 tile points",
		withArticle("idle"): "an idle", withArticle("civilian"): "a civilian",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// TestOneHeadingPerPhase: a report has one heading per turn and phase, in
// the order of 7.11, even when an event of an earlier phase's kind comes
// later (a pool recomputed after a mobilization in the economic phase).
func TestOneHeadingPerPhase(t *testing.T) {
	s, _ := spring1935(t)
	evs := []event.Event{
		event.IncomeComputed{Turn: s.Turn, Power: storm.Germany},
		event.FactoryConverted{Power: storm.Britain, From: storm.Idle, To: storm.Military, Cost: 11},
		event.PoolChanged{Power: storm.Britain},
		event.SegmentSkipped{Turn: s.Turn, Segment: storm.SegDiplomacyAxis1},
		event.TurnEnded{Turn: s.Turn},
	}
	_, body := Public("demo", evs, adjudicator.Derive(s)).Parts()
	for _, h := range []string{"Spring 1935: Income phase\n", "Spring 1935: Economic phase\n", "Spring 1935: Diplomatic phase\n", "Spring 1935: End of turn\n"} {
		if n := strings.Count(body, h); n != 1 {
			t.Errorf("%q appears %d times:\n%s", h, n, body)
		}
	}
	if strings.Index(body, "Britain: activity counter pool") < strings.Index(body, "Spring 1935: Economic phase") {
		t.Errorf("the pool change is not under the economic phase:\n%s", body)
	}
}

// TestPictureKeyFollowsWhatThePictureShows: the key of a picture changes
// with what it shows and only with that.
func TestPictureKeyFollowsWhatThePictureShows(t *testing.T) {
	s, _ := spring1935(t)
	v := adjudicator.Derive(s)
	pub, ger := PictureKey(v, 0), PictureKey(v, storm.Germany)
	if pub == "" || pub == ger || pub != PictureKey(adjudicator.Derive(s), 0) {
		t.Fatalf("keys %q %q", pub, ger)
	}
	if PictureKey(v.PublicOnly(), 0) != pub || PictureKey(v.For(storm.Germany), storm.Germany) != ger {
		t.Error("the key depends on parts of the view the picture does not show")
	}
	s.EAI++
	if PictureKey(adjudicator.Derive(s), 0) == pub {
		t.Error("the key did not change with the EAI")
	}
}

// Extra.GoesOn words a version within the open segment (the moderator's
// SET): the segment goes on, with whose orders are still due and whose
// stand, in the report's and each notice's subject and lead, the HTML
// too; Extra.Lead's paragraphs lead it.
func TestExtraGoesOnWordsAFixNotANewSegment(t *testing.T) {
	s, evs := spring1935(t)
	v := adjudicator.Derive(s)
	missing := []storm.Power{storm.Italy, storm.Britain, storm.France}
	x := Extra{GoesOn: true, Missing: missing, Lead: []string{"Deadline: soon."}}
	pub := Public("demo", evs, v, x)
	if !strings.Contains(pub.Text, "stand.\nDeadline: soon.\n") {
		t.Errorf("the lead paragraph is not after the headline:\n%s", pub.Text)
	}
	if pub.Subject != "[demo] Report: Spring 1935, economic phase goes on (state fixed)" {
		t.Errorf("report subject %q", pub.Subject)
	}
	want := "Still open: Economic phase, Spring 1935, after the moderator's fix of the state (not a new segment). Orders are still due from Italy, Britain and France; the orders of Germany and Russia stand."
	for _, body := range []string{pub.Text, html.UnescapeString(pub.HTML)} {
		if !strings.Contains(strings.Join(strings.Fields(body), " "), want) || strings.Contains(body, "Next: ") {
			t.Errorf("report lead, want %q:\n%s", want, body)
		}
	}
	for p, w := range map[storm.Power][2]string{
		storm.Germany: {"[demo] Germany: your orders stand, Spring 1935, economic phase (state fixed)", "your orders are in and stand; you may replace them until the segment is adjudicated"},
		storm.Italy:   {"[demo] Italy: orders due, Spring 1935, economic phase (state fixed)", "goes on after the moderator's fix of the state: your orders are still due;"},
	} {
		m := Private("demo", p, evs, v, x)
		if m.Subject != w[0] || !strings.Contains(strings.Join(strings.Fields(m.Text), " "), w[1]) || strings.Contains(m.Text, "your orders are due;") {
			t.Errorf("%s's notice: %q, want %q and %q:\n%s", p, m.Subject, w[0], w[1], m.Text)
		}
	}
	every := Public("demo", evs, v, Extra{GoesOn: true})
	if !strings.Contains(strings.Join(strings.Fields(every.Text), " "), "Every power's orders are in; the judge adjudicates next.") {
		t.Errorf("no one missing:\n%s", every.Text)
	}
}

// TestPlurals (issue 22): no "(s)" in a mail; the count decides.
func TestPlurals(t *testing.T) {
	for in, want := range map[string]string{
		"1 point(s) left":                        "1 point left",
		"3 step(s) of 18, 1 result(s)":           "3 steps of 18, 1 result",
		"2 naval balance of power counter(s)":    "2 naval balance of power counters",
		"support -1 for 1 turn(s)":               "support -1 for 1 turn",
		"remove counter(s) 2, 3":                 "remove counters 2, 3",
		"0 step(s)":                              "0 steps",
		"a 1.5 point(s) x":                       "a 1.5 points x",
		"no plural here":                         "no plural here",
		"Spain starts with 1 civil war event(s)": "Spain starts with 1 civil war event",
	} {
		if got := Plurals(in); got != want {
			t.Errorf("Plurals(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRule24_82BRussianFlagsBesideAlliedOnesShown: before the Nazi-Soviet
// Pact Russian flags stand beside Allied ones in a target (24.82B); the
// text's table of targets counts them.
func TestRule24_82BRussianFlagsBesideAlliedOnesShown(t *testing.T) {
	s, evs := spring1935(t)
	s.Minor("Poland").SetFlagCounts(map[storm.Power]int{storm.France: 1, storm.Britain: 1, storm.Russia: 2})
	text := Public("demo", evs, adjudicator.Derive(s)).Text
	if !strings.Contains(text, "1 France +1 Britain +2 Russia") {
		t.Errorf("24.82B: Poland's Russian flags missing from the table:\n%s", text)
	}
}
