package command

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"stormjudge/adjudicator"
	"stormjudge/judge/deadline"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// moderatorCommands are the moderator's commands, by verb.
var moderatorCommands = map[string]func(*cmdRun, orders.Command) error{
	orders.CmdStart:      (*cmdRun).lobbyCommand,
	orders.CmdApprove:    (*cmdRun).lobbyCommand,
	orders.CmdDecline:    (*cmdRun).lobbyCommand,
	orders.CmdApproval:   (*cmdRun).lobbyCommand,
	orders.CmdReason:     func(*cmdRun, orders.Command) error { return nil }, // REASON goes with the others
	orders.CmdMail:       (*cmdRun).modMail,
	orders.CmdStatus:     (*cmdRun).modStatus,
	orders.CmdHistory:    (*cmdRun).modHistory,
	orders.CmdPress:      (*cmdRun).modPressRules,
	orders.CmdObserve:    (*cmdRun).modObservers,
	orders.CmdExport:     (*cmdRun).modExport,
	orders.CmdDeadline:   (*cmdRun).modDeadline,
	orders.CmdExtend:     (*cmdRun).modExtend,
	orders.CmdDuration:   (*cmdRun).modRule,
	orders.CmdReminders:  (*cmdRun).modRule,
	orders.CmdNMR:        (*cmdRun).modRule,
	orders.CmdExtensions: (*cmdRun).modRule,
	orders.CmdAbsence:    (*cmdRun).modRule,
	orders.CmdPause:      (*cmdRun).modPause,
	orders.CmdResume:     (*cmdRun).modResume,
	orders.CmdAdjudicate: (*cmdRun).modAdjudicate,
	orders.CmdBroadcast:  (*cmdRun).modBroadcast,
	orders.CmdReplace:    (*cmdRun).replace,
	orders.CmdRollback:   (*cmdRun).rollback,
}

// moderator runs one of the moderator's commands (moderatorCommands).
func (r *cmdRun) moderator(c orders.Command) error {
	g := r.g
	if g.Waiting() && slices.Contains([]string{orders.CmdDeadline, orders.CmdExtend, orders.CmdPause, orders.CmdResume, orders.CmdAdjudicate, orders.CmdRollback}, c.Verb) {
		return fmt.Errorf("the game has not started: it waits for players for %s (START starts it with those seats vacant)", letters.Powers(g.OpenSeats()))
	}
	if run := moderatorCommands[c.Verb]; run != nil {
		return run(r, c)
	}
	return fmt.Errorf("not a command for this email")
}

// modMail is the moderator's MAIL DIGEST or EVERY SEGMENT: how the moderator's reports come.
func (r *cmdRun) modMail(c orders.Command) error {
	g := r.g
	addr := strings.ToLower(r.from)
	g.ModeratorDigest = slices.DeleteFunc(g.ModeratorDigest, func(a string) bool { return a == addr })
	if c.Word == store.MailDigest {
		g.ModeratorDigest = append(g.ModeratorDigest, addr)
		if g.ModeratorMailed == nil {
			g.ModeratorMailed = map[string]int{}
		}
		g.ModeratorMailed[addr] = g.Version // the digest covers what comes from now on
	}
	r.answers = append(r.answers, letters.MailAnswer(c.Word, true))
	r.audit("mail", fmt.Sprintf("moderator %s: mail %s", addr, c.Word))
	return nil
}

// modStatus is the moderator's STATUS: where the game stands, every seat with it.
func (r *cmdRun) modStatus(c orders.Command) error {
	g := r.g
	st, err := r.statusText(g, r.s, 0, r.now)
	r.answers = append(r.answers, st)
	r.audit("status", "the moderator's STATUS answered")
	return err
}

// modHistory is the moderator's HISTORY: the versions, the rollbacks and all the press.
func (r *cmdRun) modHistory(c orders.Command) error {
	g := r.g
	h, err := r.historyText(g, 0)
	r.answers = append(r.answers, h)
	r.audit("history", "the moderator's HISTORY answered")
	return err
}

// modPressRules is the moderator's PRESS: the game's press rules.
func (r *cmdRun) modPressRules(c orders.Command) error {
	g := r.g
	line := PressRule(g, c)
	r.say("Press rules", line)
	r.audit("press rules", line)
	return nil
}

// modObservers is the moderator's OBSERVE ALLOW, DENY or PUBLIC: who may observe.
func (r *cmdRun) modObservers(c orders.Command) error {
	g := r.g
	line := ObserverRule(g, c)
	if c.Word == "public" {
		r.say("Observers", line) // the players learn who may read their reports
	} else {
		r.answers = append(r.answers, line)
	}
	r.audit("observers", line)
	return nil
}

// modExport is the moderator's EXPORT [version]: the game as JSON, attached.
func (r *cmdRun) modExport(c orders.Command) error {
	g := r.g
	v := g.Version
	if len(c.Versions) == 1 {
		v = c.Versions[0]
	}
	if v > g.Version {
		return fmt.Errorf("there is no version %d: the game is at version %d", v, g.Version)
	}
	b, err := r.core.Export(r.tx, g, v)
	if err != nil {
		return err
	}
	r.reply.Attach = append(r.reply.Attach, store.Attachment{Name: fmt.Sprintf("%s-v%d.json", g.ID, v), ContentType: "application/json", Data: b})
	r.answers = append(r.answers, fmt.Sprintf("The export of game %s at version %d is attached (%s-v%d.json, %d bytes; docs/state.md documents it).", g.ID, v, g.ID, v, len(b)))
	r.audit("export", fmt.Sprintf("version %d exported by email", v))
	return nil
}

// modDeadline is the moderator's DEADLINE <time> or NONE: the open segment's deadline.
func (r *cmdRun) modDeadline(c orders.Command) error {
	g := r.g
	if g.Paused {
		return fmt.Errorf("the game is paused: RESUME it first (the deadline is then as far off as it was when paused)")
	}
	if len(adjudicator.Required(r.s)) == 0 {
		return fmt.Errorf("nobody orders in the open segment (%s)", whoOrders(r.s))
	}
	if c.None {
		if g.Deadline.IsZero() {
			return fmt.Errorf("the open segment has no deadline")
		}
		deadline.Move(g, time.Time{}, r.now)
		r.moved, r.cancelled = true, true
		r.say("Deadline removed", fmt.Sprintf("The deadline of %s was removed: the segment waits for every power's orders.", r.s.Segment.Title()))
		r.audit("deadline", "deadline removed")
		return nil
	}
	if !c.At.After(r.now) {
		return fmt.Errorf("%s is not in the future (the time is in UTC)", c.At.Format("2006-01-02 15:04"))
	}
	deadline.Move(g, c.At, r.now)
	r.moved = true
	r.say("Deadline set", fmt.Sprintf("The deadline of %s was set to %s.", r.s.Segment.Title(), letters.DeadlineText(g.Deadline, "")))
	if at := deadline.AfterAbsences(g, r.s, g.Deadline, false); !at.Equal(g.Deadline) {
		// The moderator's time stands; the moderator is told.
		r.answers = append(r.answers, fmt.Sprintf("Note: the deadline falls in a declared absence of a power that orders in %s (the absences would put it at %s); it stands as you set it.", r.s.Segment.Title(), letters.DeadlineText(at, "")))
	}
	r.audit("deadline", "deadline set to "+g.Deadline.Format(time.RFC3339))
	return nil
}

// modExtend is the moderator's EXTEND <duration>: the open segment's deadline later.
func (r *cmdRun) modExtend(c orders.Command) error {
	g := r.g
	if g.Paused {
		return fmt.Errorf("the game is paused: RESUME it first")
	}
	if g.Deadline.IsZero() {
		return fmt.Errorf("the open segment has no deadline to extend; set one with DEADLINE")
	}
	deadline.Move(g, g.Deadline.Add(c.Duration), r.now)
	r.moved = true
	r.say("Deadline extended", fmt.Sprintf("The deadline of %s was extended by %s to %s.", r.s.Segment.Title(), orders.FormatDuration(c.Duration), letters.DeadlineText(g.Deadline, "")))
	r.audit("extend", fmt.Sprintf("deadline extended by %s to %s", orders.FormatDuration(c.Duration), g.Deadline.Format(time.RFC3339)))
	return nil
}

// modRule is the moderator's DURATION, REMINDERS, NMR, EXTENSIONS, ABSENCE MAX: a deadline rule.
func (r *cmdRun) modRule(c orders.Command) error {
	g := r.g
	if c.Verb == orders.CmdAbsence && !c.Max {
		return fmt.Errorf("a moderator sets the game's limit, ABSENCE MAX <duration>; players declare their own absences")
	}
	line, err := ApplyRule(g, c)
	if err != nil {
		return err
	}
	r.say("Deadline rules changed", line)
	r.audit("rules", line)
	return nil
}

// modPause is the moderator's PAUSE: no orders, no deadline until RESUME.
func (r *cmdRun) modPause(c orders.Command) error {
	g := r.g
	if g.Paused {
		return fmt.Errorf("the game is paused already")
	}
	// The deadline is frozen; its calendar event stays as it was
	// (RESUME sends it moved). A pending ADJUDICATE waits too.
	g.Paused, g.PausedLeft, g.Forced = true, 0, false
	if !g.Deadline.IsZero() {
		// DeadlineSet + PausedLeft is the deadline as it was, the
		// time of its calendar event while paused.
		g.PausedLeft = max(g.Deadline.Sub(r.now), time.Minute)
		g.Deadline, g.DeadlineSet = time.Time{}, r.now
	}
	line := "The moderator PAUSED the game: no orders are taken and no deadline runs until it resumes."
	if g.PausedLeft > 0 {
		line += fmt.Sprintf(" The deadline will then be %s away, as it was now.", orders.FormatDuration(g.PausedLeft))
	}
	r.say("Game paused", line)
	r.audit("pause", fmt.Sprintf("paused; %s left of the deadline", letters.OrNone(g.PausedLeft)))
	return nil
}

// modResume is the moderator's RESUME: orders again, the deadline as far off as when paused.
func (r *cmdRun) modResume(c orders.Command) error {
	g := r.g
	if !g.Paused {
		return fmt.Errorf("the game is not paused")
	}
	g.Paused = false
	line := "The moderator RESUMED the game: orders are taken again."
	if g.PausedLeft > 0 {
		// As far off as when paused, then past the absences of
		// the powers that order (one declared during the pause too).
		deadline.Move(g, deadline.AfterAbsences(g, r.s, deadline.CeilMinute(r.now.Add(g.PausedLeft)), true), r.now)
		g.PausedLeft = 0
		r.moved = true
		line += " The deadline is " + letters.DeadlineText(g.Deadline, "") + "."
	}
	r.say("Game resumed", line)
	r.audit("resume", line)
	return nil
}

// modAdjudicate is the moderator's ADJUDICATE: the open segment now, the powers without orders PASS.
func (r *cmdRun) modAdjudicate(c orders.Command) error {
	g := r.g
	if g.Paused {
		return fmt.Errorf("the game is paused: RESUME it first")
	}
	if len(adjudicator.Required(r.s)) == 0 || adjudicator.AwaitsDraw(r.s) {
		return fmt.Errorf("there is nothing to adjudicate: %s", whoOrders(r.s))
	}
	g.Forced = true
	r.reply.Notes = append(r.reply.Notes, "The open segment is adjudicated now; powers without orders are taken to PASS (their standing orders and IF lines still apply). The report follows.")
	r.audit("adjudicate now", fmt.Sprintf("%s %s adjudicated on the moderator's order", r.s.Turn, r.s.Segment))
	return nil
}

// modBroadcast is the moderator's BROADCAST: a message from the moderator to every player.
func (r *cmdRun) modBroadcast(c orders.Command) error {
	g := r.g
	if whose := SecretIn(r.core, g, c.Text); whose != "" {
		return fmt.Errorf("the message holds %s secret; it was not sent", whose)
	}
	r.say("A message from the moderator", "A message from the moderator:\n\n"+c.Text)
	r.audit("broadcast", orders.Shorten(strings.ReplaceAll(c.Text, "\n", " / "), 300))
	return nil
}

// SecretIn says whose secret text holds, if any: "the moderators'" or
// "Italy's" ("" none), as a broadcast or a reason, which the players
// read, must not leak one. Each check costs a hash (about 20 ms).
//   - The moderators' secret (which the operator may have chosen, of any
//     shape): the first 100 distinct words of 6 to 64 characters.
//   - The seats' secrets, as the judge makes them (guard.NewSecret: 10
//     characters of guard.SecretAlphabet): every run of 10 of those characters
//     anywhere in the text ("key=vsw5vek6qj", "*vsw5vek6qj*"), each
//     against every seat. More than 30 such runs are not checked one by
//     one: the text is refused as if it held one (a decoy could hide a
//     secret among them). A player's secret the operator chose in the
//     configuration, of another shape, is not looked for.
func SecretIn(core Core, g *store.Game, text string) string {
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(c rune) bool { return unicode.IsSpace(c) || strings.ContainsRune(".,;:!?()\"'<>", c) }) {
		if len(w) < 6 || len(w) > 64 || seen[w] {
			continue
		}
		if seen[w] = true; len(seen) > 100 {
			break
		}
		if g.ModeratorSecretHash != "" && core.Verify(g.ModeratorSecretHash, w) {
			return "the moderators'"
		}
	}
	var runs []string
	for _, run := range strings.FieldsFunc(text, func(c rune) bool { return !strings.ContainsRune(guard.SecretAlphabet, c) }) {
		for k := 0; k+10 <= len(run); k++ {
			if w := run[k : k+10]; !slices.Contains(runs, w) {
				runs = append(runs, w)
			}
		}
	}
	if len(runs) > 30 {
		return "perhaps a player's (too many secret-like words to check)"
	}
	for _, w := range runs {
		for _, seat := range g.Seats {
			if !seat.Vacant && core.Verify(seat.SecretHash, w) {
				return seat.Power.Title() + "'s"
			}
		}
		if g.ModeratorSecretHash != "" && !seen[w] && core.Verify(g.ModeratorSecretHash, w) {
			return "the moderators'"
		}
	}
	return ""
}

// ApplyRule sets one of g's deadline rules and says so.
func ApplyRule(g *store.Game, c orders.Command) (string, error) {
	switch c.Verb {
	case orders.CmdDuration:
		kinds := []string{c.Word}
		if c.Word == "all" {
			kinds = orders.SegmentKinds
		}
		if g.Rules.Durations == nil {
			g.Rules.Durations = map[string]time.Duration{}
		}
		for _, k := range kinds {
			g.Rules.Durations[k] = c.Duration
		}
		what := "no deadline"
		if !c.None {
			what = orders.FormatDuration(c.Duration)
		}
		return fmt.Sprintf("Deadline rule: %s segments take %s from when they open (from the next segment on; the open one keeps its deadline).", strings.Join(kinds, ", "), what), nil
	case orders.CmdReminders:
		g.Rules.Reminders = c.List
		if c.None {
			return "Deadline rule: no reminders.", nil
		}
		var ls []string
		for _, d := range c.List {
			ls = append(ls, orders.FormatDuration(d))
		}
		return fmt.Sprintf("Deadline rule: the powers that have not ordered are reminded %s before the deadline.", strings.Join(ls, " and ")), nil
	case orders.CmdNMR:
		g.Rules.NMR = c.Word
		if c.None {
			g.Rules.Grace = 0
		} else if c.Duration > 0 {
			g.Rules.Grace = c.Duration
		}
		return "Deadline rule: at the deadline, " + letters.PolicyText(g) + ".", nil
	case orders.CmdExtensions:
		g.Rules.ExtensionBudget = c.Duration
		return fmt.Sprintf("Deadline rule: each player may extend deadlines by %s in all, with EXTEND.", orders.FormatDuration(c.Duration)), nil
	case orders.CmdAbsence:
		g.Rules.AbsenceMax = c.Duration
		return fmt.Sprintf("Deadline rule: each player may declare %s of absence in all, with ABSENCE; deadlines falling in one move to its end.", orders.FormatDuration(c.Duration)), nil
	}
	return "", fmt.Errorf("not a rule")
}

// replace seats a new player for a power: a new secret to the new
// address, the old one revoked, the old player told.
func (r *cmdRun) replace(c orders.Command) error {
	g := r.g
	seat := g.Seat(c.Power)
	if seat == nil {
		return fmt.Errorf("%s has no seat in game %s", c.Power.Title(), g.ID)
	}
	// The seat's own player: a new secret (one lost or given away), the
	// seat otherwise as it was.
	rekey := seat.Address == c.Address && !seat.Vacant
	old, wasVacant := seat.Address, seat.Vacant
	// An open seat of a game waiting for players (the judge's lobby): the
	// player takes it as a JOIN would; the requests for it lapse.
	waiting, opened, asked := g.Waiting(), seat.Open, seat.Joins
	if opened {
		Lapse(g, seat, c.Address, r.now)
	}
	secret := guard.NewSecret()
	pub, tx, now := r.pub, r.tx, r.now
	gid := g.ID
	id := publish.WelcomeID(gid, c.Power) + "/" + publish.ShortHash(append([]byte(c.Address+now.String()), r.key...))
	if rekey {
		seat.SecretHash, seat.Welcome = r.core.Hash(secret), id
	} else {
		*seat = store.Seat{Power: seat.Power, Address: c.Address, SecretHash: r.core.Hash(secret), ExtensionUsed: seat.ExtensionUsed,
			Welcome: id, ConfigAddress: seat.ConfigAddress}
	}
	r.then(func() error {
		w := Welcome(r.core, pub.Address, r.g, *r.g.Seat(c.Power), secret)
		return pub.Notify(tx, id, c.Address, w.Subject(), w.Text(), true, now)
	})
	if rekey {
		r.say(c.Power.Title()+"'s secret renewed", fmt.Sprintf("The moderator gave %s's player a new secret; the old one no longer works.", c.Power.Title()))
		r.answers = append(r.answers, fmt.Sprintf("The new secret was sent to %s.", c.Address))
		r.audit("replace", fmt.Sprintf("%s: %s keeps the seat; new secret sent, the old one revoked", c.Power.Title(), c.Address))
		return nil
	}
	// The new player gets the open segment's report and notice with the
	// welcome: where the game is and what to order. A game that has not
	// started has no report yet: its first comes when it starts.
	v := g.Version
	if !waiting {
		r.then(func() error {
			return resend(pub, tx, r.g, c.Power, c.Address, []int{v}, r.key, now,
				fmt.Sprintf("You now play %s: this is the open segment's report and your notice (version %d); HISTORY and RESEND give the earlier ones.", c.Power.Title(), v))
		})
	}
	if !wasVacant && !slices.Contains(g.Moderators, old) {
		r.then(func() error {
			n := letters.Replaced{Game: gid, Power: c.Power, Reason: r.reason}
			return pub.NotifyText(tx, "", fmt.Sprintf("%s/replaced/%s/%s", gid, c.Power, publish.ShortHash(r.key)), old,
				n.Subject(), n.Text(), now)
		})
	}
	if wasVacant {
		r.say(c.Power.Title()+" has a new player", fmt.Sprintf("%s has a new player, in the seat the moderator held; the new player has been sent a secret.", c.Power.Title()))
	} else {
		r.say(c.Power.Title()+" has a new player", fmt.Sprintf("%s has a new player. The old secret no longer works; the new player has been sent one.", c.Power.Title()))
	}
	if waiting {
		r.answers = append(r.answers, fmt.Sprintf("%s is now played by %s: their welcome with the new secret is on its way.", c.Power.Title(), c.Address))
		p := c.Power
		r.then(func() error {
			for _, jn := range asked {
				if opened && !jn.Confirmed.IsZero() && jn.Address != c.Address {
					if err := declined(pub, tx, r.g, p, jn.Address, "the moderator seated another player", r.key, now); err != nil {
						return err
					}
				}
			}
			return nil
		})
		r.starting = max(r.starting, startWhenFull)
	} else {
		r.answers = append(r.answers, fmt.Sprintf("%s is now played by %s: their welcome with the new secret, and the open segment's report and notice, are on their way.", c.Power.Title(), c.Address))
	}
	r.audit("replace", fmt.Sprintf("%s: %s -> %s; new secret sent, the old one revoked", c.Power.Title(), old, c.Address))
	return nil
}

// rollback makes an earlier version current again: the later versions
// are archived (store.Tx.Rollback), the restored version's reports and
// notices are sent again under new Message-IDs, and its segment takes
// orders afresh.
func (r *cmdRun) rollback(c orders.Command) error {
	g := r.g
	v := c.Versions[0]
	if v >= g.Version {
		return fmt.Errorf("the game is at version %d: roll back to an earlier one (HISTORY lists them)", g.Version)
	}
	target, events, err := publish.LoadVersion(r.tx, g.ID, v)
	if err != nil {
		return err
	}
	if len(adjudicator.Required(target)) == 0 && !adjudicator.AwaitsDraw(target) {
		// Version 0, the setup: nobody orders in it.
		return fmt.Errorf("nobody orders in version %d (%s, %s): roll back to a version that waits for orders or a draw (HISTORY lists them)", v, target.Turn, target.Segment.Title())
	}
	from := g.Version
	// The open segment's calendar event is cancelled with the notices
	// sent again (the restored segment's event is a new one: its UID
	// carries the rollback epoch).
	cc := r.pub.Closing(g, r.s, r.now)
	g.Version = v
	g.Rollbacks++
	g.Ended = time.Time{}
	deadline.Open(g, target, r.now)
	r.s = target
	line := fmt.Sprintf("The moderator ROLLED BACK the game from version %d to version %d: %s, %s, is open again. Every order given for it or later is withdrawn (kept in the history): send your orders again. Its report and notices follow again.", from, v, target.Turn, target.Segment.Title())
	if !g.Deadline.IsZero() {
		line += " Its new deadline: " + letters.DeadlineText(g.Deadline, "") + "."
		r.moved = true
	}
	r.say(fmt.Sprintf("Rolled back to version %d", v), line)
	archived := fmt.Sprintf("versions %d-%d", v+1, from)
	if from == v+1 {
		archived = fmt.Sprintf("version %d", from)
	}
	r.audit("rollback", fmt.Sprintf("rolled back from version %d to %d (%s %s); %s archived", from, v, target.Turn, target.Segment, archived))
	pub, tx, now := r.pub, r.tx, r.now
	r.then(func() error {
		if err := tx.Rollback(g.ID, v); err != nil {
			return err
		}
		return pub.Publish(tx, g, v, events, target, now, publish.Publication{Lead: []string{fmt.Sprintf("Sent again after the moderator's rollback from version %d.", from)}, Closed: cc, Resent: true})
	})
	return nil
}
