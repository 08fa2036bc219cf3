package deckcheck

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// validCard returns a card that Check accepts, with no effects.
func validCard(n int) storm.Card {
	c := storm.Card{Number: n, General: storm.CardEvent{Title: "G", Category: storm.CategorySupport}, National: map[storm.Power]storm.CardEvent{}}
	for _, p := range storm.Powers {
		c.National[p] = storm.CardEvent{Title: "N", Category: storm.CategorySupport}
	}
	return c
}

// withNational returns c with p's national event replaced.
func withNational(c storm.Card, p storm.Power, ev storm.CardEvent) storm.Card {
	m := map[storm.Power]storm.CardEvent{}
	for q, e := range c.National {
		m[q] = e
	}
	m[p] = ev
	c.National = m
	return c
}

func national(cat storm.EventCategory, effects ...storm.Effect) storm.CardEvent {
	return storm.CardEvent{Title: "N", Category: cat, Effects: effects}
}

func general(cat storm.EventCategory, effects ...storm.Effect) storm.Card {
	c := validCard(1)
	c.General = storm.CardEvent{Title: "G", Category: cat, Effects: effects}
	return c
}

func TestDeckCheck(t *testing.T) {
	tests := []struct {
		name  string
		cards []storm.Card
		want  []string // substrings of the errors, in order; nil: valid
	}{
		{"a test deck may have fewer than 144 cards (8.42)", []storm.Card{validCard(1), validCard(144)}, nil},
		{"8.42: numbers are 1..144", []storm.Card{validCard(0), validCard(145)}, []string{"number: card number 0 out of range", "number: card number 145 out of range"}},
		{"8.41D: numbers are unique", []storm.Card{validCard(5), validCard(5)}, []string{"card number 5 used twice"}},
		{"11.33: trends are -2..+2", []storm.Card{func() storm.Card { c := validCard(1); c.Trend = -3; return c }()}, []string{"economic trend -3"}},
		{"8.41C: one national event per power", []storm.Card{func() storm.Card { c := validCard(1); delete(c.National, storm.Italy); return c }()}, []string{"italy event: missing: a national event for italy"}},
		{"8.31, 9.3: general events are public", []storm.Card{func() storm.Card { c := validCard(1); c.General.Secret = true; return c }()}, []string{"secret: a general event is always public"}},
		{"8.21A: no economic general event", []storm.Card{general(storm.CategoryEconomic)}, []string{"a general event is not of category \"economic\""}},
		{"8.21: categories are known", []storm.Card{withNational(validCard(1), storm.France, national("weather"))}, []string{"unknown category \"weather\""}},
		{"every event has a title", []storm.Card{withNational(validCard(1), storm.France, storm.CardEvent{Category: storm.CategorySupport})}, []string{"title: missing"}},
		{"11.41: income needs a value", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryEconomic, storm.Effect{Kind: storm.EffectIncome}))},
			[]string{"card 1, germany event, effect 1: value: missing: income needs value"}},
		{"11.41: income is at most 2", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryEconomic, storm.Effect{Kind: storm.EffectIncome, Value: 3}))},
			[]string{"value: 3 out of range -2..2"}},
		{"a parameter the kind does not use", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryEconomic, storm.Effect{Kind: storm.EffectIncome, Value: 1, Country: "Spain"}))},
			[]string{"country: not a parameter of income"}},
		{"unknown kind", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryEconomic, storm.Effect{Kind: "windfall"}))}, []string{"unknown effect kind \"windfall\""}},
		{"a general support event names its power (9.31B)", []storm.Card{general(storm.CategorySupport, storm.Effect{Kind: storm.EffectSupport, Value: 1})},
			[]string{"power: missing: a general event's support names the power"}},
		{"a national support event defaults to its holder (9.41E)", []storm.Card{withNational(validCard(1), storm.Britain, national(storm.CategorySupport, storm.Effect{Kind: storm.EffectSupport, Value: -2}))}, nil},
		{"9.31C: a general diplomatic event names the side it favours", []storm.Card{general(storm.CategoryDiplomatic, storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Spain", Value: 1})},
			[]string{"side: missing"}},
		{"24.21: countries are diplomatic targets", []storm.Card{general(storm.CategoryDiplomatic, storm.Effect{Kind: storm.EffectDiplomaticModifier, Country: "Portugal", Side: storm.Axis, Value: 1})},
			[]string{"unknown country \"Portugal\""}},
		{"4.16: regions are known", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryDiplomatic, storm.Effect{Kind: storm.EffectFlexibleModifier, Region: "iberia", Value: 1}))},
			[]string{"unknown region \"iberia\""}},
		{"25.31: civil war events only in Greece, Spain, Yugoslavia", []storm.Card{withNational(validCard(1), storm.Italy, national(storm.CategoryDiplomatic, storm.Effect{Kind: storm.EffectCivilWarEvent, Country: "Norway"}))},
			[]string{"is for Greece, Spain, Yugoslavia only"}},
		{"22.21D: purges concern storm.Russia only", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryPurge, storm.Effect{Kind: storm.EffectPurgeNoResearch}))},
			[]string{"purge_no_research concerns russia only"}},
		{"22.21D: purge support lowers support", []storm.Card{withNational(validCard(1), storm.Russia, national(storm.CategoryPurge, storm.Effect{Kind: storm.EffectPurgeSupport, Value: 1}))},
			[]string{"value: 1 out of range -5..-1"}},
		{"15.41: projects are on the holder's sheet", []storm.Card{withNational(validCard(1), storm.France, national(storm.CategoryResearch, storm.Effect{Kind: storm.EffectResearchLevels, Project: "west wall", Value: 1}))},
			[]string{"unknown project \"west wall\" on the allies research record sheet"}},
		{"15.32: steps go to a project or a category, not both", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryResearch, storm.Effect{Kind: storm.EffectResearchSteps, Project: "jets", Research: storm.AirResearch, Value: 1}))},
			[]string{"needs exactly one of project, research"}},
		{"15.12: research categories are known", []storm.Card{withNational(validCard(1), storm.Germany, national(storm.CategoryResearch, storm.Effect{Kind: storm.EffectResearchSteps, Research: "chemistry", Value: 1}))},
			[]string{"unknown research category \"chemistry\""}},
		{"10.41B: a research_results condition names its category", []storm.Card{withNational(validCard(1), storm.Italy, national(storm.CategorySupport, storm.Effect{Kind: storm.EffectConditionalSupport, Condition: storm.ConditionResearchResults, Max: 2}))},
			[]string{"research: missing"}},
		{"18.41B: units are armor, infantry or air", []storm.Card{withNational(validCard(1), storm.France, national(storm.CategoryConstruction, storm.Effect{Kind: storm.EffectExtraUnitBuild, Unit: "cavalry"}))},
			[]string{"unknown unit \"cavalry\""}},
		{"24.552: a dispute needs two countries", []storm.Card{general(storm.CategoryDiplomatic, storm.Effect{Kind: storm.EffectDiplomaticDispute, Country: "Greece", Other: "Greece"})},
			[]string{"two different countries"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := Check(storm.Deck{Cards: tt.cards})
			if len(errs) != len(tt.want) {
				t.Fatalf("got %d errors %v, want %d %q", len(errs), errs, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(errs[i].Error(), w) {
					t.Errorf("error %d %q does not contain %q", i, errs[i].Error(), w)
				}
			}
		})
	}
}
