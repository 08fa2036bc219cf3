package judge

import (
	"fmt"
	"strings"
	"time"

	"stormjudge/orders"
	"stormjudge/store"
)

// The receipt brake. Every email from a seated address gets a
// receipt; an auto-responder that carries none of the usual marks
// (orders.IsAutomatic) answers each receipt with a text the judge
// refuses, and the two would mail each other for ever. The brake bounds
// that. It counts only the receipts that refuse an email (NOT ACCEPTED):
// a loop is made of those, and a player's accepted orders and answered
// commands are never held, however fast the play. After Brake.Receipts
// such receipts to one address within Brake.Window, the further refusals
// to it are held: each email is still handled as usual and recorded
// (store.Brake.Held), and all of them are answered later by one summary,
// once the address has been quiet for the window (or a day after the
// first held email). After a summary the address gets receipts again; the
// next summary comes at least an hour after it, and the gap doubles with
// each summary in a row, up to a day: from its second day, a looping
// responder gets at most Receipts+1 mails a day from the judge.

// Brake configures the receipt brake; the zero value is no brake.
type Brake struct {
	// Receipts is how many refusals (NOT ACCEPTED receipts) one address
	// gets within Window before further ones are held; 0: no brake.
	Receipts int
	// Window is the brake's sliding window, also the quiet time after
	// which the held emails' summary goes out; 0: DefaultBrakeWindow.
	Window time.Duration
}

// The brake's defaults (the daemon's configuration, [inbound]
// brake_receipts and brake_window, and the sandbox use them).
const (
	DefaultBrakeReceipts = 10
	DefaultBrakeWindow   = 10 * time.Minute
	// brakeFirstGap is the least time between two summaries; it doubles
	// with each summary in a row, up to brakeMaxGap.
	brakeFirstGap = time.Hour
	brakeMaxGap   = 24 * time.Hour
)

func (b Brake) window() time.Duration {
	if b.Window <= 0 {
		return DefaultBrakeWindow
	}
	return b.Window
}

// brakeGap is the least time after a summary before the next one, the
// n-th in a row (n >= 1).
func brakeGap(n int) time.Duration {
	g := brakeFirstGap
	for i := 1; i < n && g < brakeMaxGap; i++ {
		g *= 2
	}
	return min(g, brakeMaxGap)
}

// holdReceipt applies the brake to a refusal for addr: it returns true
// when the receipt is held (recorded as held with subject and outcome
// for the summary, and audited) instead of sent, and false when it may
// go (counted).
func (j *Judge) holdReceipt(tx *store.Tx, addr, game, subject, outcome string, now time.Time) (bool, error) {
	if j.opt.Brake.Receipts <= 0 {
		return false, nil
	}
	addr = strings.ToLower(addr)
	r, err := tx.Brake(addr)
	if err != nil {
		return false, err
	}
	if r == nil {
		r = &store.Brake{}
	}
	j.pruneBrake(r, now)
	if len(r.Held) == 0 && r.HeldMore == 0 && len(r.Sent) < j.opt.Brake.Receipts {
		r.Sent = append(r.Sent, now)
		return false, tx.PutBrake(addr, r)
	}
	if len(r.Held) < store.MaxHeld {
		r.Held = append(r.Held, store.HeldMail{Received: now, Subject: subject, Outcome: outcome})
	} else {
		r.HeldMore++
	}
	log := judgeLog
	if game != "" {
		log = game
	}
	if err := tx.Audit(log, store.AuditEntry{Time: now, Actor: addr, Action: "receipt held",
		Detail: fmt.Sprintf("more than %d refusals to this address within %s: the receipt %s is held for one summary later (the receipt brake)",
			j.opt.Brake.Receipts, j.opt.Brake.window(), outcome)}); err != nil {
		return false, err
	}
	return true, tx.PutBrake(addr, r)
}

// brakeSummaryDue reports whether r's summary is due at now.
func (j *Judge) brakeSummaryDue(r *store.Brake, now time.Time) bool {
	if len(r.Held) == 0 {
		return false
	}
	last := r.Held[len(r.Held)-1].Received
	quiet := !now.Before(last.Add(j.opt.Brake.window())) || !now.Before(r.Held[0].Received.Add(brakeMaxGap))
	return quiet && (r.LastSummary.IsZero() || !now.Before(r.LastSummary.Add(brakeGap(r.Summaries))))
}

// brakeSummaries queues the summaries that are due (Tick): one mail per
// address, listing the emails whose receipts were held. It returns how
// many it queued.
//
// It runs whether or not the brake is on: emails held before it was
// turned off still get their summary. It also drops what the records no
// longer need (pruneBrake), so that they do not outlive their use.
func (j *Judge) brakeSummaries(now time.Time) (int, error) {
	var due, stale []string
	if err := j.db.View(func(tx *store.Tx) error {
		return tx.Brakes(func(addr string, r *store.Brake) error {
			switch {
			case j.brakeSummaryDue(r, now):
				due = append(due, addr)
			case len(r.Held) == 0 && j.pruneBrake(r, now):
				stale = append(stale, addr)
			}
			return nil
		})
	}); err != nil || len(due)+len(stale) == 0 {
		return 0, err
	}
	n := 0
	err := j.db.Update(func(tx *store.Tx) error {
		for _, addr := range stale {
			r, err := tx.Brake(addr)
			if err != nil || r == nil || len(r.Held) > 0 {
				continue
			}
			j.pruneBrake(r, now)
			if err := tx.PutBrake(addr, r); err != nil { // deleted when empty
				return err
			}
		}
		for _, addr := range due {
			r, err := tx.Brake(addr)
			if err != nil {
				return err
			}
			if r == nil || !j.brakeSummaryDue(r, now) {
				continue
			}
			j.pruneBrake(r, now) // a summary long ago no longer counts in the row
			r.Summaries++
			m := textMail(fmt.Sprintf("brake/%s/%d", shortHash([]byte(addr)), now.Unix()), addr,
				fmt.Sprintf("Your %d emails to the judge, answered together", len(r.Held)+r.HeldMore), j.brakeSummaryText(r))
			m.Game = ""
			m.AutoSubmitted = "auto-replied"
			if err := j.enqueue(tx, m, now); err != nil {
				return err
			}
			r.Held, r.HeldMore, r.Sent, r.LastSummary = nil, 0, nil, now
			if err := tx.PutBrake(addr, r); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if n > 0 {
		j.kick()
	}
	return n, err
}

// pruneBrake drops from r what the brake no longer needs at now: the
// receipts older than the window, and a last summary whose row is over
// (a day more than its gap ago: the next summary starts a new row). It
// reports whether it dropped anything.
func (j *Judge) pruneBrake(r *store.Brake, now time.Time) bool {
	changed := false
	since := now.Add(-j.opt.Brake.window())
	kept := r.Sent[:0]
	for _, t := range r.Sent {
		if t.After(since) {
			kept = append(kept, t)
		}
	}
	if len(kept) != len(r.Sent) {
		r.Sent, changed = kept, true
	}
	if !r.LastSummary.IsZero() && now.Sub(r.LastSummary) > brakeMaxGap+brakeGap(r.Summaries) {
		r.LastSummary, r.Summaries, changed = time.Time{}, 0, true
	}
	return changed
}

// brakeSummaryText is the summary's text: why the emails got no receipt
// each, and what became of each (the receipts' tags), by time received.
func (j *Judge) brakeSummaryText(r *store.Brake) string {
	var b strings.Builder
	many := "many"
	if j.opt.Brake.Receipts > 0 {
		many = fmt.Sprintf("more than %d", j.opt.Brake.Receipts)
	}
	fmt.Fprintf(&b, "The judge refused %s emails from this address within %s, so it did not answer the later refusals one by one (this guards against two automatic mailers answering each other for ever). Each was handled as usual; here is what became of them:\n\n",
		many, orders.FormatDuration(j.opt.Brake.window()))
	for _, h := range r.Held {
		subject := h.Subject
		if subject == "" {
			subject = "(not quoted)"
		}
		fmt.Fprintf(&b, "  %s  %s  %s\n", h.Received.UTC().Format("2006-01-02 15:04:05 UTC"), h.Outcome, subject)
	}
	if r.HeldMore > 0 {
		fmt.Fprintf(&b, "  and %d more.\n", r.HeldMore)
	}
	b.WriteString("\nSTATUS tells where each game stands, and RESEND sends a report again. An email that failed its SECRET is not quoted: anyone may have written it.\n")
	b.WriteString("\n-- \nstormjudge, Gathering Storm adjudicator\n")
	return b.String()
}
