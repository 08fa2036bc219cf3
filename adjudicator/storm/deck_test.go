package storm

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

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
			if !slices.Contains(Params, p) {
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
	c := Card{Number: 9, General: CardEvent{Title: "G", Category: CategorySupport}, National: map[Power]CardEvent{
		Russia: {Title: "P", Secret: true, Category: CategoryPurge, Effects: []Effect{{Kind: EffectPurgeUnit, Unit: Armor}}}}}
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
