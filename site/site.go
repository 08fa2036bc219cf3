package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
	"stormjudge/report/picture"
	"stormjudge/store"
)

// format is the shape of the pages this package writes: a site written
// with another format (an older binary's) is written again whole.
const format = 1

// Stats says what a Write did.
type Stats struct {
	Versions int  // versions in the site (0 to the game's version)
	Rendered int  // versions whose pages were rendered this time
	Pictures int  // pictures drawn this time
	Ended    bool // the game has ended: notices and press are in the site
}

// manifest is manifest.json: what the site holds, from which states.
type manifest struct {
	Format   int     `json:"format"`
	Game     string  `json:"game"`
	Ended    bool    `json:"ended"`
	Versions []entry `json:"versions"`
	// Press is a hash of the press page's content (once the game ended).
	Press string `json:"press,omitempty"`
}

// entry is one version in the manifest.
type entry struct {
	V int `json:"v"`
	// Key is a hash of the stored state's content key (store.Tx.StateKey):
	// the key itself stays in the store.
	Key     string  `json:"key"`
	Turn    string  `json:"turn"`
	Segment string  `json:"segment"`
	Ended   bool    `json:"ended,omitempty"` // the game ended at this version
	Next    bool    `json:"next,omitempty"`  // its page links the next version
	Alt     string  `json:"alt"`             // the public picture in words
	Width   int     `json:"width"`           // its size in CSS pixels
	Height  int     `json:"height"`
	Figures figures `json:"figures"`
	// Notices are the powers whose notices of this version were written
	// (once the game ended).
	Notices []string `json:"notices,omitempty"`
}

// figures are a version's public tracks, as the engine's view gives them.
type figures struct {
	EAI     int `json:"eai"`
	Climate int `json:"climate"`
	// Support is each power's support level, in storm.Powers' order.
	Support []int `json:"support"`
	// VP are the victory points as the state stands (34): Axis, Allies,
	// Russia. Public in every report; the chart shows them once the game
	// has ended.
	VP [3]int `json:"vp"`
}

func figuresOf(pv adjudicator.PublicView) figures {
	f := figures{EAI: pv.EAI, Climate: pv.EconomicClimate, Support: make([]int, len(storm.Powers)),
		VP: [3]int{pv.Victory.Axis, pv.Victory.Allies, pv.Victory.Russia}}
	for i, p := range storm.Powers {
		for _, pp := range pv.Powers {
			if pp.Power == p {
				f.Support[i] = pp.Support
			}
		}
	}
	return f
}

// The files of a site.
const (
	indexFile    = "index.html"
	pressFile    = "press.html"
	manifestFile = "manifest.json"
)

func pageName(v int) string    { return fmt.Sprintf("v%d.html", v) }
func pictureName(v int) string { return fmt.Sprintf("v%d.png", v) }
func noticeName(v int, p storm.Power) string {
	return fmt.Sprintf("v%d-%s.html", v, p)
}
func noticePictureName(v int, p storm.Power) string {
	return fmt.Sprintf("v%d-%s.png", v, p)
}

// ours are the names this package writes in a game's directory (and its
// temporary files): the others are left alone.
var ours = regexp.MustCompile(`^(v\d+(-[a-z]+)?\.(html|png)|press\.html|\.tmp-.*)$`)

// writing serializes the writers of one directory (the daemon's loop and
// an operator's command run by the daemon), by absolute path.
var writing sync.Map

func lockDir(dir string) func() {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	mu, _ := writing.LoadOrStore(abs, &sync.Mutex{})
	mu.(*sync.Mutex).Lock()
	return mu.(*sync.Mutex).Unlock
}

// Write writes the site of game into dir, or brings the site already
// there up to date: only the versions whose stored state changed since
// are read, rendered and drawn. It reads db in short read transactions,
// one for the game and one per version it renders, and draws and writes
// outside them. It writes only in dir (made if need be).
func Write(db *store.DB, game, dir string) (Stats, error) { return WriteWith(db, game, dir, Options{}) }

// Options are what a writer of the site may lend it.
type Options struct {
	// PublicPicture, when set, gives the public picture of game's
	// version v, which shows view, when the caller has it drawn already
	// (the daemon's judge, whose mails showed it: judge.PublicPicture);
	// the site draws the others itself.
	PublicPicture func(game string, v int, view adjudicator.View) ([]byte, bool)
}

// WriteWith is Write with opt.
func WriteWith(db *store.DB, game, dir string, opt Options) (Stats, error) {
	var st Stats
	if game == "" || strings.ContainsAny(game, `/\`) || game == "." || game == ".." {
		return st, fmt.Errorf("site: bad game id %q", game)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return st, fmt.Errorf("site: %w", err)
	}
	defer lockDir(dir)()
	old := readManifest(dir, game)

	// The game, the content key of each version, and the press once it
	// has ended: one short read.
	var g *store.Game
	var keys []string
	var press []store.Press
	if err := db.View(func(tx *store.Tx) error {
		var err error
		if g, err = tx.Game(game); err != nil {
			return err
		}
		keys = make([]string, g.Version+1)
		for v := 0; v <= g.Version; v++ {
			k, err := tx.StateKey(game, v)
			if errors.Is(err, store.ErrNotFound) {
				continue // no such version (not expected): left out
			} else if err != nil {
				return err
			}
			keys[v] = hashKey(k)
		}
		if !g.Ended.IsZero() {
			press, err = tx.PressLog(game)
		}
		return err
	}); err != nil {
		return st, fmt.Errorf("site: game %s: %w", game, err)
	}
	ended := !g.Ended.IsZero()
	st.Ended = ended
	m := manifest{Format: format, Game: game, Ended: ended}
	oldBy := map[int]entry{}
	for _, e := range old.Versions {
		oldBy[e.V] = e
	}
	want := map[string]bool{indexFile: true, manifestFile: true}
	for v, key := range keys {
		if key == "" {
			continue
		}
		st.Versions++
		next := v < g.Version
		e, kept := oldBy[v]
		same := kept && e.Key == key && exists(dir, pageName(v))
		redraw := !same || !exists(dir, pictureName(v))
		notices := ended && (!same || len(e.Notices) == 0 || !noticesExist(dir, v, e.Notices))
		if !same || redraw || notices || e.Next != next {
			var err error
			e, err = renderVersion(db, game, dir, v, next, ended, redraw, notices, opt, &st)
			if err != nil {
				return st, err
			}
		}
		want[pageName(v)], want[pictureName(v)] = true, true
		if ended {
			for _, name := range e.Notices {
				p, _ := storm.ParsePower(name)
				want[noticeName(v, p)], want[noticePictureName(v, p)] = true, true
			}
		} else {
			e.Notices = nil
		}
		m.Versions = append(m.Versions, e)
	}
	if ended {
		want[pressFile] = true
		b, err := renderPress(game, press, m.Versions)
		if err != nil {
			return st, err
		}
		sum := sha256.Sum256(b)
		m.Press = hex.EncodeToString(sum[:8])
		if m.Press != old.Press || !exists(dir, pressFile) {
			if err := writeFile(dir, pressFile, b); err != nil {
				return st, err
			}
		}
	}
	var open adjudicator.PublicView
	if err := db.View(func(tx *store.Tx) error {
		s, err := tx.State(game, g.Version)
		open = adjudicator.Derive(s).Public
		return err
	}); err != nil {
		return st, fmt.Errorf("site: game %s: %w", game, err)
	}
	b, err := renderIndex(game, open, m)
	if err != nil {
		return st, err
	}
	if err := writeIfChanged(dir, indexFile, b); err != nil {
		return st, err
	}
	mb, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return st, fmt.Errorf("site: %w", err)
	}
	if err := writeIfChanged(dir, manifestFile, mb); err != nil {
		return st, err
	}
	// Last, what the index no longer links: versions rolled back, and
	// what is left of a write cut short.
	return st, removeStale(dir, want)
}

// renderVersion renders version v of game into dir: its public page (and
// its picture when redraw), and, when notices, each power's notice and
// picture; it returns the version's manifest entry.
func renderVersion(db *store.DB, game, dir string, v int, next, ended, redraw, notices bool, opt Options, st *Stats) (entry, error) {
	var s storm.State
	var evs []event.Event
	var key string
	if err := db.View(func(tx *store.Tx) error {
		k, err := tx.StateKey(game, v)
		if err != nil {
			return err
		}
		key = hashKey(k)
		if s, err = tx.State(game, v); err != nil {
			return err
		}
		raw, err := tx.Events(game, v)
		if err != nil || raw == nil {
			return err
		}
		evs, err = event.UnmarshalEvents(raw)
		return err
	}); err != nil {
		return entry{}, fmt.Errorf("site: game %s version %d: %w", game, v, err)
	}
	st.Rendered++
	view := adjudicator.Derive(s)
	pv := view.Public
	e := entry{V: v, Key: key, Turn: pv.Turn.String(), Segment: pv.SegmentTitle, Ended: pv.Ended, Next: next, Figures: figuresOf(pv)}
	x := report.Extra{Version: v}
	pub := report.Public(game, evs, view, x)
	e.Alt = pub.PictureAlt
	e.Width, e.Height = picture.Width/picture.Scale, picture.Height(view.PublicOnly(), 0)/picture.Scale
	var pics map[storm.Power][]byte
	var err error
	switch {
	case notices:
		pics, err = report.Pictures(view) // the public one and each power's, drawn together
		st.Pictures += len(pics)
	case redraw:
		b, kept := []byte(nil), false
		if opt.PublicPicture != nil {
			b, kept = opt.PublicPicture(game, v, view)
		}
		if !kept {
			b, err = report.Picture(view, 0)
			st.Pictures++
		}
		pics = map[storm.Power][]byte{0: b}
	}
	if err != nil {
		return entry{}, fmt.Errorf("site: game %s version %d: picture: %w", game, v, err)
	}
	if b, ok := pics[0]; ok {
		if err := writeFile(dir, pictureName(v), b); err != nil {
			return entry{}, err
		}
	}
	if ended {
		for _, p := range storm.Powers {
			if view.Powers[p] != nil {
				e.Notices = append(e.Notices, p.String())
			}
		}
	}
	if notices {
		for _, name := range e.Notices {
			p, _ := storm.ParsePower(name)
			n := report.Private(game, p, evs, view, x)
			np, err := sitePage(n, noticePictureName(v, p), navLinks{Game: game, Public: pageName(v)})
			if err != nil {
				return entry{}, fmt.Errorf("site: game %s version %d %s: %w", game, v, p, err)
			}
			if err := writeFile(dir, noticePictureName(v, p), pics[p]); err != nil {
				return entry{}, err
			}
			if err := writeFile(dir, noticeName(v, p), np); err != nil {
				return entry{}, err
			}
		}
	}
	// The public page last: it links the notices.
	nav := navLinks{Game: game}
	if v > 0 {
		nav.Previous = pageName(v - 1)
	}
	if next {
		nav.Next = pageName(v + 1)
	}
	for _, name := range e.Notices {
		p, _ := storm.ParsePower(name)
		nav.Notices = append(nav.Notices, link{Page: noticeName(v, p), Text: p.Title()})
	}
	page, err := sitePage(pub, pictureName(v), nav)
	if err != nil {
		return entry{}, fmt.Errorf("site: game %s version %d: %w", game, v, err)
	}
	return e, writeFile(dir, pageName(v), page)
}

// hashKey is what the manifest keeps of a state's content key.
func hashKey(k [32]byte) string {
	sum := sha256.Sum256(append([]byte("stormjudge site\x00"), k[:]...))
	return hex.EncodeToString(sum[:12])
}

// readManifest reads dir's manifest of game; an absent, unreadable or
// foreign one (another game's, another format's) is empty: everything is
// written again.
func readManifest(dir, game string) manifest {
	var m manifest
	b, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if err != nil || json.Unmarshal(b, &m) != nil || m.Format != format || m.Game != game {
		return manifest{}
	}
	return m
}

func exists(dir, name string) bool {
	fi, err := os.Stat(filepath.Join(dir, name))
	return err == nil && fi.Mode().IsRegular() && fi.Size() > 0
}

func noticesExist(dir string, v int, powers []string) bool {
	for _, name := range powers {
		p, _ := storm.ParsePower(name)
		if !exists(dir, noticeName(v, p)) || !exists(dir, noticePictureName(v, p)) {
			return false
		}
	}
	return true
}

// writeFile writes b as dir/name: to a temporary file in dir, renamed
// into place, so that a reader finds the old file or the new one, whole.
func writeFile(dir, name string, b []byte) error {
	f, err := os.CreateTemp(dir, ".tmp-"+name+"-*")
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(0o644) // served by any web server
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("site: %w", err)
	}
	return nil
}

// writeIfChanged is writeFile unless dir/name holds b already.
func writeIfChanged(dir, name string, b []byte) error {
	if cur, err := os.ReadFile(filepath.Join(dir, name)); err == nil && bytes.Equal(cur, b) {
		return nil
	}
	return writeFile(dir, name, b)
}

// removeStale removes the files of ours in dir that want does not name.
func removeStale(dir string, want map[string]bool) error {
	des, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	for _, de := range des {
		if n := de.Name(); !want[n] && ours.MatchString(n) && de.Type().IsRegular() {
			if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("site: %w", err)
			}
		}
	}
	return nil
}
