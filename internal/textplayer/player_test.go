package textplayer

import (
	"os"
	"slices"
	"stormjudge/internal/flowed"
	"strings"
	"testing"
)

// A digest that asks Germany for its orders: the options (the block's
// line, with costs, with lines to send along, a note) and the whole
// turn's block.
const digestText = `Gathering Storm game g1: Germany, Spring 1935
=============================================

Economic phase, Spring 1935 is open: your orders are due.

What you may order now (Economic phase, Spring 1935)
----------------------------------------------------
Your research and construction events of this turn are played before your orders (rule 15.32):
- card 4 "Prefabricated bunkers": research points may be placed in german west wall from now on.

PASS                       changes nothing (the block below)
LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2 cost 3 tile points
    a new 3-factor battlecruiser in row 3, Spring column (19.61)
RESEARCH COUNTER 1         cost 1 tile point
  + RESEARCH GERMAN JETS
    1 research point, paid

Reply with this block, your whole turn: as it is, it changes nothing; to act, put orders in place of a line.

GAME g1
POWER germany
SECRET <your secret>
PASS                     # Economic phase
FOR AXIS 1               # Diplomacy: Axis, first round
PASS
FOR CRISIS               # Crisis: Axis aggression
AGGRESSION NONE
END

The full report: this mail's HTML part.
`

const welcomeText = `Welcome to game g1 of Gathering Storm, adjudicated by stormjudge.

You play: Germany
Your secret: s3cret42

To do nothing this turn, for instance:

  GAME g1
  SECRET s3cret42
  PASS TURN
  END
`

func seated(seed uint64) *Player {
	p := New(seed)
	if r := p.Classify("[g1] You play Germany", welcomeText); r.Kind != Welcome {
		panic("the welcome is not read as one")
	}
	return p
}

func TestWelcomeGivesGameAndSecret(t *testing.T) {
	p := seated(1)
	if p.Game != "g1" || p.Secret != "s3cret42" || p.Power != "germany" {
		t.Fatalf("game %q secret %q power %q, want g1 s3cret42 germany", p.Game, p.Secret, p.Power)
	}
	if _, _, ok := p.Reply(); ok {
		t.Fatal("a welcome alone asks for no reply")
	}
}

func TestAskReadsOfferedLinesAndBlock(t *testing.T) {
	p := seated(1)
	r := p.Classify("[g1] Germany: orders due", digestText)
	if r.Kind != Asking || r.Finding != "" {
		t.Fatalf("read %v (finding %q), want an ask", r.Kind, r.Finding)
	}
	a := r.Ask
	if a.Heading != "What you may order now (Economic phase, Spring 1935)" {
		t.Errorf("heading %q", a.Heading)
	}
	want := []Option{
		{Order: "PASS                       changes nothing (the block below)", Default: true},
		{Order: "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2"},
		{Order: "RESEARCH COUNTER 1", With: []string{"RESEARCH GERMAN JETS"}},
	}
	if len(a.Options) != len(want) {
		t.Fatalf("options %+v, want %+v", a.Options, want)
	}
	for i, o := range a.Options {
		if o.Order != want[i].Order || o.Default != want[i].Default || !slices.Equal(o.With, want[i].With) {
			t.Errorf("option %d: %+v, want %+v", i, o, want[i])
		}
	}
	if a.Block[0] != "GAME g1" || a.Block[len(a.Block)-1] != "END" || len(a.Block) != 9 {
		t.Errorf("block %q", a.Block)
	}
}

// The reply is the block, the secret in place, the chosen line with the
// lines to send along in place of the open segment's line; the later
// segments' lines stay for a whole turn and go otherwise.
func TestReplyPutsTheChosenLineInTheBlock(t *testing.T) {
	for _, whole := range []bool{true, false} {
		p := seated(7)
		p.Bold, p.Whole = 1, 0
		if whole {
			p.Whole = 1
		}
		p.Classify("", digestText)
		body, chose, ok := p.Reply()
		if !ok {
			t.Fatal("no reply to an ask")
		}
		lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
		if !slices.Equal(lines[:3], []string{"GAME g1", "POWER germany", "SECRET s3cret42"}) || lines[len(lines)-1] != "END" {
			t.Fatalf("reply:\n%s", body)
		}
		if strings.Contains(body, "<your secret>") || strings.Contains(body, "# Economic phase") {
			t.Errorf("the secret or the open segment's line is not replaced:\n%s", body)
		}
		if !strings.HasPrefix(lines[3], strings.Fields(chose)[0]) {
			t.Errorf("chose %q, the reply's first order is %q", chose, lines[3])
		}
		if strings.HasPrefix(chose, "RESEARCH COUNTER 1") && lines[4] != "RESEARCH GERMAN JETS" {
			t.Errorf("the line to send with it is missing:\n%s", body)
		}
		if got := strings.Contains(body, "FOR AXIS 1") && strings.Contains(body, "AGGRESSION NONE"); got != whole {
			t.Errorf("whole turn %v, later segments in the reply %v:\n%s", whole, got, body)
		}
		if _, _, again := p.Reply(); again {
			t.Error("the same ask answered twice")
		}
	}
}

func TestRepliesFollowTheSeed(t *testing.T) {
	bodies := func(seed uint64) []string {
		p := seated(seed)
		var out []string
		for range 20 {
			p.Classify("", digestText)
			b, _, _ := p.Reply()
			out = append(out, b)
		}
		return out
	}
	a, b := bodies(3), bodies(3)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed and mails gave other replies")
	}
	if slices.Equal(a, bodies(4)) {
		t.Fatal("another seed gave the same 20 replies: the choice is not random")
	}
}

func TestReceiptsAndEnd(t *testing.T) {
	p := seated(1)
	for _, c := range []struct {
		text string
		want Kind
	}{
		{"Orders ACCEPTED for Germany in game g1, for Spring 1935, Economic phase.\n", Accepted},
		{"Your email was NOT accepted; nothing was changed.\n  REFUSED RESEARCH COUNTER 1 (line 4)\n", Refused},
		{"Gathering Storm game g1: Germany, Fall 1936\n\nThe game has ended in Fall 1936, pre-emptive war (Britain and France on Germany). Victory points: the Axis 0, the Allies 0, Russia -6 (rule 34).\n", Ended},
	} {
		if got := p.Classify("", c.text).Kind; got != c.want {
			t.Errorf("%q read as %v, want %v", c.text, got, c.want)
		}
	}
	if !strings.Contains(p.Ended(), "Victory points: the Axis 0") {
		t.Errorf("ended %q", p.Ended())
	}
}

func TestResendAndHelpAfterARefusal(t *testing.T) {
	p := seated(1)
	p.Classify("", digestText)
	p.Reply()
	body, ok := p.Resend()
	if !ok || !strings.Contains(body, "PASS                     # Economic phase") || !strings.Contains(body, "SECRET s3cret42") {
		t.Errorf("resend is not the block as it is:\n%s", body)
	}
	if h := p.Help(); h != "GAME g1\nPOWER germany\nSECRET s3cret42\nHELP\nEND\n" {
		t.Errorf("help:\n%s", h)
	}
}

// Two lines offered as the same text, with nothing sent along to tell
// them apart, are a finding: the reader cannot choose between them.
func TestTheSameLineTwiceIsAFinding(t *testing.T) {
	text := strings.Replace(digestText, "RESEARCH COUNTER 1         cost 1 tile point\n  + RESEARCH GERMAN JETS\n",
		"AGGRESSION RHINELAND\nAGGRESSION RHINELAND\n", 1)
	r := New(1).Classify("", text)
	if !strings.Contains(r.Finding, "offered twice") || !strings.Contains(r.Finding, "AGGRESSION RHINELAND") {
		t.Fatalf("finding %q", r.Finding)
	}
}

func TestAMailWithoutABlockAsksNothing(t *testing.T) {
	text := "Diplomacy: Axis, first round, Spring 1935 is open: nothing to order from you.\n"
	p := seated(1)
	if r := p.Classify("", text); r.Kind != Other {
		t.Fatalf("read as %v", r.Kind)
	}
	if _, _, ok := p.Reply(); ok {
		t.Fatal("a reply to a mail that asks nothing")
	}
}

// The report's golden notice, as text and as format=flowed: the player
// reads the same offered lines and block from both.
func TestGoldenNoticeReadsTheSameFlowedOrNot(t *testing.T) {
	plain, err := os.ReadFile("../../report/testdata/golden/notice-germany-spring-1935.txt")
	if err != nil {
		t.Skip(err)
	}
	fl, err := os.ReadFile("../../report/testdata/golden/notice-germany-spring-1935.flowed.txt")
	if err != nil {
		t.Skip(err)
	}
	a, fa := parseAsk(string(plain))
	b, fb := parseAsk(flowed.Decode(string(fl), false))
	if a == nil || b == nil {
		t.Fatalf("no ask read (findings %q, %q)", fa, fb)
	}
	if len(a.Options) < 2 || !slices.Equal(a.Block, b.Block) || a.Heading != b.Heading {
		t.Fatalf("plain %+v\nflowed %+v", a, b)
	}
	for i := range a.Options {
		if a.Options[i].Order != b.Options[i].Order || !slices.Equal(a.Options[i].With, b.Options[i].With) {
			t.Errorf("option %d: plain %+v, flowed %+v", i, a.Options[i], b.Options[i])
		}
	}
}

// A crisis mail: decisions without a cost, the block's line marked, an
// order's effect after a gap on its line left out of the order.
func TestCrisisOptionsWithoutCost(t *testing.T) {
	text := `What you may order now (Crisis: Allied response, Spring 1936)
-------------------------------------------------------------
ACQUIESCE                  (the block below)
    the aggression succeeds (27.52)
OPPOSE
OPPOSE GERMANY             the Allies oppose the aggression

Reply with this block, your whole turn: as it is, it sends ACQUIESCE; to act, put orders in place of a line.

GAME g1
POWER britain
SECRET <your secret>
ACQUIESCE                # Crisis: Allied response
END
`
	a, finding := parseAsk(text)
	if a == nil || finding != "" {
		t.Fatalf("ask %v, finding %q", a, finding)
	}
	var got []string
	for _, o := range a.Options {
		if !o.Default {
			got = append(got, o.Order)
		}
	}
	if !slices.Equal(got, []string{"OPPOSE", "OPPOSE GERMANY"}) || !a.Options[0].Default {
		t.Fatalf("options %+v", a.Options)
	}
}
