package guard

import (
	"time"

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

// On reports whether the brake holds receipts at all.
func (b Brake) On() bool { return b.Receipts > 0 }

// WindowOrDefault is the brake's window, DefaultBrakeWindow when unset.
func (b Brake) WindowOrDefault() time.Duration {
	if b.Window <= 0 {
		return DefaultBrakeWindow
	}
	return b.Window
}

// gap is the least time after a summary before the next one, the n-th in
// a row (n >= 1).
func gap(n int) time.Duration {
	g := brakeFirstGap
	for i := 1; i < n && g < brakeMaxGap; i++ {
		g *= 2
	}
	return min(g, brakeMaxGap)
}

// Hold applies the brake to a refusal at now, r being the address's
// record (nil: none yet): it returns the record to store and true when
// the receipt is held (recorded in it as held with subject and outcome,
// for the summary; the judge audits it) instead of sent, and false when it
// may go (counted in it). The brake must be On.
func (b Brake) Hold(r *store.Brake, subject, outcome string, now time.Time) (*store.Brake, bool) {
	if r == nil {
		r = &store.Brake{}
	}
	b.Prune(r, now)
	if len(r.Held) == 0 && r.HeldMore == 0 && len(r.Sent) < b.Receipts {
		r.Sent = append(r.Sent, now)
		return r, false
	}
	if len(r.Held) < store.MaxHeld {
		r.Held = append(r.Held, store.HeldMail{Received: now, Subject: subject, Outcome: outcome})
	} else {
		r.HeldMore++
	}
	return r, true
}

// SummaryDue reports whether r's summary is due at now.
func (b Brake) SummaryDue(r *store.Brake, now time.Time) bool {
	if len(r.Held) == 0 {
		return false
	}
	last := r.Held[len(r.Held)-1].Received
	quiet := !now.Before(last.Add(b.WindowOrDefault())) || !now.Before(r.Held[0].Received.Add(brakeMaxGap))
	return quiet && (r.LastSummary.IsZero() || !now.Before(r.LastSummary.Add(gap(r.Summaries))))
}

// Summarized records in r that its summary went out at now: the held
// emails are answered, the count starts again, and the summary counts in
// the row (a summary long ago no longer does: Prune first).
func (b Brake) Summarized(r *store.Brake, now time.Time) {
	b.Prune(r, now)
	r.Summaries++
	r.Held, r.HeldMore, r.Sent, r.LastSummary = nil, 0, nil, now
}

// Prune drops from r what the brake no longer needs at now: the receipts
// older than the window, and a last summary whose row is over (a day more
// than its gap ago: the next summary starts a new row). It reports whether
// it dropped anything.
func (b Brake) Prune(r *store.Brake, now time.Time) bool {
	changed := false
	since := now.Add(-b.WindowOrDefault())
	kept := r.Sent[:0]
	for _, t := range r.Sent {
		if t.After(since) {
			kept = append(kept, t)
		}
	}
	if len(kept) != len(r.Sent) {
		r.Sent, changed = kept, true
	}
	if !r.LastSummary.IsZero() && now.Sub(r.LastSummary) > brakeMaxGap+gap(r.Summaries) {
		r.LastSummary, r.Summaries, changed = time.Time{}, 0, true
	}
	return changed
}
