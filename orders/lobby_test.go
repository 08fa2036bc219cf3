package orders

import (
	"slices"
	"strings"
	"testing"

	"stormjudge/adjudicator/storm"
)

// TestParseJoinAndList (issue 25, "Open seats"): LIST alone needs neither
// GAME nor SECRET; JOIN names its game on its line or under a GAME line,
// is a request without a SECRET and a confirmation with one; CREATE's
// SEAT takes OPEN; neither LIST nor JOIN is a moderator's or in the
// players' list of commands.
func TestParseJoinAndList(t *testing.T) {
	if slices.Contains(CommandWords(false), CmdJoin) || slices.Contains(CommandWords(true), CmdList) || !slices.Contains(CommandWords(true), CmdStart) {
		t.Errorf("commands: players %v, moderators %v", CommandWords(false), CommandWords(true))
	}
	sub, err := Parse("LIST\n")
	if err != nil || !sub.IsListRequest() {
		t.Fatalf("LIST: %+v, %v", sub, err)
	}
	sub, err = Parse("Hello,\n\nJOIN spring36 Germany\n\nThanks, Ann\n")
	if err != nil || !sub.IsJoinRequest() || sub.IsJoinConfirmation() || sub.Envelope.Game != "spring36" || sub.Commands[0].Power != storm.Germany {
		t.Fatalf("JOIN <game> <power>: %+v, %v", sub, err)
	}
	sub, err = Parse("GAME spring36\nSECRET abcdefghij\nJOIN italy\nEND\n")
	if err != nil || !sub.IsJoinConfirmation() || sub.IsJoinRequest() || sub.Envelope.Game != "spring36" || sub.Commands[0].Power != storm.Italy {
		t.Fatalf("JOIN's confirmation: %+v, %v", sub, err)
	}
	sub, err = Parse("GAME spring36\nMODERATOR\nSECRET s\nCREATE\nSEAT germany OPEN\nSEAT italy a@example.org\nAPPROVAL ON\n")
	if err != nil || sub.Commands[1].Word != "open" || sub.Commands[1].Power != storm.Germany || sub.Commands[2].Word != "" || sub.Commands[3].Word != "on" {
		t.Fatalf("CREATE with an open seat: %+v, %v", sub, err)
	}
	sub, err = Parse("GAME spring36\nMODERATOR\nSECRET s\nAPPROVE germany\nDECLINE italy\nAPPROVE france\n")
	if err != nil || len(sub.Commands) != 3 {
		t.Fatalf("APPROVE and DECLINE: %+v, %v", sub, err)
	}
	for _, tc := range []struct{ body, want string }{
		{"JOIN\n", "JOIN needs the game and the power"},
		{"JOIN spring36 prussia\n", `unknown power "prussia"`},
		{"GAME autumn\nJOIN spring36 germany\n", `JOIN names game "spring36", the GAME line "autumn"`},
		{"JOIN germany\n", "no GAME line"},
		{"GAME spring36\nMODERATOR\nSECRET s\nJOIN germany\n", "JOIN is sent without MODERATOR"},
		{"LIST\nSECRET abcdefghij\n", "LIST is sent alone, without POWER or SECRET"},
		{"LIST now\n", "LIST takes no words after it"},
		{"GAME demo\nSECRET s\nSTART\n", "START is a moderator's command"},
		{"GAME demo\nMODERATOR\nSECRET s\nAPPROVAL maybe\n", "APPROVAL needs ON or OFF"},
	} {
		if _, err := Parse(tc.body); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.want)
		}
	}
}
