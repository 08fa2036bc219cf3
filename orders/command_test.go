package orders

import (
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
)

func TestParseCommands(t *testing.T) {
	sub, err := Parse("GAME demo\nSECRET s\nTIMEZONE Europe/Berlin\nEXTEND 1d12h\nABSENCE 2026-12-24 2027-01-02\nSTATUS\nEND\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(sub.Commands) != 4 || sub.Commands[0].Word != "Europe/Berlin" || sub.Commands[1].Duration != 36*time.Hour ||
		sub.Commands[2].Until.Day() != 2 || sub.Commands[3].Verb != CmdStatus {
		t.Fatalf("commands: %+v", sub.Commands)
	}
	sub, err = Parse("GAME demo\nMODERATOR\nSECRET s\nREASON the players asked\nREMINDERS 2h 24h\nNMR WAIT GRACE 90m\nBROADCAST\nFirst line.\n\n> quoted\nSecond line.\nEND\n-- \nthe moderator's signature, not read\n")
	if err != nil {
		t.Fatal(err)
	}
	// Issue 22: text after the message's END is refused, not dropped.
	if _, err := Parse("GAME demo\nMODERATOR\nSECRET s\nBROADCAST\nFirst line.\nEND\nand a forgotten line\n"); err == nil || !strings.Contains(err.Error(), "line 7: text after the END of the BROADCAST message") {
		t.Errorf("text after BROADCAST's END: %v", err)
	}
	c := sub.Commands
	if c[0].Text != "the players asked" || c[1].List[0] != 24*time.Hour || c[2].Word != "wait" || c[2].Duration != 90*time.Minute ||
		c[3].Text != "First line.\n\nSecond line." {
		t.Fatalf("moderator commands: %+v", c)
	}
	sub, err = Parse("GAME demo\nMODERATOR\nPOWER italy\nSECRET s\nPASS\nREASON phone\nEND\n")
	if err != nil || !sub.Pass || sub.Reason() != "phone" {
		t.Fatalf("moderator's orders for a power: %+v %v", sub, err)
	}
}

func TestParseCommandErrors(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"GAME g\nSECRET s\nEXTEND soon\n", `EXTEND: "soon" is not a duration`},
		{"GAME g\nSECRET s\nEXTEND 400d\n", "from 1 minute to 366 days"},
		{"GAME g\nSECRET s\nTIMEZONE Mars/Olympus\n", `unknown time zone "Mars/Olympus"`},
		{"GAME g\nSECRET s\nABSENCE 2027-01-02 2026-12-24\n", "before the first"},
		{"GAME g\nSECRET s\nABSENCE MAX 3d\n", "the moderator's rule"},
		{"GAME g\nSECRET s\nPAUSE\n", "PAUSE is a moderator's command"},
		{"GAME g\nSECRET s\nSTATUS\nPASS\n", "commands and orders in one email"},
		{"GAME g\nSECRET s\nSTATUS\nHELP\n", "HELP together with commands"},
		{"GAME g\nMODERATOR\nSECRET s\nWITHDRAW\n", "WITHDRAW needs the POWER"},
		{"GAME g\nMODERATOR\nPOWER italy\nSECRET s\nPAUSE\n", "PAUSE in an email for a power"},
		{"GAME g\nMODERATOR\nSECRET s\nBROADCAST\nEND\n", "BROADCAST without a message"},
		{"GAME g\nMODERATOR\nSECRET s\nDEADLINE tomorrow noon\n", "is not a date and time"},
		{"GAME g\nMODERATOR\nSECRET s\nREPLACE italy nobody\n", `"nobody" is not an email address`},
		{"GAME g\nMODERATOR\nSECRET s\nDURATION lunch 3h\n", `"lunch" is not ALL`},
		{"GAME g\nMODERATOR\nSECRET s\nNMR maybe\n", `"maybe" is not PASS`},
		{"GAME g\nMODERATOR\nSECRET s\nSTATUS\nSTATUS\n", "STATUS given twice"},
		{"GAME g\nSECRET s\nRESIGN\n", "RESIGN needs the power's name"},
		{"GAME g\nMODERATOR\nSECRET s\nNMR COMPUTER 0\n", `"0" is not a count of deadlines missed in a row`},
		{"GAME g\nMODERATOR\nSECRET s\nNMR COMPUTER soon GRACE 2h\n", `"soon" is not a count`},
		{"GAME g\nMODERATOR\nSECRET s\nNMR PASS 2\n", "NMR needs PASS, REPEAT, WAIT or COMPUTER"},
		{"GAME g\nMODERATOR\nSECRET s\nREPLACE italia COMPUTER\n", `unknown power "italia"`},
	} {
		_, err := Parse(tc.body)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.want)
		}
	}
}

func TestParseDurationAndFormat(t *testing.T) {
	for in, want := range map[string]time.Duration{"12h": 12 * time.Hour, "90m": 90 * time.Minute, "2d": 48 * time.Hour, "1d12h": 36 * time.Hour, "1h30m": 90 * time.Minute} {
		d, err := ParseDuration(in)
		if err != nil || d != want {
			t.Errorf("ParseDuration(%q) = %v, %v", in, d, err)
		}
		if back, _ := ParseDuration(FormatDuration(d)); back != d {
			t.Errorf("FormatDuration(%v) = %q does not read back", d, FormatDuration(d))
		}
	}
	if got := FormatDuration(36*time.Hour + 30*time.Minute); got != "1d12h30m" {
		t.Errorf("FormatDuration = %q", got)
	}
}

// The example of docs/orders.md "Creating a game".
func TestReadCreateExample(t *testing.T) {
	m, err := ReadMessage(readExample(t, "create.eml"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Parse(m.Body)
	if err != nil {
		t.Fatal(err)
	}
	seats := 0
	for _, c := range sub.Commands {
		if c.Verb == CmdSeat {
			seats++
			if c.Power == storm.Italy && c.Address != "germany@sandbox.test" {
				t.Errorf("Italy's seat: %+v", c)
			}
		}
	}
	if !sub.Envelope.Moderator || !sub.HasCommand(CmdCreate) || seats != 5 || !sub.HasCommand(CmdNMR) {
		t.Fatalf("create.eml: %+v", sub)
	}
}

// TestParsePress (issue 25): a player's PRESS [GREY] TO names its
// recipients in full or by side, its message runs to END; a moderator's
// PRESS lines set the game's press rules, several in one email.
func TestParsePress(t *testing.T) {
	G, I, B, F, R := storm.Germany, storm.Italy, storm.Britain, storm.France, storm.Russia
	for _, tc := range []struct {
		line string
		to   []storm.Power
		grey bool
	}{
		{"PRESS TO ITALY", []storm.Power{I}, false},
		{"PRESS TO france, Britain", []storm.Power{B, F}, false},
		{"PRESS TO AXIS AND RUSSIA", []storm.Power{G, I, R}, false},
		{"PRESS GREY TO ALLIES", []storm.Power{B, F}, true},
		{"PRESS TO ALL GREY", []storm.Power{G, I, B, F, R}, true},
	} {
		_, err := Parse("GAME demo\nSECRET s\n" + tc.line + "\nMeet me in Vienna.\n\nBring <b>maps</b>.\nEND\nnot read? no: refused\n")
		if err == nil || !strings.Contains(err.Error(), "text after the END of the PRESS message") {
			t.Errorf("%s: text after END: %v", tc.line, err)
		}
		sub, err := Parse("GAME demo\nSECRET s\n" + tc.line + "\nMeet me in Vienna.\n\nBring <b>maps</b>.\nEND\n")
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		c := sub.Commands[0]
		if c.Verb != CmdPress || !slices.Equal(c.Press, tc.to) || c.Grey != tc.grey || c.Text != "Meet me in Vienna.\n\nBring <b>maps</b>." {
			t.Errorf("%s: %+v", tc.line, c)
		}
	}
	sub, err := Parse("GAME demo\nMODERATOR\nSECRET s\nPRESS GREY\nPRESS BLACKOUT crisis, END\nPRESS COPY ON\nEND\n")
	if err != nil {
		t.Fatal(err)
	}
	c := sub.Commands
	if len(c) != 3 || c[0].Word != "mode" || c[0].Kinds[0] != "grey" || c[1].Word != "blackout" || !slices.Equal(c[1].Kinds, []string{"crisis", "end"}) ||
		c[2].Word != "copy" || c[2].Kinds[0] != "on" {
		t.Errorf("moderator's PRESS: %+v", c)
	}
	for _, tc := range []struct{ body, want string }{
		{"GAME g\nSECRET s\nPRESS TO TURK\nhi\nEND\n", `PRESS TO: "TURK" is not a power`},
		{"GAME g\nSECRET s\nPRESS TO G I\nhi\nEND\n", `"G" is not a power`},
		{"GAME g\nSECRET s\nPRESS TO ITALY ITALY\nhi\nEND\n", "names \"ITALY\" twice"},
		{"GAME g\nSECRET s\nPRESS ITALY\nhi\nEND\n", "PRESS needs TO"},
		{"GAME g\nSECRET s\nPRESS TO ITALY\nEND\n", "PRESS without a message"},
		{"GAME g\nSECRET s\nPRESS TO ITALY\nhi\nEND\nPASS\n", "text after the END of the PRESS message"},
		{"GAME g\nSECRET s\nPRESS TO\nhi\nEND\n", "needs the powers"},
		{"GAME g\nMODERATOR\nSECRET s\nPRESS TO ITALY\n", "PRESS TO is a player's command"},
		{"GAME g\nMODERATOR\nSECRET s\nPRESS BLACKOUT lunch\n", `"lunch" is not ECONOMIC`},
		{"GAME g\nMODERATOR\nSECRET s\nPRESS COPY maybe\n", "PRESS COPY needs ON or OFF"},
	} {
		_, err := Parse(tc.body)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.want)
		}
	}
}

// TestParsePressAloneIsAReply: a player's PRESS (or PRESS GREY) without
// TO reads as a reply (Word "reply", no powers: the judge finds them from
// the press the email answers), with its message as PRESS TO's.
func TestParsePressAloneIsAReply(t *testing.T) {
	for _, tc := range []struct {
		line string
		grey bool
	}{{"PRESS", false}, {"press grey", true}} {
		sub, err := Parse("GAME g\nSECRET s\n" + tc.line + "\nYes, Vienna.\nEND\n")
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		c := sub.Commands[0]
		if c.Verb != CmdPress || c.Word != "reply" || len(c.Press) != 0 || c.Grey != tc.grey || c.Text != "Yes, Vienna." {
			t.Errorf("%s: %+v", tc.line, c)
		}
	}
	if _, err := Parse("GAME g\nSECRET s\nPRESS\nEND\n"); err == nil || !strings.Contains(err.Error(), "PRESS without a message") {
		t.Errorf("PRESS alone without a message: %v", err)
	}
}

// TestParseObserve (issue 25): an observer's OBSERVE needs GAME but no
// SECRET, and only alone; the moderator's OBSERVE lines name an address
// or PUBLIC ON|OFF.
func TestParseObserve(t *testing.T) {
	if slices.Contains(CommandWords(false), CmdObserve) || !slices.Contains(CommandWords(true), CmdObserve) {
		t.Errorf("OBSERVE in the players' commands, or not in the moderators': %v / %v", CommandWords(false), CommandWords(true))
	}
	sub, err := Parse("GAME demo\nOBSERVE\nEND\n")
	if err != nil || !sub.IsObserveRequest() || sub.Commands[0].Word != "start" {
		t.Fatalf("OBSERVE: %+v, %v", sub, err)
	}
	sub, err = Parse("GAME demo\nOBSERVE STOP\n")
	if err != nil || sub.Commands[0].Word != "stop" {
		t.Fatalf("OBSERVE STOP: %+v, %v", sub, err)
	}
	// The one line that stops an observer's reports, and the
	// confirmation of a request (the secret the judge mailed).
	sub, err = Parse("OBSERVE STOP demo\n")
	if err != nil || !sub.IsObserveRequest() || sub.Commands[0].Word != "stop" || sub.Envelope.Game != "demo" {
		t.Fatalf("OBSERVE STOP demo: %+v, %v", sub, err)
	}
	sub, err = Parse("GAME demo\nSECRET abc\nOBSERVE\n")
	if err != nil || sub.IsObserveRequest() || !sub.IsObserveConfirmation() {
		t.Fatalf("OBSERVE with its SECRET: %+v, %v", sub, err)
	}
	sub, err = Parse("GAME demo\nMODERATOR\nSECRET s\nOBSERVE ALLOW Olga@Example.org\nOBSERVE PUBLIC on\n")
	if err != nil || sub.Commands[0].Word != "allow" || sub.Commands[0].Address != "olga@example.org" || sub.Commands[1].Kinds[0] != "on" || sub.IsObserveRequest() {
		t.Fatalf("the moderator's OBSERVE: %+v, %v", sub, err)
	}
	for _, tc := range []struct{ body, want string }{
		{"GAME demo\nOBSERVE\nPASS\n", "no SECRET line"},
		{"GAME demo\nOBSERVE\nSTATUS\n", "no SECRET line"},
		{"OBSERVE\n", "no GAME line"},
		{"GAME demo\nOBSERVE NOW\n", "OBSERVE takes STOP or nothing"},
		{"GAME demo\nMODERATOR\nSECRET s\nOBSERVE ALLOW nobody\n", `"nobody" is not an email address`},
		{"GAME demo\nMODERATOR\nSECRET s\nOBSERVE\n", "OBSERVE needs ALLOW"},
		{"GAME demo\nSECRET s\nPOWER germany\nOBSERVE\n", "OBSERVE is an observer's command, sent without a SECRET"},
		{"GAME demo\nSECRET s\nOBSERVE STOP\n", "OBSERVE is an observer's command, sent without a SECRET"},
		{"GAME demo\nOBSERVE STOP other\n", "OBSERVE names game \"other\", the GAME line \"demo\""},
	} {
		if _, err := Parse(tc.body); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.want)
		}
	}
}

// DEADLINE EVERY: the days, the time of day, a zone, SKIP's days taken
// out and its dates kept; EVERY NONE; the refusals say what is wrong.
func TestParseDeadlineEvery(t *testing.T) {
	var c []Command
	for _, l := range []string{"TIMEZONE America/New_York", "DEADLINE EVERY MON WED FRI 20:00 Europe/London", "DEADLINE EVERY DAY 18:30 SKIP SAT SUN 2026-12-25",
		"DEADLINE EVERY NONE", "DEADLINE 2026-12-01 18:00", "DEADLINE 2026-12-01 18:00 UTC"} {
		sub, err := Parse("GAME demo\nMODERATOR\nSECRET s\n" + l + "\nEND\n")
		if err != nil {
			t.Fatal(err)
		}
		c = append(c, sub.Commands[0])
	}
	if c[0].Word != "America/New_York" {
		t.Errorf("the moderator's TIMEZONE: %+v", c[0])
	}
	if c[1].Mode != "every" || !slices.Equal(c[1].Every, []time.Weekday{time.Monday, time.Wednesday, time.Friday}) || c[1].Clock != 20*60 || c[1].Word != "Europe/London" {
		t.Errorf("EVERY MON WED FRI: %+v", c[1])
	}
	if !slices.Equal(c[2].Every, []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday}) || c[2].Clock != 18*60+30 || c[2].Word != "" ||
		len(c[2].Skip) != 1 || c[2].Skip[0].Format("2006-01-02") != "2026-12-25" {
		t.Errorf("EVERY DAY SKIP SAT SUN: %+v", c[2])
	}
	if c[3].Mode != "every" || !c[3].None {
		t.Errorf("EVERY NONE: %+v", c[3])
	}
	if c[4].Mode != "" || c[4].Word != "" || c[5].Word != "UTC" || !c[4].At.Equal(c[5].At) {
		t.Errorf("DEADLINE <date> <time> [UTC]: %+v %+v", c[4], c[5])
	}
	for _, tc := range []struct{ line, want string }{
		{"DEADLINE EVERY 20:00", "needs the days first"},
		{"DEADLINE EVERY MON", "needs the time of day"},
		{"DEADLINE EVERY MON 25:00", "is not a time of day"},
		{"DEADLINE EVERY MON 20:00 Mars/Olympus", "unknown time zone"},
		{"DEADLINE EVERY MON 20:00 UTC SKIP", "SKIP and the days or dates"},
		{"DEADLINE EVERY MON 20:00 SKIP MON", "leaves no day"},
		{"DEADLINE EVERY MON 20:00 SKIP XMAS", "neither a day"},
	} {
		if _, err := Parse("GAME demo\nMODERATOR\nSECRET s\n" + tc.line + "\nEND\n"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.line, err, tc.want)
		}
	}
}

// TestParseComputerSeats: SEAT <power> COMPUTER, REPLACE <power>
// COMPUTER and NMR COMPUTER [n] [GRACE d] (docs/orders.md "The computer
// player").
func TestParseComputerSeats(t *testing.T) {
	sub, err := Parse("GAME g\nMODERATOR\nSECRET s\nCREATE\nSEAT italy computer\nSEAT germany OPEN\nSEAT britain b@example.org\nNMR COMPUTER 3 GRACE 2h\nEND\n")
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]bool{}
	for _, c := range sub.Commands {
		switch c.Verb {
		case CmdSeat:
			words[c.Power.String()+"="+c.Word] = true
		case CmdNMR:
			if c.Word != "computer" || c.Number != 3 || c.Duration != 2*time.Hour {
				t.Errorf("NMR COMPUTER 3 GRACE 2h: %+v", c)
			}
		}
	}
	if !words["italy=computer"] || !words["germany=open"] || !words["britain="] {
		t.Errorf("SEAT lines: %v", words)
	}
	for body, want := range map[string]uint64{"NMR COMPUTER": 0, "NMR computer 2": 2} {
		sub, err := Parse("GAME g\nMODERATOR\nSECRET s\n" + body + "\n")
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if c := sub.Commands[0]; c.Word != "computer" || c.Number != want {
			t.Errorf("%s: %+v", body, c)
		}
	}
	sub, err = Parse("GAME g\nMODERATOR\nSECRET s\nREPLACE russia COMPUTER\n")
	if err != nil {
		t.Fatal(err)
	}
	if c := sub.Commands[0]; c.Verb != CmdReplace || c.Word != "computer" || c.Address != "" {
		t.Errorf("REPLACE russia COMPUTER: %+v", c)
	}
}
