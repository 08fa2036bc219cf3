package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestSandboxNewcomersAsTheREADMESays: the README's sandbox example of an
// observer and an open seat, played by email from addresses nobody made:
// the sandbox's mail server makes olga@ and newcomer@sandbox.test on the
// first mail to them (and logs them in with their local part as password),
// so the moderator's CREATE, olga's OBSERVE, newcomer's JOIN and its
// confirmation are answered in their own INBOXes, and the game starts
// with newcomer playing Russia.
func TestSandboxNewcomersAsTheREADMESays(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a game by email: the full run plays it")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile(`(?m)^    GAME open36\n(?:    .*\n)*?    END$`).FindAllString(string(readme), -1)
	if len(blocks) != 4 || !strings.Contains(string(readme), "`JOIN open36 russia`") {
		t.Fatalf("the README's sandbox section shows %d blocks of game open36, want CREATE, OBSERVE, its confirmation and the JOIN's confirmation", len(blocks))
	}
	for i, b := range blocks {
		blocks[i] = strings.ReplaceAll(b, "\n    ", "\n")[4:] + "\n"
	}
	olga, newcomer := "olga@"+sandboxDomain, "newcomer@"+sandboxDomain
	b := startCommandBox(t) // no account made beforehand
	b.pw[olga], b.pw[newcomer] = "olga", "newcomer"

	b.ask(sandboxModerator, blocks[0], "[open36: ACCEPTED]", "Game open36 is created")
	// The answer, a short confirmation, reaches olga's new INBOX; sent
	// back with its secret, olga observes and the latest report follows.
	o := b.receipt(olga, b.send(olga, blocks[1]))
	osm := joinSecret.FindStringSubmatch(o.Text)
	if !strings.Contains(o.Subject, "[open36: ") || osm == nil {
		t.Fatalf("olga's OBSERVE answered with %q, no secret:\n%s", o.Subject, o.Text)
	}
	if c := b.receipt(olga, b.send(olga, strings.Replace(blocks[2], "<the secret in the confirmation>", osm[1], 1))); !strings.Contains(c.Text, "OBSERVE STOP open36") {
		t.Errorf("olga's confirmation answered with %q:\n%s", c.Subject, c.Text)
	}
	r := b.ask(newcomer, "JOIN open36 russia\n", "[open36: JOIN]", "asked for Russia's seat")
	sm := joinSecret.FindStringSubmatch(r.Text)
	if sm == nil {
		t.Fatalf("the JOIN's answer carries no secret:\n%s", r.Text)
	}
	b.ask(newcomer, strings.Replace(blocks[3], "<the secret in the answer>", sm[1], 1), "[open36: ACCEPTED]", "You play: Russia")
	b.wait(newcomer, "newcomer's first mail of open36", func(m mailMsg) bool { return strings.HasPrefix(m.MessageID, "<open36.v1.") })
}
