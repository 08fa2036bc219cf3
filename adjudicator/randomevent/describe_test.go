package randomevent

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// TestDescribeEffectArticle (issue 22): a unit written into an effect's
// words takes its article, "an infantry", never "a infantry".
func TestDescribeEffectArticle(t *testing.T) {
	got := DescribeEffect(storm.Effect{Kind: storm.EffectFreeUnit, Unit: storm.Infantry}, storm.Italy)
	if !strings.Contains(got, "an infantry") || strings.Contains(got, "a infantry") {
		t.Errorf("DescribeEffect = %q", got)
	}
}
