package flowedtest

import (
	"strings"
	"testing"
)

// TestCheckFindsEachDefect: a text keeping every rule passes; each
// defect, one at a time, is found on its line.
func TestCheckFindsEachDefect(t *testing.T) {
	good := "Orders ACCEPTED for Germany in game demo.\n\nAs understood:\n   PASS\n\n" +
		"Still waiting for: Italy, Britain, France, Russia. You may send new \norders until then; the last ones count.\n" +
		" From now on, a stuffed line.\n >a stuffed quote\n" +
		"   REFUSED DIPLOMATIC CZECHOSLOVAKIA 3 IF BEHIND | IF NOT AHEAD | IF DECISIVE (line 4)\n" +
		"https://example.org/" + strings.Repeat("a", 80) + "\n\n-- \nstormjudge\n"
	if d := Check(good); len(d) > 0 {
		t.Fatalf("a good text has defects: %v", d)
	}
	if got, want := Decode(good), "Still waiting for: Italy, Britain, France, Russia. You may send new orders until then; the last ones count.\nFrom now on"; !strings.Contains(got, want) {
		t.Errorf("Decode:\n%s", got)
	}
	for _, c := range []struct{ name, text, want string }{
		{"soft break at the end", "One line \n", "line 1: a soft break at the end of the text"},
		{"soft break before a blank", "One \n\nTwo\n", "line 1: a soft break before a blank line"},
		{"soft break before the signature", "One \n-- \nme\n", "line 1: a soft break before the signature separator"},
		{"two spaces", "One  \ntwo\n", "line 1: more than one space at a soft break"},
		{"continuation begins with a space", "One \n  two\n", "line 2: a continued line begins with a space"},
		{"From unstuffed", "Hello\nFrom here\n", "line 2: not space-stuffed"},
		{"quote unstuffed", ">quoted\n", "line 1: not space-stuffed"},
		{"spaces only", "a\n   \nb\n", "line 2: spaces only"},
		{"long line", strings.Repeat("word ", 16) + "end\n", "line 1: 83 characters"},
		{"long soft line", strings.Repeat("word ", 17) + "\nend\n", "line 1: 85 characters"},
		{"sentence broken", "Each mail that asks for your orders ends\nwith a block to copy.\n", "line 1: a hard break inside a sentence"},
		{"sentence broken after an open word", "every moderator email must carry it, with a\nMODERATOR line.\n", "line 1: a hard break inside a sentence"},
		{"no final line break", "One", "does not end with a line break"},
	} {
		d := Check(c.text)
		if !strings.Contains(strings.Join(d, "\n"), c.want) {
			t.Errorf("%s: %q: defects %q, want %q", c.name, c.text, d, c.want)
		}
	}
}

// TestHardBreakInSentence: the heuristic's cases, each way.
func TestHardBreakInSentence(t *testing.T) {
	for _, c := range []struct {
		line, next string
		want       bool
	}{
		{"Each mail that asks for your orders ends", "with a block to copy", true},
		{"RESEND, TIMEZONE, MAIL (HELP lists", "them with their forms", true},
		{"turn; put your orders in place of a PASS", "to act in that segment.", true},
		{"every moderator email must carry it, with a", "MODERATOR line instead of POWER.", true},
		{"the judge waits for", "(Italy) and then", true},
		{"It ends here.", "then another", false},                                    // a sentence ends
		{"As understood:", "  PASS", false},                                         // a list follows
		{"You play: Germany", "Your secret: germany", false},                        // "Name: value" lines
		{"Category   Axis  Allies  Level", "armor         4       2     +1", false}, // a table
		{"  550 no", "  such user", true},
		{"Economic phase", "--------------", false},            // a heading
		{"  BUILD INFANTRY GERMANY", "  mobilize idle", false}, // an order line
		{"the judge", "", false},
		{"the text", "-- ", false},
		{"indented the", "  next", false}, // another indentation: another block
	} {
		if got := HardBreakInSentence(c.line, c.next); got != c.want {
			t.Errorf("HardBreakInSentence(%q, %q) = %v, want %v", c.line, c.next, got, c.want)
		}
	}
}
