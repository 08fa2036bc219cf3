package orders

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// textLines are order lines for the words whose forms all hold
// placeholders.
var textLines = map[string][]string{
	"OPPOSE": {"OPPOSE", "OPPOSE ITALY"}, "ACQUIESCE": {"ACQUIESCE GERMANY"}, "BACK": {"BACK DOWN", "BACK DOWN ITALY"},
	"ULTIMATUM": {"ULTIMATUM"}, "IF": {"IF AGGRESSION AUSTRIA OPPOSE", "IF OPPOSED CONTINUE IF RESISTANCE <= 4 ELSE BACK DOWN", "IF CONTINUED ULTIMATUM ITALY", "IF ULTIMATUM BACK DOWN"},
	"DECLARE": {"DECLARE WAR ON GERMANY"}, "THREATEN": {"THREATEN WAR ON BRITAIN"},
	"PURGE": {"PURGE NONE", "PURGE MILITARY", "PURGE PARTY", "PURGE GREAT"},
	"SET":   {"SET TILES GERMANY 15", "SET SUPPORT FRANCE 3", "SET FLAGS POLAND 2 FRANCE", "SET EAI -2", "SET CLIMATE 1", "SET DECK PHYSICAL", "SET HELD 17 DISCARD"},
	"PASS":  {"PASS TURN"},
}

// TestCanonicalTextReadsBack: the canonical text of an order
// (storm.Order.String, the one the receipts, reports and the engine's
// refusals write) is in the grammar: for every form the order table shows
// (orderWords' forms, placeholders aside, and textLines), the text of the
// order read reads back to the same order; every order word has one.
func TestCanonicalTextReadsBack(t *testing.T) {
	for _, w := range orderWords {
		n := 0
		for _, form := range append(slices.Clone(w.forms), textLines[w.word]...) {
			if strings.ContainsAny(form, "[(") || strings.Contains(form, "<") && !strings.Contains(form, "<=") {
				continue // a form with placeholders or a note
			}
			body := "GAME demo\nSECRET x\n"
			if w.moderator {
				body = "GAME demo\nMODERATOR\nSECRET x\n"
			}
			sub, err := Parse(body + form)
			if err != nil || len(sub.Orders) != 1 {
				continue // PASS is no order; a form shown for another segment's word
			}
			o := sub.Orders[0]
			c := o
			c.For = ""
			text := c.String()
			switch {
			case o.For == storm.SegTurn:
				text = o.String() // PASS TURN names its segments itself
			case o.For != "":
				text = "FOR " + string(o.For) + "\n" + text
			}
			back, err := Parse(body + text)
			if err != nil || len(back.Orders) != 1 {
				t.Errorf("%s: %q does not read back: %v", form, text, err)
				continue
			}
			b := back.Orders[0]
			b.Line, o.Line = 0, 0
			if !reflect.DeepEqual(b, o) {
				t.Errorf("%s: %q reads back as %+v, want %+v", form, text, b, o)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no line read back (add one to textLines)", w.word)
		}
	}
}
