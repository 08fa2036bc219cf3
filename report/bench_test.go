package report

import (
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// BenchmarkPublishText measures what the judge does inside an
// adjudication's transaction for its mails: derive the view once, render
// the public report and the five notices (text, flowed, HTML; the
// pictures are drawn later, when the mails are sent).
func BenchmarkPublishText(b *testing.B) {
	s, evs, err := adjudicator.Resolve(adjudicator.NewGame(3), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		v := adjudicator.Derive(s)
		x := Extra{Lead: []string{"Deadline: Mon 7 Dec 2026 18:00 UTC (powers that have not ordered by then are taken to PASS)."}}
		_ = Public("demo", evs, v, x)
		for _, p := range storm.Powers {
			_ = Private("demo", p, evs, v, x)
		}
	}
}
