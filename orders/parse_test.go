package orders

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// env is the envelope most cases start with: lines 1-3.
const env = "GAME demo\nPOWER germany\nSECRET germany\n"

// hintOrders is the hint of an unknown order, as a player reads it.
// hintOrders is the hint of an unknown word: it lists every order of the
// table (several files add to it), checked by TestOrderHintListsEveryOrder.
var hintOrders = orderHint()

const hintMobilize = "MOBILIZE IDLE or MOBILIZE CIVILIAN (14.3), then the units it creates (14.7), e.g. MOBILIZE IDLE: ARMOR, INFANTRY, AIR"

const hintConvert = "CONVERT IDLE TO CIVILIAN (14.2), or CONVERT IDLE TO MILITARY / CONVERT CIVILIAN TO MILITARY, which mobilize (14.3)"

var germanyEnv = Envelope{Game: "demo", Power: "germany", Secret: "germany", GameLine: 1, PowerLine: 2, SecretLine: 3}

func convert(line int) storm.Order {
	return storm.Order{Kind: storm.Convert, From: storm.Idle, Line: line}
}

func mobilize(from storm.FactoryKind, line int) storm.Order {
	return storm.Order{Kind: storm.Mobilize, From: from, Line: line}
}

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name string
		body string
		want Submission
	}{
		{"14.21 CONVERT IDLE TO CIVILIAN", env + "CONVERT IDLE TO CIVILIAN\n",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{convert(4)}}},
		{"14.21 CONVERT IDLE short form", env + "CONVERT IDLE",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{convert(4)}}},
		{"14.21 lower case, filler words, INTO", env + "convert one idle factory into civilian",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{convert(4)}}},
		{"14.31 MOBILIZE IDLE", env + "MOBILIZE IDLE",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{mobilize(storm.Idle, 4)}}},
		{"14.31 MOBILIZE CIVILIAN", env + "Mobilize Civilian",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{mobilize(storm.Civilian, 4)}}},
		{"14.31 MOBILIZE IDLE TO MILITARY", env + "MOBILIZE IDLE TO MILITARY",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{mobilize(storm.Idle, 4)}}},
		{"14.31 CONVERT IDLE TO MILITARY is mobilizing", env + "CONVERT IDLE TO MILITARY",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{mobilize(storm.Idle, 4)}}},
		{"14.31 CONVERT CIVILIAN TO MILITARY is mobilizing", env + "CONVERT CIVILIAN TO MILITARY",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{mobilize(storm.Civilian, 4)}}},
		{"14.41 two conversions are left to the adjudicator", env + "CONVERT IDLE\nMOBILIZE CIVILIAN",
			Submission{Envelope: germanyEnv, Orders: []storm.Order{convert(4), mobilize(storm.Civilian, 5)}}},
		{"PASS", env + "PASS", Submission{Envelope: germanyEnv, Pass: true}},
		{"POWER may be omitted", "GAME demo\nSECRET italy\nPASS",
			Submission{Envelope: Envelope{Game: "demo", Secret: "italy", GameLine: 1, SecretLine: 2}, Pass: true}},
		{"POWER name in any case", "GAME demo\nPOWER BRITAIN\nSECRET britain\nPASS",
			Submission{Envelope: Envelope{Game: "demo", Power: "britain", Secret: "britain", GameLine: 1, PowerLine: 2, SecretLine: 3}, Pass: true}},
		{"envelope with colons", "Game: demo\npower:Germany\nSECRET: germany\nPASS",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"game id and secret kept as written", "GAME Demo-2\nSECRET Ab#c\nPASS",
			Submission{Envelope: Envelope{Game: "Demo-2", Secret: "Ab", GameLine: 1, SecretLine: 2}, Pass: true}},
		{"comments, blank lines and indentation", "# my orders\n\n  GAME demo   # the game\n\tPOWER germany\nSECRET germany\n\n   # nothing\n  CONVERT IDLE TO CIVILIAN # 10 tile points\n",
			Submission{Envelope: Envelope{Game: "demo", Power: "germany", Secret: "germany", GameLine: 3, PowerLine: 4, SecretLine: 5}, Orders: []storm.Order{convert(8)}}},
		{"envelope after the orders", "MOBILIZE IDLE\nGAME demo\nPOWER germany\nSECRET germany",
			Submission{Envelope: Envelope{Game: "demo", Power: "germany", Secret: "germany", GameLine: 2, PowerLine: 3, SecretLine: 4}, Orders: []storm.Order{mobilize(storm.Idle, 1)}}},
		{"quoted lines ignored", "> GAME other\nGAME demo\nPOWER germany\n  >> MOBILIZE IDLE\nSECRET germany\nPASS",
			Submission{Envelope: Envelope{Game: "demo", Power: "germany", Secret: "germany", GameLine: 2, PowerLine: 3, SecretLine: 5}, Pass: true}},
		{"END stops reading", env + "PASS\nEND\nnonsense after END\nMOBILIZE IDLE",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"END followed by words", env + "PASS\nEnd of orders.\nnonsense",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"end in lower case with a comment", env + "PASS\n  end   # that's all\nnonsense",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"signature separator stops reading", env + "PASS\n-- \nHans\nMOBILIZE IDLE",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"bare -- stops reading", env + "PASS\n--\nHans",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"Sent from my phone stops reading", env + "PASS\nSent from my iPhone",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"Outlook original message stops reading", env + "PASS\n-----Original Message-----\nFrom: judge\nGAME other",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"Outlook underscore separator stops reading", env + "PASS\n________________________________\nFrom: judge",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"reply attribution skipped", env + "PASS\n\nOn Mon, 2 Mar 2026, Judge <judge@sandbox.test>\nwrote:\n\n> GAME demo\n> old receipt",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"CRLF and lone CR line ends", "GAME demo\r\nPOWER germany\rSECRET germany\r\nPASS\r\n",
			Submission{Envelope: germanyEnv, Pass: true}},
		{"non-breaking and zero-width spaces", "\ufeffGAME\u00a0demo\n\u200bPOWER germany\nSECRET\tgermany\u00a0\nPASS",
			Submission{Envelope: germanyEnv, Pass: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.body)
			if err != nil {
				t.Fatalf("Parse: unexpected error:\n%v", err)
			}
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("Parse:\n got %+v\nwant %+v", *got, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string // the rendered Errors
	}{
		{"unknown order with suggestion", env + "MOBILISE IDLE",
			`orders: line 4: unknown order "MOBILISE" (did you mean "MOBILIZE"?)
    4 | MOBILISE IDLE
  hint: ` + hintOrders},
		{"unknown order with transposition", env + "COVNERT IDLE",
			`orders: line 4: unknown order "COVNERT" (did you mean "CONVERT"?)
    4 | COVNERT IDLE
  hint: ` + hintOrders},
		{"unknown order without suggestion", env + "Onwards judge,\nPASS",
			`orders: line 4: unknown order "Onwards"
    4 | Onwards judge,
  hint: ` + hintOrders},
		{"short unknown word one edit from a keyword", env + "PAST",
			`orders: line 4: unknown order "PAST" (did you mean "PASS"?)
    4 | PAST
  hint: ` + hintOrders},
		{"unknown factory", env + "CONVERT IDEL TO CIVILIAN",
			`orders: line 4: CONVERT: unknown factory "IDEL" (did you mean "IDLE"?)
    4 | CONVERT IDEL TO CIVILIAN
  hint: ` + hintConvert},
		{"unknown target factory", env + "CONVERT IDLE TO CIVILLIAN",
			`orders: line 4: CONVERT: unknown factory "CIVILLIAN" (did you mean "CIVILIAN"?)
    4 | CONVERT IDLE TO CIVILLIAN
  hint: ` + hintConvert},
		{"CONVERT alone", env + "CONVERT",
			`orders: line 4: CONVERT needs the factory to convert: IDLE or CIVILIAN
    4 | CONVERT
  hint: ` + hintConvert},
		{"CONVERT IDLE TO", env + "CONVERT IDLE TO",
			`orders: line 4: CONVERT: TO what? CIVILIAN or MILITARY
    4 | CONVERT IDLE TO
  hint: ` + hintConvert},
		{"CONVERT with trailing words", env + "CONVERT IDLE TO CIVILIAN NOW PLEASE",
			`orders: line 4: CONVERT: unexpected "NOW PLEASE" after the order
    4 | CONVERT IDLE TO CIVILIAN NOW PLEASE
  hint: ` + hintConvert},
		{"14.44 military factories are not converted", env + "CONVERT MILITARY TO CIVILIAN",
			`orders: line 4: CONVERT: a military factory cannot be converted (rule 14.44)
    4 | CONVERT MILITARY TO CIVILIAN
  hint: ` + hintConvert},
		{"14.11 no conversion to idle", env + "CONVERT CIVILIAN TO IDLE",
			`orders: line 4: CONVERT: a factory can be converted to civilian (14.2) or military (14.3) use, not idle
    4 | CONVERT CIVILIAN TO IDLE
  hint: ` + hintConvert},
		{"14.21 civilian is already civilian", env + "CONVERT CIVILIAN TO CIVILIAN",
			`orders: line 4: CONVERT: the factory is already civilian
    4 | CONVERT CIVILIAN TO CIVILIAN
  hint: ` + hintConvert},
		{"14.31 CONVERT CIVILIAN needs TO MILITARY", env + "CONVERT CIVILIAN",
			`orders: line 4: CONVERT CIVILIAN needs TO MILITARY (a civilian factory can only be mobilized, 14.3)
    4 | CONVERT CIVILIAN
  hint: ` + hintConvert},
		{"MOBILIZE alone", env + "MOBILIZE",
			`orders: line 4: MOBILIZE needs the factory to mobilize: IDLE or CIVILIAN
    4 | MOBILIZE
  hint: ` + hintMobilize},
		{"MOBILIZE MILITARY", env + "MOBILIZE MILITARY",
			`orders: line 4: MOBILIZE: the factory is already military
    4 | MOBILIZE MILITARY
  hint: ` + hintMobilize},
		{"MOBILIZE unknown factory", env + "mobilize civilan",
			`orders: line 4: MOBILIZE: unknown factory "civilan" (did you mean "CIVILIAN"?)
    4 | mobilize civilan
  hint: ` + hintMobilize},
		{"MOBILIZE trailing words", env + "MOBILIZE IDLE TO CIVILIAN",
			`orders: line 4: MOBILIZE: unexpected "TO CIVILIAN" after the order
    4 | MOBILIZE IDLE TO CIVILIAN
  hint: ` + hintMobilize},
		{"PASS together with orders", env + "PASS\nCONVERT IDLE",
			`orders: line 4: PASS together with orders (first on line 5)
    4 | PASS
  hint: PASS submits no orders for the open segment: send either PASS or orders (PASS may go with orders for later rounds, after a FOR line)`},
		{"PASS twice", env + "PASS\npass",
			`orders: line 5: PASS given twice (first on line 4)
    5 | pass
  hint: write PASS once`},
		{"PASS with words after it", env + "PASS ALL",
			`orders: line 4: PASS takes nothing after it but TURN
    4 | PASS ALL
  hint: write PASS alone on its line (or PASS TURN: nothing from you for the rest of the turn)`},
		{"no orders", env,
			`orders: no orders; write PASS to submit none
  hint: ` + hintOrders},
		{"missing GAME and SECRET", "POWER germany\nPASS",
			`orders: no GAME line
  hint: write GAME and the game id on a line of its own, e.g. GAME demo
orders: no SECRET line
  hint: write SECRET and your power's secret (sent to you when you were seated) on a line of its own`},
		{"empty body", "",
			`orders: no GAME line
  hint: write GAME and the game id on a line of its own, e.g. GAME demo
orders: no SECRET line
  hint: write SECRET and your power's secret (sent to you when you were seated) on a line of its own
orders: no orders; write PASS to submit none
  hint: ` + hintOrders},
		{"GAME twice", env + "GAME demo\nPASS",
			`orders: line 4: GAME given twice (first on line 1)
    4 | GAME demo
  hint: write GAME once`},
		{"GAME needs one word", "GAME my game\nSECRET germany\nPASS",
			`orders: line 1: GAME needs one word, the game id
    1 | GAME my game
  hint: e.g. GAME demo`},
		{"POWER twice", env + "POWER italy\nPASS",
			`orders: line 4: POWER given twice (first on line 2)
    4 | POWER italy
  hint: write POWER once`},
		{"unknown power", "GAME demo\nPOWER germny\nSECRET germany\nPASS",
			`orders: line 2: unknown power "germny" (did you mean "germany"?)
    2 | POWER germny
  hint: powers: germany, italy, britain, france, russia`},
		{"POWER without a name", "GAME demo\nPOWER\nSECRET germany\nPASS",
			`orders: line 2: POWER needs one word, the power's name
    2 | POWER
  hint: powers: germany, italy, britain, france, russia`},
		{"SECRET twice does not show the line", env + "SECRET hunter2\nPASS",
			`orders: line 4: SECRET given twice (first on line 3)
  hint: write SECRET once`},
		{"SECRET of two words does not show the line", "GAME demo\nSECRET correct horse\nPASS",
			`orders: line 2: SECRET takes one word (the line is not shown, to keep your secret)
  hint: write SECRET and your power's secret, one word, on a line of its own`},
		{"SECRET without a value", "GAME demo\nSECRET\nPASS",
			`orders: line 2: SECRET needs your power's secret
  hint: write SECRET and your power's secret, one word, on a line of its own`},
		{"misspelt SECRET does not show the line", "GAME demo\nSECRT hunter2\nPASS",
			`orders: line 2: unknown order "SECRT" (did you mean "SECRET"?)
  hint: ` + hintOrders + `
orders: no SECRET line
  hint: write SECRET and your power's secret (sent to you when you were seated) on a line of its own`},
		{"secret written elsewhere is masked", "GAME demo\nSECRET zebra-lamp-77\nzebra-lamp-77\nPASS",
			`orders: line 3: unknown order "********"
    3 | ********
  hint: ` + hintOrders},
		{"all errors collected in line order", "MOBILISE IDLE\nGAME demo\nCONVERT IDEL\nPOWER prussia\nPASS\n",
			`orders: line 1: unknown order "MOBILISE" (did you mean "MOBILIZE"?)
    1 | MOBILISE IDLE
  hint: ` + hintOrders + `
orders: line 3: CONVERT: unknown factory "IDEL" (did you mean "IDLE"?)
    3 | CONVERT IDEL
  hint: ` + hintConvert + `
orders: line 4: unknown power "prussia" (did you mean "russia"?)
    4 | POWER prussia
  hint: powers: germany, italy, britain, france, russia
orders: no SECRET line
  hint: write SECRET and your power's secret (sent to you when you were seated) on a line of its own`},
		{"long lines are shortened", env + "CONVERT " + strings.Repeat("x", 200),
			`orders: line 4: CONVERT: unknown factory "` + strings.Repeat("x", 37) + `..."
    4 | CONVERT ` + strings.Repeat("x", 109) + `...
  hint: ` + hintConvert},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.body)
			if err == nil {
				t.Fatal("Parse: no error")
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("Parse: error %T is not Errors", err)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("Parse error:\n got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestParseNeverEchoesSecret: whatever is wrong around it, the value of the
// SECRET line appears in no error text.
func TestParseNeverEchoesSecret(t *testing.T) {
	const secret = "Tr0ub4dor-3"
	bodies := []string{
		"GAME demo\nSECRET " + secret + " extra\nPASS",
		"GAME demo\nSECRET " + secret + "\nSECRET " + secret + "\nPASS",
		"GAME demo\nSECRET " + secret + "\n" + secret + "\nPASS",
		"GAME demo\nSECRET " + secret + "\nCONVERT " + secret + "\nPASS",
		"GAME demo\nSECRET " + secret + "\nMOBILIZE IDLE " + strings.ToLower(secret),
		"GAME demo\nsecrett " + secret + "\nPASS",
		"GAME demo\nSECRET:" + secret + " x\nPASS",
		"GAME " + secret + " x\nSECRET " + secret + "\nPASS",
	}
	for i, body := range bodies {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			_, err := Parse(body)
			if err == nil {
				t.Fatal("Parse: no error")
			}
			if strings.Contains(strings.ToLower(err.Error()), strings.ToLower(secret)) {
				t.Errorf("error text shows the secret:\n%v", err)
			}
		})
	}
}

func TestParseLimits(t *testing.T) {
	t.Run("too many errors stops reading", func(t *testing.T) {
		body := strings.Repeat("nonsense\n", 80) + env + "PASS"
		sub, err := Parse(body)
		var es Errors
		if !errors.As(err, &es) {
			t.Fatalf("Parse: error %v is not Errors", err)
		}
		if len(es) != maxErrors+3 {
			t.Fatalf("got %d errors, want %d", len(es), maxErrors+3)
		}
		want := []string{"too many errors; stopped reading after line 50", "no GAME line", "no SECRET line"}
		for i, w := range want {
			if got := es[maxErrors+i].Msg; got != w {
				t.Errorf("error %d: got %q, want %q", maxErrors+i, got, w)
			}
		}
		if sub.Envelope.Game != "" {
			t.Errorf("read past the error limit: %+v", sub.Envelope)
		}
	})
	t.Run("more than maxOrders orders", func(t *testing.T) {
		body := env + strings.Repeat("CONVERT IDLE\n", maxOrders+5)
		sub, err := Parse(body)
		if len(sub.Orders) != maxOrders {
			t.Errorf("got %d orders, want %d", len(sub.Orders), maxOrders)
		}
		want := fmt.Sprintf("orders: line %d: more than %d orders\n  %3d | CONVERT IDLE", maxOrders+4, maxOrders, maxOrders+4)
		if err == nil || err.Error() != want {
			t.Errorf("got error\n%v\nwant\n%s", err, want)
		}
	})
}

// TestParseReturnsPartialSubmission: with errors, what could be read is
// still returned, so that the judge can tell game and power in its answer.
func TestParseReturnsPartialSubmission(t *testing.T) {
	sub, err := Parse(env + "MOBILISE IDLE\nCONVERT IDLE")
	if err == nil {
		t.Fatal("Parse: no error")
	}
	want := Submission{Envelope: germanyEnv, Orders: []storm.Order{convert(5)}}
	if sub == nil || !reflect.DeepEqual(*sub, want) {
		t.Errorf("got %+v, want %+v", sub, want)
	}
	var e *Error
	if !errors.As(err, &e) || e.Line != 4 || e.Text != "MOBILISE IDLE" {
		t.Errorf("errors.As(*Error): got %+v", e)
	}
}

func TestSuggest(t *testing.T) {
	words := []string{"GAME", "POWER", "SECRET", "CONVERT", "MOBILIZE", "PASS", "END"}
	tests := []struct{ word, want string }{
		{"MOBILISE", "MOBILIZE"},
		{"mobilze", "MOBILIZE"},
		{"CONVRET", "CONVERT"},
		{"PAS", "PASS"},
		{"GAEM", "GAME"},
		{"secert", "SECRET"},
		{"XYZZY", ""},
		{"", ""},
		{"MOB", ""},
		{strings.Repeat("A", 100), ""},
	}
	for _, tc := range tests {
		if got := Suggest(tc.word, words); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"abc", "abc", 0},
		{"abc", "abd", 1}, {"abc", "acb", 1}, {"kitten", "sitting", 3}, {"ca", "abc", 3},
	}
	for _, tc := range tests {
		if got := distance([]rune(tc.a), []rune(tc.b)); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestParseTurn: the optional TURN line pins an email to a turn and,
// optionally, a segment; bad TURN lines are errors on their line.
func TestParseTurn(t *testing.T) {
	sub, err := Parse("GAME demo\nSECRET s3cret\nTURN winter 1935 economic\nPASS\nEND\n")
	if err != nil {
		t.Fatal(err)
	}
	e := sub.Envelope
	if e.Turn != (storm.Turn{Year: 1935, Season: storm.Winter}) || e.Segment != storm.SegEconomic || e.TurnLine != 3 {
		t.Errorf("envelope %+v", e)
	}
	sub, err = Parse("GAME demo\nSECRET s3cret\nTurn: Spring 1936\nPASS\n")
	if err != nil || sub.Envelope.Turn.String() != "Spring 1936" || sub.Envelope.Segment != "" {
		t.Errorf("TURN without segment: %+v, %v", sub.Envelope, err)
	}
	// Issue 22: the segment as the reports and subjects name it.
	for line, want := range map[string]storm.Segment{
		"TURN Spring 1935 Diplomacy: Axis, first round":   storm.SegDiplomacyAxis1,
		"TURN Spring 1935, diplomacy: axis, second round": storm.SegDiplomacyAxis2,
		"TURN Summer 1935 Economic phase":                 storm.SegEconomic,
		"TURN Fall 1936 crisis: allied response":          storm.SegCrisisResponse,
		"TURN Fall 1936 Pre-emptive war":                  storm.SegPreemptiveWar,
		"TURN Fall 1936 diplomacy-russia":                 storm.SegDiplomacyRussia,
		"TURN Fall 1936 AXIS 2":                           storm.SegDiplomacyAxis2,
	} {
		sub, err := Parse("GAME demo\nSECRET s3cret\n" + line + "\nPASS\n")
		if err != nil || sub.Envelope.Segment != want {
			t.Errorf("%q: segment %q, %v; want %s", line, sub.Envelope.Segment, err, want)
		}
	}
	for body, want := range map[string]string{
		"TURN 1935":               "line 3: TURN needs a season and a year",
		"TURN Autumn 1935":        `line 3: unknown season "Autumn"`,
		"TURN Winter 35":          `line 3: "35" is not a year of the game`,
		"TURN Winter 1935 econom": `line 3: unknown segment "econom"`,
	} {
		_, err := Parse("GAME demo\nSECRET s3cret\n" + body + "\nPASS\n")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", body, err, want)
		}
	}
}

// TestParseLongGameID: a GAME word longer than any game id is an error
// that quotes the line shortened, never the whole word.
func TestParseLongGameID(t *testing.T) {
	sub, err := Parse("GAME " + strings.Repeat("g", 200000) + "\nSECRET s3cret\nPASS\n")
	if err == nil || sub.Envelope.Game != "" || len(err.Error()) > 2000 || !strings.Contains(err.Error(), "at most 32 characters") {
		t.Errorf("game %d bytes, error %d bytes: %.200v", len(sub.Envelope.Game), len(err.Error()), err)
	}
}

// TestParseGreetingAndSignOff (issue 22): a greeting above the orders is
// no order, and a sign-off below them ends them, as a person writes a mail.
func TestParseGreetingAndSignOff(t *testing.T) {
	for _, body := range []string{
		"Hello judge,\n\nGAME demo\nSECRET s3cret\nPASS\n\nCheers,\nPierre\n",
		"GAME demo\nSECRET s3cret\nHi all!\nCONVERT IDLE\nThanks, and good luck\nPierre\n",
		"Dear judge,\nGAME demo\nSECRET s3cret\nPASS\nBest regards\nAnna Schmidt\nBerlin\n",
		"Bonjour,\nGAME demo\nSECRET s3cret\nPASS\nCordialement,\nPierre\n",
	} {
		sub, err := Parse(body)
		if err != nil {
			t.Errorf("%q: %v", body, err)
			continue
		}
		if !sub.Pass && len(sub.Orders) != 1 {
			t.Errorf("%q: orders %v", body, sub.Orders)
		}
	}
	// A greeting among the orders is no greeting: an error on its line.
	if _, err := Parse("GAME demo\nSECRET s3cret\nCONVERT IDLE\nHello again\nPASS\n"); err == nil || !strings.Contains(err.Error(), `line 4: unknown order "Hello"`) {
		t.Errorf("a greeting after an order: %v", err)
	}
}

// TestForLineNames (issue 22): a FOR line names its segment by its FOR
// words, its id or its title, as TURN does.
func TestForLineNames(t *testing.T) {
	for line, want := range map[string]storm.Segment{"FOR AXIS 2": storm.SegDiplomacyAxis2, "FOR diplomacy-allies": storm.SegDiplomacyAllies,
		"FOR Diplomacy: Axis, first round": storm.SegDiplomacyAxis1, "FOR Pre-emptive war": storm.SegPreemptiveWar, "FOR THE RESPONSE": storm.SegCrisisResponse} {
		sub, err := Parse("GAME demo\nSECRET s3cret\nPASS\n" + line + "\nPASS\n")
		if err != nil || len(sub.Orders) != 1 || sub.Orders[0].For != want {
			t.Errorf("%q: %+v %v, want for %s", line, sub.Orders, err, want)
		}
	}
}
