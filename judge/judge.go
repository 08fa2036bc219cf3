package judge

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/autoplay"
	"stormjudge/judge/deadline"
	"stormjudge/judge/guard"
	"stormjudge/judge/letters"
	"stormjudge/judge/publish"
	"stormjudge/orders"
	"stormjudge/store"
)

// Options configure a Judge. A nil *Options means defaults.
type Options struct {
	// Address is the judge's own mailbox: the From of every mail it sends,
	// and mail from it is never answered.
	Address string
	// Domain is the right-hand side of the Message-IDs the judge makes;
	// default: the domain of Address.
	Domain string
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Logger; default slog.Default().
	Logger *slog.Logger
	// Kick is called after a transaction that queued mail (to wake the
	// outbox loop); may be nil.
	Kick func()
	// Limits bound the inbound mail the judge reads (docs/orders.md);
	// zero fields: orders.DefaultLimits (New fills them in).
	Limits orders.Limits
	// Masters may create games by email (CREATE), each with its own
	// secret (hashed).
	Masters []Master
	// Decks are the random event decks a game created by email may name
	// (DECK <name>), by name.
	Decks map[string]*storm.Deck
	// Brake is the receipt brake against mail loops (guard.Brake); zero:
	// none.
	Brake Brake
	// DrawAhead: a version's pictures are drawn as soon as a mail showing
	// one is committed (publish.Publisher), for the daemon, whose outbox
	// asks for them (Inline) right after.
	DrawAhead bool
	// Hook is a fault seam for crash tests; nil means no-op. It is called
	// at "judge-ingested" (an email's transaction committed) and
	// "judge-adjudicated" (a segment's transaction committed).
	Hook func(point string)
}

// hook calls the crash tests' Options.Hook at point, if there is one.
func (j *Judge) hook(point string) {
	if h := j.opt.Hook; h != nil {
		h(point)
	}
}

// Judge ingests emails and adjudicates games stored in a store.DB.
type Judge struct {
	db  *store.DB
	opt Options
	log *slog.Logger

	mu sync.Mutex
	// failures counts failed handlings of an email (by the SHA-256 of its
	// bytes) since the last success, for the quarantine (Ingest).
	failures map[[32]byte]int
	// budget slows down senders of wrong secrets (guard.SecretBudget).
	budget guard.SecretBudget
	// pub queues the mails and draws their pictures.
	pub *publish.Publisher
	// lobby bounds the answers to LIST, JOIN and OBSERVE requests
	// (guard.LobbyBudget).
	lobby guard.LobbyBudget
}

// New returns a Judge over db.
func New(db *store.DB, opts *Options) *Judge {
	var o Options
	if opts != nil {
		o = *opts
	}
	o.Address = strings.ToLower(strings.TrimSpace(o.Address))
	if o.Address == "" {
		o.Address = "judge@stormjudge.invalid"
	}
	if o.Domain == "" {
		if i := strings.LastIndexByte(o.Address, '@'); i >= 0 {
			o.Domain = o.Address[i+1:]
		} else {
			o.Domain = "stormjudge.invalid"
		}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	o.Limits = o.Limits.WithDefaults()
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	pub := publish.New(db)
	pub.Address, pub.Domain, pub.DrawAhead, pub.Log = o.Address, o.Domain, o.DrawAhead, o.Logger
	return &Judge{db: db, opt: o, log: o.Logger, pub: pub}
}

// Inline draws an image a queued mail names by its source
// (publish.Publisher.Inline): the picture of a state version for the
// public report or a power's notice. A source that no longer shows what
// the report showed is an error wrapping store.ErrImageGone.
func (j *Judge) Inline(source string) ([]byte, error) { return j.pub.Inline(source) }

// DeliveryFailed is the outbox's OnFailed (mailer.SMTPOptions.OnFailed):
// the mail server refused m for good, or the outbox gave up on it
// (publish.Publisher.DeliveryFailed: the seat flagged, the moderators
// told), in the transaction that marks m failed.
func (j *Judge) DeliveryFailed(tx *store.Tx, m *store.Mail) error {
	return j.pub.DeliveryFailed(tx, m, j.opt.Now().UTC())
}

// PublicPicture returns the public picture of game's version v, which
// shows view, when this judge has it drawn already
// (publish.Publisher.PublicPicture), for the public site.
func (j *Judge) PublicPicture(game string, v int, view adjudicator.View) ([]byte, bool) {
	return j.pub.PublicPicture(game, v, view)
}

// Address is the judge's own address.
func (j *Judge) Address() string { return j.opt.Address }

func (j *Judge) kick() {
	if j.opt.Kick != nil {
		j.opt.Kick()
	}
}

// GameDef defines a game as an operator configures it.
type GameDef struct {
	ID              string
	Moderators      []string
	Seed            uint64        // 0: drawn from crypto/rand when the game is created
	SegmentDuration time.Duration // 0: no deadline, a segment waits for every required power
	Seats           []SeatDef
	// Deck is the random event deck the game is played with (docs/deck.md);
	// nil: no random event cards.
	Deck *storm.Deck
	// PhysicalDeck: the moderator draws the printed cards and tells the
	// judge their numbers (physical-deck mode, docs/deck.md). Needs a Deck
	// and a moderator.
	PhysicalDeck bool
	// ModeratorSecret is the secret moderator orders carry; empty: the
	// judge makes one and mails it to the moderators (stored hashed).
	ModeratorSecret string
	// Diplomacy: the game plays the diplomatic phase's counters by email
	// (24.5, 24.8; docs/diplomacy.md). Off, those segments pass.
	Diplomacy bool
	// Crisis: the game plays the crisis phase by email, aggressions to war
	// and the end of the game (26-34; docs/orders.md "Crisis"). Off, those
	// segments pass and the game never ends.
	Crisis bool
	// AggressionEffects replaces the default table of aggression effects
	// (30; storm.DefaultAggressionEffects); nil: the default.
	AggressionEffects []storm.AggressionEffect
	// Rules are the deadline rules beyond SegmentDuration: durations by
	// kind of segment, reminders, NMR policy and grace, extension budget,
	// absences (docs/orders.md "Deadlines").
	Rules store.Rules
	// Press are the game's rules for press between the powers
	// (docs/orders.md "Press"); the zero value: signed press in every
	// segment.
	Press store.PressRules
	// ObserverAllow are the addresses that may observe the game; Public:
	// any may (OBSERVE).
	ObserverAllow []string
	Public        bool
	// JoinApproval: a player who JOINs an open seat waits for the
	// moderator's APPROVE (guard.LobbyBudget).
	JoinApproval bool
	// ModeratorDigest: the moderators start with MAIL DIGEST, a public
	// report once a turn, rather than one after every adjudication
	// (store.Game.ModeratorDigest); each may change it by email.
	ModeratorDigest bool
}

// SeatDef seats one player's address for one power. Secret may be empty: the
// judge then makes one and mails it to the player.
type SeatDef struct {
	Power   storm.Power
	Address string
	Secret  string
	// Open: the seat waits for a player (JOIN, command.Join); no Address.
	Open bool
	// Computer: the computer player plays the seat (autoplay); no
	// Address, no Secret, no mail.
	Computer bool
}

// Validate checks a definition without touching the store.
func (d GameDef) Validate() error {
	if !validGameID(d.ID) {
		return errors.New("judge: " + letters.BadGameID(d.ID))
	}
	seen := map[storm.Power]bool{}
	for _, s := range d.Seats {
		if s.Power == 0 {
			return errors.New("judge: " + letters.SeatWithoutPower(d.ID))
		}
		if seen[s.Power] {
			return errors.New("judge: " + letters.PowerSeatedTwice(d.ID, s.Power))
		}
		seen[s.Power] = true
		if s.Open {
			if len(d.Moderators) == 0 {
				return errors.New("judge: " + letters.OpenSeatNeedsModerator(d.ID, s.Power))
			}
			continue
		}
		if s.Computer {
			continue
		}
		if !strings.Contains(s.Address, "@") {
			return errors.New("judge: " + letters.SeatNotAnAddress(d.ID, s.Power, s.Address))
		}
	}
	if d.PhysicalDeck && d.Deck == nil {
		return errors.New("judge: " + letters.PhysicalNeedsDeck(d.ID))
	}
	if d.PhysicalDeck && len(d.Moderators) == 0 {
		return errors.New("judge: " + letters.PhysicalNeedsModerator(d.ID))
	}
	for _, m := range d.Moderators {
		if !strings.Contains(m, "@") {
			return errors.New("judge: " + letters.ModeratorNotAnAddress(d.ID, m))
		}
	}
	// 2.21: two to five players, but every power is played; a game needs all
	// five powers seated (one player may hold several).
	for _, p := range storm.Powers {
		if !seen[p] {
			return errors.New("judge: " + letters.NotSeated(d.ID, p))
		}
	}
	return nil
}

func validGameID(id string) bool {
	if len(id) == 0 || len(id) > 32 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// EnsureGame creates the game of def unless a game with its id exists.
// Creation is one transaction: the setup state (version 0), the state after
// the automatic segments up to the first that needs orders (version 1), the
// seats with hashed secrets, a welcome mail with its secret to each player,
// and the first reports and notices.
func (j *Judge) EnsureGame(def GameDef) (created bool, err error) {
	if err := def.Validate(); err != nil {
		return false, err
	}
	now := j.opt.Now().UTC()
	// The argon2id hashes of a new game's secrets take about 20 ms each:
	// they are made before the write transaction, so that games can be
	// created in parallel and nothing waits for the hashing.
	var exists bool
	if err := j.db.View(func(tx *store.Tx) error {
		_, err := tx.Game(def.ID)
		exists = err == nil
		if errors.Is(err, store.ErrNotFound) {
			err = nil
		}
		return err
	}); err != nil {
		return false, err
	}
	secrets := map[storm.Power]string{}
	hashes := map[storm.Power]string{}
	modSecret, modHash := def.ModeratorSecret, ""
	if !exists {
		for _, sd := range def.Seats {
			secret := sd.secret()
			secrets[sd.Power], hashes[sd.Power] = secret, hashSecret(secret)
		}
		if len(def.Moderators) > 0 {
			if modSecret == "" {
				modSecret = guard.NewSecret()
			}
			modHash = hashSecret(modSecret)
		}
	}
	err = j.db.Update(func(tx *store.Tx) error {
		if g, err := tx.Game(def.ID); err == nil {
			return j.reseat(tx, g, def, now)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if len(hashes) == 0 {
			return fmt.Errorf("judge: game %s appeared and vanished while it was created", def.ID)
		}
		created = true
		return j.createGame(tx, def, secrets, hashes, modSecret, modHash, "operator", now)
	})
	if err == nil && created {
		j.log.Info("game created", "game", def.ID)
		j.kick()
	}
	return created, err
}

// createGame stores a new game in tx: the setup state (version 0), the
// state after the automatic segments up to the first that needs orders
// (version 1), the seats with hashed secrets, a welcome with its secret to
// each player and to the moderators, and the first reports and notices.
// actor is who created it, for the audit log ("operator", or a game
// master's address).
func (j *Judge) createGame(tx *store.Tx, def GameDef, secrets, hashes map[storm.Power]string, modSecret, modHash, actor string, now time.Time) error {
	seed := def.Seed
	if seed == 0 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return err
		}
		seed = binary.LittleEndian.Uint64(b[:]) | 1
	}
	s0 := adjudicator.NewGame(seed)
	if def.Deck != nil {
		s0 = adjudicator.NewGameWithDeck(seed, *def.Deck)
	}
	if def.Diplomacy {
		s0 = adjudicator.WithDiplomacy(s0)
	}
	if def.Crisis {
		s0 = adjudicator.WithCrisis(s0)
	}
	if def.AggressionEffects != nil {
		var err error
		if s0, err = adjudicator.WithAggressionEffects(s0, def.AggressionEffects); err != nil {
			return fmt.Errorf("judge: game %s: %w", def.ID, err)
		}
	}
	if def.PhysicalDeck {
		var err error
		if s0, err = adjudicator.PhysicalDeck(s0); err != nil {
			return err
		}
	}
	if err := tx.PutState(def.ID, 0, s0, nil); err != nil {
		return err
	}
	g := &store.Game{ID: def.ID, Created: now, SegmentDuration: def.SegmentDuration, Rules: def.Rules, Press: def.Press,
		ObserverAllow: def.ObserverAllow, Public: def.Public, JoinApproval: def.JoinApproval}
	for _, m := range def.Moderators {
		g.Moderators = append(g.Moderators, strings.ToLower(strings.TrimSpace(m)))
	}
	if def.ModeratorDigest {
		g.ModeratorDigest, g.ModeratorMailed = slices.Clone(g.Moderators), map[string]int{}
	}
	for _, sd := range def.Seats {
		seat := store.Seat{
			Power:      sd.Power,
			Address:    strings.ToLower(strings.TrimSpace(sd.Address)),
			SecretHash: hashes[sd.Power],
		}
		if actor == "operator" {
			seat.ConfigAddress = seat.Address
		}
		if sd.Open { // the moderator holds it until a player joins
			seat = store.Seat{Power: sd.Power, Address: g.Moderators[0], SecretHash: hashes[sd.Power], Vacant: true, Open: true}
		}
		if sd.Computer { // no address: no mail, no email read as its
			seat = autoplay.Seat(sd.Power, hashes[sd.Power], actor == "operator")
		}
		g.Seats = append(g.Seats, seat)
	}
	sort.Slice(g.Seats, func(a, b int) bool { return g.Seats[a].Power < g.Seats[b].Power })
	g.ModeratorSecretHash = modHash
	if err := tx.PutGame(g); err != nil {
		return err
	}
	if err := tx.Audit(def.ID, store.AuditEntry{Time: now, Actor: actor, Action: "create",
		Detail: fmt.Sprintf("game created, seed %d, %d seats, deck %s", seed, len(g.Seats), letters.DeckName(def.Deck))}); err != nil {
		return err
	}
	for _, seat := range g.Seats {
		if seat.Open || seat.Computer {
			continue
		}
		w := j.welcome(g, seat, secrets[seat.Power])
		if err := j.pub.Notify(tx, publish.WelcomeID(def.ID, seat.Power), seat.Address, w.Subject(), w.Text(), true, now); err != nil {
			return err
		}
	}
	for _, m := range g.Moderators {
		w := letters.ModeratorWelcome{Game: g, Secret: modSecret, Physical: def.PhysicalDeck, Judge: j.opt.Address, Master: j.listedMaster(m)}
		if err := j.pub.Notify(tx, publish.ModeratorWelcomeID(def.ID, m), m, w.Subject(), w.Text(), true, now); err != nil {
			return err
		}
	}
	if g.Waiting() {
		return nil // command.Join: the game starts when its open seats are taken
	}
	if adjudicator.AwaitsDraw(s0) {
		// Physical deck: the first turn waits for the moderator's draw;
		// the setup state is reported as it is.
		return j.pub.Publish(tx, g, 0, nil, s0, now, publish.Publication{})
	}
	return j.advance(tx, g, s0, nil, now, "created")
}

// reseat applies to an existing game the one part of its definition that
// may change: a seat's address. When the operator corrects an address (an
// UNDELIVERABLE seat, a player who moved), the seat gets a new secret (the
// definition's, or a new one: the old one may have gone to a wrong
// address or never arrived), the flag is cleared, the change is audited
// and a new welcome goes to the new address. Everything else of a running
// game changes only through its moderators.
func (j *Judge) reseat(tx *store.Tx, g *store.Game, def GameDef, now time.Time) error {
	changed, recorded := false, false // recorded: a seat stored before ConfigAddress got it
	for _, sd := range def.Seats {
		seat := g.Seat(sd.Power)
		addr := strings.ToLower(strings.TrimSpace(sd.Address))
		if sd.Computer {
			addr = store.ComputerFrom
		}
		if seat == nil {
			continue
		}
		was := seat.ConfigAddress
		if was == "" {
			was = seat.Address // a seat stored before ConfigAddress
		}
		if was == addr {
			// The configuration did not change: a seat the moderator
			// moved by email (REPLACE, RESIGN) stays where it is.
			if seat.ConfigAddress == "" && seat.Address == addr {
				seat.ConfigAddress, recorded = addr, true
			}
			continue
		}
		old := seat.Address
		secret := sd.secret()
		if sd.Computer { // the configuration gives the seat to the computer
			changed = true
			if err := autoplay.Give(tx, g, seat, hashSecret(secret), now); err != nil {
				return err
			}
			continue
		}
		id := publish.WelcomeID(g.ID, seat.Power) + "/" + publish.ShortHash([]byte(addr+now.String()))
		*seat = store.Seat{Power: seat.Power, Address: addr, SecretHash: hashSecret(secret), ConfigAddress: addr, Welcome: id,
			Missed: seat.Missed, ExtensionUsed: seat.ExtensionUsed}
		if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "operator", Action: "reseat",
			Detail: fmt.Sprintf("%s: address %s -> %s (from the configuration); new secret, welcome sent", seat.Power.Title(), old, addr)}); err != nil {
			return err
		}
		w := j.welcome(g, *seat, secret)
		if err := j.pub.Notify(tx, id, addr, w.Subject(), w.Text(), true, now); err != nil {
			return err
		}
		changed = true
	}
	if !changed && !recorded {
		return nil
	}
	if changed {
		j.log.Info("seats changed from the configuration", "game", g.ID)
	}
	return tx.PutGame(g)
}

// secret is the seat's secret: the definition's, or a new one.
func (sd SeatDef) secret() string {
	if sd.Secret != "" {
		return sd.Secret
	}
	return guard.NewSecret()
}

// advance resolves the open segment of g (whose state is s) with the given
// orders and commits the result (commit).
func (j *Judge) advance(tx *store.Tx, g *store.Game, s storm.State, ords map[storm.Power][]storm.Order, now time.Time, why string) error {
	next, evs, err := adjudicator.Resolve(s, ords)
	if err != nil {
		return fmt.Errorf("judge: game %s: resolve %s: %w", g.ID, s.Segment, err)
	}
	return j.commit(tx, g, s, next, evs, now, why, nil)
}

// commit stores next as the new state version of g with its events, moves
// the deadline and queues every report and notice: all in tx, the
// caller's transaction.
//
// lead are paragraphs for the lead of every report and notice of the new
// version (who missed the deadline, whose orders the moderator entered):
// what the judge knows and the engine does not.
func (j *Judge) commit(tx *store.Tx, g *store.Game, s, next storm.State, evs []event.Event, now time.Time, why string, lead []string) error {
	cc := j.pub.Closing(g, s, now)
	v, err := putVersion(tx, g, next, evs)
	if err != nil {
		return err
	}
	req := adjudicator.Required(next)
	if len(req) == 0 && !adjudicator.AwaitsDraw(next) && g.Ended.IsZero() {
		// Nobody orders any more: the game is over (33, 34); the
		// retention of its mail counts from now (store.Retention).
		g.Ended = now
	}
	deadline.Open(g, next, now)
	if err := tx.PutGame(g); err != nil {
		return err
	}
	if err := tx.Audit(g.ID, store.AuditEntry{Time: now, Actor: "judge", Action: "adjudicate",
		Detail: fmt.Sprintf("%s %s resolved (%s); version %d; now %s %s", s.Turn, s.Segment, why, v, next.Turn, next.Segment)}); err != nil {
		return err
	}
	// The seats the computer plays order as the segment opens, in this
	// transaction (autoplay); the next Adjudicate finds them in.
	if _, err := autoplay.Orders(tx, g, next, now, j.log); err != nil {
		return err
	}
	return j.pub.Publish(tx, g, v, evs, next, now, publish.Publication{Lead: lead, Closed: cc})
}

// putVersion stores next, with the events that made it, as the next
// version of g and makes it g's version (the caller writes g).
func putVersion(tx *store.Tx, g *store.Game, next storm.State, evs []event.Event) (int, error) {
	evJSON, err := event.MarshalEvents(evs)
	if err != nil {
		return 0, err
	}
	v := g.Version + 1
	if err := tx.PutState(g.ID, v, next, evJSON); err != nil {
		return 0, err
	}
	g.Version = v
	return v, nil
}

// Tick does what the clock makes due in every game: reminders before a
// deadline, the count of a deadline missed, and the adjudication of a
// segment that is ready (all required powers submitted) or whose
// deadline (and grace) has passed; and the receipt brake's summaries
// that are due (guard.Brake). It returns how many segments it adjudicated.
func (j *Judge) Tick() (int, error) {
	// Only the games with something due get a write transaction: one
	// read transaction finds them, so an idle Tick costs no fsync.
	now := j.opt.Now().UTC()
	var due []string
	var firstErr error
	if err := j.db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		for _, g := range gs {
			w, err := work(tx, g, now)
			if err != nil {
				// One broken game must not hold up the others.
				j.log.Error("deciding whether a game is ready", "game", g.ID, "err", err)
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			if w.any() {
				due = append(due, g.ID)
			}
		}
		return nil
	}); err != nil {
		return 0, err
	}
	n := 0
	for _, id := range due {
		done, err := j.adjudicateRun(id)
		n += done
		if err != nil {
			j.log.Error("adjudicate", "game", id, "err", err)
			if firstErr == nil {
				firstErr = err
			}
		}
	}
	if _, err := j.brakeSummaries(now); err != nil {
		j.log.Error("the receipt brake's summaries", "err", err)
		if firstErr == nil {
			firstErr = err
		}
	}
	return n, firstErr
}

// MaxRun bounds the segments adjudicated one after the other in a game
// (adjudicateRun): a run of segments in which only the computer orders
// moves at once, as fast as the game's people, yet one game's long run
// does not hold up the others' Tick (the next Tick goes on with it).
const MaxRun = 64

// adjudicateRun adjudicates game's open segment and, while the segment
// that opens is ready at once (the computer's seats ordered in the
// commit that opened it, judge/autoplay), the next, up to MaxRun in all:
// each in its own transaction, as one Adjudicate. It returns how many it
// adjudicated.
func (j *Judge) adjudicateRun(game string) (int, error) {
	n := 0
	for n < MaxRun {
		done, err := j.safeAdjudicate(game)
		if err != nil || !done {
			return n, err
		}
		n++
	}
	return n, nil
}

// safeAdjudicate is Adjudicate with a panic turned into an error: one
// game's fault must not stop the clock of the others, nor the daemon (a
// panic inside the write transaction rolls it back, so nothing is half
// done; the game is tried again at the next Tick and logged each time).
func (j *Judge) safeAdjudicate(game string) (done bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			j.log.Error("panic while adjudicating", "game", game, "panic", r, "stack", string(debug.Stack()))
			done, err = false, fmt.Errorf("judge: game %s: panic while adjudicating: %v", game, r)
		}
	}()
	return j.Adjudicate(game)
}

// openSegment is what the judge reads to decide a game's open segment.
type openSegment struct {
	g    *store.Game
	s    storm.State
	draw *store.OrderRecord // the moderator's draw, when the segment awaits one
	recs map[storm.Power]store.OrderRecord
	miss []storm.Power // required powers without orders
	why  string        // why it is ready, for the audit log
	// ready: the segment may be adjudicated now.
	ready bool
	// remind are the reminders due; noteMiss: the deadline passed with
	// powers missing, to be counted and told.
	remind   []time.Duration
	noteMiss bool
	computer bool // a seat the computer plays has no orders yet (autoplay.Due)
}

func (o *openSegment) any() bool { return o.ready || len(o.remind) > 0 || o.noteMiss || o.computer }

// work reads g's open segment and what is due in it at now: the
// moderator's draw is in, or every required power ordered, or the
// deadline and its grace passed (NMR PASS or REPEAT), or the moderator
// forced it (ADJUDICATE); reminders; a miss to note. Tick asks it in a
// read transaction, Adjudicate again in its write transaction.
func work(tx *store.Tx, g *store.Game, now time.Time) (*openSegment, error) {
	o := &openSegment{g: g}
	if g.Paused {
		return o, nil
	}
	var err error
	if o.s, err = tx.State(g.ID, g.Version); err != nil {
		return nil, err
	}
	if adjudicator.AwaitsDraw(o.s) {
		o.draw, err = tx.Draw(g.ID, g.Version) // nil, nil: the moderator has not drawn yet
		o.why = "the moderator's draw"
		o.ready = o.draw != nil
		return o, err
	}
	if len(adjudicator.Required(o.s)) == 0 {
		// Nothing to wait for: the game is over (the engine advances
		// through automatic segments itself).
		return o, nil
	}
	if o.miss, o.recs, err = deadline.Waiting(tx, g, o.s); err != nil {
		return nil, err
	}
	o.remind = deadline.Reminders(g, now)
	o.noteMiss = len(o.miss) > 0 && deadline.MissDue(g, now)
	o.computer = autoplay.Due(g, o.s, o.miss, now)
	o.why = "all orders in"
	switch {
	case len(o.miss) == 0:
		o.ready = true
	case g.Forced:
		o.ready, o.why = true, "the moderator's ADJUDICATE; no orders from "+letters.Powers(o.miss)
	case g.Deadline.IsZero() || now.Before(g.Deadline.Add(g.Rules.Grace)) || deadline.NMR(g) == "wait":
	default:
		o.ready, o.why = true, "deadline passed; no orders from "+letters.Powers(o.miss)
	}
	return o, nil
}

// errNothingDue ends Adjudicate's transaction when the game has nothing
// due: an Update that writes nothing would still commit, with an fsync,
// after every accepted email.
var errNothingDue = errors.New("judge: nothing due")

// Adjudicate does what is due in game in one transaction (reminders, a
// missed deadline, the adjudication of the open segment when it is
// ready) and reports whether it adjudicated.
func (j *Judge) Adjudicate(game string) (bool, error) {
	now := j.opt.Now().UTC()
	done := false
	err := j.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(game)
		if err != nil {
			return err
		}
		o, err := work(tx, g, now)
		if err == nil && !o.any() {
			return errNothingDue // rolled back: no commit, no fsync
		}
		if err != nil {
			return err
		}
		if len(o.remind) > 0 {
			if err := j.remind(tx, g, o.s, o.miss, o.remind, now); err != nil {
				return err
			}
		}
		// A computer's seat without orders (the game resumed, civil
		// disorder) orders before a miss is counted, so that no seat
		// the computer plays is ever counted, nor listed, as missing;
		// then those that fell into civil disorder at this deadline
		// (after their grace, or the moderator's ADJUDICATE).
		if o, err = j.computerOrders(tx, g, o, now); err != nil {
			return err
		}
		if o.noteMiss {
			if err := j.noteMiss(tx, g, o.s, o.miss, now); err != nil {
				return err
			}
			if o, err = j.computerOrders(tx, g, o, now); err != nil {
				return err
			}
		}
		if !o.ready {
			return tx.PutGame(g)
		}
		done = true
		if o.draw != nil {
			next, evs, err := adjudicator.ResolveDraw(o.s, o.draw.Orders)
			if err != nil {
				return fmt.Errorf("judge: game %s: %w", game, err)
			}
			return j.commit(tx, g, o.s, next, evs, now, o.why, nil)
		}
		ords := map[storm.Power][]storm.Order{}
		var entered []string
		for p, r := range o.recs {
			ords[p] = r.Orders
			if r.ByModerator {
				entered = append(entered, letters.Entered(p, o.s.Segment))
			}
		}
		sort.Strings(entered)
		var lead []string
		if len(o.miss) > 0 {
			missed, err := deadline.Missed(tx, g, o.s, o.miss, o.recs, ords, now)
			if err != nil {
				return err
			}
			lead = append(lead, missed)
		}
		disorder, fell := autoplay.DisorderLead(g, o.recs)
		var late []storm.Power
		for _, p := range g.MissedNow {
			if !slices.Contains(o.miss, p) && !slices.Contains(fell, p) {
				late = append(late, p)
			}
		}
		if len(late) > 0 {
			lead = append(lead, letters.OrderedLate(late))
		}
		lead = append(lead, disorder...)
		lead = append(lead, entered...)
		next, evs, err := adjudicator.Resolve(o.s, ords)
		if err != nil {
			return fmt.Errorf("judge: game %s: resolve %s: %w", g.ID, o.s.Segment, err)
		}
		return j.commit(tx, g, o.s, next, evs, now, o.why, lead)
	})
	if errors.Is(err, errNothingDue) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if done {
		j.hook("judge-adjudicated")
		j.log.Info("segment adjudicated", "game", game)
	}
	j.kick()
	return done, nil
}

// computerOrders makes the orders of the seats the computer plays that
// have none and for which it orders now (autoplay.Due) and reads the
// segment again; o as it is when there are none.
func (j *Judge) computerOrders(tx *store.Tx, g *store.Game, o *openSegment, now time.Time) (*openSegment, error) {
	if !autoplay.Due(g, o.s, o.miss, now) {
		return o, nil
	}
	if _, err := autoplay.Orders(tx, g, o.s, now, j.log); err != nil {
		return nil, err
	}
	return work(tx, g, now)
}

// MissingPowers lists the powers that must order in the open segment of
// s and have not, given its order records (deadline.MissingPowers): the
// deadline, the receipts, STATUS and the operator's `game list` and
// `game show` all go by it.
func MissingPowers(s storm.State, recs map[storm.Power]store.OrderRecord) []storm.Power {
	return deadline.MissingPowers(s, recs)
}
