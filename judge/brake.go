package judge

import (
	"fmt"
	"strings"
	"time"

	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/store"
)

// Brake configures the receipt brake (guard.Brake); the zero value is no
// brake.
type Brake = guard.Brake

// The brake's defaults (the daemon's configuration, [inbound]
// brake_receipts and brake_window, and the sandbox use them).
const (
	DefaultBrakeReceipts = guard.DefaultBrakeReceipts
	DefaultBrakeWindow   = guard.DefaultBrakeWindow
)

// holdReceipt applies the brake to a refusal for addr: it returns true
// when the receipt is held (recorded as held with subject and outcome
// for the summary, and audited) instead of sent, and false when it may
// go (counted).
func (j *Judge) holdReceipt(tx *store.Tx, addr, game, subject, outcome string, now time.Time) (bool, error) {
	if !j.opt.Brake.On() {
		return false, nil
	}
	addr = strings.ToLower(addr)
	r, err := tx.Brake(addr)
	if err != nil {
		return false, err
	}
	r, held := j.opt.Brake.Hold(r, subject, outcome, now)
	if !held {
		return false, tx.PutBrake(addr, r)
	}
	log := judgeLog
	if game != "" {
		log = game
	}
	if err := tx.Audit(log, store.AuditEntry{Time: now, Actor: addr, Action: "receipt held",
		Detail: fmt.Sprintf("more than %d refusals to this address within %s: the receipt %s is held for one summary later (the receipt brake)",
			j.opt.Brake.Receipts, j.opt.Brake.WindowOrDefault(), outcome)}); err != nil {
		return false, err
	}
	return true, tx.PutBrake(addr, r)
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
			case j.opt.Brake.SummaryDue(r, now):
				due = append(due, addr)
			case len(r.Held) == 0 && j.opt.Brake.Prune(r, now):
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
			j.opt.Brake.Prune(r, now)
			if err := tx.PutBrake(addr, r); err != nil { // deleted when empty
				return err
			}
		}
		for _, addr := range due {
			r, err := tx.Brake(addr)
			if err != nil {
				return err
			}
			if r == nil || !j.opt.Brake.SummaryDue(r, now) {
				continue
			}
			l := letters.BrakeSummary{Receipts: j.opt.Brake.Receipts, Window: j.opt.Brake.WindowOrDefault(), Brake: r}
			m := publish.TextMail(fmt.Sprintf("brake/%s/%d", publish.ShortHash([]byte(addr)), now.Unix()), addr, l.Subject(), l.Text())
			m.Game = ""
			m.AutoSubmitted = "auto-replied"
			if err := j.pub.Enqueue(tx, m, now); err != nil {
				return err
			}
			j.opt.Brake.Summarized(r, now)
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
