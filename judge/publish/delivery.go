package publish

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/store"
)

// DeliveryFailed is the outbox's OnFailed (mailer.SMTPOptions.OnFailed): the
// mail server refused m for good, or the outbox gave up on it. It runs in
// the transaction that marks m failed, so its writes are committed with
// that mark or not at all. For m's game it
//
//   - flags every seat whose address is among m.To (Seat.Undeliverable:
//     the time and the server's reply; STATUS and `stormjudge game show`
//     list it);
//   - writes an audit entry;
//   - the first time mail to the address fails (for a seat: since the
//     seat was last given a player, Seat.Welcome), queues one notice per
//     moderator, naming the recipient, the mail's subject and ID, the
//     server's reply and the game's other mails to the address still
//     queued (letters.Undeliverable), and the command that fixes it
//     (REPLACE). A later failure of mail to the same address is written
//     to the audit log alone, and so is one of a mail queued to a seat's
//     dead address before a REPLACE moved the seat: a typo in an address
//     is one notice, not one per mail.
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
	var addrs []string
	for _, a := range m.To {
		a = strings.ToLower(strings.TrimSpace(a))
		if !failed[a] {
			failed[a] = true
			addrs = append(addrs, a)
		}
	}
	slices.Sort(addrs)

	// key names the failure's address and, for a seat, its seating: the
	// notices' IDs, so that the address is reported once per seating.
	key := strings.Join(addrs, ",")
	var powers []storm.Power
	for i := range g.Seats {
		s := &g.Seats[i]
		if failed[strings.ToLower(s.Address)] {
			s.Undeliverable = now.Format(time.RFC3339) + " " + m.LastError
			powers = append(powers, s.Power)
			key += "|" + s.Power.String() + "=" + s.Welcome
		}
	}
	if len(powers) > 0 {
		if err := tx.PutGame(g); err != nil {
			return err
		}
	}
	detail := fmt.Sprintf("mail %s to %s (%q) not delivered: %s", m.ID, strings.Join(m.To, ", "), m.Subject, m.LastError)
	if len(powers) > 0 {
		var names []string
		for _, p := range powers {
			names = append(names, p.Title())
		}
		detail += "; seat marked undeliverable: " + strings.Join(names, ", ")
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "undeliverable", Detail: detail}); err != nil {
		return err
	}

	if strings.HasPrefix(m.ID, g.ID+"/failed/") {
		log.Warn("a notice of an undeliverable mail is undeliverable itself; no notice about it")
		return nil
	}
	if len(powers) == 0 {
		// A seat's address that failed before, and that a REPLACE has
		// since left: its mails still queued fail unreported.
		was, err := seatsBefore(tx, g.ID, m.ID, addrs)
		if err != nil {
			return err
		}
		if was {
			log.Info("undeliverable mail to a seat's former address, reported already (audit log)")
			return nil
		}
	}
	sum := sha256.Sum256([]byte(g.ID + "\x00" + key))
	base := fmt.Sprintf("%s/failed/%s/", g.ID, hex.EncodeToString(sum[:6]))
	var n *letters.Undeliverable
	told := 0
	for _, mod := range g.Moderators {
		if failed[strings.ToLower(mod)] {
			continue // it would fail the same way
		}
		id := base + mod
		if _, err := tx.Mail(id); err == nil {
			continue // this address was reported already
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if n == nil {
			queued, more, err := queuedTo(tx, g.ID, m.ID, failed)
			if err != nil {
				return err
			}
			n = &letters.Undeliverable{Game: g, Mail: m, Powers: powers, Queued: queued, More: more}
		}
		if err := pb.Notify(tx, id, mod, n.Subject(), n.Text(), false, now); err != nil {
			return err
		}
		told++
	}
	if told == 0 {
		log.Info("undeliverable mail to an address reported already (audit log)", "seats", powers)
		return nil
	}
	log.Warn("undeliverable mail reported", "seats", powers, "moderators", told)
	return nil
}

// queuedTo are game's mails still queued to an address of failed, but
// the mail that failed (id) and the failure notices: at most
// letters.MaxListed in queue order, and how many more.
func queuedTo(tx *store.Tx, game, id string, failed map[string]bool) ([]*store.Mail, int, error) {
	pending, err := tx.PendingRecords()
	if err != nil {
		return nil, 0, err
	}
	slices.SortStableFunc(pending, func(a, b *store.Mail) int { return cmp.Compare(a.Seq, b.Seq) })
	var out []*store.Mail
	more := 0
	for _, p := range pending {
		if p.Game != game || p.ID == id || strings.HasPrefix(p.ID, game+"/failed/") ||
			!slices.ContainsFunc(p.To, func(a string) bool { return failed[strings.ToLower(strings.TrimSpace(a))] }) {
			continue
		}
		if len(out) < letters.MaxListed {
			out = append(out, p)
		} else {
			more++
		}
	}
	return out, more, nil
}

// seatsBefore reports whether mail of game to addrs failed before, but
// mail id, while a seat had the address (its audit entry says so).
func seatsBefore(tx *store.Tx, game, id string, addrs []string) (bool, error) {
	log, err := tx.AuditLog(game)
	if err != nil {
		return false, err
	}
	to := " to " + strings.Join(addrs, ", ") + " ("
	for _, e := range log {
		if e.Action == "undeliverable" && !strings.HasPrefix(e.Detail, "mail "+id+" ") &&
			strings.Contains(strings.ToLower(e.Detail), to) && strings.Contains(e.Detail, "; seat marked undeliverable: ") {
			return true, nil
		}
	}
	return false, nil
}
