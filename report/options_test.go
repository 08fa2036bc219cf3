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

// TestPlacementNoteWordedOnce: a diplomatic round's placements (24.5) share
// one note; the notice writes it once, after the run of countries, and
// every country's line stays with its cost.
func TestPlacementNoteWordedOnce(t *testing.T) {
	s, _, err := adjudicator.Resolve(adjudicator.WithDiplomacy(adjudicator.NewGame(3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ = adjudicator.Resolve(s, nil) // the income phase, then the economic
	if s.Segment != storm.SegDiplomacyAxis1 {
		t.Fatalf("at %s", s.Segment)
	}
	v := adjudicator.Derive(s)
	var note string
	n := 0
	for _, o := range v.Powers[storm.Germany].Options {
		if strings.HasPrefix(o.Order, "DIPLOMATIC ") {
			note, n = o.Note, n+1
		}
	}
	if n < 2 || note == "" {
		t.Fatalf("%d placements offered, note %q", n, note)
	}
	_, body := Private("demo", storm.Germany, nil, v).Parts()
	flat := strings.Join(strings.Fields(body), " ")
	if c := strings.Count(flat, strings.Join(strings.Fields(note), " ")); c != 1 {
		t.Errorf("the placements' note is written %d times, want once:\n%s", c, body)
	}
	if want := fmt.Sprintf("each of the %d orders above:", n); !strings.Contains(flat, want) {
		t.Errorf("no %q in:\n%s", want, body)
	}
	for _, o := range v.Powers[storm.Germany].Options {
		if strings.HasPrefix(o.Order, "DIPLOMATIC ") && !strings.Contains(body, fmt.Sprintf("%-26s cost %s", o.Order, TilePoints(o.Cost))) {
			t.Errorf("no line for %s", o.Order)
		}
	}
}
