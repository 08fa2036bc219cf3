package orders

import (
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// TestAuditAndMessageGrammar: AUDIT takes an optional number of entries
// (1 to AuditMax), MESSAGE a power and the message's lines up to END,
// which are text, never orders or commands; both are the moderator's.
func TestAuditAndMessageGrammar(t *testing.T) {
	sub, err := Parse("GAME demo\nMODERATOR\nSECRET s\nAUDIT\nEND\n")
	if err != nil || len(sub.Commands) != 1 || sub.Commands[0].Verb != CmdAudit || sub.Commands[0].Number != 0 {
		t.Fatalf("AUDIT: %+v %v", sub, err)
	}
	if sub, err = Parse("GAME demo\nMODERATOR\nSECRET s\nAUDIT 12\nEND\n"); err != nil || sub.Commands[0].Number != 12 {
		t.Fatalf("AUDIT 12: %+v %v", sub, err)
	}
	sub, err = Parse("GAME demo\nMODERATOR\nSECRET s\nMESSAGE italy\nPlease send your orders:\nPASS\nSTATUS\nEND\n")
	if err != nil || len(sub.Commands) != 1 || sub.Pass || len(sub.Orders) != 0 {
		t.Fatalf("MESSAGE: %+v %v", sub, err)
	}
	if c := sub.Commands[0]; c.Verb != CmdMessage || c.Power != storm.Italy || c.Text != "Please send your orders:\nPASS\nSTATUS" {
		t.Fatalf("MESSAGE: %+v", c)
	}
	long := strings.Repeat("a line of the message\n", 2000)
	if sub, err = Parse("GAME demo\nMODERATOR\nSECRET s\nMESSAGE italy\n" + long + "END\n"); err != nil || len(sub.Commands[0].Text) > maxBroadcast || len(sub.Commands[0].Text) < maxBroadcast-100 {
		t.Fatalf("a long MESSAGE: %d bytes, %v", len(sub.Commands[0].Text), err)
	}
	for _, tc := range []struct{ body, want string }{
		{"GAME g\nMODERATOR\nSECRET s\nAUDIT 0\n", "AUDIT takes a number of entries from 1 to 100"},
		{"GAME g\nMODERATOR\nSECRET s\nAUDIT 101\n", "AUDIT takes a number of entries from 1 to 100"},
		{"GAME g\nMODERATOR\nSECRET s\nAUDIT all\n", "AUDIT takes a number"},
		{"GAME g\nSECRET s\nAUDIT\n", "AUDIT is a moderator's command"},
		{"GAME g\nMODERATOR\nSECRET s\nMESSAGE\nhi\nEND\n", "MESSAGE needs the power's name"},
		{"GAME g\nMODERATOR\nSECRET s\nMESSAGE rome\nhi\nEND\n", `unknown power "rome"`},
		{"GAME g\nMODERATOR\nSECRET s\nMESSAGE italy\nEND\n", "MESSAGE without a message"},
		{"GAME g\nMODERATOR\nSECRET s\nMESSAGE italy\nhi\nEND\nmore\n", "text after the END of the MESSAGE message"},
		{"GAME g\nSECRET s\nMESSAGE italy\nhi\nEND\n", "MESSAGE is a moderator's command"},
	} {
		if _, err := Parse(tc.body); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.want)
		}
	}
	if !strings.Contains(strings.Join(CommandForms(true), "\n"), "AUDIT [<n>]") || strings.Contains(strings.Join(CommandForms(false), "\n"), "MESSAGE") {
		t.Error("AUDIT and MESSAGE in the wrong HELP")
	}
}
