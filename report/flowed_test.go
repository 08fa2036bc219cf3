package report

import (
	"fmt"
	"strings"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/internal/flowed"
	"stormjudge/internal/flowedtest"
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
		!strings.Contains(flowed.Decode(pub.Flowed, false), "\n"+para+"\n") {
		t.Errorf("paragraph not wrapped in the text or not reflowed in the flowed text:\n%s\n%s", pub.Text, flowed.Decode(pub.Flowed, false))
	}
	for _, m := range []Message{pub, Private("demo", storm.Germany, evs, adjudicator.Derive(s))} {
		if got, want := strings.Fields(flowed.Decode(m.Flowed, false)), strings.Fields(m.Text); strings.Join(got, " ") != strings.Join(want, " ") {
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
	if !strings.Contains(flowed.Decode(out, false), "\n"+long+"\n") {
		t.Errorf("the long line does not reflow to itself:\n%s", flowed.Decode(out, false))
	}
}

// TestFlowedWriterKeepsRFC3676: every kind of block a body is made of,
// flowed, keeps the rules of internal/flowedtest: a long title, a
// sub-heading and paragraphs flow with soft breaks, a paragraph's line
// that begins with "From " or ">" (its first or a continuation) is
// space-stuffed, a table row longer than MaxLine is broken with soft
// breaks a reflowing client joins into the row again, an order line of a
// block stays whole however long, and the decoded text says what the
// plain text says.
func TestFlowedWriterKeepsRFC3676(t *testing.T) {
	long := "DIPLOMATIC CZECHOSLOVAKIA 3 IF BEHIND | IF NOT AHEAD | IF DECISIVE (for Diplomacy: Axis, second round)"
	row := []string{"Spain", "-", "CIVIL WAR since Spring 1935, 5 counters left, a trade pact with Britain"}
	words := strings.Repeat("word ", 14) // 69 characters and a space: the next word begins a line
	salt := "Salt 6d6e210f3ec2cea300fcee969445ccbe, commitment 238700c7dd60d3301a7a4df1eed24b66fb30c90cb75a617a6d6a81c4e085e7b1 (docs/diplomacy.md)."
	var w writer
	w.title("Gathering Storm game a-game-with-a-long-name: private notice for Germany, Spring 1935")
	w.heading("Your orders")
	w.wrap("From the start of the turn your orders are due.", "  ")
	w.wrap(words+">quoted, then more.", "  ")
	w.wrap(words+"From here on.", "  ")
	w.indented(salt, "    ")
	w.sub("what you may order now, in the economic phase of Spring 1935, with every cost in tile points")
	w.table("%-18s %-19s %s", []string{"Country", "Flags", "Trade pact, civil war, spy rings"}, [][]string{row})
	w.blank()
	w.code("GAME demo")
	w.code(long)
	w.code("END")
	text, fl := w.String(), w.Flowed()
	if d := flowedtest.Check(fl); len(d) > 0 {
		t.Errorf("the fl body breaks the rules:\n  %s\n%s", strings.Join(d, "\n  "), fl)
	}
	for _, want := range []string{"\n" + long + "\n", "\n From the start", "\n >quoted, then more.\n", "\n From here on.\n", "\n     Salt "} {
		if !strings.Contains(fl, want) {
			t.Errorf("the fl body lacks %q:\n%s", want, fl)
		}
	}
	dec := flowedtest.Decode(fl)
	if got, want := strings.Fields(dec), strings.Fields(text); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the fl words differ from the text's:\n%s\n%s", dec, text)
	}
	for _, want := range []string{
		fmt.Sprintf("%-18s %-19s %s", row[0], row[1], row[2]), // the row, broken only in the fl lines
		"What you may order now, in the economic phase of Spring 1935, with every cost in tile points:",
		"Gathering Storm game a-game-with-a-long-name: private notice for Germany, Spring 1935",
		"    " + salt,
	} {
		if !strings.Contains("\n"+dec, "\n"+want+"\n") || strings.Contains(fl, want) {
			t.Errorf("%q is not one line broken softly:\n%s", want, fl)
		}
	}
	if flowed.Decode(fl, false) != dec {
		t.Errorf("the mailer decodes it otherwise:\n%s", flowed.Decode(fl, false))
	}
}

// TestFlowKeepsOrderLinesAndRows: Flow (a letter's text) wraps a long
// line of prose with soft breaks, keeps an order line whole however long,
// a table row up to MaxLine as it is and breaks a longer one softly,
// stuffs a line beginning with "From " or ">", keeps the signature
// separator's space, and decodes to the text it was given.
func TestFlowKeepsOrderLinesAndRows(t *testing.T) {
	order := "  REFUSED DIPLOMATIC CZECHOSLOVAKIA 3 IF BEHIND | IF NOT AHEAD | IF DECISIVE (line 4)"
	row := "  2026-11-22 12:01:00 UTC  [demo: NOT ACCEPTED]  Re: orders for Spring"
	longRow := row + " 1935 and then some"
	prose := "Send the corrected orders in a new email (the whole set: the last accepted email for a segment is the one that counts)."
	in := "Your email was NOT accepted; nothing was changed.\n\n" + order + "\n" + row + "\n" + longRow + "\n\n" + prose +
		"\nFrom now on\n>quoted\n\n-- \nstormjudge\n"
	out := Flow(in)
	if d := flowedtest.Check(out); len(d) > 0 {
		t.Errorf("Flow breaks the rules:\n  %s\n%s", strings.Join(d, "\n  "), out)
	}
	for _, want := range []string{"\n " + order + "\n", "\n " + row + "\n", "\n From now on\n", "\n >quoted\n", "\n-- \nstormjudge\n",
		"\nSend the corrected orders in a new email (the whole set: the last \naccepted email"} {
		if !strings.Contains(out, want) {
			t.Errorf("Flow's text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, longRow) {
		t.Errorf("a row of %d characters is not broken:\n%s", len(longRow), out)
	}
	if got := flowedtest.Decode(out); got != in {
		t.Errorf("Flow's text decodes to\n%s\nwant\n%s", got, in)
	}
	if got := Flow("Version(s) 3 are sent; 1 point(s) left.\n"); got != "Versions 3 are sent; 1 point left.\n" {
		t.Errorf("Flow's plurals: %q", got)
	}
}

// TestLogicalFlowsAsFlowed: HELP's text (Logical, as a letter writes
// it), flowed by Flow as its receipt is, keeps RFC 3676 and its block.
// (A body's Flowed is Flow of its Logical; the golden files hold it.)
func TestLogicalFlowsAsFlowed(t *testing.T) {
	s, _ := spring1935(t)
	v := adjudicator.Derive(s)
	help := Help("demo", storm.Germany, v)
	if d := flowedtest.Check(Flow(help)); len(d) > 0 || !strings.Contains(help, "\nEND\n") {
		t.Errorf("HELP's text, flowed: %v\n%s", d, Flow(help))
	}
}

// TestFlowNeverWritesASignatureSeparator: a long line that begins with
// "-- " (a player's press) is not cut after it: the piece "-- " would
// read as the signature separator (RFC 3676, 4.3).
func TestFlowNeverWritesASignatureSeparator(t *testing.T) {
	line := "-- " + strings.Repeat("x", 80) + " " + strings.Repeat("word ", 20) + "end" // no space within Width but the first
	out := Flow(line + "\n")
	for _, l := range strings.Split(out, "\n") {
		if l == "-- " {
			t.Fatalf("a separator line in:\n%s", out)
		}
	}
	if got := flowed.Decode(out, false); got != line+"\n" {
		t.Errorf("decodes to %q, want %q", got, line+"\n")
	}
}
