package adjudicator_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/internal/enginetest"
	"stormjudge/adjudicator/setup"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/report"
)

// Issue 23's rules of 9.14, 22.31C, 24.34, 24.83 and 31, played by email
// (bymail_test.go).

// balticPurge is the purge events the Baltic States' aggression added
// (22.31C, 31.91C) among evs.
func balticPurge(evs []event.Event) int {
	n := 0
	for _, e := range evs {
		if p, ok := e.(event.PurgeLevelRaised); ok && p.Rule == "22.31C" && strings.Contains(p.What, "Baltic") {
			n += p.Events
		}
	}
	return n
}

// TestRule22_31CBalticPurgeOnlyWithoutPact: Germany remilitarizes the
// Rhineland (Spring 1935) and moves against the Baltic States in Summer
// 1936, acquiesced. Russia is implacably hostile either way (31.91), but
// the two purge events of 31.91C come under 22.31C, which counts German
// aggression only while no Nazi-Soviet Pact has been signed: after Danzig
// and the Corridor taken with the pact offered (Spring 1936, acquiesced:
// the pact is signed) the purge level does not rise; without it, it
// rises by two.
func TestRule22_31CBalticPurgeOnlyWithoutPact(t *testing.T) {
	for _, pact := range []bool{false, true} {
		s := mailGame(t, 1)
		s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
		if pact {
			s, _ = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Spring}, storm.SegCrisisAggression)
			s, _ = aggress(t, s, storm.Germany, "DANZIG PACT", "ACQUIESCE")
		}
		s, _ = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Summer}, storm.SegCrisisAggression)
		if (s.SupportFacts.PactSigned != nil) != pact {
			t.Fatalf("pact %v: pact signed %v", pact, s.SupportFacts.PactSigned)
		}
		s, evs := aggress(t, s, storm.Germany, "BALTIC STATES", "ACQUIESCE")
		hostile, ok := enginetest.FirstOf[event.PactNotOffered](evs)
		if !ok || hostile.Target != storm.BalticStates || hostile.Rule != "31.91" {
			t.Fatalf("pact %v: 31.91: no hostility event for the Baltic States:\n%s", pact, enginetest.DumpEvents(evs))
		}
		want := 2
		if pact {
			want = 0
		}
		if hostile.Purge != want || hostile.PactSigned != pact {
			t.Errorf("pact %v: 22.31C: the event gives %d purge events (pact signed %v), want %d", pact, hostile.Purge, hostile.PactSigned, want)
		}
		if got := balticPurge(evs); got != want {
			t.Errorf("pact %v: 22.31C: the purge level rose by %d for the Baltic States, want %d\n%s", pact, got, want, enginetest.DumpEvents(evs))
		}
		if !s.Conditions.BalticAggression {
			t.Errorf("pact %v: 31.91: Russia's hostility not recorded", pact)
		}
	}
}

// pactByMail plays Germany's Rhineland (Spring 1935) and Poland with the
// pact offered (Spring 1936), both acquiesced, to the end of the crisis
// phase: the pact signed, with the events on the way.
func pactByMail(t *testing.T, seed uint64) (storm.State, []event.Event) {
	t.Helper()
	s := mailGame(t, seed)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Spring}, storm.SegCrisisAggression)
	s, evs := aggress(t, s, storm.Germany, "POLAND PACT", "ACQUIESCE")
	if s.Turn == (storm.Turn{Year: 1936, Season: storm.Spring}) {
		var more []event.Event
		s, more = playTo(t, s, storm.Turn{Year: 1936, Season: storm.Summer}, storm.SegEconomic)
		evs = append(evs, more...)
	}
	return s, evs
}

// TestRule31_51FPactPurge: the pact raises Russia's purge level by its
// concession level divided by five (31.51F, 22.31D), to the nearest
// whole number: the level rounded to five (31.33) over five, so 38 gives
// 8 (not 7, the fraction dropped) and 37 gives 7 (r-31-51f). Germany
// takes Poland with the pact offered, acquiesced, by email; seed 7 draws
// the tile that makes the level 38, seed 1 the one that makes it 37 (with
// Germany's third flag in Finland, won in that turn's diplomatic phase, a
// trade pact at once: 11.61, 31.32D -2).
func TestRule31_51FPactPurge(t *testing.T) {
	for _, c := range []struct {
		seed         uint64
		level, purge int
	}{{7, 38, 8}, {1, 37, 7}} {
		_, evs := pactByMail(t, c.seed)
		p, ok := enginetest.FirstOf[event.PactSigned](evs)
		if !ok || p.Level != c.level {
			t.Fatalf("seed %d: pact %+v, want level %d\n%s", c.seed, p, c.level, enginetest.DumpEvents(evs))
		}
		if p.Purge != c.purge || p.Rounded/5 != c.purge {
			t.Errorf("seed %d: 31.51F: level %d (rounded %d): %d purge events, want %d", c.seed, p.Level, p.Rounded, p.Purge, c.purge)
		}
		raised := 0
		for _, e := range evs {
			if r, ok := e.(event.PurgeLevelRaised); ok && r.Rule == "22.31D" {
				raised += r.Events
			}
		}
		if raised != c.purge {
			t.Errorf("seed %d: 22.31D: the purge level rose by %d for the pact, want %d", c.seed, raised, c.purge)
		}
	}
	for level, want := range map[int]int{0: 0, 2: 0, 3: 1, 32: 6, 33: 7, 35: 7, 37: 7, 38: 8, -4: 0} {
		if got := threshold.PactPurge(level); got != want {
			t.Errorf("31.51F: level %d: %d purge events, want %d", level, got, want)
		}
	}
}

// TestRule31_32EPolishTileOnlyForThePact: Poland's resistance tile is
// drawn in a crisis over Poland or Danzig and the Corridor the Allies
// acquiesce in only for the pact's concession level (31.32E). Germany
// demands Danzig and the Corridor in Spring 1936, acquiesced: without the
// pact offered no tile is drawn, and at the next turn's economic phase the
// game's random sequence (the state's generator) and the tile pool are
// those of the same game in which Germany announced no aggression that
// turn; with the pact offered the tile is drawn and the sequence moves on.
func TestRule31_32EPolishTileOnlyForThePact(t *testing.T) {
	spring36, summer36 := storm.Turn{Year: 1936, Season: storm.Spring}, storm.Turn{Year: 1936, Season: storm.Summer}
	play := func(target string) (storm.State, []event.Event) {
		s := mailGame(t, 1)
		s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
		s, _ = playTo(t, s, spring36, storm.SegCrisisAggression)
		var evs []event.Event
		if target == "" {
			s, evs = mailRound(t, s, map[storm.Power]string{storm.Germany: "AGGRESSION NONE"})
		} else {
			s, evs = aggress(t, s, storm.Germany, target, "ACQUIESCE")
		}
		s, more := playTo(t, s, summer36, storm.SegEconomic)
		return s, append(evs, more...)
	}
	none, _ := play("")
	danzig, evs := play("DANZIG")
	if _, ok := enginetest.FirstOf[event.CrisisEnded](evs); !ok {
		t.Fatalf("no Danzig crisis:\n%s", enginetest.DumpEvents(evs))
	}
	if r, ok := enginetest.FirstOf[event.CrisisResistance](evs); ok {
		t.Errorf("31.32E: a tile drawn for Poland without the pact offered: %+v", r)
	}
	if danzig.SupportFacts.PolandTile != 0 {
		t.Errorf("31.32E: Poland's tile %d recorded without the pact offered", danzig.SupportFacts.PolandTile)
	}
	if danzig.RNG != none.RNG || danzig.Tiles != none.Tiles {
		t.Errorf("31.32E: the random sequence moved: generator %+v, tiles %+v; without the crisis %+v, %+v", danzig.RNG, danzig.Tiles, none.RNG, none.Tiles)
	}
	pact, evs := play("DANZIG PACT")
	r, ok := enginetest.FirstOf[event.CrisisResistance](evs)
	if !ok || r.Resistance.Tile == 0 || pact.SupportFacts.PolandTile != r.Resistance.Tile {
		t.Fatalf("31.32E: with the pact offered Poland's tile is drawn: %+v, recorded %d\n%s", r, pact.SupportFacts.PolandTile, enginetest.DumpEvents(evs))
	}
	if pact.RNG == none.RNG {
		t.Errorf("31.32E: the tile drawn for the pact did not move the random sequence")
	}
}

// TestRule24_83ModifierInItsTurn: the communist-threat modifier of 24.83
// is made by a turn's Axis result that eliminates a Russian flag and
// counts in the following turn, where it is one of that turn's modifiers
// (the export's diplomacy.modifiers, rule 24.83) and the resolution
// report names it beside the effort it adds to. By email: Russia places
// 2 in Turkey in Spring 1935 (Germany orders no anti-Comintern counter)
// and takes a flag there; in Summer 1935 the judge places the
// anti-Comintern counter (1) in Turkey, the least anti-Communist country
// (24.34C), and the Axis result removes the Russian flag (24.82C): next
// turn +1 for Germany (24.83A-B). In Fall 1935 Germany orders no
// anti-Comintern counter: Turkey's Axis 1 is that modifier alone.
func TestRule24_83ModifierInItsTurn(t *testing.T) {
	spring35 := storm.FirstTurn
	summer35, fall35, winter35 := spring35.Next(), spring35.Next().Next(), spring35.Next().Next().Next()
	s := mailGame(t, 1)
	s, _ = playTo(t, s, spring35, storm.SegDiplomacyAxis1)
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "ANTI-COMINTERN NONE"})
	s, _ = playTo(t, s, spring35, storm.SegDiplomacyRussia)
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Russia: "DIPLOMATIC TURKEY 2"})
	s, evs := playTo(t, s, summer35, storm.SegDiplomacyAxis1)
	if s.Minor("Turkey").FlagCounts()[storm.Russia] != 1 {
		t.Fatalf("no Russian flag in Turkey after Spring 1935:\n%s", enginetest.DumpEvents(evs))
	}
	s, evs = playTo(t, s, fall35, storm.SegDiplomacyAxis1)
	res, ok := findResult(evs, "Turkey")
	if !ok || res.Winner != storm.Axis || !strings.Contains(res.Change, "24.83") || s.Minor("Turkey").FlagCounts()[storm.Russia] != 0 {
		t.Fatalf("Summer 1935: no Axis result removing the Russian flag in Turkey: %+v\n%s", res, enginetest.DumpEvents(evs))
	}
	// The turn it applies in: one of this turn's modifiers, nothing left
	// apart for "next turn".
	want := storm.DiplomaticModifier{Country: "Turkey", Side: storm.Axis, Power: storm.Germany, Value: 1, Rule: "24.83"}
	if !slices.Contains(s.Diplomacy.Modifiers, want) || len(s.Diplomacy.Threat) != 0 {
		t.Errorf("Fall 1935: 24.83A: modifiers %+v, threat %+v; want %+v among this turn's modifiers", s.Diplomacy.Modifiers, s.Diplomacy.Threat, want)
	}
	b, err := json.Marshal(s.Diplomacy)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"modifiers":[{"country":"Turkey","side":"axis","power":"germany","value":1,"rule":"24.83"}]`) {
		t.Errorf("Fall 1935: the export's diplomacy lacks the 24.83 modifier among this turn's: %s", b)
	}
	s, _ = mailRound(t, s, map[storm.Power]string{storm.Germany: "ANTI-COMINTERN NONE"})
	s, evs = playTo(t, s, winter35, storm.SegEconomic)
	res, ok = findResult(evs, "Turkey")
	if !ok || res.Effort.Axis != 1 || !slices.Contains(res.Modifiers, want) {
		t.Fatalf("Fall 1935: Turkey's result %+v, want Axis 1 from the 24.83 modifier, named\n%s", res, enginetest.DumpEvents(evs))
	}
	text := strings.Join(strings.Fields(report.Public("demo", evs, adjudicator.Derive(s)).Text), " ")
	if line := "Turkey: Axis 1, Allies 0, Russia 0 (modifiers: Germany +1 for the Russian flag eliminated here last turn (rule 24.83))"; !strings.Contains(text, line) {
		t.Errorf("Fall 1935: the report lacks %q:\n%s", line, text)
	}
	if len(s.Diplomacy.Modifiers) != 0 {
		t.Errorf("Winter 1935: 24.83A: the modifier outlived its turn: %+v", s.Diplomacy.Modifiers)
	}
}

// findResult is the diplomatic result in country among evs.
func findResult(evs []event.Event, country string) (event.DiplomaticResult, bool) {
	for _, e := range evs {
		if r, ok := e.(event.DiplomaticResult); ok && r.Country == country {
			return r, true
		}
	}
	return event.DiplomaticResult{}, false
}

// mailDeckGame is mailGame with the quiet deck (every event without
// effect), so that each turn's cards, the additional ones included, are
// dealt (9.12, 9.13).
func mailDeckGame(t *testing.T, seed uint64) storm.State {
	t.Helper()
	return mailGameOf(t, setup.NewGameWithDeck(seed, loadDeck(t, "quiet.toml")))
}

// TestRule9_14AggressionEventsExample plays 9.14's EXAMPLE by email:
// Germany remilitarizes the Rhineland (Spring 1935), takes Austria in
// Summer 1938 and the whole of Czechoslovakia, the Sudetenland not taken
// before, in Fall 1938, the Allies acquiescing each time. Austria (2)
// draws one additional event a turn for two turns; Czechoslovakia draws as
// the Sudetenland (1) and the remainder (2), each one a turn for as many
// turns as its value: Fall 1938 one (Austria), Winter 1938 three
// (Austria, the Sudetenland, the remainder), Spring 1939 one (the
// remainder), none after: five in all. Each turn's count is public with
// its reasons (AdditionalEvents, the report), and as many additional
// cards are dealt.
func TestRule9_14AggressionEventsExample(t *testing.T) {
	summer38, fall38 := storm.Turn{Year: 1938, Season: storm.Summer}, storm.Turn{Year: 1938, Season: storm.Fall}
	winter38, spring39, summer39, fall39 := fall38.Next(), fall38.Next().Next(), fall38.Next().Next().Next(), fall38.Next().Next().Next().Next()
	s := mailDeckGame(t, 1)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	for y := 1936; y <= 1938; y++ {
		s, _ = playTo(t, s, storm.Turn{Year: y, Season: storm.Spring}, storm.SegEconomic)
	}
	s, _ = playTo(t, s, summer38, storm.SegCrisisAggression)
	var evs []event.Event
	s, evs = aggress(t, s, storm.Germany, "AUSTRIA", "ACQUIESCE")
	s, more := playTo(t, s, fall38, storm.SegCrisisAggression)
	evs = append(evs, more...)
	s, more = aggress(t, s, storm.Germany, "CZECHOSLOVAKIA", "ACQUIESCE")
	evs = append(evs, more...)
	s, more = playTo(t, s, fall39, storm.SegEconomic)
	evs = append(evs, more...)
	for _, target := range []string{"Austria", "Czechoslovakia"} {
		turn := map[string]storm.Turn{"Austria": summer38, "Czechoslovakia": fall38}[target]
		if !slices.ContainsFunc(s.SupportFacts.Aggressions, func(a storm.Aggression) bool {
			return a.Aggressor == storm.Germany && a.Target == target && a.Completed != nil && *a.Completed == turn
		}) {
			t.Fatalf("9.14: no German aggression against %s completed in %s: %+v", target, turn, s.SupportFacts.Aggressions)
		}
	}
	if storm.CompletedBy(s, storm.Germany, "Sudetenland") {
		t.Fatal("the Sudetenland was taken on its own: not the EXAMPLE")
	}
	announced, dealt := map[storm.Turn]int{}, map[storm.Turn]int{}
	byTurn := map[storm.Turn][]event.Event{}
	for _, e := range evs {
		switch e := e.(type) {
		case event.AdditionalEvents:
			if e.Power == storm.Germany {
				announced[e.Turn] += e.Count
				byTurn[e.Turn] = append(byTurn[e.Turn], e)
			}
		case event.RandomEventApplied:
			if e.Power == storm.Germany && strings.HasPrefix(e.Rule, "9.13,") {
				dealt[e.Turn]++
			}
		case event.SecretEventHeld:
			if e.Power == storm.Germany && e.Extra {
				dealt[e.Turn]++
			}
		}
	}
	want := map[storm.Turn]int{summer38: 0, fall38: 1, winter38: 3, spring39: 1, summer39: 0, fall39: 0}
	total := 0
	for _, at := range []storm.Turn{summer38, fall38, winter38, spring39, summer39, fall39} {
		if announced[at] != want[at] || dealt[at] != want[at] {
			t.Errorf("9.14: %s: %d additional German events announced, %d dealt, want %d", at, announced[at], dealt[at], want[at])
		}
		total += announced[at]
	}
	if total != 5 {
		t.Errorf("9.14: %d additional German events in all, want the EXAMPLE's 5", total)
	}
	if len(byTurn[winter38]) != 1 {
		t.Fatalf("9.14: Winter 1938 announced %d AdditionalEvents, want one", len(byTurn[winter38]))
	}
	{
		var whats []string
		for _, x := range byTurn[winter38][0].(event.AdditionalEvents).Sources {
			whats = append(whats, x.What)
		}
		wantWhats := []string{"Austria, completed Summer 1938: turn 2 of 2",
			"the Sudetenland (Czechoslovakia taken whole), completed Fall 1938: turn 1 of 1",
			"Czechoslovakia without the Sudetenland, completed Fall 1938: turn 1 of 2"}
		if !slices.Equal(whats, wantWhats) {
			t.Errorf("9.14: Winter 1938's reasons %q, want %q", whats, wantWhats)
		}
		text := strings.Join(strings.Fields(report.Public("demo", byTurn[winter38], adjudicator.Derive(s)).Text), " ")
		if line := "Germany draws 3 additional random events (rule 9.13): Austria, completed Summer 1938: turn 2 of 2 (1 event, rule 9.14);"; !strings.Contains(text, line) {
			t.Errorf("9.14: the report lacks %q:\n%s", line, text)
		}
	}
}

// germanExtra counts Germany's additional random events announced per
// turn among evs (9.13, 9.14).
func germanExtra(evs []event.Event) map[storm.Turn]int {
	out := map[storm.Turn]int{}
	for _, e := range evs {
		if x, ok := e.(event.AdditionalEvents); ok && x.Power == storm.Germany {
			out[x.Turn] += x.Count
		}
	}
	return out
}

// TestRule9_14WholePoland: Poland (including Danzig and the Corridor, 4)
// taken whole in Spring 1936, by email and acquiesced, draws as Danzig
// and the Corridor (1) and the remainder (3), as 9.14's EXAMPLE counts
// Czechoslovakia: two additional German events in Summer 1936, one in
// Fall and one in Winter 1936, none after.
func TestRule9_14WholePoland(t *testing.T) {
	spring36 := storm.Turn{Year: 1936, Season: storm.Spring}
	summer36 := spring36.Next()
	fall36, winter36, spring37 := summer36.Next(), summer36.Next().Next(), summer36.Next().Next().Next()
	s := mailDeckGame(t, 1)
	s, _ = aggress(t, s, storm.Germany, "RHINELAND", "ACQUIESCE")
	s, _ = playTo(t, s, spring36, storm.SegCrisisAggression)
	s, evs := aggress(t, s, storm.Germany, "POLAND", "ACQUIESCE")
	s, more := playTo(t, s, spring37.Next(), storm.SegEconomic)
	evs = append(evs, more...)
	if !storm.CompletedBy(s, storm.Germany, "Poland") || storm.CompletedBy(s, storm.Germany, "Danzig and the Corridor") {
		t.Fatalf("9.14: Poland not taken whole: %+v", s.SupportFacts.Aggressions)
	}
	got := germanExtra(evs)
	for at, want := range map[storm.Turn]int{spring36: 0, summer36: 2, fall36: 1, winter36: 1, spring37: 0} {
		if got[at] != want {
			t.Errorf("9.14: %s: %d additional German events, want %d", at, got[at], want)
		}
	}
}
