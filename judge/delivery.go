package judge

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/store"
)

// DeliveryFailed is the outbox's OnFailed (mailer.SMTPOptions.OnFailed): the
// mail server refused m for good, or the outbox gave up on it. It runs in
// the transaction that marks m failed, so its writes are committed with
// that mark or not at all. For m's game it
//
//   - flags every seat whose address is among m.To (Seat.Undeliverable:
//     the time and the server's reply; `stormjudge game show` lists it);
//   - writes an audit entry;
//   - queues one notice per moderator, naming the recipient, the mail's
//     subject and ID and the server's reply, and saying how to fix it.
//
// A mail of no game, or of a game that does not exist, only gets a log
// line. No notice goes about a failed failure notice (no loop), nor to an
// address the failed mail was for.
func (j *Judge) DeliveryFailed(tx *store.Tx, m *store.Mail) error {
	now := j.opt.Now().UTC()
	log := j.log.With("mail", m.ID, "to", m.To, "game", m.Game, "reply", m.LastError)
	if m.Game == "" {
		log.Warn("undeliverable mail of no game")
		return nil
	}
	g, err := tx.Game(m.Game)
	if errors.Is(err, store.ErrNotFound) {
		log.Warn("undeliverable mail of an unknown game")
		return nil
	}
	if err != nil {
		return err
	}
	failed := map[string]bool{}
	for _, a := range m.To {
		failed[strings.ToLower(strings.TrimSpace(a))] = true
	}

	var powers []string
	for i := range g.Seats {
		s := &g.Seats[i]
		if failed[strings.ToLower(s.Address)] {
			s.Undeliverable = now.Format(time.RFC3339) + " " + m.LastError
			powers = append(powers, s.Power.Title())
		}
	}
	if len(powers) > 0 {
		if err := tx.PutGame(g); err != nil {
			return err
		}
	}
	detail := fmt.Sprintf("mail %s to %s (%q) not delivered: %s", m.ID, strings.Join(m.To, ", "), m.Subject, m.LastError)
	if len(powers) > 0 {
		detail += "; seat marked undeliverable: " + strings.Join(powers, ", ")
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "undeliverable", Detail: detail}); err != nil {
		return err
	}

	if strings.HasPrefix(m.ID, g.ID+"/failed/") {
		log.Warn("a notice of an undeliverable mail is undeliverable itself; no notice about it")
		return nil
	}
	sum := sha256.Sum256([]byte(m.ID))
	for _, mod := range g.Moderators {
		if failed[strings.ToLower(mod)] {
			continue // it would fail the same way
		}
		id := fmt.Sprintf("%s/failed/%s/%s", g.ID, hex.EncodeToString(sum[:6]), mod)
		err := j.notify(tx, id, mod, fmt.Sprintf("[%s] Undeliverable mail to %s", g.ID, strings.Join(m.To, ", ")),
			failedNoticeBody(g, m, powers), false, now)
		if errors.Is(err, store.ErrExists) {
			continue // this failure was reported already
		}
		if err != nil {
			return err
		}
	}
	log.Warn("undeliverable mail reported", "seats", powers, "moderators", len(g.Moderators))
	return nil
}

// failedNoticeBody is the moderators' notice of a failed mail.
func failedNoticeBody(g *store.Game, m *store.Mail, powers []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The judge could not deliver a mail of game %s and has stopped trying.\n\n", g.ID)
	fmt.Fprintf(&b, "  To:      %s\n", strings.Join(m.To, ", "))
	fmt.Fprintf(&b, "  Subject: %s\n", m.Subject)
	fmt.Fprintf(&b, "  Mail ID: %s\n", m.ID)
	fmt.Fprintf(&b, "  Queued:  %s\n", m.Created.UTC().Format(time.RFC3339))
	fmt.Fprintf(&b, "\nThe mail server's reply:\n\n  %s\n\n", strings.ReplaceAll(m.LastError, "\n", "\n  "))
	if len(powers) > 0 {
		slices.Sort(powers)
		fmt.Fprintf(&b, "Seat with this address: %s. It is marked undeliverable (stormjudge game show %s).\n", strings.Join(powers, ", "), g.ID)
		b.WriteString("Until the address is fixed, that player receives no reports, notices or receipts.\n")
	}
	if m.Sensitive {
		b.WriteString("The mail carried the player's secret; it was not kept, so the player needs a new secret.\n")
	}
	b.WriteString("\nHow to fix it: find out the player's working address, and ask the judge's operator\n" +
		"to correct the seat's address in the judge's configuration and restart the judge:\n" +
		"the seat then moves to the new address with a new secret, mailed in a new welcome.\n" +
		"(A moderator command to do this by email will come later.) The failed mail is not\n" +
		"sent again.\n")
	return b.String()
}
