package publish

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/judge/letters"
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
func (pb *Publisher) DeliveryFailed(tx *store.Tx, m *store.Mail, now time.Time) error {
	log := pb.Log.With("mail", m.ID, "to", m.To, "game", m.Game, "reply", m.LastError)
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
		slices.Sort(powers) // the log line below names them in order once a moderator is told
		n := letters.Undeliverable{Game: g, Mail: m, Powers: powers}
		err := pb.Notify(tx, id, mod, n.Subject(), n.Text(), false, now)
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
