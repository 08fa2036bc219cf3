package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"stormjudge/adjudicator/storm"
)

// Game is a game's metadata. Its rules state lives in the versioned states:
// Version is the current one (0 = setup, +1 per adjudicated segment).
type Game struct {
	ID         string   `json:"id"`
	Version    int      `json:"version"`
	Seats      []Seat   `json:"seats"`
	Moderators []string `json:"moderators,omitempty"`
	// ModeratorSecretHash is HashSecret of the moderators' secret, which
	// moderator orders (the physical deck's draw) carry; "" when the game
	// has no moderator.
	ModeratorSecretHash string        `json:"moderatorSecretHash,omitempty"`
	Deadline            time.Time     `json:"deadline"`
	SegmentDuration     time.Duration `json:"segmentDuration"`
	Paused              bool          `json:"paused,omitempty"`
	Created             time.Time     `json:"created"`
	// Ended is when the game ended (33, 34); zero while it runs. Retention
	// of inbound mail counts from it.
	Ended time.Time `json:"ended,omitzero"`

	// Rules are the game's deadline rules (package judge/deadline); the zero
	// value: SegmentDuration for every segment, no reminders, PASS.
	Rules Rules `json:"rules,omitzero"`
	// DeadlineSeq counts the moves of the open segment's deadline (the
	// SEQUENCE of its calendar event); 0 when the segment opened.
	DeadlineSeq int `json:"deadlineSeq,omitempty"`
	// DeadlineWhy says why the open segment's deadline is where it is
	// when not by the duration alone (the schedule, an absence, an
	// extension, the moderator): every mail that gives it says so.
	DeadlineWhy string `json:"deadlineWhy,omitempty"`
	// DeadlineSet is when the deadline was last set or moved: a reminder
	// whose time was already past then is not sent.
	DeadlineSet time.Time `json:"deadlineSet,omitzero"`
	// Reminded are the reminders (their time before the deadline) sent
	// for the open segment's current deadline.
	Reminded []time.Duration `json:"reminded,omitempty"`
	// PausedLeft is what was left of the deadline when the game was
	// paused; the deadline is that far from the resumption.
	PausedLeft time.Duration `json:"pausedLeft,omitempty"`
	// Rollbacks counts the moderator's rollbacks: the mails of a version
	// published again after one carry it in their IDs.
	Rollbacks int `json:"rollbacks,omitempty"`
	// Notices counts the judge's announcements (names their mails).
	Notices int `json:"notices,omitempty"`
	// Forced: the moderator asked to adjudicate the open segment now
	// (ADJUDICATE), whoever is missing.
	Forced bool `json:"forced,omitempty"`
	// ModeratorHasEvent: a moderator's receipt carried the open segment's
	// calendar event (a deadline the moderator moved), so its
	// cancellation goes to the moderators too.
	ModeratorHasEvent bool `json:"moderatorHasEvent,omitempty"`
	// ModeratorDigest are the moderators who chose MAIL DIGEST: a public
	// report when a turn ends (or the game does) covering the versions
	// since their last one (ModeratorMailed: the version of that one),
	// instead of one after every adjudication, the moderators' default.
	ModeratorDigest []string       `json:"moderatorDigest,omitempty"`
	ModeratorMailed map[string]int `json:"moderatorMailed,omitempty"`
	// SegmentVersion is the version at which the open segment opened (a
	// SET makes versions within it): its calendar event's UID names it.
	SegmentVersion int `json:"segmentVersion,omitempty"`
	// MissedNow are the powers that missed the open segment's deadline,
	// noted (counted, the moderators told) once, at it; some may order in
	// the grace. Empty until then.
	MissedNow []storm.Power `json:"missedNow,omitempty"`
	// Press are the game's rules for press between the powers (issue
	// 25); the zero value: signed press in every segment.
	Press PressRules `json:"press,omitzero"`
	// Observers follow the game's public reports (OBSERVE),
	// once a turn; ObserverAllow are the addresses the moderator lets
	// observe; Public: any address may.
	Observers     []Observer `json:"observers,omitempty"`
	ObserverAllow []string   `json:"observerAllow,omitempty"`
	Public        bool       `json:"public,omitempty"`
	// ObserveRequests are the OBSERVE requests not confirmed yet: an
	// address observes only once it sends back the secret mailed to it
	// (judge/command/observe.go); at most a few, oldest first.
	ObserveRequests []ObserveRequest `json:"observeRequests,omitempty"`
	// JoinApproval: a player's JOIN of an open seat waits for the
	// moderator's APPROVE (docs/orders.md "Open seats").
	JoinApproval bool `json:"joinApproval,omitempty"`
	// Lapsed are the requests for seats that were dropped when the seat
	// was taken or the game started, kept until Until so that a late
	// confirmation is told so (judge/command/join.go); at most a few, newest
	// last.
	Lapsed []LapsedJoin `json:"lapsed,omitempty"`
	// CalendarCancels counts the calendar events of the segment cancelled
	// (DEADLINE NONE): a deadline set after one is a new event.
	CalendarCancels int `json:"calendarCancels,omitempty"`
}

// Observer is an address that follows a game's public reports (OBSERVE):
// it gets the public report once a turn, when the turn ends, covering
// the versions since Mailed (the version of its last one), and never a
// private notice.
type Observer struct {
	Address string    `json:"address"`
	Since   time.Time `json:"since"`
	Mailed  int       `json:"mailed"`
}

// ObserveRequest is an OBSERVE not confirmed yet: the hash of the secret
// mailed to Address, and when it asked.
type ObserveRequest struct {
	Address    string    `json:"address"`
	SecretHash string    `json:"secretHash"`
	Asked      time.Time `json:"asked"`
}

// ObserveRequest returns addr's OBSERVE request not confirmed yet, or
// nil.
func (g *Game) ObserveRequest(addr string) *ObserveRequest {
	for i := range g.ObserveRequests {
		if g.ObserveRequests[i].Address == strings.ToLower(addr) {
			return &g.ObserveRequests[i]
		}
	}
	return nil
}

// Observer returns addr's entry among g's observers, or nil.
func (g *Game) Observer(addr string) *Observer {
	for i := range g.Observers {
		if g.Observers[i].Address == strings.ToLower(addr) {
			return &g.Observers[i]
		}
	}
	return nil
}

// Rules are a game's deadline rules (docs/orders.md, "Deadlines").
type Rules struct {
	// Durations by kind of segment ("economic", "diplomacy", "crisis",
	// "end"); a kind not listed takes Game.SegmentDuration. 0: no deadline.
	Durations map[string]time.Duration `json:"durations,omitempty"`
	// Reminders: how long before the deadline the powers that have not
	// ordered are reminded, longest first.
	Reminders []time.Duration `json:"reminders,omitempty"`
	// NMR is what a missing power's orders become at the deadline:
	// "pass" (or ""), "repeat", "wait" or "computer" (PASS, until a seat
	// has missed DisorderAfter deadlines in a row: then the computer
	// plays it, Seat.Disorder, until its player writes again).
	NMR string `json:"nmr,omitempty"`
	// DisorderAfter is how many deadlines in a row a seat may miss under
	// NMR "computer" before the computer plays it (civil disorder); 0:
	// DefaultDisorderAfter.
	DisorderAfter int `json:"disorderAfter,omitempty"`
	// Grace: how long after the deadline late orders are still taken
	// before the NMR policy applies.
	Grace time.Duration `json:"grace,omitempty"`
	// ExtensionBudget: how much a player may extend deadlines in the
	// whole game (EXTEND); 0: none.
	ExtensionBudget time.Duration `json:"extensionBudget,omitempty"`
	// AbsenceMax: how much absence a player may declare in the whole game
	// (ABSENCE); 0: none.
	AbsenceMax time.Duration `json:"absenceMax,omitempty"`
	// Schedule puts the deadlines on a weekly calendar (the moderator's
	// DEADLINE EVERY); nil: each segment's duration alone sets them.
	Schedule *Schedule `json:"schedule,omitempty"`
	// Zone is the moderators' time zone (TIMEZONE in a MODERATOR email
	// or CREATE): DEADLINE's times are read in it, and a schedule that
	// names no zone is in it. "": UTC.
	Zone string `json:"zone,omitempty"`
	// Mail is the players' delivery unless they choose (Seat.Mail):
	// MailDigest (or "", the default) or MailEverySegment.
	Mail string `json:"mail,omitempty"`
}

// Schedule is a game's weekly calendar of deadlines: a segment's
// deadline is the first of its times at least the segment's duration
// after the segment opens (judge/deadline).
type Schedule struct {
	// Days are the weekdays with a deadline, Sunday first; Minute the
	// time of day, in minutes after midnight, in Zone (an IANA name).
	Days   []time.Weekday `json:"days"`
	Minute int            `json:"minute"`
	Zone   string         `json:"zone"`
	// Skip are the dates (YYYY-MM-DD, in Zone) without a deadline.
	Skip []string `json:"skip,omitempty"`
}

// DefaultDisorderAfter is the count of deadlines missed in a row after
// which a seat falls into civil disorder under NMR "computer" when the
// game names none (Rules.DisorderAfter): two, as Diplicity's.
const DefaultDisorderAfter = 2

// Disorder is how many deadlines in a row a seat of g may miss under
// NMR "computer" before the computer plays it.
func (r Rules) Disorder() int {
	if r.DisorderAfter > 0 {
		return r.DisorderAfter
	}
	return DefaultDisorderAfter
}

// The deliveries of reports and notices (Rules.Mail, Seat.Mail).
const (
	MailDigest       = "digest"
	MailEverySegment = "every-segment"
)

// EverySegment reports whether seat gets a report and a notice after every
// adjudication (its own choice, else the game's), not the digest.
func (g *Game) EverySegment(seat Seat) bool {
	if seat.Mail != "" {
		return seat.Mail == MailEverySegment
	}
	return g.Rules.Mail == MailEverySegment
}

// Absence is a time a player is away: deadlines falling in it move to its
// end.
type Absence struct {
	From  time.Time `json:"from"`
	Until time.Time `json:"until"`
	// MovedSegment is the version at which the segment opened whose
	// deadline this absence moved (0: none yet): ABSENCE NONE leaves
	// such an absence standing while that segment is open, so that an
	// absence declared and cancelled is no free extension.
	MovedSegment int `json:"movedSegment,omitempty"`
}

// Seat binds a power to a player's address and the hash of the power's
// secret (see HashSecret).
type Seat struct {
	Power      storm.Power `json:"power"`
	Address    string      `json:"address"`
	SecretHash string      `json:"secretHash"`
	// Undeliverable is set when mail to Address failed permanently (the
	// server refused it, or the mailer gave up): the time (RFC 3339) and
	// the server's reply of the last such failure. "" while mail goes out.
	Undeliverable string `json:"undeliverable,omitempty"`
	// TimeZone is the player's IANA time zone (TIMEZONE): deadlines are
	// shown in it besides UTC; "" UTC only.
	TimeZone string `json:"timeZone,omitempty"`
	// Missed counts the deadlines the power missed.
	Missed int `json:"missed,omitempty"`
	// MissedAt are the versions open when each of those deadlines passed,
	// one per miss still counted: a ROLLBACK to version v forgives those
	// at v or later (the segments it undoes), FORGIVE all of them.
	MissedAt []int `json:"missedAt,omitempty"`
	// ExtensionUsed is what the player spent of the extension budget.
	ExtensionUsed time.Duration `json:"extensionUsed,omitempty"`
	// Absences the player declared, in order.
	Absences []Absence `json:"absences,omitempty"`
	// Vacant: the player resigned; the seat is held by the moderator
	// (Address is the moderator's) until the moderator replaces it.
	Vacant bool `json:"vacant,omitempty"`
	// Welcome is the outbox ID of the welcome that seated the current
	// player (the thread root of the player's mail); "" the first one.
	Welcome string `json:"welcome,omitempty"`
	// ConfigAddress is the address the operator's configuration gave the
	// seat when it last seated it; "" for a game created by email, or
	// one stored before this field (then Address). A seat moved by email
	// (REPLACE, RESIGN) keeps it, so a restart with the same
	// configuration does not move the seat back.
	ConfigAddress string `json:"configAddress,omitempty"`
	// Mail is the player's choice of delivery: MailEverySegment (a public
	// report and a private notice after every adjudication), MailDigest
	// (one mail when the power must act, the turn ends or there is news
	// for it: publish.Publisher.Publish, docs/orders.md "Mail delivery"),
	// or "" the game's (Rules.Mail).
	Mail string `json:"mail,omitempty"`
	// TextOnly: the player chose MAIL TEXT, for a small mailbox: the
	// reports and notices come as their text alone, without the picture
	// and the HTML tables (publish.ForReader); MAIL PICTURE undoes it.
	TextOnly bool `json:"textOnly,omitempty"`
	// Open: the seat waits for a player (CREATE's SEAT <power> OPEN):
	// it is listed by LIST and taken by JOIN. An open seat is
	// Vacant too (Address is the moderator's). While a seat is open the
	// game waits (Game.Waiting): it starts when the last one is taken, or
	// when the moderator STARTs it and the open seats stay vacant.
	Open bool `json:"open,omitempty"`
	// Cancels are the cancelled calendar events of segments that closed
	// before their deadline, waiting for the seat's next digest
	// (publish.Publisher.Publish): a cancellation alone sends no mail.
	Cancels []Attachment `json:"cancels,omitempty"`
	// Folded are the announcements that did not change what the player
	// must do or when (a miss of others, the moderator's PAUSE, SET...),
	// kept for the seat's next mail, which leads with them
	// (publish.Publisher.Publish); at most MaxFolded, the oldest giving
	// way (Fold).
	Folded []string `json:"folded,omitempty"`
	// Joins are the requests for an open seat (JOIN), oldest first.
	Joins []Join `json:"joins,omitempty"`
	// Mailed is the version of the power's last digest (0: none yet, or
	// not known): the versions after it were folded into its next one.
	Mailed int `json:"mailed,omitempty"`
	// Computer: the moderator gave the seat to the computer player
	// (CREATE's SEAT <power> COMPUTER, REPLACE <power> COMPUTER, or a
	// configuration's seat "computer"). Its Address is "": no mail goes
	// to it and no email is ever read as its; its SecretHash is of a
	// secret nobody was given. The computer orders for it whenever it
	// must (package judge/autoplay), its orders stored as the seat's with
	// From ComputerFrom.
	Computer bool `json:"computer,omitempty"`
	// Disorder: civil disorder under NMR "computer": the seat missed
	// Rules.Disorder() deadlines in a row and the computer orders for
	// it as for a Computer seat; the seat keeps its player's address
	// (its mail still goes there) and the player's next accepted email
	// takes it back.
	Disorder bool `json:"disorder,omitempty"`
	// MissedRun counts the deadlines the power missed in a row: reset by
	// an accepted email of its player (NMR "computer" counts it).
	MissedRun int `json:"missedRun,omitempty"`
	// DisorderAt is the version open when the miss that put the seat in
	// civil disorder was counted (0 while not in Disorder): the grace of
	// that deadline is its player's still, and only a ROLLBACK to it or
	// earlier (one that undoes that miss) ends the disorder; FORGIVE
	// and a change of the rules leave it.
	DisorderAt int `json:"disorderAt,omitempty"`
}

// ComputerFrom is the From of an order record the computer player made
// (OrderRecord.Computer), and the Actor of its audit entries.
const ComputerFrom = "computer"

// ByComputer reports a seat whose orders the computer makes: one given
// to the computer (Computer) or in civil disorder (Disorder).
func (s Seat) ByComputer() bool { return s.Computer || s.Disorder }

// Join is a request for an open seat (JOIN): the address that asked,
// the hash of the secret the judge mailed it, and when it asked. The
// address confirms it by sending that secret back (Confirmed); in a game
// whose moderator approves joins it then waits for APPROVE.
type Join struct {
	Address    string    `json:"address"`
	SecretHash string    `json:"secretHash"`
	Asked      time.Time `json:"asked"`
	Confirmed  time.Time `json:"confirmed,omitzero"`
}

// LapsedJoin is a request for p's seat dropped when the seat was taken
// or the game started: a confirmation from Address until Until is told
// the seat is gone.
type LapsedJoin struct {
	Address string      `json:"address"`
	Power   storm.Power `json:"power"`
	Until   time.Time   `json:"until"`
}

// Join returns addr's request for seat s, or nil.
func (s *Seat) Join(addr string) *Join {
	for i := range s.Joins {
		if s.Joins[i].Address == strings.ToLower(addr) {
			return &s.Joins[i]
		}
	}
	return nil
}

// Waiting reports a game that has not started: a seat is still open
// (Seat.Open). It takes no orders and has no deadline until it starts.
func (g *Game) Waiting() bool {
	return slices.ContainsFunc(g.Seats, func(s Seat) bool { return s.Open })
}

// OpenSeats are the powers whose seats are open, in order.
func (g *Game) OpenSeats() []storm.Power { return g.SeatsWhere(func(s Seat) bool { return s.Open }) }

// SeatsWhere are the powers whose seats keep says, in order.
func (g *Game) SeatsWhere(keep func(Seat) bool) []storm.Power {
	var out []storm.Power
	for _, s := range g.Seats {
		if keep(s) {
			out = append(out, s.Power)
		}
	}
	return out
}

// Seat returns the seat of power p, or nil.
func (g *Game) Seat(p storm.Power) *Seat {
	for i := range g.Seats {
		if g.Seats[i].Power == p {
			return &g.Seats[i]
		}
	}
	return nil
}

func validPower(p storm.Power) bool {
	return slices.Contains(storm.Powers, p)
}

// validate checks the invariants PutGame enforces and Check verifies.
func (g *Game) validate() error {
	if g.ID == "" {
		return errors.New("empty game ID")
	}
	if g.Version < 0 {
		return fmt.Errorf("negative version %d", g.Version)
	}
	seen := map[storm.Power]bool{}
	for i, s := range g.Seats {
		if !validPower(s.Power) {
			return fmt.Errorf("seat %d: invalid power %d", i, s.Power)
		}
		if seen[s.Power] {
			return fmt.Errorf("seat %d: power %v seated twice", i, s.Power)
		}
		seen[s.Power] = true
		if s.SecretHash == "" {
			return fmt.Errorf("seat %d (%v): empty secret hash", i, s.Power)
		}
		if s.Open && !s.Vacant {
			return fmt.Errorf("seat %d (%v): open but not vacant", i, s.Power)
		}
		if s.Computer && (s.Address != "" || s.Open || s.Vacant || s.Disorder) {
			return fmt.Errorf("seat %d (%v): the computer's seat has an address, is open, vacant or in disorder", i, s.Power)
		}
		if s.DisorderAt != 0 && !s.Disorder {
			return fmt.Errorf("seat %d (%v): the version of a civil disorder (%d) without the disorder", i, s.Power, s.DisorderAt)
		}
		if len(s.Joins) > 0 && !s.Open {
			return fmt.Errorf("seat %d (%v): join requests for a seat that is not open", i, s.Power)
		}
	}
	if m := g.Press.Mode; m != "" && !slices.Contains(PressModes, m) {
		return fmt.Errorf("press mode %q", m)
	}
	return nil
}

// GameFold returns the game whose ID is id whatever its case: game IDs
// that differ only in case are one game. The ID as written wins; else the
// one game whose ID matches id in another case (none, or several, as a
// store from before this rule may hold: an error wrapping ErrNotFound).
func (tx *Tx) GameFold(id string) (*Game, error) {
	g, err := tx.Game(id)
	if err == nil || !errors.Is(err, ErrNotFound) || id == "" {
		return g, err
	}
	if other := tx.foldedID(id); other != "" {
		return tx.Game(other)
	}
	return nil, err
}

// foldedID is the one game ID that matches id in another case, or "".
func (tx *Tx) foldedID(id string) string {
	b := tx.rbucket(bucketGames)
	if b == nil {
		return ""
	}
	found, n := "", 0
	_ = b.ForEach(func(k, _ []byte) error {
		if string(k) != id && strings.EqualFold(string(k), id) {
			found, n = string(k), n+1
		}
		return nil
	})
	if n != 1 {
		return ""
	}
	return found
}

// Game returns the game with the given ID, or an error wrapping ErrNotFound.
func (tx *Tx) Game(id string) (*Game, error) {
	b := tx.rbucket(bucketGames)
	var v []byte
	if b != nil && id != "" {
		v = b.Get([]byte(id))
	}
	if v == nil {
		return nil, fmt.Errorf("store: game %q: %w", id, ErrNotFound)
	}
	g := new(Game)
	if err := json.Unmarshal(v, g); err != nil {
		return nil, fmt.Errorf("store: game %q: %w", id, err)
	}
	return g, nil
}

// PutGame creates or replaces game g.ID. Seats must name distinct powers and
// carry a secret hash.
//
// Lowering Version (a rollback) moves the orders of the versions above the new
// Version into the order history, so that the current orders only ever belong
// to versions <= Version. States are kept: a rollback loses nothing, and the
// re-adjudicated state replaces (and archives) the old one in PutState.
func (tx *Tx) PutGame(g *Game) error {
	if err := tx.mustWrite("put game"); err != nil {
		return err
	}
	if err := g.validate(); err != nil {
		return fmt.Errorf("store: put game %q: %w", g.ID, err)
	}
	b, err := tx.wbucket(bucketGames)
	if err != nil {
		return fmt.Errorf("store: put game %q: %w", g.ID, err)
	}
	old := b.Get([]byte(g.ID))
	if old == nil {
		// A new game: none may differ from it only in case.
		var clash string
		_ = b.ForEach(func(k, _ []byte) error {
			if strings.EqualFold(string(k), g.ID) {
				clash = string(k)
			}
			return nil
		})
		if clash != "" {
			return fmt.Errorf("store: put game %q: game %q exists (game IDs that differ only in case are one game)", g.ID, clash)
		}
	}
	if old != nil {
		var prev Game
		if err := json.Unmarshal(old, &prev); err != nil {
			return fmt.Errorf("store: put game %q: previous record: %w", g.ID, err)
		}
		if g.Version < prev.Version {
			if err := tx.archiveOrdersAbove(g.ID, g.Version); err != nil {
				return fmt.Errorf("store: put game %q: %w", g.ID, err)
			}
		}
	}
	v, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("store: put game %q: %w", g.ID, err)
	}
	if err := b.Put([]byte(g.ID), v); err != nil {
		return fmt.Errorf("store: put game %q: %w", g.ID, err)
	}
	return nil
}

// Games returns every game, sorted by ID.
func (tx *Tx) Games() ([]*Game, error) {
	var games []*Game
	b := tx.rbucket(bucketGames)
	if b == nil {
		return games, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		g := new(Game)
		if err := json.Unmarshal(v, g); err != nil {
			return fmt.Errorf("store: game %q: %w", k, err)
		}
		games = append(games, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return games, nil // bbolt iterates in key order: sorted by ID
}

// Miss counts a missed deadline of the seat, at open version v.
func (s *Seat) Miss(v int) {
	s.Missed++
	s.MissedRun++
	s.MissedAt = append(s.MissedAt, v)
}

// Forgive forgets the seat's misses at version from or later (the
// segments a rollback to from undoes; 0: every miss, the moderator's
// FORGIVE) and returns how many.
func (s *Seat) Forgive(from int) int {
	if from <= 0 {
		n := s.Missed
		s.Missed, s.MissedAt, s.MissedRun = 0, nil, 0
		return n
	}
	n := 0
	s.MissedAt = slices.DeleteFunc(s.MissedAt, func(v int) bool {
		if v >= from {
			n++
			return true
		}
		return false
	})
	s.Missed = max(s.Missed-n, 0)
	s.MissedRun = max(s.MissedRun-n, 0)
	if len(s.MissedAt) == 0 {
		s.MissedAt = nil
	}
	return n
}

// MaxFolded bounds a seat's folded announcements (Seat.Folded): a player
// who declares and cancels absences over and over, or a long PAUSE, must
// not grow every other seat's record, nor its next mail, without end.
const MaxFolded = 20

// Fold keeps lines for the seat's next mail, the oldest giving way
// beyond MaxFolded to one line that counts them.
func (s *Seat) Fold(lines ...string) {
	s.Folded = append(s.Folded, lines...)
	if len(s.Folded) <= MaxFolded {
		return
	}
	dropped := len(s.Folded) - MaxFolded + 1
	if n, ok := foldedDropped(s.Folded[0]); ok {
		dropped += n - 1 // the count line itself was one of them
	}
	s.Folded = append([]string{fmt.Sprintf("(%d earlier announcements left out; the moderators' STATUS and the game's reports have them.)", dropped)}, s.Folded[len(s.Folded)-MaxFolded+1:]...)
}

// foldedDropped reads Fold's count line.
func foldedDropped(line string) (int, bool) {
	var n int
	if _, err := fmt.Sscanf(line, "(%d earlier announcements left out;", &n); err != nil {
		return 0, false
	}
	return n, true
}
