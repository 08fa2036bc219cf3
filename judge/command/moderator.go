package command

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/deadline"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/report"
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
	orders.CmdTimezone:   (*cmdRun).modTimezone,
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
	orders.CmdForgive:    (*cmdRun).forgive,
	orders.CmdAudit:      (*cmdRun).modAudit,
	orders.CmdMessage:    (*cmdRun).modMessage,
}

// moderator runs one of the moderator's commands (moderatorCommands).
func (r *cmdRun) moderator(c orders.Command) error {
	g := r.g
	if g.Waiting() && slices.Contains([]string{orders.CmdDeadline, orders.CmdExtend, orders.CmdPause, orders.CmdResume, orders.CmdAdjudicate, orders.CmdRollback}, c.Verb) {
		return errors.New(letters.NotStarted(g.OpenSeats()))
	}
	if run := moderatorCommands[c.Verb]; run != nil {
		return run(r, c)
	}
	return errors.New(letters.NotACommand)
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
	if n, last := r.core.LobbyCapHits(); n > 0 {
		// The judge's cap on strangers' requests (guard.LobbyBudget):
		// a seat's JOIN or an OBSERVE may have gone unanswered.
		st = strings.TrimRight(st, "\n") + "\n\n" + letters.LobbyCapped(n, last) + "\n"
	}
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
	r.say(letters.PressRulesSaid, line)
	r.audit("press rules", line)
	return nil
}

// modObservers is the moderator's OBSERVE ALLOW, DENY or PUBLIC: who may observe.
func (r *cmdRun) modObservers(c orders.Command) error {
	g := r.g
	line := ObserverRule(g, c)
	if c.Word == "public" {
		r.say(letters.ObserversSaid, line) // the players learn who may read their reports
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
		return errors.New(letters.NoVersion(v, g.Version, false))
	}
	b, err := r.core.Export(r.tx, g, v)
	if err != nil {
		return err
	}
	r.reply.Attach = append(r.reply.Attach, store.Attachment{Name: letters.ExportFile(g.ID, v), ContentType: "application/json", Data: b})
	r.answers = append(r.answers, letters.ExportAttached(g.ID, v, len(b)))
	r.audit("export", fmt.Sprintf("version %d exported by email", v))
	return nil
}

// modDeadline is the moderator's DEADLINE <time> or NONE: the open
// segment's deadline; DEADLINE EVERY: the schedule (modSchedule).
func (r *cmdRun) modDeadline(c orders.Command) error {
	g := r.g
	if c.Mode == "every" {
		return r.modSchedule(c)
	}
	if g.Paused {
		return errors.New(letters.PausedDeadline)
	}
	if len(adjudicator.Required(r.s)) == 0 {
		return errors.New(letters.NobodyOrders(whoOrders(r.s)))
	}
	if c.None {
		if g.Deadline.IsZero() {
			return errors.New(letters.NoDeadline)
		}
		deadline.Move(g, time.Time{}, r.now, "")
		r.moved, r.cancelled = true, true
		r.say(letters.DeadlineRemoved(r.s.Segment))
		r.audit("deadline", "deadline removed")
		return nil
	}
	at := c.At
	if zone := g.Rules.Zone; c.Word != "UTC" && zone != "" {
		// The moderators' time zone (TIMEZONE): the time as they read it.
		at = time.Date(at.Year(), at.Month(), at.Day(), at.Hour(), at.Minute(), 0, 0, letters.Location(zone)).UTC()
	}
	if !at.After(r.now) {
		return errors.New(letters.NotInFuture(at, g.Rules.Zone))
	}
	deadline.Move(g, at, r.now, letters.WhySet)
	r.moved = true
	r.say(letters.DeadlineSet(r.s.Segment, g.Deadline))
	if at := deadline.AfterAbsences(g, r.s, g.Deadline, false); !at.Equal(g.Deadline) {
		// The moderator's time stands; the moderator is told.
		r.answers = append(r.answers, letters.DeadlineInAbsence(r.s.Segment, at))
	}
	r.audit("deadline", "deadline set to "+g.Deadline.Format(time.RFC3339))
	return nil
}

// modSchedule is the moderator's DEADLINE EVERY: the game's schedule of
// deadlines, from the next segment on (EVERY NONE: none).
func (r *cmdRun) modSchedule(c orders.Command) error {
	line, err := ApplyRule(r.g, c)
	if err != nil {
		return err
	}
	r.say(letters.RulesChanged, line)
	r.audit("rules", line)
	return nil
}

// modTimezone is the moderator's TIMEZONE: the moderators' time zone, in
// which DEADLINE's times are read and the deadlines shown in their
// receipts.
func (r *cmdRun) modTimezone(c orders.Command) error {
	r.g.Rules.Zone = c.Word
	if c.Word == "UTC" {
		r.g.Rules.Zone = ""
	}
	r.answers = append(r.answers, letters.ModeratorZoneAnswer(c.Word))
	r.audit("timezone", "the moderators' time zone: "+c.Word)
	return nil
}

// modExtend is the moderator's EXTEND <duration>: the open segment's deadline later.
func (r *cmdRun) modExtend(c orders.Command) error {
	g := r.g
	if g.Paused {
		return errors.New(letters.PausedFirst)
	}
	if g.Deadline.IsZero() {
		return errors.New(letters.NoDeadlineToExtend)
	}
	if at := g.Deadline.Add(c.Duration); !at.After(r.now) {
		// A deadline that passed, extended to a time still past, would
		// be announced and then do nothing.
		return errors.New(letters.ExtendStillPast(g.Deadline, at))
	}
	deadline.Move(g, g.Deadline.Add(c.Duration), r.now, letters.WhyExtended(c.Duration, ""))
	r.moved = true
	r.say(letters.DeadlineExtended(r.s.Segment, c.Duration, g.Deadline))
	r.audit("extend", fmt.Sprintf("deadline extended by %s to %s", orders.FormatDuration(c.Duration), g.Deadline.Format(time.RFC3339)))
	return nil
}

// modRule is the moderator's DURATION, REMINDERS, NMR, EXTENSIONS, ABSENCE MAX: a deadline rule.
func (r *cmdRun) modRule(c orders.Command) error {
	g := r.g
	if c.Verb == orders.CmdAbsence && !c.Max {
		return errors.New(letters.AbsenceIsPlayers)
	}
	line, err := ApplyRule(g, c)
	if err != nil {
		return err
	}
	if c.Verb == orders.CmdNMR {
		now, err := r.policyNow()
		if err != nil {
			return err
		}
		if now != "" {
			line += " " + now
		}
	}
	r.say(letters.RulesChanged, line)
	r.audit("rules", line)
	return nil
}

// policyNow says what a new NMR policy does to the open segment when
// its deadline has passed with powers missing ("" when it has not): it
// waits, takes late orders until the grace's end, or is adjudicated now
// (the judge's next step after this email), each missing power taken to
// what (PASS, or its orders repeated).
func (r *cmdRun) policyNow() (string, error) {
	g := r.g
	if g.Paused || g.Deadline.IsZero() || r.now.Before(g.Deadline) {
		return "", nil
	}
	miss, _, err := deadline.Waiting(r.tx, g, r.s)
	if err != nil || len(miss) == 0 {
		return "", err
	}
	if deadline.NMR(g) == "wait" || r.now.Before(g.Deadline.Add(g.Rules.Grace)) {
		return letters.PolicyPassed(r.s.Segment, g.Deadline, miss, letters.PolicyNow(g, "")), nil
	}
	var notes []string
	for _, p := range miss {
		repeated := ""
		if deadline.NMR(g) == "repeat" {
			rep, from, err := deadline.RepeatOrders(r.tx, g, r.s, p)
			if err != nil {
				return "", err
			}
			if rep != nil {
				st, err := r.tx.State(g.ID, from)
				if err != nil {
					return "", err
				}
				repeated = st.Turn.String()
			}
		}
		notes = append(notes, letters.MissedNote(p, repeated))
	}
	return letters.PolicyActsNow(r.s.Segment, g.Deadline, notes), nil
}

// modPause is the moderator's PAUSE: no orders, no deadline until RESUME.
func (r *cmdRun) modPause(c orders.Command) error {
	g := r.g
	if g.Paused {
		return errors.New(letters.PausedAlready)
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
	r.say(letters.GamePausedBy(g.PausedLeft))
	r.audit("pause", fmt.Sprintf("paused; %s left of the deadline", letters.OrNone(g.PausedLeft)))
	return nil
}

// modResume is the moderator's RESUME: orders again, the deadline as far off as when paused.
func (r *cmdRun) modResume(c orders.Command) error {
	g := r.g
	if !g.Paused {
		return errors.New(letters.NotPaused)
	}
	g.Paused = false
	var at, was time.Time // the deadline again, if one ran; as far off as when paused
	var by []string       // the absences that moved it from there
	if g.PausedLeft > 0 {
		// As far off as when paused, then past the absences of
		// the powers that order (one declared during the pause too).
		was = deadline.CeilMinute(r.now.Add(g.PausedLeft))
		next, why, moved := deadline.Place(g, r.s, was, true)
		deadline.Move(g, next, r.now, why)
		g.PausedLeft = 0
		r.moved = true
		at = g.Deadline
		for _, m := range moved {
			by = append(by, letters.AbsenceOf(m.Power, m.From, m.Until))
		}
	}
	subject, line := letters.GameResumed(at, was, by, g.DeadlineWhy, g.Rules.Schedule != nil)
	r.say(subject, line)
	r.audit("resume", line)
	return nil
}

// modAdjudicate is the moderator's ADJUDICATE: the open segment now, the powers without orders PASS.
func (r *cmdRun) modAdjudicate(c orders.Command) error {
	g := r.g
	if g.Paused {
		return errors.New(letters.PausedFirst)
	}
	if len(adjudicator.Required(r.s)) == 0 || adjudicator.AwaitsDraw(r.s) {
		return errors.New(letters.NothingToAdjudicate(whoOrders(r.s)))
	}
	g.Forced = true
	r.reply.Notes = append(r.reply.Notes, letters.AdjudicateNow)
	r.audit("adjudicate now", fmt.Sprintf("%s %s adjudicated on the moderator's order", r.s.Turn, r.s.Segment))
	return nil
}

// modBroadcast is the moderator's BROADCAST: a message from the moderator to every player.
func (r *cmdRun) modBroadcast(c orders.Command) error {
	g := r.g
	if whose := SecretIn(r.core, g, c.Text); whose != "" {
		return errors.New(letters.SecretInMessage(whose))
	}
	r.say(letters.Broadcast(c.Text))
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
			return letters.ModeratorsSecret
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
		return letters.UncheckedSecret
	}
	for _, w := range runs {
		for _, seat := range g.Seats {
			if !seat.Vacant && core.Verify(seat.SecretHash, w) {
				return letters.SecretOf(seat.Power)
			}
		}
		if g.ModeratorSecretHash != "" && !seen[w] && core.Verify(g.ModeratorSecretHash, w) {
			return letters.ModeratorsSecret
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
		return letters.DurationRule(kinds, c.Duration, c.None), nil
	case orders.CmdReminders:
		g.Rules.Reminders = c.List
		return letters.RemindersRule(c.List, c.None), nil
	case orders.CmdNMR:
		g.Rules.NMR = c.Word
		g.Rules.DisorderAfter = 0
		if c.Word == "computer" {
			g.Rules.DisorderAfter = int(c.Number)
		}
		if c.None {
			g.Rules.Grace = 0
		} else if c.Duration > 0 {
			g.Rules.Grace = c.Duration
		}
		return letters.NMRRule(g), nil
	case orders.CmdExtensions:
		g.Rules.ExtensionBudget = c.Duration
		return letters.ExtensionsRule(c.Duration), nil
	case orders.CmdAbsence:
		g.Rules.AbsenceMax = c.Duration
		return letters.AbsenceMaxRule(c.Duration), nil
	case orders.CmdDeadline:
		if c.Mode != "every" {
			break
		}
		g.Rules.Schedule = nil
		if !c.None {
			zone := c.Word
			if zone == "" {
				zone = cmp.Or(g.Rules.Zone, "UTC") // the moderators'
			}
			sc := &store.Schedule{Days: c.Every, Minute: c.Clock, Zone: zone}
			for _, d := range c.Skip {
				sc.Skip = append(sc.Skip, d.Format("2006-01-02"))
			}
			g.Rules.Schedule = sc
		}
		return letters.ScheduleRule(g.Rules.Schedule), nil
	}
	return "", errors.New(letters.NotARule)
}

// replace seats a new player for a power: a new secret to the new
// address, the old one revoked, the old player told.
func (r *cmdRun) replace(c orders.Command) error {
	g := r.g
	seat := g.Seat(c.Power)
	if seat == nil {
		return errors.New(letters.SeatMissing(c.Power, g.ID))
	}
	if c.Word == "computer" {
		return r.replaceWithComputer(c, seat)
	}
	// The seat's own player: a new secret (one lost or given away), the
	// seat otherwise as it was.
	rekey := seat.Address == c.Address && !seat.Vacant
	old, wasVacant, fromComputer := letters.SeatAddress(*seat), seat.Vacant, seat.Computer // the computer is told nothing
	// Mail to the old address failed for good (publish.DeliveryFailed):
	// nothing more goes there. The same address again is the moderator's
	// word that it works now: it is tried again.
	dead := seat.Undeliverable != ""
	seat.Undeliverable = ""
	// An open seat of a game waiting for players (the judge's lobby): the
	// player takes it as a JOIN would; the requests for it lapse.
	waiting, opened, asked := g.Waiting(), seat.Open, seat.Joins
	if opened {
		lapse(g, seat, c.Address, r.now)
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
		r.say(letters.SecretRenewed(c.Power))
		r.answers = append(r.answers, letters.NewSecretSent(c.Address))
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
				letters.NewPlayerCopy(c.Power, v))
		})
	}
	if dead && !wasVacant {
		r.answers = append(r.answers, letters.NotToDeadAddress(c.Power, old))
	}
	if !wasVacant && !dead && !fromComputer && !slices.Contains(g.Moderators, old) {
		r.then(func() error {
			n := letters.Replaced{Game: gid, Power: c.Power, Reason: r.reason}
			return pub.NotifyText(tx, "", fmt.Sprintf("%s/replaced/%s/%s", gid, c.Power, publish.ShortHash(r.key)), old,
				n.Subject(), n.Text(), now)
		})
	}
	r.say(letters.NewPlayer(c.Power, wasVacant))
	if waiting {
		r.answers = append(r.answers, letters.NowPlayedBy(c.Power, c.Address, c.Text, true))
		p := c.Power
		r.then(func() error {
			for _, jn := range asked {
				if opened && !jn.Confirmed.IsZero() && jn.Address != c.Address {
					if err := declined(pub, tx, r.g, p, jn.Address, letters.ModeratorSeated, r.key, now); err != nil {
						return err
					}
				}
			}
			return nil
		})
		r.starting = max(r.starting, startWhenFull)
	} else {
		r.answers = append(r.answers, letters.NowPlayedBy(c.Power, c.Address, c.Text, false))
		recs, err := tx.Orders(gid, v)
		if err != nil {
			return err
		}
		if rec, ok := recs[c.Power]; ok {
			r.answers = append(r.answers, letters.NewPlayerOrdersStand(c.Power, rec))
		}
	}
	r.audit("replace", fmt.Sprintf("%s: %s -> %s; new secret sent, the old one revoked", c.Power.Title(), old, c.Address))
	return nil
}

// replaceWithComputer is REPLACE <power> COMPUTER: the computer player
// takes seat (no address, a secret nobody was given); its player, if it
// had one, is told as a replaced player is. Orders in for the open
// segment stand, as they do for a new player; else the computer orders
// at once when the power must order.
func (r *cmdRun) replaceWithComputer(c orders.Command, seat *store.Seat) error {
	g := r.g
	switch {
	case seat.Computer:
		return errors.New(letters.AlreadyComputer(c.Power))
	case seat.Open:
		return errors.New(letters.ComputerOpenSeat(c.Power))
	}
	old, told := seat.Address, !seat.Vacant && seat.Undeliverable == "" && !slices.Contains(g.Moderators, seat.Address)
	*seat = store.Seat{Power: seat.Power, SecretHash: r.core.Hash(guard.NewSecret()), ExtensionUsed: seat.ExtensionUsed,
		ConfigAddress: seat.ConfigAddress, Computer: true}
	pub, tx, now, gid := r.pub, r.tx, r.now, g.ID
	if told {
		r.then(func() error {
			n := letters.Replaced{Game: gid, Power: c.Power, Reason: r.reason, Computer: true}
			return pub.NotifyText(tx, "", fmt.Sprintf("%s/replaced/%s/%s", gid, c.Power, publish.ShortHash(r.key)), old,
				n.Subject(), n.Text(), now)
		})
	}
	miss, recs, err := deadline.Waiting(tx, g, r.s)
	if err != nil {
		return err
	}
	orders := slices.Contains(miss, c.Power) && !g.Paused && !g.Waiting()
	if orders {
		r.then(func() error {
			_, err := r.core.Computer(tx, r.g, r.s, now)
			return err
		})
	}
	r.say(letters.ComputerPlays(c.Power))
	r.answers = append(r.answers, letters.NowPlayedByComputer(c.Power, orders))
	if _, ok := recs[c.Power]; ok && !slices.Contains(miss, c.Power) {
		r.answers = append(r.answers, letters.ComputerOrdersStand(c.Power))
	}
	r.audit("replace", fmt.Sprintf("%s: %s -> the computer; the old secret revoked", c.Power.Title(), old))
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
		return errors.New(letters.RollbackNotEarlier(g.Version))
	}
	target, events, err := publish.LoadVersion(r.tx, g.ID, v)
	if err != nil {
		return err
	}
	if len(adjudicator.Required(target)) == 0 && !adjudicator.AwaitsDraw(target) {
		// Version 0, the setup: nobody orders in it.
		return errors.New(letters.RollbackNobodyOrders(v, target))
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
	if !g.Deadline.IsZero() {
		r.moved = true
	}
	// Each player is told what became of its orders (item by item in its
	// notice sent again): those for the reopened segment are withdrawn,
	// the standing ones of the restored state stay, and only the powers
	// the segment waits for order again.
	recs, err := r.tx.Orders(g.ID, v)
	if err != nil {
		return err
	}
	again := adjudicator.Required(target)
	own := map[storm.Power][]string{}
	forgiven := 0
	var back []storm.Power // out of civil disorder
	for i := range g.Seats {
		p := g.Seats[i].Power
		// The misses of the segments undone no longer count, nor the
		// civil disorder the miss undone made (NMR COMPUTER): only that
		// one, at DisorderAt, not a count of misses that a FORGIVE or a
		// change of the rules moved since.
		forgiven += g.Seats[i].Forgive(v)
		if st := &g.Seats[i]; st.Disorder && st.DisorderAt >= v {
			st.Disorder, st.DisorderAt = false, 0
			back = append(back, p)
			own[p] = append(own[p], letters.DisorderUndoneOwn(p))
		}
		withdrawn := ""
		if rec, ok := recs[p]; ok {
			withdrawn = strings.ReplaceAll(report.Orders(rec.Orders), "\n", "; ")
		}
		var standing []storm.Order
		for _, so := range target.Diplomacy.Standing {
			if so.Power == p {
				standing = append(standing, so.Order)
			}
		}
		st := ""
		if len(standing) > 0 {
			st = strings.ReplaceAll(report.Orders(standing), "\n", "; ")
		}
		if ls := letters.RollbackOwn(target.Segment, withdrawn, st, slices.Contains(again, p)); len(ls) > 0 {
			own[p] = append(own[p], ls...)
		}
	}
	subject, line := letters.RolledBack(from, v, target, g.Deadline, again, forgiven > 0)
	r.say(subject, line)
	if len(back) > 0 {
		// The players and the moderators are told in the announcement,
		// each player again in its notice (own).
		r.say(subject, letters.DisorderUndone(back, v))
	}
	archived := fmt.Sprintf("versions %d-%d", v+1, from)
	if from == v+1 {
		archived = fmt.Sprintf("version %d", from)
	}
	detail := fmt.Sprintf("rolled back from version %d to %d (%s %s); %s archived", from, v, target.Turn, target.Segment, archived)
	if forgiven > 0 {
		detail += fmt.Sprintf("; %d missed deadlines forgiven", forgiven)
	}
	r.audit("rollback", detail)
	for _, p := range back {
		r.audit("civil disorder ended", fmt.Sprintf("%s: the rollback to version %d undid the miss that put it in civil disorder; the computer no longer orders for it", p.Title(), v))
	}
	pub, tx, now := r.pub, r.tx, r.now
	r.then(func() error {
		if err := tx.Rollback(g.ID, v); err != nil {
			return err
		}
		return pub.Publish(tx, g, v, events, target, now, publish.Publication{Lead: []string{letters.ResentAfterRollback(from)}, Own: own, Closed: cc, Resent: true})
	})
	return nil
}

// forgive is the moderator's FORGIVE <power>: the power's missed
// deadlines no longer count (STATUS, the moderators' notices of a miss).
// The moderators are told in the receipt, the player by a mail.
func (r *cmdRun) forgive(c orders.Command) error {
	g := r.g
	seat := g.Seat(c.Power)
	if seat == nil {
		return errors.New(letters.SeatMissing(c.Power, g.ID))
	}
	if seat.Missed == 0 {
		return errors.New(letters.NothingToForgive(c.Power))
	}
	n := seat.Forgive(0)
	r.answers = append(r.answers, letters.Forgiven(c.Power, n))
	if addr := seat.Address; addr != "" && !slices.Contains(g.Moderators, addr) { // "": the computer's seat
		gid, p, pub, tx, now, reason := g.ID, c.Power, r.pub, r.tx, r.now, r.reason
		r.then(func() error {
			subject, text := letters.ForgivenNotice(gid, p, n, reason)
			return pub.NotifyText(tx, pub.ThreadRoot(r.g, addr), fmt.Sprintf("%s/forgiven/%s/%s", gid, p, publish.ShortHash(r.key)), addr, subject, text, now)
		})
	}
	r.audit("forgive", fmt.Sprintf("%s: %d missed deadlines forgiven", c.Power.Title(), n))
	return nil
}
