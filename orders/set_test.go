package orders

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

func setArgs(args ...string) storm.Order {
	return storm.Order{Kind: storm.SetState, Args: args}
}

// The moderator's SET orders (docs/orders.md, "SET: fixing the state"):
// each form reads into canonical words (powers lower case, countries as
// 24.21 spells them, numbers in decimal), filler words allowed, and prints
// back in upper case.
func TestParseSet(t *testing.T) {
	for _, tc := range []struct {
		text string
		want storm.Order
		back string
	}{
		{"SET TILES GERMANY 15", setArgs("tiles", "germany", "15"), "SET TILES GERMANY 15"},
		{"set tile points Germany to 15", setArgs("tiles", "germany", "15"), "SET TILES GERMANY 15"},
		{"SET SUPPORT ITALY -1", setArgs("support", "italy", "-1"), "SET SUPPORT ITALY -1"},
		{"SET SUPPORT LEVEL russia +2", setArgs("support", "russia", "2"), "SET SUPPORT RUSSIA 2"},
		{"SET FLAGS POLAND 2 FRANCE", setArgs("flags", "Poland", "2", "france"), "SET FLAGS POLAND 2 FRANCE"},
		{"SET FLAGS Belgium/Luxembourg 3", setArgs("flags", "Belgium/Luxembourg", "3"), "SET FLAGS BELGIUM/LUXEMBOURG 3"},
		{"SET FLAGS IN BELGIUM 1 britain", setArgs("flags", "Belgium/Luxembourg", "1", "britain"), "SET FLAGS BELGIUM/LUXEMBOURG 1 BRITAIN"},
		{"SET FLAGS greece 0", setArgs("flags", "Greece", "0"), "SET FLAGS GREECE 0"},
		{"SET EAI +2", setArgs("eai", "2"), "SET EAI 2"},
		{"SET EAI TO -5", setArgs("eai", "-5"), "SET EAI -5"},
		{"SET CLIMATE -1", setArgs("climate", "-1"), "SET CLIMATE -1"},
		{"SET DECK PHYSICAL", setArgs("deck", "physical"), "SET DECK PHYSICAL"},
		{"set deck file", setArgs("deck", "file"), "SET DECK FILE"},
		{"SET HELD 17 DISCARD", setArgs("held", "17", "discard"), "SET HELD 17 DISCARD"},
		{"SET HELD CARD 17 discard", setArgs("held", "17", "discard"), "SET HELD 17 DISCARD"},
	} {
		sub, err := Parse("GAME demo\nMODERATOR\nSECRET gm\n" + tc.text + "\nEND\n")
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		want := tc.want
		want.Line = 4
		if len(sub.Orders) != 1 || !reflect.DeepEqual(sub.Orders[0], want) {
			t.Errorf("%q: %+v, want %+v", tc.text, sub.Orders, want)
			continue
		}
		if got := sub.Orders[0].String(); got != tc.back {
			t.Errorf("%q prints as %q, want %q", tc.text, got, tc.back)
		}
		// The canonical text reads back into the same order.
		again, err := Parse("GAME demo\nMODERATOR\nSECRET gm\n" + tc.back + "\n")
		if err != nil || !reflect.DeepEqual(again.Orders[0], want) {
			t.Errorf("%q read back: %+v, %v", tc.back, again, err)
		}
	}
}

// SET errors are line-numbered with a hint for the form; SET is the
// moderator's, refused in a power's email.
func TestParseSetErrors(t *testing.T) {
	for _, tc := range []struct{ text, want, hint string }{
		{"SET", "SET what? TILES, SUPPORT", "SET TILES <power> <n>"},
		{"SET TILS GERMANY 3", `SET: "TILS" is not a figure the moderator sets (TILES, SUPPORT, FLAGS, EAI, CLIMATE, DECK or HELD) (did you mean "TILES"?)`, "docs/orders.md, SET"},
		{"SET TILES GERMANY", "SET TILES needs a power and a number", "SET TILES GERMANY 15"},
		{"SET TILES PRUSSIA 3", `SET TILES: "PRUSSIA" is not a major power (did you mean "russia"?)`, ""},
		{"SET SUPPORT ITALY many", `SET SUPPORT ITALY: "many" is not a number`, ""},
		{"SET EAI high", `SET EAI: "high" is not a number`, "-5..+5"},
		{"SET CLIMATE 1 2", "SET CLIMATE needs one number", "-3..+3"},
		{"SET FLAGS POLAND FRANCE", "SET FLAGS needs a country and the number of flags", "SET FLAGS POLAND 2 FRANCE"},
		{"SET FLAGS 2 FRANCE", "SET FLAGS: which country?", ""},
		{"SET FLAGS POLLAND 2 FRANCE", `SET FLAGS: "POLLAND" is not a diplomatic target (24.21) (did you mean "Poland"?)`, ""},
		{"SET FLAGS POLAND 2 FRANKREICH", `SET FLAGS POLAND 2: "FRANKREICH" is not a major power`, ""},
		{"SET FLAGS POLAND 2 FRANCE BRITAIN", "one power at most", ""},
		{"SET DECK PAPER", "SET DECK needs FILE or PHYSICAL", "docs/deck.md"},
		{"SET HELD 17", "SET HELD needs the card number and DISCARD", "SET HELD 17 DISCARD"},
		{"SET HELD 0 DISCARD", `SET HELD: "0" is not a card number 1..`, ""},
	} {
		_, err := Parse("GAME demo\nMODERATOR\nSECRET gm\n" + tc.text + "\nEND\n")
		var errs Errors
		if err == nil || !errors.As(err, &errs) || len(errs) != 1 {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if e := errs[0]; e.Line != 4 || !strings.Contains(e.Msg, tc.want) || !strings.Contains(e.Hint, tc.hint) {
			t.Errorf("%q: line %d %q (hint %q), want %q (hint with %q)", tc.text, e.Line, e.Msg, e.Hint, tc.want, tc.hint)
		}
	}
	if _, err := Parse("GAME demo\nPOWER germany\nSECRET g\nSET TILES GERMANY 15\n"); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("SET in a power's email: %v", err)
	}
}

// testdata/orders/set.eml, the example of docs/orders.md, reads as the
// documentation says.
func TestSetExample(t *testing.T) {
	m, err := ReadMessage(readExample(t, "set.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if m.From != "gm@sandbox.test" || IsAutomatic(m, "judge@sandbox.test") {
		t.Errorf("message %+v", m)
	}
	sub, err := Parse(m.Body)
	if err != nil {
		t.Fatalf("Parse:\n%v", err)
	}
	if !sub.Envelope.Moderator || sub.Envelope.Game != "demo" || sub.Envelope.Secret != "gm" {
		t.Errorf("envelope %+v", sub.Envelope)
	}
	var got []string
	for _, o := range sub.Orders {
		if o.Kind != storm.SetState {
			t.Errorf("order %+v", o)
		}
		got = append(got, o.String())
	}
	want := []string{"SET TILES GERMANY 15", "SET SUPPORT ITALY -1", "SET FLAGS BELGIUM/LUXEMBOURG 2 FRANCE", "SET FLAGS GREECE 0",
		"SET EAI 2", "SET CLIMATE -1", "SET DECK PHYSICAL", "SET HELD 17 DISCARD"}
	if !slices.Equal(got, want) {
		t.Errorf("orders\n%q\nwant\n%q", got, want)
	}
}
