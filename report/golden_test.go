package report

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (review, then go test ./report -update):\n%s", name, got)
	}
}

// TestGoldenNotices pins two private notices of a fixed state in each
// rendering: plain text, format=flowed and HTML (the picture's golden
// images are report/picture's).
func TestGoldenNotices(t *testing.T) {
	s, evs := spring1935(t)
	v := adjudicator.Derive(s)
	for _, p := range []storm.Power{storm.Germany, storm.Russia} {
		m := Private("demo", p, evs, v)
		name := "notice-" + p.String() + "-spring-1935"
		golden(t, name+".txt", m.Text)
		golden(t, name+".flowed.txt", m.Flowed)
		golden(t, name+".html", m.HTML)
	}
}
