package report

import (
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// TestPrivateNoticeOffersEveryPart: the private notice prints, with its
// cost, every option Allowed gives, and a power that can afford them gets
// options of each part of the economic phase (13.11A-C).
func TestPrivateNoticeOffersEveryPart(t *testing.T) {
	s, _ := spring1935(t)
	ps := s.Powers[storm.Germany]
	ps.TilePoints = 21
	ps.Reserve.Infantry++
	_, body := Private("demo", storm.Germany, nil, adjudicator.Derive(s)).Parts()
	kinds := map[storm.OrderKind]bool{}
	for _, o := range adjudicator.Allowed(s, storm.Germany) {
		kinds[o.Order.Kind] = true
		if want := fmt.Sprintf("%-26s cost %s", o.Order.String(), TilePoints(o.Cost)); !strings.Contains(body, want) {
			t.Errorf("notice lacks option %q:\n%s", want, body)
		}
	}
	for _, k := range []storm.OrderKind{storm.Convert, storm.Mobilize, storm.Research,
		storm.Build, storm.LayDown} {
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

// TestRule15_22NoticeOffersCounterWithProjects: every power's notice
// offers its counter for research together with the RESEARCH lines for its
// points (15.22: paid points must go to projects), each line within Width.
func TestRule15_22NoticeOffersCounterWithProjects(t *testing.T) {
	s, _ := spring1935(t)
	for _, p := range storm.Powers {
		s.Powers[p].TilePoints = 12
		_, body := Private("a-rather-long-game-name-for-testing", p, nil, adjudicator.Derive(s)).Parts()
		for i, l := range strings.Split(body, "\n") {
			if len(l) > Width {
				t.Errorf("%s: line %d has %d characters: %q", p, i+1, len(l), l)
			}
		}
		offered := false
		for _, o := range adjudicator.Allowed(s, p) {
			if o.Order.Kind != storm.Research || len(o.Order.Counters) == 0 || o.Order.Project != "" {
				continue
			}
			offered = true
			if len(o.With) < o.Cost {
				t.Errorf("%s: %s offered with %d project lines", p, o.Order, len(o.With))
			}
			block := fmt.Sprintf("%-26s cost %d tile points\n", o.Order.String(), o.Cost)
			for _, w := range o.With {
				block += "  + " + w.String() + "\n"
			}
			if !strings.Contains(body, block) {
				t.Errorf("%s: notice lacks\n%s\n%s", p, block, body)
			}
		}
		if !offered {
			t.Errorf("%s with 12 tile points is offered no counter for research", p)
		}
	}
}
