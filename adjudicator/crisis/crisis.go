package crisis

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
)

// Crisis outcomes and Italian conquests (27.62, 27.72, 27.82, 29.32-29.35):
// the pieces of the crisis phase that follow from a decision once it is
// taken, called by the crisis segments (crisisphase.go, crisisend.go;
// docs/rules.md, "Crisis outcomes").

// crisisEffect is a row of 27.62A-B, 27.72A-B and 27.82A-B: next turn's
// support change of the aggressor and of each Allied power, and the
// activity counter each loses (negative) or gains (positive).
type crisisEffect struct {
	Outcome          storm.CrisisOutcome
	AggressorSupport int
	AlliedSupport    int
	// Counters by power: the strength of the counter the power gains (+)
	// or may not use (-) next turn; Germany's and Italy's as aggressor.
	Counters map[storm.Power]int
	Rule     string
}

var crisisEffects = []crisisEffect{
	{storm.AggressorBacksDown, -1, +1, map[storm.Power]int{storm.Germany: -1, storm.Italy: -1, storm.Britain: +1, storm.France: +1, storm.Russia: +1}, "27.62"},
	{storm.AlliesBackDown, +2, -2, map[storm.Power]int{storm.Germany: +2, storm.Italy: +2, storm.Britain: -2, storm.France: -2, storm.Russia: -2}, "27.72"},
	{storm.AggressorBacksDownUl, -3, +3, map[storm.Power]int{storm.Germany: -3, storm.Italy: -2, storm.Britain: +3, storm.France: +2, storm.Russia: +2}, "27.82"},
}

// applyCrisisOutcome records the next turn's effects of a crisis ended by
// outcome (27.62, 27.72, 27.82): support grants for one turn and the
// activity counters gained or barred (12.22G, CountersNext). russia: Russia
// took part as an Allied power (26.14A) and shares the Allied effects.
func applyCrisisOutcome(s *storm.State, aggressor storm.Power, outcome storm.CrisisOutcome, russia bool, evs *[]event.Event) error {
	var row *crisisEffect
	for i := range crisisEffects {
		if crisisEffects[i].Outcome == outcome {
			row = &crisisEffects[i]
		}
	}
	if row == nil || (aggressor != storm.Germany && aggressor != storm.Italy) {
		return fmt.Errorf("adjudicator: no crisis outcome %q for %s", outcome, aggressor)
	}
	next := s.Turn.Next()
	for _, e := range row.effects(aggressor, russia) {
		track.AddSupportGrant(s, e.Power, storm.SupportGrant{Rule: row.Rule, What: string(outcome), Value: e.Support, From: next, Turns: 1})
		var c storm.ActivityCounters
		switch n := e.Counter; n {
		case 1, -1:
			c.One = n
		case 2, -2:
			c.Two = n / 2
		case 3, -3:
			c.Three = n / 3
		}
		s.Powers[e.Power].Economy.CountersNext = s.Powers[e.Power].Economy.CountersNext.Add(c)
		*evs = append(*evs, event.CrisisEffect{Turn: s.Turn, Power: e.Power, Outcome: outcome, Support: e.Support, Counter: e.Counter, Rule: row.Rule})
	}
	return nil
}

// powerEffect is one power's next-turn effect of a crisis outcome: its
// support change and the counter it gains (+) or may not use (-).
type powerEffect struct {
	Power            storm.Power
	Support, Counter int
}

// effects are the powers row applies to, the aggressor first, then
// Britain, France and (russia: 26.14A) Russia, with their effects:
// applyCrisisOutcome applies them and OutcomeWords words them.
func (row crisisEffect) effects(aggressor storm.Power, russia bool) []powerEffect {
	out := []powerEffect{{aggressor, row.AggressorSupport, row.Counters[aggressor]}}
	allies := []storm.Power{storm.Britain, storm.France}
	if russia {
		allies = append(allies, storm.Russia)
	}
	for _, p := range allies {
		out = append(out, powerEffect{p, row.AlliedSupport, row.Counters[p]})
	}
	return out
}

// OutcomeWords words the next-turn effects of crisis c ending by outcome
// (27.62A-B, 27.72A-B, 27.82A-B), from the figures applyCrisisOutcome
// applies: each power's support change and the activity counter it gains
// or may not use, Allied powers with the same effects named together.
// "" for an outcome without such effects.
func OutcomeWords(c storm.Crisis, outcome storm.CrisisOutcome) string {
	i := slices.IndexFunc(crisisEffects, func(r crisisEffect) bool { return r.Outcome == outcome })
	if i < 0 {
		return ""
	}
	row := crisisEffects[i]
	effs := row.effects(c.Aggressor, c.Russia)
	what := func(e powerEffect) string {
		ctr := fmt.Sprintf("an extra %d activity counter", e.Counter)
		if e.Counter < 0 {
			ctr = fmt.Sprintf("one %d activity counter barred", -e.Counter)
		}
		return fmt.Sprintf("support %+d and %s", e.Support, ctr)
	}
	parts := []string{effs[0].Power.Title() + " " + what(effs[0])}
	for j := 1; j < len(effs); {
		k := j + 1
		for k < len(effs) && effs[k].Support == effs[j].Support && effs[k].Counter == effs[j].Counter {
			k++
		}
		var names []string
		for _, e := range effs[j:k] {
			names = append(names, e.Power.Title())
		}
		each := ""
		if k-j > 1 {
			each = " each"
		}
		parts = append(parts, storm.JoinAnd(names)+each+" "+what(effs[j]))
		j = k
	}
	return fmt.Sprintf("next turn (%sA-B): %s", row.Rule, strings.Join(parts, "; "))
}

// italianConquest is when an Italian attack on target begun in turn attack
// ends in conquest, and whether Italy uses its military counter for it
// (29.31-29.33): Ethiopia at the end of the third turn after the attack,
// with the counter at no cost (29.32); Albania, Greece and Yugoslavia by
// their resistance without the tile (29.33): 0 or less occupied at once
// without the counter, 1 the same turn, 2 the next, and so on, a tile
// point a turn for the counter (29.33C).
func italianConquest(s storm.State, target string, attack storm.Turn) (done storm.Turn, counter, paid bool, err error) {
	switch target {
	case storm.Ethiopia:
		t := attack
		for range 3 {
			t = t.Next()
		}
		return t, true, false, nil
	case "Albania", "Greece", "Yugoslavia":
		r, _ := threshold.ResistanceOf(s, target, 0)
		if r.Level <= 0 {
			return attack, false, false, nil
		}
		t := attack
		for range r.Level - 1 {
			t = t.Next()
		}
		return t, true, true, nil
	}
	return storm.Turn{}, false, false, fmt.Errorf("adjudicator: Italy attacks only Ethiopia, Albania, Greece or Yugoslavia (27.31)")
}
