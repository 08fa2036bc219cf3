package publish

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/letters"
	"stormjudge/report"
	"stormjudge/store"
)

// Publisher queues the judge's mail in the store's outbox and draws the
// pictures it shows. Its fields are set once, by the judge, before use.
type Publisher struct {
	// Address is the judge's own mailbox (the From of every mail);
	// Domain the right-hand side of the Message-IDs it makes.
	Address, Domain string
	// DrawAhead: a version's pictures are drawn as soon as a mail
	// showing one is committed (prefetch).
	DrawAhead bool
	Log       *slog.Logger

	db *store.DB
	// pictures are the pictures of the versions drawn last (pictures.go).
	pictures pictureCache
}

// New returns a Publisher over db; the caller sets its fields.
func New(db *store.DB) *Publisher { return &Publisher{db: db} }

// PicturesKept reports whether the pictures of game's version v are kept
// or being drawn.
func (pb *Publisher) PicturesKept(game string, v int) bool {
	return pb.pictures.has(pictureKey(game, v))
}

// PicturesDrawn counts the versions whose pictures were drawn (each
// mail asks for its own: this is how often they were really drawn).
func (pb *Publisher) PicturesDrawn() int64 { return pb.pictures.drawn.Load() }

// VersionMailID is the outbox ID of a report or notice of version v of g
// for whom: "<game>/v<v>/<kind>/<whom>", with the rollback Epoch after
// the version once the game was rolled back (versionOf reads it back).
func VersionMailID(g *store.Game, v int, kind, whom string) string {
	return fmt.Sprintf("%s/v%d%s/%s/%s", g.ID, v, Epoch(g), kind, whom)
}

// NotifyMessage queues a rendered report or notice: its text as
// format=flowed, its HTML, and its picture inline, stored by its source
// (drawn by the outbox when it sends, Publisher.Inline).
func (pb *Publisher) NotifyMessage(tx *store.Tx, root, id, to string, r report.Message, source string, now time.Time, att ...store.Attachment) error {
	game, _, _ := strings.Cut(id, "/")
	m := &store.Mail{ID: id, Game: game, To: []string{to}, Subject: r.Subject, Body: r.Flowed, Flowed: true,
		HTML: r.HTML, AutoSubmitted: "auto-generated", Attachments: att}
	if r.HasPicture && source != "" {
		m.Inline = []store.Inline{{ContentID: r.PictureCID, ContentType: "image/png", Name: "game.png", Source: source}}
		// The version's pictures are drawn as soon as the mail is
		// committed, while the mails before it go out (pictures.go).
		if pb.DrawAhead {
			tx.OnCommit(func() { go pb.prefetch(source) })
		}
	}
	if root != "" {
		m.References = []string{strings.Trim(root, "<>")}
	}
	return pb.Enqueue(tx, m, now)
}

// Recipients of public reports: every seated address and every moderator,
// each once, sorted; a seat the computer plays has none (store.Seat.Computer).
func Recipients(g *store.Game) []string {
	set := map[string]bool{}
	for _, s := range g.Seats {
		if s.Address != "" { // a seat the computer plays gets no mail
			set[s.Address] = true
		}
	}
	for _, m := range g.Moderators {
		set[m] = true
	}
	out := make([]string, 0, len(set))
	for a := range set {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// Notify queues an automatic plain-text mail (a welcome, a notice to the
// moderators) to one address; sensitive mail carries a secret and has its
// body dropped once sent (store.Mail.Sensitive). Reports and notices go
// through NotifyMessage.
func (pb *Publisher) Notify(tx *store.Tx, id, to, subject, body string, sensitive bool, now time.Time) error {
	m := TextMail(id, to, subject, body)
	m.Sensitive = sensitive
	return pb.Enqueue(tx, m, now)
}

// NotifyText queues an automatic text mail (an announcement, a copy of a
// receipt, a notice to a replaced player) to one address, threaded under
// root when given.
func (pb *Publisher) NotifyText(tx *store.Tx, root, id, to, subject, body string, now time.Time, att ...store.Attachment) error {
	m := TextMail(id, to, subject, body)
	m.Attachments = att
	if root != "" {
		m.References = []string{strings.Trim(root, "<>")}
	}
	return pb.Enqueue(tx, m, now)
}

// TextMail is the judge's automatic text mail: format=flowed, long lines
// wrapped (report.Flow); every such mail's ID starts with its game.
func TextMail(id, to, subject, body string) *store.Mail {
	game, _, _ := strings.Cut(id, "/")
	return &store.Mail{ID: id, Game: game, To: []string{to}, Subject: subject, Body: report.Flow(body), Flowed: true,
		AutoSubmitted: "auto-generated"}
}

// ErrNoAddress is Enqueue's refusal of a mail with an empty recipient
// (a seat the computer plays has none): a fault of the judge.
var ErrNoAddress = errors.New("publish: a mail to an empty address")

// Enqueue fills the judge's envelope fields of m and queues it in tx. The
// Message-ID is derived from the outbox ID, so a resend after a crash
// carries the same Message-ID and is recognisable as the same mail.
func (pb *Publisher) Enqueue(tx *store.Tx, m *store.Mail, now time.Time) error {
	// A seat the computer plays has no address (store.Seat.Computer).
	// Every path that addresses seats skips those seats: a mail to an
	// empty address is a fault of the judge, refused with ErrNoAddress
	// (the caller's transaction rolls back) so that tests find it.
	if len(m.To) == 0 || slices.ContainsFunc(m.To, func(a string) bool { return strings.TrimSpace(a) == "" }) {
		if pb.Log != nil {
			pb.Log.Error("a mail to no address (a seat the computer plays?) was refused", "id", m.ID)
		}
		return fmt.Errorf("%w: mail %s", ErrNoAddress, m.ID)
	}
	m.From = pb.Address
	if m.MessageID == "" {
		m.MessageID = pb.messageID(m.ID)
	}
	if m.Created.IsZero() {
		m.Created = now
	}
	return tx.Enqueue(m)
}

// messageID is the Message-ID of the judge's mail with outbox ID id.
func (pb *Publisher) messageID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return "<" + sanitizeID(id) + "." + hex.EncodeToString(sum[:4]) + "@" + pb.Domain + ">"
}

// WelcomeID is the outbox ID of the welcome that seated power p in game
// (a seat moved by reseat gets another one, with a suffix).
func WelcomeID(game string, p storm.Power) string { return game + "/welcome/" + p.String() }

// ModeratorWelcomeID is the outbox ID of a moderator's welcome.
func ModeratorWelcomeID(game, addr string) string { return game + "/welcome/moderator/" + addr }

// ThreadRoot is the Message-ID under which every report and notice of g
// to addr is threaded (References): the welcome mail of the address's
// first seat, or of the moderator. Mail clients then keep each game's
// mail in one thread per reader.
func (pb *Publisher) ThreadRoot(g *store.Game, addr string) string {
	for _, s := range g.Seats {
		if s.Address == addr && !s.Vacant {
			if s.Welcome != "" {
				return pb.messageID(s.Welcome)
			}
			return pb.messageID(WelcomeID(g.ID, s.Power))
		}
	}
	return pb.messageID(ModeratorWelcomeID(g.ID, addr))
}

func sanitizeID(id string) string {
	var b strings.Builder
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('.')
		}
	}
	s := b.String()
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// LoadVersion reads version v of game: its state and the events that
// made it (none for version 0).
func LoadVersion(tx *store.Tx, game string, v int) (storm.State, []event.Event, error) {
	s, err := tx.State(game, v)
	if err != nil {
		return s, nil, err
	}
	raw, err := tx.Events(game, v)
	if err != nil || raw == nil {
		return s, nil, err
	}
	evs, err := event.UnmarshalEvents(raw)
	return s, evs, err
}

// SetOf is the moderator's SET that made version v of game (its record,
// kept as the draw of the version before), or nil when v is no SET's.
func SetOf(tx *store.Tx, game string, v int) (*store.OrderRecord, error) {
	if v <= 0 {
		return nil, nil
	}
	d, err := tx.Draw(game, v-1)
	if err != nil || d == nil || len(d.Orders) == 0 || d.Orders[0].Kind != storm.SetState {
		return nil, err
	}
	return d, nil
}

// Epoch is the suffix of the mail IDs of a game rolled back: "" before
// the first rollback, "r1", "r2" ... after (so that a version published
// again gets new mails).
func Epoch(g *store.Game) string {
	if g.Rollbacks == 0 {
		return ""
	}
	return fmt.Sprintf("r%d", g.Rollbacks)
}

// OpenedAt is the version at which g's open segment opened: a SET makes
// versions within it (a game stored before the segment's version was
// kept counts from its latest).
func OpenedAt(g *store.Game) int {
	if g.SegmentVersion == 0 {
		return g.Version
	}
	return g.SegmentVersion
}

// VersionOf reads the game version out of one of the judge's own
// Message-IDs for a report or notice of game ("<game>.v<N>.public...@domain",
// made by Enqueue from the outbox ID "<game>/v<N>/..."); ok is false for
// any other identifier (a receipt, a welcome, someone else's mail).
//
// After a rollback the version is followed by the rollback count
// ("v5r1", VersionMailID); ep is that count (0 before any).
func (pb *Publisher) VersionOf(id, game string) (v, ep int, ok bool) {
	local, domain, ok := strings.Cut(id, "@")
	if !ok || !strings.EqualFold(domain, pb.Domain) {
		return 0, 0, false
	}
	parts := strings.Split(local, ".")
	if len(parts) < 4 || parts[0] != sanitizeID(game) || len(parts[1]) < 2 || parts[1][0] != 'v' {
		return 0, 0, false
	}
	switch parts[2] {
	case "public", "private", "digest", "moderator":
	default:
		return 0, 0, false
	}
	num, rb, hasEp := strings.Cut(parts[1][1:], "r")
	v, err := strconv.Atoi(num)
	if err != nil || v < 0 {
		return 0, 0, false
	}
	if hasEp {
		if ep, err = strconv.Atoi(rb); err != nil || ep < 1 {
			return 0, 0, false
		}
	}
	return v, ep, true
}

// PressID is the outbox ID of press seq of game as mailed to the player of
// power to (command.sendPress).
func PressID(game string, seq uint64, to storm.Power) string {
	return fmt.Sprintf("%s/press/%d/%s", game, seq, to)
}

// PressOf reads which press of game a Message-ID is, as mailed to the
// player of power to: seq is its number in the game's press log; ok is
// false for any other identifier (another power's copy among them: a
// reply answers the press its sender received).
func (pb *Publisher) PressOf(id, game string, to storm.Power) (seq uint64, ok bool) {
	id = strings.Trim(strings.TrimSpace(id), "<>")
	local, _, found := strings.Cut(id, "@")
	if !found {
		return 0, false
	}
	rest, found := strings.CutPrefix(local, sanitizeID(game)+".press.")
	if !found {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, ".")
	seq, err := strconv.ParseUint(num, 10, 64)
	if err != nil || seq < 1 {
		return 0, false
	}
	if pb.messageID(PressID(game, seq, to)) != "<"+id+">" {
		return 0, false
	}
	return seq, true
}

// ShortHash names a receipt by the delivery it answers: stable across a
// crash and short enough to keep the Message-ID header on one line.
func ShortHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:10])
}

// ToModerators mails each of g's moderators subject and body, threaded
// under the moderator's welcome; the mail's outbox ID is id, a slash and
// the moderator's address.
func (pb *Publisher) ToModerators(tx *store.Tx, g *store.Game, id, subject, body string, now time.Time) error {
	for _, mod := range g.Moderators {
		if err := pb.NotifyText(tx, pb.ThreadRoot(g, mod), id+"/"+mod, mod, subject, body, now); err != nil {
			return err
		}
	}
	return nil
}

// ObserverFooter closes an observer's report r of game with the one line
// that stops its reports (letters.ObserverFooter), in each of its forms:
// every mail to an observer carries it.
func ObserverFooter(r report.Message, game string) report.Message {
	line := letters.ObserverFooter(game)
	r.Text = strings.TrimRight(r.Text, "\n") + "\n\n" + line + "\n"
	r.Flowed = strings.TrimRight(r.Flowed, "\n") + "\n\n" + report.Flow(line)
	if i := strings.LastIndex(r.HTML, "</body>"); i >= 0 {
		r.HTML = r.HTML[:i] + "<p>" + html.EscapeString(line) + "</p>\n" + r.HTML[i:]
	}
	return r
}
