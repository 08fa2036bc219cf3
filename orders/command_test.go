package orders

import (
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
		{"GAME g\nMODERATOR\nSECRET s\nTIMEZONE UTC\n", "TIMEZONE is a player's command"},
		{"GAME g\nMODERATOR\nSECRET s\nWITHDRAW\n", "WITHDRAW needs the POWER"},
		{"GAME g\nMODERATOR\nPOWER italy\nSECRET s\nPAUSE\n", "PAUSE in an email for a power"},
		{"GAME g\nMODERATOR\nSECRET s\nBROADCAST\nEND\n", "BROADCAST without a message"},
		{"GAME g\nMODERATOR\nSECRET s\nDEADLINE tomorrow noon\n", "is not a date and time"},
		{"GAME g\nMODERATOR\nSECRET s\nREPLACE italy nobody\n", `"nobody" is not an email address`},
		{"GAME g\nMODERATOR\nSECRET s\nDURATION lunch 3h\n", `"lunch" is not ALL`},
		{"GAME g\nMODERATOR\nSECRET s\nNMR maybe\n", `"maybe" is not PASS`},
		{"GAME g\nMODERATOR\nSECRET s\nSTATUS\nSTATUS\n", "STATUS given twice"},
		{"GAME g\nSECRET s\nRESIGN\n", "RESIGN needs the power's name"},
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
