package judge

import (
	"bytes"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/report"
	"stormjudge/store"
)

// TestReportsPictureDrawnFromItsSource: a report's and a notice's picture
// are queued by source, not bytes, and Judge.Inline draws exactly the
// picture their HTML was rendered with, from the stored version; an
// unknown source is an error.
func TestReportsPictureDrawnFromItsSource(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	g, s, _ := game(t, db, "demo")
	for _, m := range outbox(t, db) {
		for _, in := range m.Inline {
			if in.Data != nil {
				t.Errorf("%s stores its picture's bytes", m.ID)
			}
		}
	}
	pub := mailsWith(t, db, "demo/v1/public/germany")
	ger := mailsWith(t, db, "demo/v1/private/germany")
	if len(pub) != 1 || len(ger) != 1 || len(pub[0].Inline) != 1 || len(ger[0].Inline) != 1 {
		t.Fatalf("version %d: public %v, notice %v", g.Version, pub, ger)
	}
	for _, tc := range []struct {
		m     *store.Mail
		power adjudicator.Power
	}{{pub[0], 0}, {ger[0], adjudicator.Germany}} {
		got, err := j.Inline(tc.m.Inline[0].Source)
		if err != nil {
			t.Fatal(err)
		}
		want, err := report.Picture(adjudicator.Derive(s), tc.power)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) || !bytes.HasPrefix(got, []byte("\x89PNG")) {
			t.Errorf("%s: the picture drawn from %q is not the report's", tc.m.ID, tc.m.Inline[0].Source)
		}
	}
	pubPic, _ := j.Inline(pub[0].Inline[0].Source)
	gerPic, _ := j.Inline(ger[0].Inline[0].Source)
	if bytes.Equal(pubPic, gerPic) {
		t.Error("Germany's notice shows the public picture: its own tracks are missing")
	}
	for _, bad := range []string{"", "picture/", "picture/demo/x/public", "picture/demo/1/prussia", "picture/nogame/1/public", "other/demo/1/public"} {
		if _, err := j.Inline(bad); err == nil {
			t.Errorf("Inline(%q) drew something", bad)
		}
	}
}
