package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// TestSandboxPlayGermanyAgainstTheComputer is the README's first story:
// `stormjudge sandbox -play germany`, one person playing Germany from one
// inbox while the computer plays the four others. Germany answers each
// mail that asks for its orders with the block it offers; each turn is
// one email round trip for it (the computer's segments between go at
// once), and the computer's seats get no mail at all.
func TestSandboxPlayGermanyAgainstTheComputer(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a game by email: the full run plays it")
	}
	imapAddr, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: t.TempDir(), Deck: commandsDeck, Diplomacy: true, Crisis: true,
		Mail: store.MailDigest, Play: []storm.Power{storm.Germany}})
	defer stop()
	block := regexp.MustCompile(`(?s)\nGAME demo\n.*?\nEND\n`)
	turns := map[string]bool{}
	for n := 1; n <= 3; n++ {
		var due mailMsg
		waitFor(t, "Germany's digest number "+string(rune('0'+n)), 60*time.Second, func() bool {
			var ds []mailMsg
			for _, m := range powerInbox(t, imapAddr, storm.Germany) {
				if m.kind() == "digest" {
					ds = append(ds, m)
				}
			}
			if len(ds) < n {
				return false
			}
			due = ds[n-1]
			return true
		})
		if strings.Contains(due.Body, "VICTORY") || !strings.Contains(due.Subject, "orders due") {
			break // the game ended (the computer may go to war): the story is told
		}
		turns[due.Subject[strings.Index(due.Subject, ", ")+2:]] = true
		if n > 1 { // what the computer's powers did is in Germany's report
			changed, _, _ := strings.Cut(due.Body[strings.Index(due.Body, "What changed")+1:], "\n\n")
			if !strings.Contains(due.Body, "What changed") ||
				!(strings.Contains(changed, "Italy") || strings.Contains(changed, "Britain") || strings.Contains(changed, "France") || strings.Contains(changed, "Russia")) {
				t.Errorf("Germany's digest %d tells nothing of the others:\n%s", n, due.Body)
			}
		}
		b := block.FindString(strings.ReplaceAll(due.Body, "\r\n", "\n"))
		if b == "" {
			t.Fatalf("no block in Germany's digest:\n%s", due.Body)
		}
		sendReply(t, smtpAddr, storm.Germany, "Re: "+due.Subject, due.MessageID, strings.Replace(b, "<your secret>", "germany", 1))
	}
	if len(turns) < 2 {
		t.Errorf("Germany was asked in %d segments over the run (%v), want a round trip a turn", len(turns), turns)
	}
	// gm@, who moderates the one-person game, has the public report once
	// a turn (moderator_mail = "digest"), not after each of the
	// computer's segments.
	if ms, err := readMailbox(imapAddr, sandboxModerator, "gm", "INBOX", false); err != nil {
		t.Fatal(err)
	} else if n := countKinds(ms)["public"]; n == 0 || n > len(turns)+1 {
		t.Errorf("the moderator got %d public reports in %d turns, want one a turn", n, len(turns))
	} else {
		t.Logf("the moderator: %d public reports in %d turns; %d mails in all", n, len(turns), len(ms))
	}
	for _, p := range storm.Powers[1:] {
		if ms := powerInbox(t, imapAddr, p); len(ms) != 0 {
			t.Errorf("the computer's seat %s got %d mails, the first %q", p, len(ms), ms[0].Subject)
		}
	}
}

// TestSandboxPlayFlag: -play names powers, each once.
func TestSandboxPlayFlag(t *testing.T) {
	for arg, want := range map[string][]storm.Power{"": nil, "germany": {storm.Germany}, "Italy,russia": {storm.Italy, storm.Russia}} {
		got, err := parsePlay(arg)
		if err != nil || len(got) != len(want) {
			t.Errorf("-play %q: %v, %v", arg, got, err)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("-play %q: %v", arg, got)
			}
		}
	}
	for _, bad := range []string{"prussia", "germany,germany"} {
		if _, err := parsePlay(bad); err == nil {
			t.Errorf("-play %q accepted", bad)
		}
	}
}
