package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/judge"
	"stormjudge/store"
)

// dataFlags adds -data and -config to fs and returns the function that,
// once fs is parsed, opens the store: the path comes from -data, else from
// the config file's "data" key.
func dataFlags(fs *flag.FlagSet) func() (*store.DB, error) {
	data := fs.String("data", "", "bbolt data file, or the sandbox's directory (default: the data key of -config, else ./sandbox-data)")
	cfg := fs.String("config", "", "TOML configuration file")
	path := func() (string, error) {
		if *data != "" {
			return dataFile(*data), nil
		}
		if *cfg != "" {
			c, err := LoadConfig(*cfg)
			if err != nil {
				return "", err
			}
			return c.Data, nil
		}
		if _, err := os.Stat("sandbox-data/stormjudge.db"); err == nil {
			return "sandbox-data/stormjudge.db", nil
		}
		return "", errors.New("say which data file: -data FILE or -config FILE")
	}
	return func() (*store.DB, error) {
		p, err := path()
		if err != nil {
			return nil, err
		}
		return openStore(p)
	}
}

// dataFile takes a data file, or a directory holding stormjudge.db (the
// sandbox's -data), and returns the data file.
func dataFile(path string) string {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return filepath.Join(path, "stormjudge.db")
	}
	return path
}

func openStore(path string) (*store.DB, error) {
	db, err := store.Open(path, nil)
	if err != nil {
		return nil, fmt.Errorf("%w (is the daemon running on this file? stop it first)", err)
	}
	return db, nil
}

func cmdCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	open := dataFlags(fs)
	address := fs.String("address", "", "the judge's own address (default: from -config, or judge@sandbox.test)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("check: give one email file (.eml)")
	}
	raw, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	addr := *address
	if addr == "" {
		addr = sandboxJudge
	}
	db, err := open()
	if err != nil {
		return err
	}
	defer db.Close()
	j := judge.New(db, &judge.Options{Address: addr, Logger: newLogger(io.Discard, "error")})
	res, err := j.Check(raw)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "outcome: %s\n", res.Outcome)
	if res.Receipt == nil {
		switch res.Outcome {
		case judge.Duplicate:
			fmt.Fprintln(stdout, "(this Message-ID was processed before: the daemon would do nothing)")
		case judge.Ignored:
			fmt.Fprintln(stdout, "(automatic mail — bounce, auto-reply, list or our own: never answered)")
		case judge.Dropped:
			fmt.Fprintln(stdout, "(the sender neither plays nor moderates here: recorded and counted, never answered)")
		case judge.Quarantined:
			fmt.Fprintln(stdout, "(the judge failed to handle this email: it would be set aside)")
		default:
			fmt.Fprintln(stdout, "(no receipt: the sender could not be read)")
		}
		return nil
	}
	fmt.Fprintf(stdout, "To: %s\nSubject: %s\n\n%s", strings.Join(res.Receipt.To, ", "), res.Receipt.Subject, res.Receipt.Body)
	return nil
}

func cmdGame(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("game: list, show ID or export ID")
	}
	sub := args[0]
	fs := flag.NewFlagSet("game "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	open := dataFlags(fs)
	version := fs.Int("version", -1, "export: the state version (default: the latest)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	db, err := open()
	if err != nil {
		return err
	}
	defer db.Close()
	switch sub {
	case "list":
		return db.View(func(tx *store.Tx) error {
			gs, err := tx.Games()
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%-16s %-8s %-12s %-20s %s\n", "GAME", "VERSION", "TURN", "SEGMENT", "WAITING FOR")
			for _, g := range gs {
				s, err := tx.State(g.ID, g.Version)
				if err != nil {
					return err
				}
				recs, err := tx.Orders(g.ID, g.Version)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%-16s %-8d %-12s %-20s %s\n", g.ID, g.Version, s.Turn, s.Segment, waiting(s, recs))
			}
			fmt.Fprintf(stdout, "\nemails from strangers dropped without an answer: %d\n", tx.Counter("dropped"))
			return nil
		})
	case "show", "export":
		if fs.NArg() != 1 {
			return fmt.Errorf("game %s: give the game id", sub)
		}
		id := fs.Arg(0)
		return db.View(func(tx *store.Tx) error {
			g, err := tx.Game(id)
			if err != nil {
				return fmt.Errorf("game %s: %w", id, err)
			}
			v := g.Version
			if *version >= 0 {
				v = *version
			}
			s, err := tx.State(id, v)
			if err != nil {
				return err
			}
			recs, err := tx.Orders(id, v)
			if err != nil {
				return err
			}
			if sub == "export" {
				draw, err := tx.Draw(id, v)
				if err != nil {
					return err
				}
				evs, err := tx.Events(id, v)
				if err != nil {
					return err
				}
				return exportGame(stdout, g, v, s, evs, recs, draw)
			}
			if err := showGame(stdout, g, s, recs); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "emails from strangers naming this game, dropped without an answer: %d\n", tx.Counter("dropped/"+id))
			return nil
		})
	default:
		return fmt.Errorf("game: unknown subcommand %q (list, show, export)", sub)
	}
}

func waiting(s adjudicator.State, recs map[adjudicator.Power]store.OrderRecord) string {
	if adjudicator.AwaitsDraw(s) {
		return "moderator (draw)"
	}
	var miss []string
	for _, p := range adjudicator.Required(s) {
		if _, ok := recs[p]; !ok {
			miss = append(miss, p.String())
		}
	}
	if len(miss) == 0 {
		return "-"
	}
	return strings.Join(miss, ",")
}

func showGame(w io.Writer, g *store.Game, s adjudicator.State, recs map[adjudicator.Power]store.OrderRecord) error {
	fmt.Fprintf(w, "game %s (version %d, created %s)\n", g.ID, g.Version, g.Created.Format(time.RFC3339))
	fmt.Fprintf(w, "open: %s, %s\n", s.Turn, s.Segment.Title())
	if adjudicator.AwaitsDraw(s) {
		fmt.Fprintln(w, "waiting for the moderator's draw (physical deck)")
	}
	if g.Paused {
		fmt.Fprintln(w, "PAUSED by the moderator")
	}
	if !g.Deadline.IsZero() {
		fmt.Fprintf(w, "deadline: %s\n", g.Deadline.Format(time.RFC3339))
	}
	fmt.Fprintf(w, "moderators: %s\n", strings.Join(g.Moderators, ", "))
	fmt.Fprintln(w, "seats:")
	req := map[adjudicator.Power]bool{}
	for _, p := range adjudicator.Required(s) {
		req[p] = true
	}
	for _, seat := range g.Seats {
		status := "-"
		if req[seat.Power] {
			status = "waiting"
			if r, ok := recs[seat.Power]; ok {
				status = "orders in (" + r.Received.Format(time.RFC3339) + ")"
			}
		}
		fmt.Fprintf(w, "  %-8s %-28s %s\n", seat.Power, seat.Address, status)
		if seat.Undeliverable != "" {
			// Set by the judge when mail to the address failed for good.
			fmt.Fprintf(w, "           UNDELIVERABLE: %s\n", seat.Undeliverable)
		}
	}
	return nil
}

// exportGame prints the documented JSON export (docs/state.md).
func exportGame(w io.Writer, g *store.Game, v int, s adjudicator.State, evs []byte, recs map[adjudicator.Power]store.OrderRecord, draw *store.OrderRecord) error {
	type seat struct {
		Power   adjudicator.Power `json:"power"`
		Address string            `json:"address"`
	}
	type orderRec struct {
		Pass      bool                `json:"pass"`
		Orders    []adjudicator.Order `json:"orders"`
		MessageID string              `json:"message_id"`
		From      string              `json:"from"`
		Received  time.Time           `json:"received"`
	}
	out := struct {
		Game       string              `json:"game"`
		Version    int                 `json:"version"`
		Latest     int                 `json:"latest_version"`
		Created    time.Time           `json:"created"`
		Deadline   *time.Time          `json:"deadline,omitempty"`
		Paused     bool                `json:"paused"`
		Moderators []string            `json:"moderators"`
		Seats      []seat              `json:"seats"`
		Orders     map[string]orderRec `json:"orders"`
		State      adjudicator.State   `json:"state"`
		View       adjudicator.View    `json:"view"`
		Events     json.RawMessage     `json:"events"`
	}{Game: g.ID, Version: v, Latest: g.Version, Created: g.Created, Paused: g.Paused, Moderators: g.Moderators,
		Orders: map[string]orderRec{}, State: s, View: adjudicator.Derive(s), Events: evs}
	if len(out.Events) == 0 {
		out.Events = json.RawMessage("[]") // version 0, or stored without events
	}
	if !g.Deadline.IsZero() {
		d := g.Deadline
		out.Deadline = &d
	}
	for _, st := range g.Seats {
		out.Seats = append(out.Seats, seat{st.Power, st.Address})
	}
	keys := make([]adjudicator.Power, 0, len(recs))
	for p := range recs {
		keys = append(keys, p)
	}
	sort.Slice(keys, func(a, b int) bool { return keys[a] < keys[b] })
	for _, p := range keys {
		r := recs[p]
		out.Orders[p.String()] = orderRec{Pass: r.Pass, Orders: r.Orders, MessageID: r.MessageID, From: r.From, Received: r.Received}
	}
	if draw != nil { // the moderator's draw of a physical-deck game
		out.Orders["moderator"] = orderRec{Orders: draw.Orders, MessageID: draw.MessageID, From: draw.From, Received: draw.Received}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func cmdReplay(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	open := dataFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("replay: give the game id")
	}
	db, err := open()
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := judge.New(db, nil).Replay(fs.Arg(0))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "game %s: %d adjudications replayed from the stored orders; every state matches.\n", fs.Arg(0), n)
	return nil
}
