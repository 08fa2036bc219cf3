package adjudicator_test

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
)

// Rule 10.41C played by email with the driver of bymail_test.go: the
// quiet deck with diplomatic events written on the cards the moderator
// draws in Spring 1935 (the general event first, then Germany's, Italy's,
// Britain's, France's and Russia's, 9.12).

// eventCard is a national (or, for power 0, general) diplomatic event: a
// modifier of value in country, favouring side ("" for the holder's).
type eventCard struct {
	card    int
	power   storm.Power
	country string
	side    storm.Side
	value   int
	secret  bool
	dispute string // a general dispute event between country and dispute (24.552)
}

// eventGame is mailGame with the quiet deck carrying cards, drawn in
// Spring 1935 (cards 1-6: the general event and each power's), prep
// applied before the turn's first segment; it stands at the economic
// phase of Spring 1935.
func eventGame(t *testing.T, cards []eventCard, prep func(*storm.State)) storm.State {
	t.Helper()
	d := loadDeck(t, "quiet.toml")
	for _, c := range cards {
		ev := storm.CardEvent{Title: "Envoy", Category: storm.CategoryDiplomatic, Secret: c.secret,
			Effects: []storm.Effect{{Kind: storm.EffectDiplomaticModifier, Country: c.country, Side: c.side, Value: c.value}}}
		if c.dispute != "" {
			ev.Effects = []storm.Effect{{Kind: storm.EffectDiplomaticDispute, Country: c.country, Other: c.dispute}}
		}
		if c.power == 0 {
			d.Cards[c.card-1].General = ev
		} else {
			d.Cards[c.card-1].National[c.power] = ev
		}
	}
	s := crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(1, d)))
	if prep != nil {
		prep(&s)
	}
	s, err := randomevent.StackDraws(s, 1, 2, 3, 4, 5, 6)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err = adjudicator.Resolve(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// supportChanges are the 10.41C support changes among evs, by power.
func supportChanges(evs []event.Event) map[storm.Power][]event.SupportChanged {
	out := map[storm.Power][]event.SupportChanged{}
	for _, e := range randomevent.AllEvents[event.SupportChanged](evs) {
		if e.Rule == "10.41C" {
			out[e.Power] = append(out[e.Power], e)
		}
	}
	return out
}

// resultIn is the diplomatic result in country among evs.
func resultIn(evs []event.Event, country string) (event.DiplomaticResult, bool) {
	for _, r := range randomevent.AllEvents[event.DiplomaticResult](evs) {
		if r.Country == country {
			return r, true
		}
	}
	return event.DiplomaticResult{}, false
}

// offered reports a SUPPORT EVENT line for card among p's options now.
func offered(s storm.State, p storm.Power, card int) bool {
	for _, o := range adjudicator.Allowed(s, p) {
		if o.Order.Kind == storm.SupportEventOrder && o.Order.Card == card {
			return true
		}
	}
	return false
}

// resolveTurn plays the game with mails from its economic phase to the
// crisis phase of the same turn and returns the events on the way.
func resolveTurn(t *testing.T, s storm.State, mails func(storm.State) map[storm.Power]string) (storm.State, []event.Event) {
	t.Helper()
	return playMails(t, s, s.Turn, storm.SegCrisisAggression, mails)
}

// TestRule10_41CFullCohesionEventsAreSupport: Russia at full cohesion
// (22.73C); Germany's public +2 and Britain's secret +1 for Russia can
// place no flag there: both are public support events, revealed in the
// diplomatic phase (10.41C), and Russia sees no result.
func TestRule10_41CFullCohesionEventsAreSupport(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 2, power: storm.Germany, country: storm.RussiaTarget, value: 2},
		{card: 4, power: storm.Britain, country: storm.RussiaTarget, value: 1, secret: true},
	}, nil)
	s.Russia.Cohesion = storm.FullCohesion // reckoned in the random events phase (22.71)
	de, br := s.Powers[storm.Germany].Support, s.Powers[storm.Britain].Support
	s, evs := resolveTurn(t, s, func(storm.State) map[storm.Power]string { return nil })
	ch := supportChanges(evs)
	if len(ch[storm.Germany]) != 1 || ch[storm.Germany][0].Delta != 2 || len(ch[storm.Britain]) != 1 || ch[storm.Britain][0].Delta != 1 {
		t.Fatalf("10.41C: the conversions %+v", ch)
	}
	if !strings.Contains(ch[storm.Britain][0].What, "full cohesion") || !strings.Contains(ch[storm.Britain][0].What, "random event 4") {
		t.Errorf("10.41C: the report says %q", ch[storm.Britain][0].What)
	}
	text := flatText(report.Public("demo", evs, adjudicator.Derive(s)).Text)
	if want := "Britain: support +1 for random event 4's unused +1 in Russia as a support event: Russia is at full cohesion, no flag is placed there (22.73C) (rule 10.41C)"; !strings.Contains(text, want) {
		t.Errorf("10.41C: the public report lacks %q:\n%s", want, text)
	}
	if s.Powers[storm.Germany].Support-de != 2 || s.Powers[storm.Britain].Support-br != 1 {
		t.Errorf("10.41C: support Germany %+d, Britain %+d", s.Powers[storm.Germany].Support-de, s.Powers[storm.Britain].Support-br)
	}
	if r, ok := resultIn(evs, storm.RussiaTarget); ok {
		t.Errorf("10.41C: a result in Russia without its events: %+v", r)
	}
}

// TestRule10_41CAlliedOrRussianEventsChoice: Britain's secret +1 and
// Russia's public +2 in Rumania, no Nazi-Soviet Pact. Britain, knowing
// both, is offered the choice and sends SUPPORT EVENT 4 in the Allies'
// round: the Allied events act as support (+1 for Britain), Russia's +2
// takes Rumania. Russia's own line for the Russian events, sent earlier,
// comes after Britain's in the order of play: void. Without any line the
// weaker of the two groups, the Allies, has its events turned.
func TestRule10_41CAlliedOrRussianEventsChoice(t *testing.T) {
	cards := []eventCard{
		{card: 4, power: storm.Britain, country: "Rumania", value: 1, secret: true},
		{card: 6, power: storm.Russia, country: "Rumania", value: 2},
	}
	s := eventGame(t, cards, nil)
	s, _ = playTo(t, s, s.Turn, storm.SegDiplomacyRussia)
	if offered(s, storm.Russia, 6) {
		t.Errorf("10.41C: Russia, which does not know Britain's secret event, is offered the choice")
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: "SUPPORT EVENT 6"})
	if s.Segment != storm.SegDiplomacyAllies {
		s, _ = playTo(t, s, s.Turn, storm.SegDiplomacyAllies)
	}
	if !offered(s, storm.Britain, 4) {
		t.Errorf("10.41C: Britain is not offered SUPPORT EVENT 4: %+v", adjudicator.Allowed(s, storm.Britain))
	}
	// The notice writes the line as Britain sends it (no FOR line).
	written := false
	for _, o := range adjudicator.Derive(s).Powers[storm.Britain].Options {
		if o.Order == "SUPPORT EVENT 4" {
			written = true
			if _, err := mail(t, s, storm.Britain, o.Order); err != nil {
				t.Errorf("10.41C: the offered line is refused: %v", err)
			}
		}
	}
	if !written {
		t.Errorf("10.41C: the notice's options %+v", adjudicator.Derive(s).Powers[storm.Britain].Options)
	}
	_, evs := resolveTurn(t, s, func(s storm.State) map[storm.Power]string {
		if s.Segment == storm.SegDiplomacyAllies {
			return map[storm.Power]string{storm.Britain: "SUPPORT EVENT 4"}
		}
		return nil
	})
	ch := supportChanges(evs)
	if len(ch[storm.Britain]) != 1 || ch[storm.Britain][0].Delta != 1 || len(ch[storm.Russia]) != 0 {
		t.Fatalf("10.41C: the conversions %+v", ch)
	}
	if r, _ := resultIn(evs, "Rumania"); r.Winner != storm.Soviet {
		t.Errorf("10.41C: Rumania's result %+v", r)
	}
	voided := false
	for _, v := range randomevent.AllEvents[event.OrderVoided](evs) {
		voided = voided || v.Power == storm.Russia && v.Rule == "10.41C" && v.Order.Card == 6
	}
	if !voided {
		t.Errorf("10.41C: Russia's later line is not void: %+v", randomevent.AllEvents[event.OrderVoided](evs))
	}

	// No line: the weaker group (the Allies, 1 against 2) turns.
	_, evs = resolveTurn(t, eventGame(t, cards, nil), func(storm.State) map[storm.Power]string { return nil })
	if ch := supportChanges(evs); len(ch[storm.Britain]) != 1 || len(ch[storm.Russia]) != 0 || !strings.Contains(ch[storm.Britain][0].What, "weaker") {
		t.Errorf("10.41C: the default %+v", ch)
	}
}

// TestRule10_41CSecretEventsAsSupportChoice: in Bulgaria, where no
// counter is placed, the Axis hold the general +1, Germany's secret +2
// and Italy's secret +1, the Allies France's public +1. Each Axis power,
// knowing two Axis events there, is offered its secret one. Germany's
// SUPPORT EVENT 2 turns its +2 into support (2 against 1 still takes
// Bulgaria); Italy's SUPPORT EVENT 3 then comes second in the order of
// play: without it the Axis would tie the Allies, so it is needed and
// void.
func TestRule10_41CSecretEventsAsSupportChoice(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 1, country: "Bulgaria", side: storm.Axis, value: 1},
		{card: 2, power: storm.Germany, country: "Bulgaria", value: 2, secret: true},
		{card: 3, power: storm.Italy, country: "Bulgaria", value: 1, secret: true},
		{card: 5, power: storm.France, country: "Bulgaria", value: 1},
	}, nil)
	s, _ = playTo(t, s, s.Turn, storm.SegDiplomacyAxis1)
	if !offered(s, storm.Germany, 2) || !offered(s, storm.Italy, 3) {
		t.Errorf("10.41C: the Axis are not offered their secret events")
	}
	_, evs := resolveTurn(t, s, func(s storm.State) map[storm.Power]string {
		if s.Segment == storm.SegDiplomacyAxis1 {
			return map[storm.Power]string{storm.Germany: "SUPPORT EVENT 2", storm.Italy: "SUPPORT EVENT 3"}
		}
		return nil
	})
	ch := supportChanges(evs)
	if len(ch[storm.Germany]) != 1 || ch[storm.Germany][0].Delta != 2 || len(ch[storm.Italy]) != 0 {
		t.Fatalf("10.41C: the conversions %+v", ch)
	}
	if r, _ := resultIn(evs, "Bulgaria"); r.Winner != storm.Axis {
		t.Errorf("10.41C: Bulgaria's result %+v", r)
	}
	voided := false
	for _, v := range randomevent.AllEvents[event.OrderVoided](evs) {
		voided = voided || v.Power == storm.Italy && v.Rule == "10.41C" && strings.Contains(v.Msg, "needed")
	}
	if !voided {
		t.Errorf("10.41C: Italy's line is not void: %+v", randomevent.AllEvents[event.OrderVoided](evs))
	}
}

// TestRule10_41CSupportEventRefusals: the lines refused when sent, each
// citing 10.41C: a card that is no diplomatic event of the power's, a
// general event, an event for Greece before a civil war there ended; and
// a line void in the covert segment once counters were placed in the
// target.
func TestRule10_41CSupportEventRefusals(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 1, country: "Bulgaria", side: storm.Axis, value: 1},
		{card: 2, power: storm.Germany, country: "Bulgaria", value: 2, secret: true},
		{card: 3, power: storm.Italy, country: "Bulgaria", value: 1, secret: true},
		{card: 4, power: storm.Britain, country: "Rumania", side: storm.Soviet, value: 1, secret: true},
		{card: 5, power: storm.France, country: "Greece", value: 1, secret: true},
	}, nil)
	s, _ = playTo(t, s, s.Turn, storm.SegDiplomacyAxis1)
	for _, c := range []struct {
		p    storm.Power
		line string
		want string
	}{
		{storm.Germany, "SUPPORT EVENT 9", "no diplomatic random event of yours"},
		{storm.Germany, "SUPPORT EVENT 1", "general event"},
		{storm.France, "SUPPORT EVENT 5", "civil war"},
		{storm.Britain, "SUPPORT EVENT 4", "no diplomatic random event of yours"}, // it favours Russia (24.81A)
	} {
		if _, err := mail(t, s, c.p, c.line); err == nil || !strings.Contains(err.Error(), "10.41C") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want a 10.41C refusal (%s)", c.p, c.line, err, c.want)
		}
	}
	if offered(s, storm.France, 5) || offered(s, storm.Germany, 1) || offered(s, storm.Britain, 4) {
		t.Errorf("10.41C: an excluded event is offered")
	}
	_, evs := resolveTurn(t, s, func(s storm.State) map[storm.Power]string {
		if s.Segment == storm.SegDiplomacyAxis1 {
			return map[storm.Power]string{storm.Germany: "SUPPORT EVENT 2\nDIPLOMATIC BULGARIA 1"}
		}
		return nil
	})
	voided := false
	for _, v := range randomevent.AllEvents[event.OrderVoided](evs) {
		voided = voided || v.Power == storm.Germany && v.Rule == "10.41C" && strings.Contains(v.Msg, "counters were placed")
	}
	if !voided || len(supportChanges(evs)[storm.Germany]) != 0 {
		t.Errorf("10.41C: Germany's line with a counter there: voided %v, conversions %+v", voided, supportChanges(evs))
	}
}

// TestRule10_41CDisputeEventsAsSupport: general event 1 sets Hungary
// against Rumania (24.552); Germany backs Hungary, Russia places a 2 in
// Rumania, where Britain's +1 event stands: the Allies have an event in the
// country they must back, and it decides nothing there (Russia wins
// without it): every event for Rumania is a public support event.
func TestRule10_41CDisputeEventsAsSupport(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 1, country: "Hungary", dispute: "Rumania"},
		{card: 4, power: storm.Britain, country: "Rumania", value: 1},
	}, nil)
	_, evs := resolveTurn(t, s, func(s storm.State) map[storm.Power]string {
		switch s.Segment {
		case storm.SegDiplomacyAxis1:
			return map[storm.Power]string{storm.Germany: "DIPLOMATIC HUNGARY 1"}
		case storm.SegDiplomacyRussia:
			return map[storm.Power]string{storm.Russia: "DIPLOMATIC RUMANIA 2"}
		}
		return nil
	})
	ch := supportChanges(evs)
	if len(ch[storm.Britain]) != 1 || ch[storm.Britain][0].Delta != 1 || !strings.Contains(ch[storm.Britain][0].What, "dispute") {
		t.Fatalf("10.41C: the conversions %+v", ch)
	}
	if r, _ := resultIn(evs, "Rumania"); r.Winner != storm.Soviet {
		t.Errorf("10.41C: Rumania's result %+v", r)
	}
}

// TestRule10_41CAlliedEventsBarredByRussianFlags: a Russian flag in
// Rumania keeps Allied counters out (24.56D); Britain's secret +1 there is
// weaker than Germany's 2: it could change nothing and is a public
// support event, revealed in the diplomatic phase (10.41C).
func TestRule10_41CAlliedEventsBarredByRussianFlags(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 4, power: storm.Britain, country: "Rumania", value: 1, secret: true},
	}, func(s *storm.State) { s.Minor("Rumania").SetFlagCounts(map[storm.Power]int{storm.Russia: 1}) })
	_, evs := resolveTurn(t, s, func(s storm.State) map[storm.Power]string {
		if s.Segment == storm.SegDiplomacyAxis1 {
			return map[storm.Power]string{storm.Germany: "DIPLOMATIC RUMANIA 2"}
		}
		return nil
	})
	ch := supportChanges(evs)
	if len(ch[storm.Britain]) != 1 || ch[storm.Britain][0].Delta != 1 || !strings.Contains(ch[storm.Britain][0].What, "Russian flag") {
		t.Fatalf("10.41C: the conversions %+v", ch)
	}
	if r, _ := resultIn(evs, "Rumania"); r.Winner != storm.Axis {
		t.Errorf("10.41C: Rumania's result %+v", r)
	}
}

// TestRule10_41CAlliedEventsBarredByTheAntiComintern: the anti-Comintern
// counter (24.3) bars Allied counters where it stands (24.36A); Germany
// sends it to Rumania by mail, where Britain holds a secret +1 event and
// Germany a +1: the Allied event is weaker than the Axis effort (the
// counter and the event) and is a public support event for Britain,
// revealed with the diplomatic phase.
func TestRule10_41CAlliedEventsBarredByTheAntiComintern(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 4, power: storm.Britain, country: "Rumania", value: 1, secret: true},
		{card: 2, power: storm.Germany, country: "Rumania", value: 1},
	}, func(s *storm.State) {
		for _, c := range []string{"Finland", "Poland", "Rumania", "Turkey"} {
			s.Minor(c).SetFlagCounts(map[storm.Power]int{})
		}
	})
	var placed bool
	_, evs := resolveTurn(t, s, func(s storm.State) map[storm.Power]string {
		if s.Segment == storm.SegDiplomacyAxis1 {
			return map[storm.Power]string{storm.Germany: "ANTI-COMINTERN RUMANIA"}
		}
		if s.Segment == storm.SegDiplomacyRussia {
			placed = s.Diplomacy.AntiComintern != nil && s.Diplomacy.AntiComintern.Country == "Rumania"
		}
		return nil
	})
	if !placed {
		t.Fatal("24.34C: the anti-Comintern counter is not in Rumania")
	}
	ch := supportChanges(evs)
	if len(ch[storm.Britain]) != 1 || ch[storm.Britain][0].Delta != 1 || !strings.Contains(ch[storm.Britain][0].What, "anti-Comintern") {
		t.Fatalf("10.41C: the conversions %+v", ch)
	}
}

// TestRule10_41CTakenOverEventsAreSupportEvents: Italy controls Albania
// (taken over, 24.56A). Germany's public +2 event for Albania acts as a
// public support event from the random events phase (+2 support this
// turn, 10.41B); Britain's secret +1 acts as a secret support event: held,
// playable by mail (PLAY 4, 9.41E) for +1 support and a tile point now
// (11.52A), and never in the others' news while held.
func TestRule10_41CTakenOverEventsAreSupportEvents(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 2, power: storm.Germany, country: "Albania", value: 2},
		{card: 4, power: storm.Britain, country: "Albania", value: 1, secret: true},
	}, func(s *storm.State) { s.Minor("Albania").Controller = storm.Italy })
	if got := s.Powers[storm.Germany].Economy.SupportEvents; got != 2 {
		t.Errorf("10.41C: Germany's support events this turn %+d, want +2 (its Albanian event)", got)
	}
	if slices.ContainsFunc(s.Diplomacy.Modifiers, func(m storm.DiplomaticModifier) bool { return m.Country == "Albania" }) {
		t.Errorf("10.41C: a modifier in Albania, taken over: %+v", s.Diplomacy.Modifiers)
	}
	var held storm.HeldEvent
	for _, h := range s.Events.Held {
		if h.Card == 4 && h.Power == storm.Britain {
			held = h
		}
	}
	if !held.AsSupport || !held.Playable || held.At != storm.RevealCrisis {
		t.Fatalf("10.41C: Britain's secret event held as %+v, want a playable secret support event", held)
	}
	if _, ok := option(s, storm.Britain, "PLAY 4"); !ok {
		t.Error("9.41E: PLAY 4 not offered to Britain")
	}
	if text := flatText(report.Public("demo", nil, adjudicator.Derive(s)).Text); strings.Contains(text, "random event 4") {
		t.Errorf("8.31: Britain's held event in the public view:\n%s", text)
	}
	support := s.Powers[storm.Britain].Support
	next, evs := mailRound(t, s, map[storm.Power]string{storm.Britain: "PLAY 4"})
	if got := next.Powers[storm.Britain].Support; got != support+1 {
		t.Errorf("10.41C, 9.41E: Britain's support %d -> %d, want +1", support, got)
	}
	played := false
	for _, e := range randomevent.AllEvents[event.SupportChanged](evs) {
		played = played || (e.Power == storm.Britain && e.Delta == 1 && e.TileDelta == 1)
	}
	if !played {
		t.Errorf("11.52A: no +1 support with its tile point for Britain among %v", evs)
	}
}

// TestRule10_41CNeutralPolandEventsHaveNoEffect: a Poland Germany left
// neutral (29.22C) takes no counters and its diplomatic random events have
// no effect at all: not a modifier, not a support event (it was not taken
// over, 10.41C), public or secret, and a SUPPORT EVENT line for one is
// refused.
func TestRule10_41CNeutralPolandEventsHaveNoEffect(t *testing.T) {
	s := eventGame(t, []eventCard{
		{card: 2, power: storm.Germany, country: "Poland", value: 2},
		{card: 4, power: storm.Britain, country: "Poland", value: 1, secret: true},
	}, func(s *storm.State) { s.SupportFacts.PolandNeutral = true })
	if got := s.Powers[storm.Germany].Economy.SupportEvents; got != 0 {
		t.Errorf("29.22C: Germany's support events %+d from neutral Poland, want 0", got)
	}
	for _, h := range s.Events.Held {
		if h.Card == 4 && h.AsSupport {
			t.Errorf("29.22C: Britain's Polish event held as a support event: %+v", h)
		}
	}
	s, _ = playTo(t, s, s.Turn, storm.SegDiplomacyAllies)
	if _, err := mail(t, s, storm.Britain, "SUPPORT EVENT 4"); err == nil || !strings.Contains(err.Error(), "29.22C") {
		t.Errorf("SUPPORT EVENT 4 for neutral Poland: %v, want a 29.22C refusal", err)
	}
	_, evs := resolveTurn(t, s, func(storm.State) map[storm.Power]string { return nil })
	if ch := supportChanges(evs); len(ch) != 0 {
		t.Errorf("29.22C: conversions %+v", ch)
	}
	if slices.ContainsFunc(randomevent.AllEvents[event.SupportChanged](evs), func(e event.SupportChanged) bool { return e.Power == storm.Britain }) {
		t.Error("29.22C: Britain's support changed by its Polish event")
	}
}

// TestRule24_52BOnlySupportEventsOfferedToPay: in a placement round a
// power may reveal a secret support event to pay for its counters (24.52B,
// 9.41E); the PLAY line says so for Britain's +1 support event, not for
// Russia's purge event, which adds no tile points.
func TestRule24_52BOnlySupportEventsOfferedToPay(t *testing.T) {
	d := loadDeck(t, "quiet.toml")
	d.Cards[3].National[storm.Britain] = storm.CardEvent{Title: "Rally", Category: storm.CategorySupport, Secret: true,
		Effects: []storm.Effect{{Kind: storm.EffectSupport, Value: 1}}}
	d.Cards[5].National[storm.Russia] = storm.CardEvent{Title: "Purge", Category: storm.CategoryPurge, Secret: true,
		Effects: []storm.Effect{{Kind: storm.EffectPurgeSupport, Value: -1}}}
	s := crisis.WithCrisis(diplomacy.WithDiplomacy(setup.NewGameWithDeck(1, d)))
	s, err := randomevent.StackDraws(s, 1, 2, 3, 4, 5, 6)
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = adjudicator.Resolve(s, nil); err != nil {
		t.Fatal(err)
	}
	const pays = "reveal it now to add its tile points"
	s, _ = playTo(t, s, s.Turn, storm.SegDiplomacyRussia)
	if note, ok := option(s, storm.Russia, "PLAY 6"); !ok || strings.Contains(note, pays) {
		t.Errorf("24.52B: Russia's purge event offered %v: %q", ok, note)
	}
	s, _ = playTo(t, s, s.Turn, storm.SegDiplomacyAllies)
	if note, ok := option(s, storm.Britain, "PLAY 4"); !ok || !strings.Contains(note, pays) {
		t.Errorf("24.52B: Britain's support event offered %v: %q", ok, note)
	}
}
