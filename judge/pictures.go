package judge

import (
	"strconv"
	"strings"
	"sync"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
	"stormjudge/store"
)

// The pictures of a version are drawn together (issue 24): the mails of
// one adjudication show the public picture and each power's, which share
// their public part (report.Pictures draws it once). The first mail of a
// version to be sent draws them all; the others find them here.

// pictureCacheVersions is how many versions' pictures are kept: the
// mails of a version go out within seconds of each other.
const pictureCacheVersions = 4

// pictureCache keeps the pictures of the versions drawn last, by game
// and version, each set drawn once even when several mails ask at once.
type pictureCache struct {
	mu    sync.Mutex
	sets  map[string]*pictureSet
	order []string
}

// pictureSet is one version's pictures by source (pictureSource), drawn
// from the stored state whose content key (store.Tx.StateKey) is state;
// done is closed once bySource and err are set.
type pictureSet struct {
	state    [32]byte
	done     chan struct{}
	bySource map[string][]byte
	err      error
}

// get returns the pictures of game's version v whose stored state has the
// content key state, drawn by draw unless they are kept: a version
// replaced since its pictures were drawn (a rollback, a SET) is drawn
// again.
//
// draw returns the pictures and the content key of the state it drew
// them from, read in one transaction: that is the key they are kept
// under.
func (c *pictureCache) get(game string, v int, state [32]byte, draw func() (map[string][]byte, [32]byte, error)) (map[string][]byte, error) {
	k := game + "\x00" + strconv.Itoa(v)
	c.mu.Lock()
	s, ok := c.sets[k]
	if ok && s.state != state {
		c.forget(k)
		ok = false
	}
	if ok {
		c.mu.Unlock()
		<-s.done
		return s.bySource, s.err
	}
	if c.sets == nil {
		c.sets = map[string]*pictureSet{}
	}
	s = &pictureSet{state: state, done: make(chan struct{})}
	c.sets[k] = s
	c.order = append(c.order, k)
	if len(c.order) > pictureCacheVersions {
		delete(c.sets, c.order[0])
		c.order = c.order[1:]
	}
	c.mu.Unlock()
	var drawn [32]byte
	s.bySource, drawn, s.err = draw()
	c.mu.Lock()
	s.state = drawn
	c.mu.Unlock()
	close(s.done)
	if s.err != nil {
		c.mu.Lock()
		if c.sets[k] == s { // a passing failure is tried again
			c.forget(k)
		}
		c.mu.Unlock()
	}
	return s.bySource, s.err
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

// drawVersion draws the pictures of game's version v from the stored
// state: the public one and every seated power's, by source, with the
// state's content key.
func (j *Judge) drawVersion(game string, v int) (map[string][]byte, [32]byte, error) {
	var s storm.State
	var key [32]byte
	if err := j.db.View(func(tx *store.Tx) error {
		var err error
		if key, err = tx.StateKey(game, v); err != nil {
			return err
		}
		s, err = tx.State(game, v)
		return err
	}); err != nil {
		return nil, key, err
	}
	view := adjudicator.Derive(s)
	pics, err := report.Pictures(view)
	if err != nil {
		return nil, key, err
	}
	out := map[string][]byte{}
	for p, b := range pics {
		out[pictureSource(game, v, p, view)] = b
	}
	return out, key, nil
}

// prefetch draws the pictures of the version source names, unless they
// are kept or being drawn: called when a mail showing one is committed,
// so that the outbox finds them drawn, or being drawn, when it gets to
// that mail. Errors are the outbox's to meet when it asks.
func (j *Judge) prefetch(source string) {
	parts := strings.Split(source, "/")
	if len(parts) != 5 {
		return
	}
	if j.pictures.has(parts[1] + "\x00" + parts[2]) {
		return
	}
	j.Inline(source)
}

// has reports whether the pictures of k are kept or being drawn.
func (c *pictureCache) has(k string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.sets[k]
	return ok
}
