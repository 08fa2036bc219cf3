package storm

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// validCard returns a card that Check accepts, with no effects.
func validCard(n int) Card {
	c := Card{Number: n, General: CardEvent{Title: "G", Category: CategorySupport}, National: map[Power]CardEvent{}}
	for _, p := range Powers {
		c.National[p] = CardEvent{Title: "N", Category: CategorySupport}
	}
	return c
}

// withNational returns c with p's national event replaced.
func withNational(c Card, p Power, ev CardEvent) Card {
	m := map[Power]CardEvent{}
	for q, e := range c.National {
		m[q] = e
	}
	m[p] = ev
	c.National = m
	return c
}

func national(cat EventCategory, effects ...Effect) CardEvent {
	return CardEvent{Title: "N", Category: cat, Effects: effects}
}

func general(cat EventCategory, effects ...Effect) Card {
	c := validCard(1)
	c.General = CardEvent{Title: "G", Category: cat, Effects: effects}
	return c
}

func TestDeckCheck(t *testing.T) {
	tests := []struct {
		name  string
		cards []Card
		want  []string // substrings of the errors, in order; nil: valid
	}{
		{"a test deck may have fewer than 144 cards (8.42)", []Card{validCard(1), validCard(144)}, nil},
		{"8.42: numbers are 1..144", []Card{validCard(0), validCard(145)}, []string{"number: card number 0 out of range", "number: card number 145 out of range"}},
		{"8.41D: numbers are unique", []Card{validCard(5), validCard(5)}, []string{"card number 5 used twice"}},
		{"11.33: trends are -2..+2", []Card{func() Card { c := validCard(1); c.Trend = -3; return c }()}, []string{"economic trend -3"}},
		{"8.41C: one national event per power", []Card{func() Card { c := validCard(1); delete(c.National, Italy); return c }()}, []string{"italy event: missing: a national event for italy"}},
		{"8.31, 9.3: general events are public", []Card{func() Card { c := validCard(1); c.General.Secret = true; return c }()}, []string{"secret: a general event is always public"}},
		{"8.21A: no economic general event", []Card{general(CategoryEconomic)}, []string{"a general event is not of category \"economic\""}},
		{"8.21: categories are known", []Card{withNational(validCard(1), France, national("weather"))}, []string{"unknown category \"weather\""}},
		{"every event has a title", []Card{withNational(validCard(1), France, CardEvent{Category: CategorySupport})}, []string{"title: missing"}},
		{"11.41: income needs a value", []Card{withNational(validCard(1), Germany, national(CategoryEconomic, Effect{Kind: EffectIncome}))},
			[]string{"card 1, germany event, effect 1: value: missing: income needs value"}},
		{"11.41: income is at most 2", []Card{withNational(validCard(1), Germany, national(CategoryEconomic, Effect{Kind: EffectIncome, Value: 3}))},
			[]string{"value: 3 out of range -2..2"}},
		{"a parameter the kind does not use", []Card{withNational(validCard(1), Germany, national(CategoryEconomic, Effect{Kind: EffectIncome, Value: 1, Country: "Spain"}))},
			[]string{"country: not a parameter of income"}},
		{"unknown kind", []Card{withNational(validCard(1), Germany, national(CategoryEconomic, Effect{Kind: "windfall"}))}, []string{"unknown effect kind \"windfall\""}},
		{"a general support event names its power (9.31B)", []Card{general(CategorySupport, Effect{Kind: EffectSupport, Value: 1})},
			[]string{"power: missing: a general event's support names the power"}},
		{"a national support event defaults to its holder (9.41E)", []Card{withNational(validCard(1), Britain, national(CategorySupport, Effect{Kind: EffectSupport, Value: -2}))}, nil},
		{"9.31C: a general diplomatic event names the side it favours", []Card{general(CategoryDiplomatic, Effect{Kind: EffectDiplomaticModifier, Country: "Spain", Value: 1})},
			[]string{"side: missing"}},
		{"24.21: countries are diplomatic targets", []Card{general(CategoryDiplomatic, Effect{Kind: EffectDiplomaticModifier, Country: "Portugal", Side: Axis, Value: 1})},
			[]string{"unknown country \"Portugal\""}},
		{"4.16: regions are known", []Card{withNational(validCard(1), Germany, national(CategoryDiplomatic, Effect{Kind: EffectFlexibleModifier, Region: "iberia", Value: 1}))},
			[]string{"unknown region \"iberia\""}},
		{"25.31: civil war events only in Greece, Spain, Yugoslavia", []Card{withNational(validCard(1), Italy, national(CategoryDiplomatic, Effect{Kind: EffectCivilWarEvent, Country: "Norway"}))},
			[]string{"is for Greece, Spain, Yugoslavia only"}},
		{"22.21D: purges concern Russia only", []Card{withNational(validCard(1), Germany, national(CategoryPurge, Effect{Kind: EffectPurgeNoResearch}))},
			[]string{"purge_no_research concerns russia only"}},
		{"22.21D: purge support lowers support", []Card{withNational(validCard(1), Russia, national(CategoryPurge, Effect{Kind: EffectPurgeSupport, Value: 1}))},
			[]string{"value: 1 out of range -5..-1"}},
		{"15.41: projects are on the holder's sheet", []Card{withNational(validCard(1), France, national(CategoryResearch, Effect{Kind: EffectResearchLevels, Project: "west wall", Value: 1}))},
			[]string{"unknown project \"west wall\" on the allies research record sheet"}},
		{"15.32: steps go to a project or a category, not both", []Card{withNational(validCard(1), Germany, national(CategoryResearch, Effect{Kind: EffectResearchSteps, Project: "jets", Research: AirResearch, Value: 1}))},
			[]string{"needs exactly one of project, research"}},
		{"15.12: research categories are known", []Card{withNational(validCard(1), Germany, national(CategoryResearch, Effect{Kind: EffectResearchSteps, Research: "chemistry", Value: 1}))},
			[]string{"unknown research category \"chemistry\""}},
		{"10.41B: a research_results condition names its category", []Card{withNational(validCard(1), Italy, national(CategorySupport, Effect{Kind: EffectConditionalSupport, Condition: ConditionResearchResults, Max: 2}))},
			[]string{"research: missing"}},
		{"18.41B: units are armor, infantry or air", []Card{withNational(validCard(1), France, national(CategoryConstruction, Effect{Kind: EffectExtraUnitBuild, Unit: "cavalry"}))},
			[]string{"unknown unit \"cavalry\""}},
		{"24.552: a dispute needs two countries", []Card{general(CategoryDiplomatic, Effect{Kind: EffectDiplomaticDispute, Country: "Greece", Other: "Greece"})},
			[]string{"two different countries"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := Deck{Cards: tt.cards}.Check()
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

func TestEffectSpecsAreConsistent(t *testing.T) {
	seen := map[EffectKind]bool{}
	for _, s := range effectSpecs {
		if seen[s.Kind] {
			t.Errorf("kind %q listed twice", s.Kind)
		}
		seen[s.Kind] = true
		if s.Rule == "" || s.Doc == "" {
			t.Errorf("kind %q: every kind cites its rule and says what it does", s.Kind)
		}
		for _, p := range append(append(append([]Param{}, s.Required...), s.OneOf...), s.Optional...) {
			if !strings.Contains(" "+list(Params)+",", " "+string(p)+",") {
				t.Errorf("kind %q: unknown parameter %q", s.Kind, p)
			}
		}
	}
}

func TestRegionsCoverOnlyKnownCountries(t *testing.T) {
	n := 0
	for _, r := range Regions {
		for _, c := range RegionCountries(r) {
			n++
			if _, ok := FindCountry(c); !ok {
				t.Errorf("4.16 %s: %q is not a country of 24.21", r, c)
			}
			if RegionOf(c) != r {
				t.Errorf("RegionOf(%q) = %q, want %q", c, RegionOf(c), r)
			}
		}
	}
	if n != 18 { // 4.16A-E: 3+3+4+3+5
		t.Errorf("4.16 lists 18 countries, table has %d", n)
	}
	if r, ok := ParseRegion("Western Europe"); !ok || r != WesternEurope {
		t.Errorf("ParseRegion(\"Western Europe\") = %q, %v", r, ok)
	}
}

func TestDeckRoundTripsThroughJSON(t *testing.T) {
	c := withNational(validCard(9), Russia, CardEvent{Title: "P", Secret: true, Category: CategoryPurge,
		Effects: []Effect{{Kind: EffectPurgeUnit, Unit: Armor}}})
	c.NonRepeatable = true
	c.Trend = 2
	d := Deck{Name: "x", Cards: []Card{c}}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back Deck
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, back) {
		t.Errorf("round trip changed the deck:\n%+v\n%+v", d, back)
	}
	if !strings.Contains(string(b), `"russia":{"title":"P","secret":true,"category":"purge","effects":[{"kind":"purge_unit","unit":"armor"}]}`) {
		t.Errorf("JSON %s does not key national events by power name", b)
	}
}
