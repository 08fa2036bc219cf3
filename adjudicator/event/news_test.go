package event

import (
	"testing"

	"stormjudge/adjudicator/storm"
)

// TestRule27_83WarIsNewsForEveryPower: war (27.83, 32.8) is news for all
// five powers; a crisis ended concerns its aggressor and the Allies, and
// Russia only where the Nazi-Soviet Pact is at stake (31.21A); an
// announced crisis is no news to its aggressor.
func TestRule27_83WarIsNewsForEveryPower(t *testing.T) {
	for _, p := range storm.Powers {
		if !NewsFor(WarBroke{}, p) {
			t.Errorf("war is no news for %s", p)
		}
	}
	ended := CrisisEnded{Aggressor: storm.Germany, Target: "Austria"}
	for p, want := range map[storm.Power]bool{storm.Germany: true, storm.Italy: false, storm.Britain: true, storm.France: true, storm.Russia: false} {
		if NewsFor(ended, p) != want {
			t.Errorf("the crisis over Austria ended: news for %s = %v, want %v", p, !want, want)
		}
	}
	if !NewsFor(CrisisEnded{Aggressor: storm.Germany, Target: "Danzig and the Corridor"}, storm.Russia) {
		t.Error("the crisis over Danzig and the Corridor is no news for Russia (31.21A)")
	}
	if NewsFor(CrisisAnnounced{Aggressor: storm.Italy, Target: storm.Ethiopia}, storm.Italy) || !NewsFor(CrisisAnnounced{Aggressor: storm.Italy, Target: storm.Ethiopia}, storm.France) {
		t.Error("an announced crisis: news for the Allies, not for its aggressor")
	}
}

// TestRule24_54CSealedCountersAreNoNews: a power's own sealed counters
// (24.54C), research points (15.15) and secret shipbuilding (13.12C) only
// echo its accepted orders; a secret random event, a void order and a
// random event's free acceleration (19.73D) are news, for their power
// alone.
func TestRule24_54CSealedCountersAreNoNews(t *testing.T) {
	echoes := []Event{
		DiplomaticCountersSealed{Power: storm.Italy},
		ResearchAssigned{Power: storm.Italy, Points: 1},
		ShipLaidDown{Power: storm.Italy},
		ShipAccelerated{Power: storm.Italy},
	}
	for _, e := range echoes {
		if NewsFor(e, storm.Italy) {
			t.Errorf("%s is news for its own power", e.Type())
		}
	}
	news := []Event{
		SecretEventHeld{Power: storm.Italy},
		OrderVoided{Power: storm.Italy},
		ShipAccelerated{Power: storm.Italy, Free: true},
		ResearchAssigned{Power: storm.Italy, Kind: "civil war"},
	}
	for _, e := range news {
		if !NewsFor(e, storm.Italy) || NewsFor(e, storm.Germany) {
			t.Errorf("%s: news for its power alone", e.Type())
		}
	}
}
