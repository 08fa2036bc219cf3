package publish

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
	"stormjudge/store"
)

// The pictures of a version are drawn together: the mails of
// one adjudication show the public picture and each power's, which share
// their public part (report.PicturesEach draws it once). The first mail of
// a version to be sent starts drawing them all; each mail waits for its
// own picture only, which is handed over as soon as it is drawn (the
// public one first).

// pictureCacheVersions is how many versions' pictures are kept: the
// mails of a version go out within seconds of each other.
const pictureCacheVersions = 8

// pictureCache keeps the pictures of the versions drawn last, by game
// and version, each set drawn once even when several mails ask at once.
type pictureCache struct {
	mu    sync.Mutex
	sets  map[string]*pictureSet
	order []string
	// drawn counts the sets drawn (the outbox asks for every mail's
	// picture: this is how often they were really drawn).
	drawn atomic.Int64
}

// pictureSet is one version's pictures, drawn from the stored state whose
// content key (store.Tx.StateKey) is state. ready is closed once pics
// (by source: pictureSource) or err is set; each picture has its own
// done.
type pictureSet struct {
	state [32]byte
	ready chan struct{}
	pics  map[string]*drawnPicture
	err   error
}

// drawnPicture is one picture of a set: done is closed once b or err is
// set.
type drawnPicture struct {
	done chan struct{}
	b    []byte
	err  error
}

// get returns the picture source of game's version v, whose stored state
// has the content key state: drawn with the version's other pictures by
// draw unless they are kept (a version replaced since its pictures were
// drawn, by a rollback or a SET, is drawn again). ok is false when the
// version has no such picture (it shows something else now).
//
// draw fills a new set: its state key and pictures, read from the store
// in one transaction (the key the set is then kept under), closing ready
// as soon as the sources are known and each picture's done as it is
// drawn.
func (c *pictureCache) get(game string, v int, state [32]byte, source string, draw func(*pictureSet)) (b []byte, ok bool, err error) {
	k := pictureKey(game, v)
	c.mu.Lock()
	s, kept := c.sets[k]
	if kept && s.state != state {
		c.forget(k)
		kept = false
	}
	if !kept {
		if c.sets == nil {
			c.sets = map[string]*pictureSet{}
		}
		s = &pictureSet{state: state, ready: make(chan struct{})}
		c.sets[k] = s
		c.order = append(c.order, k)
		if len(c.order) > pictureCacheVersions {
			delete(c.sets, c.order[0])
			c.order = c.order[1:]
		}
		go c.fill(k, s, draw)
	}
	c.mu.Unlock()
	<-s.ready
	if s.err != nil {
		return nil, false, s.err
	}
	p := s.pics[source]
	if p == nil {
		return nil, false, nil
	}
	<-p.done
	return p.b, true, p.err
}

// drawing bounds the sets drawn at once (each uses every core already):
// many versions asked for together wait their turn instead of holding
// every drawing's pixels in memory at once.
var drawing = make(chan struct{}, 2)

// fill draws set s of k; a set that failed is forgotten, to be drawn
// again at the next request (a passing failure).
func (c *pictureCache) fill(k string, s *pictureSet, draw func(*pictureSet)) {
	drawing <- struct{}{}
	defer func() { <-drawing }()
	c.drawn.Add(1)
	draw(s)
	failed := s.err != nil
	for _, p := range s.pics {
		select {
		case <-p.done:
			failed = failed || p.err != nil
		default: // never drawn: the set failed
			p.err = errors.New("judge: picture not drawn")
			close(p.done)
			failed = true
		}
	}
	if failed {
		c.mu.Lock()
		if c.sets[k] == s {
			c.forget(k)
		}
		c.mu.Unlock()
	}
}

// forget drops k's set; c.mu is held.
func (c *pictureCache) forget(k string) {
	delete(c.sets, k)
	for i, o := range c.order {
		if o == k {
			c.order = append(c.order[:i], c.order[i+1:]...)
			break
		}
	}
}

// drawVersion fills set s with the pictures of game's version v, drawn
// from the stored state: the public one and every seated power's, by
// source (pictureCache.get says how).
func (pb *Publisher) drawVersion(c *pictureCache, game string, v int, s *pictureSet) {
	var st storm.State
	var key [32]byte
	err := pb.db.View(func(tx *store.Tx) error {
		var err error
		if key, err = tx.StateKey(game, v); err != nil {
			return err
		}
		st, err = tx.State(game, v)
		return err
	})
	c.mu.Lock()
	s.state = key
	c.mu.Unlock()
	if err != nil {
		s.err = err
		close(s.ready)
		return
	}
	view := adjudicator.Derive(st)
	s.pics = map[string]*drawnPicture{}
	byPower := map[storm.Power]*drawnPicture{}
	for _, p := range append([]storm.Power{0}, storm.Powers...) {
		if p != 0 && view.Powers[p] == nil {
			continue
		}
		d := &drawnPicture{done: make(chan struct{})}
		s.pics[PictureSource(game, v, p, view)] = d
		byPower[p] = d
	}
	close(s.ready)
	err = report.PicturesEach(view, func(p storm.Power, b []byte) {
		if d := byPower[p]; d != nil {
			d.b = b
			close(d.done)
		}
	})
	if err != nil {
		for _, d := range byPower {
			select {
			case <-d.done:
			default:
				d.err = err
				close(d.done)
			}
		}
	}
}

// prefetch draws the pictures of the version source names, unless they
// are kept or being drawn: called when a mail showing one is committed,
// so that the outbox finds them drawn, or being drawn, when it gets to
// that mail. Errors are the outbox's to meet when it asks.
//
// Only the game's open version is drawn ahead (a RESEND of older ones is
// drawn when its mail is sent), and at most one version at a time: a
// burst of commits cannot start many drawings at once.
func (pb *Publisher) prefetch(source string) {
	game, v, why := parsePictureSource(source)
	if why != "" || pb.pictures.has(pictureKey(game, v)) {
		return
	}
	if err := pb.db.View(func(tx *store.Tx) error {
		g, err := tx.Game(game)
		if err == nil && g.Version != v {
			err = errors.New("not the open version")
		}
		return err
	}); err != nil {
		return
	}
	select {
	case prefetching <- struct{}{}:
		defer func() { <-prefetching }()
		pb.Inline(source)
	default: // another version is being drawn ahead: this one when sent
	}
}

// prefetching holds a token while a version is drawn ahead.
var prefetching = make(chan struct{}, 1)

// pictureKey is the key of game's version v in a pictureCache.
func pictureKey(game string, v int) string { return game + "\x00" + strconv.Itoa(v) }

// has reports whether the pictures of k are kept or being drawn.
func (c *pictureCache) has(k string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.sets[k]
	return ok
}

// PublicPicture returns the public picture of game's version v, which
// shows view, when this judge has it drawn already (its mails went out,
// or are going: a drawing under way is waited for), and false otherwise:
// the public site (package site) takes it instead of drawing it again,
// and draws a picture the judge does not keep itself.
func (pb *Publisher) PublicPicture(game string, v int, view adjudicator.View) ([]byte, bool) {
	var key [32]byte
	if err := pb.db.View(func(tx *store.Tx) error {
		var err error
		key, err = tx.StateKey(game, v)
		return err
	}); err != nil {
		return nil, false
	}
	c := &pb.pictures
	c.mu.Lock()
	s, ok := c.sets[pictureKey(game, v)]
	ok = ok && s.state == key // a version replaced since is not its set
	c.mu.Unlock()
	if !ok {
		return nil, false
	}
	<-s.ready
	if s.err != nil {
		return nil, false
	}
	d := s.pics[PictureSource(game, v, 0, view)]
	if d == nil {
		return nil, false
	}
	<-d.done
	return d.b, d.err == nil
}

// PictureSource names the picture of version v of game for power's notice
// (0: the public report), drawn from view:
// "picture/<game>/<v>/<power or public>/<key>", where key is a hash of
// what the picture shows (report.PictureKey), so that a version replaced
// after the mail was queued (a rollback) is not drawn in its place.
func PictureSource(game string, v int, power storm.Power, view adjudicator.View) string {
	whom := "public"
	if power != 0 {
		whom = power.String()
	}
	return fmt.Sprintf("picture/%s/%d/%s/%s", game, v, whom, report.PictureKey(view, power))
}

// parsePictureSource reads the game and version of a pictureSource, or
// says why it is none.
func parsePictureSource(source string) (game string, v int, why string) {
	parts := strings.Split(source, "/")
	if len(parts) != 5 || parts[0] != "picture" {
		return "", 0, "not a picture source"
	}
	v, err := strconv.Atoi(parts[2])
	if err != nil || v < 0 {
		return "", 0, "no version"
	}
	if whom := parts[3]; whom != "public" {
		if power, _ := storm.ParsePower(whom); power == 0 {
			return "", 0, "no such power"
		}
	}
	return parts[1], v, ""
}

// Inline draws an image a queued mail names by its source
// (store.Inline.Source; mailer.SMTPOptions.Inline): the picture of a
// state version for the public report or a power's notice, drawn from the
// view derived again from the stored state, so it is the picture the
// report was rendered with, byte for byte. A source that is malformed,
// names a version that is gone, or whose state no longer shows what the
// report showed is an error wrapping store.ErrImageGone: the mail goes
// without its picture. A store error is returned as it is (the mail is
// retried).
func (pb *Publisher) Inline(source string) ([]byte, error) {
	gone := func(why string) error { return fmt.Errorf("judge: image %q: %s: %w", source, why, store.ErrImageGone) }
	game, v, why := parsePictureSource(source)
	if why != "" {
		return nil, gone(why)
	}
	// The version's pictures are drawn together, once (pictures.go), as
	// long as its stored state stays the same.
	var state [32]byte
	err := pb.db.View(func(tx *store.Tx) error {
		var err error
		state, err = tx.StateKey(game, v)
		return err
	})
	var b []byte
	ok := false
	if err == nil {
		b, ok, err = pb.pictures.get(game, v, state, source, func(s *pictureSet) { pb.drawVersion(&pb.pictures, game, v, s) })
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil, gone("no such game or version")
	} else if err != nil {
		return nil, err
	}
	if !ok {
		return nil, gone("the version no longer shows what the report showed")
	}
	return b, nil
}
