package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/store"
)

// TestSandboxDigestByEmail (issue 22) is the pace of play through the
// sandbox, as a new player meets it: the demo game with diplomacy, the
// crisis and the digest (the sandbox's defaults); every power answers the
// mail that asks for its orders with the block it offers, unchanged but
// for the secret, in reply to it, for two turns. Each turn is one email
// round trip; each power gets two mails a turn (its digest and its
// receipt) and no separate report; the digests' text is a brief of at
// most 60 lines (median), with the full report in the HTML part.
func TestSandboxDigestByEmail(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	if testing.Short() {
		t.Skip("a long game by email: the full run plays it (the race pass of the README's test command is -short)")
	}
	imapAddr, smtpAddr, stop := startSandbox(t, sandboxOptions{Dir: t.TempDir(), Deck: commandsDeck, Diplomacy: true, Crisis: true, Mail: store.MailDigest})
	defer stop()
	block := regexp.MustCompile(`(?s)\nGAME demo\n.*?\nEND\n`)
	asked := map[string]bool{} // the subjects that asked, without the power: one a round trip
	var lines []int
	for turn := 1; turn <= 2; turn++ {
		for _, p := range storm.Powers {
			var due mailMsg
			waitFor(t, p.String()+"'s mail asking for the orders of turn "+string(rune('0'+turn)), 60*time.Second, func() bool {
				var ds []mailMsg
				for _, m := range powerInbox(t, imapAddr, p) {
					if m.kind() == "digest" {
						ds = append(ds, m)
					}
				}
				if len(ds) < turn {
					return false
				}
				due = ds[turn-1]
				return true
			})
			if !strings.Contains(due.Subject, "orders due") {
				t.Fatalf("%s's digest %d does not ask for orders: %q", p, turn, due.Subject)
			}
			body := strings.ReplaceAll(due.Body, "\r\n", "\n")
			lines = append(lines, strings.Count(body, "\n"))
			asked[strings.TrimPrefix(due.Subject, "[demo] "+p.Title()+": ")] = true
			b := block.FindString(body)
			if b == "" {
				t.Fatalf("no block in %s's digest:\n%s", p, body)
			}
			sendReply(t, smtpAddr, p, "Re: "+due.Subject, due.MessageID, strings.Replace(b, "<your secret>", p.String(), 1))
		}
	}
	// The third digest (Fall 1935) comes once the second turn is settled.
	for _, p := range storm.Powers {
		waitFor(t, p.String()+"'s third digest", 60*time.Second, func() bool { return countKinds(powerInbox(t, imapAddr, p))["digest"] >= 3 })
		n := countKinds(powerInbox(t, imapAddr, p))
		if n["public"] != 0 || n["private"] != 0 || n["digest"] != 3 || n["receipt"] != 2 {
			t.Errorf("%s's mailbox after two turns: %v, want the welcome, 3 digests and 2 receipts", p, n)
		}
	}
	if len(asked) != 2 {
		t.Errorf("the two turns asked in %d segments, want one each: %v", len(asked), asked)
	}
	slices.Sort(lines)
	if med := lines[len(lines)/2]; med > 60 {
		t.Errorf("the digests' text runs a median of %d lines (all: %v), want at most 60", med, lines)
	}
	t.Logf("digests' lines %v", lines)
}

// sendReply sends body from p's address in reply to the mail inReplyTo.
func sendReply(t *testing.T, smtpAddr string, p storm.Power, subject, inReplyTo, body string) {
	t.Helper()
	sendOrder(t, smtpAddr, p.String()+"@sandbox.test", subject+"\r\nIn-Reply-To: "+inReplyTo+"\r\nReferences: "+inReplyTo, body)
}
