package report

import (
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/mailer"
)

// TestFlowedTextReflowsToTheSameWords: the flowed body says what the text
// body says, its paragraphs are single logical lines once decoded, its
// lines fit, and lines that begin with a space are stuffed.
func TestFlowedTextReflowsToTheSameWords(t *testing.T) {
	s, evs := spring1935(t)
	pub := Public("demo", evs, adjudicator.Derive(s))
	// A wrapped paragraph of the text is one line once decoded.
	const para = "Next: Economic phase, Spring 1935 is open. Orders are due from every power."
	if !strings.Contains(pub.Text, "Next: Economic phase, Spring 1935 is open. Orders are due from every\n") ||
		!strings.Contains(mailer.Unflow(pub.Flowed), "\n"+para+"\n") {
		t.Errorf("paragraph not wrapped in the text or not reflowed in the flowed text:\n%s\n%s", pub.Text, mailer.Unflow(pub.Flowed))
	}
	for _, m := range []Message{pub, Private("demo", storm.Germany, evs, adjudicator.Derive(s))} {
		if got, want := strings.Fields(mailer.Unflow(m.Flowed)), strings.Fields(m.Text); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: flowed words differ from the text's", m.Subject)
		}
		for _, l := range strings.Split(m.Flowed, "\n") {
			if len(l) > Width+2 {
				t.Errorf("%s: flowed line of %d characters: %q", m.Subject, len(l), l)
			}
		}
	}
}

// TestFlowReceipts: Flow wraps only the long lines of plain text, keeps
// short lines and the signature separator as they are, and says the same
// words.
func TestFlowReceipts(t *testing.T) {
	long := "Still waiting for: Italy, Britain, France, Russia. You may send new orders until then; the last ones count."
	in := "Orders ACCEPTED for Germany.\n\nAs understood:\n  PASS\n" + long + "\n\n-- \nstormjudge\n"
	out := Flow(in)
	if !strings.Contains(out, "\n   PASS\n") || !strings.Contains(out, "\n-- \nstormjudge\n") {
		t.Errorf("short lines changed:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if len(l) > Width+1 {
			t.Errorf("line of %d: %q", len(l), l)
		}
	}
	if !strings.Contains(mailer.Unflow(out), "\n"+long+"\n") {
		t.Errorf("the long line does not reflow to itself:\n%s", mailer.Unflow(out))
	}
}
