package report

import (
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator"
)

// TestPrivateNoticeOffersEveryPart: the private notice prints, with its
// cost, every option Allowed gives, and a power that can afford them gets
// options of each part of the economic phase (13.11A-C).
func TestPrivateNoticeOffersEveryPart(t *testing.T) {
	s, _ := spring1935(t)
	ps := s.Powers[adjudicator.Germany]
	ps.TilePoints = 21
	ps.Reserve.Infantry++
	_, body := Private("demo", adjudicator.Germany, nil, s)
	kinds := map[adjudicator.OrderKind]bool{}
	for _, o := range adjudicator.Allowed(s, adjudicator.Germany) {
		kinds[o.Order.Kind] = true
		if want := fmt.Sprintf("%-26s cost %d tile points", o.Order.String(), o.Cost); !strings.Contains(body, want) {
			t.Errorf("notice lacks option %q:\n%s", want, body)
		}
	}
	for _, k := range []adjudicator.OrderKind{adjudicator.Convert, adjudicator.Mobilize, adjudicator.Research,
		adjudicator.Build, adjudicator.LayDown} {
		if !kinds[k] {
			t.Errorf("Germany with 21 tile points is offered no %s order", k)
		}
	}
	for _, want := range []string{"CONVERT IDLE TO CIVILIAN", "RESEARCH COUNTER 3", "BUILD INFANTRY", "LAY DOWN"} {
		if !strings.Contains(body, want) {
			t.Errorf("notice lacks %q:\n%s", want, body)
		}
	}
}
