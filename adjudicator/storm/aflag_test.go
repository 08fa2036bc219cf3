package storm

import "testing"

// TestAFlag (issue 22): a flag is worded with the nationality and its
// article, "an Italian flag", never "a Italy flag".
func TestAFlag(t *testing.T) {
	for p, want := range map[Power]string{Germany: "a German flag", Italy: "an Italian flag", Britain: "a British flag", France: "a French flag", Russia: "a Russian flag"} {
		if got := AFlag(p); got != want {
			t.Errorf("AFlag(%s) = %q, want %q", p, got, want)
		}
	}
}
