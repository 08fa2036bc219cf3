package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge"
	"stormjudge/judge/letters"
	"stormjudge/orders"
	"stormjudge/report"
	"stormjudge/site"
	"stormjudge/store"
)

// dataSource is the -data and -config flags of the operator's commands.
type dataSource struct {
	data, config *string
}

// dataFlags adds -data and -config to fs; once fs is parsed, the data file
// comes from -data, else from the config file's "data" key.
func dataFlags(fs *flag.FlagSet) *dataSource {
	return &dataSource{
		data:   fs.String("data", "", "bbolt data file, or the sandbox's directory (default: the data key of -config, else ./sandbox-data)"),
		config: fs.String("config", "", "TOML configuration file"),
	}
}

// path is the data file the flags name.
func (d *dataSource) path() (string, error) {
	if *d.data != "" {
		return dataFile(*d.data), nil
	}
	if *d.config != "" {
		c, err := LoadConfig(*d.config)
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

// The operator's read-only commands (game list|show|export|site, replay,
// check) are parsed twice: the command's own flag set reads what the
// operator typed (with -data and -config), then it is restated as the
// canonical arguments of an operatorCommand (parseOperator) and run by
// operate: on the data file when it can be opened, else by the daemon
// holding it, over its control socket (control.go), which parses the same
// arguments and runs the same functions below.

// operatorCommand is one parsed read-only command.
type operatorCommand struct {
	name    string   // "game list", "game show", "game export", "game site", "replay", "check", "status"
	id      string   // the game of show, export, site and replay
	out     string   // game site: the directory, absolute
	version int      // show and export: the state version, -1 the latest
	address string   // check: the -address given, "" the judge's own
	email   []byte   // check: the email
	args    []string // the canonical arguments: what is sent to the daemon
}

// parseOperator parses the canonical arguments of a read-only command;
// stdin is check's email. Anything else is refused: this is also what the
// daemon accepts on its socket.
func parseOperator(args []string, stdin []byte) (*operatorCommand, error) {
	c := &operatorCommand{version: -1, args: args}
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var rest []string
	switch {
	case len(args) >= 2 && args[0] == "game" && (args[1] == "list" || args[1] == "show" || args[1] == "export"):
		c.name, rest = "game "+args[1], args[2:]
		fs.IntVar(&c.version, "version", -1, "")
	case len(args) >= 2 && args[0] == "game" && args[1] == "site":
		c.name, rest = "game site", args[2:]
		fs.StringVar(&c.out, "out", "", "")
	case len(args) >= 1 && args[0] == "replay":
		c.name, rest = "replay", args[1:]
	case len(args) >= 1 && args[0] == "check":
		c.name, rest = "check", args[1:]
		fs.StringVar(&c.address, "address", "", "")
	case len(args) == 1 && args[0] == "status":
		c.name = "status"
	default:
		name := strings.Join(args[:min(len(args), 2)], " ")
		if len(name) > 40 {
			name = name[:40] + "..."
		}
		return nil, fmt.Errorf("not a read-only command of the operator: %q (game list|show|export|site, replay, check, status)", name)
	}
	if err := fs.Parse(rest); err != nil {
		return nil, fmt.Errorf("%s: %w", c.name, err)
	}
	switch c.name {
	case "game show", "game export":
		if fs.NArg() != 1 {
			return nil, fmt.Errorf("%s: give the game id", c.name)
		}
		c.id = fs.Arg(0)
	case "game site":
		if fs.NArg() != 1 {
			return nil, fmt.Errorf("%s: give the game id", c.name)
		}
		c.id = fs.Arg(0)
		// Absolute: the daemon, which runs it while it holds the data
		// file, has a working directory of its own.
		if !filepath.IsAbs(c.out) {
			return nil, fmt.Errorf("%s: give the site's directory with -out DIR", c.name)
		}
	case "replay":
		if fs.NArg() != 1 {
			return nil, errors.New("replay: give the game id")
		}
		c.id = fs.Arg(0)
	case "check":
		if fs.NArg() != 0 {
			return nil, errors.New("check: the email comes as standard input, not as an argument")
		}
		c.email = stdin
	}
	return c, nil
}

// run runs c on db and writes what it prints to w. j answers check (the
// judge the email is checked by) and may be nil for the other commands.
func (c *operatorCommand) run(db *store.DB, j *judge.Judge, w io.Writer) error {
	switch c.name {
	case "game list":
		return gameList(db, w)
	case "game show":
		return gameShow(db, c.id, c.version, w)
	case "game export":
		return gameExport(db, c.id, c.version, w)
	case "game site":
		return gameSite(db, c.id, c.out, w)
	case "replay":
		return replayGame(db, c.id, w)
	case "check":
		if j == nil {
			return errors.New("check: no judge")
		}
		return checkEmail(j, c.email, w)
	case "status":
		return daemonStatus(db, w)
	}
	return fmt.Errorf("unknown command %q", c.name)
}

// operate runs the command of args (canonical, see parseOperator) on the
// data file the flags of d name: opened as ever when it can be; when the
// daemon holds it, by the daemon over its control socket. newJudge makes
// check's judge when the file is opened here.
func operate(d *dataSource, args []string, stdin []byte, newJudge func(*store.DB) (*judge.Judge, error), stdout io.Writer) error {
	c, err := parseOperator(args, stdin)
	if err != nil {
		return err
	}
	path, err := d.path()
	if err != nil {
		return err
	}
	return operateOn(path, c, newJudge, stdout)
}

func cmdCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := dataFlags(fs)
	address := fs.String("address", "", "the judge's own address (default: from -config, or judge@sandbox.test; a running daemon: its own)")
	if err := parseInterspersed(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("check: give one email file (.eml)")
	}
	raw, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	canon := []string{"check"}
	if *address != "" {
		canon = append(canon, "-address", *address)
	}
	newJudge := func(db *store.DB) (*judge.Judge, error) {
		opt := &judge.Options{Address: sandboxJudge}
		if *d.config != "" {
			cfg, err := LoadConfig(*d.config)
			if err != nil {
				return nil, err
			}
			if opt, err = cfg.judgeOptions(); err != nil {
				return nil, err
			}
		}
		if *address != "" {
			opt.Address, opt.Domain = *address, ""
		}
		opt.Logger = newLogger(io.Discard, "error")
		return judge.New(db, opt), nil
	}
	return operate(d, canon, raw, newJudge, stdout)
}

// checkEmail answers raw as the judge j would, keeping nothing
// (judge.Check: a write transaction rolled back).
func checkEmail(j *judge.Judge, raw []byte, w io.Writer) error {
	res, err := j.Check(raw)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "outcome: %s\n", res.Outcome)
	if res.Receipt == nil {
		switch res.Outcome {
		case judge.Duplicate:
			fmt.Fprintln(w, "(this Message-ID was processed before: the daemon would do nothing)")
		case judge.Ignored:
			fmt.Fprintln(w, "(automatic mail — bounce, auto-reply, list or our own: never answered)")
		case judge.Dropped:
			fmt.Fprintln(w, "(the sender neither plays nor moderates here: recorded and counted, never answered)")
		case judge.Quarantined:
			fmt.Fprintln(w, "(the judge failed to handle this email: it would be set aside)")
		default:
			fmt.Fprintln(w, "(no receipt: the sender could not be read)")
		}
		return nil
	}
	fmt.Fprintf(w, "To: %s\nSubject: %s\n\n%s", strings.Join(res.Receipt.To, ", "), res.Receipt.Subject, res.Receipt.Body)
	return nil
}

// parseInterspersed parses the flags of fs wherever they stand among
// args, before the game id (or the email file) or after it: Go's flag
// package stops at the first argument that is not a flag, and would take
// "game site demo -out DIR" as two more game ids. The arguments that are
// not flags are left as fs.Args(), in their order; "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var plain []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 || len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			plain = append(plain, rest...)
			break
		}
		plain = append(plain, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, plain...))
}

func cmdGame(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("game: list, show ID, export ID or site ID -out DIR")
	}
	sub := args[0]
	switch sub {
	case "list", "show", "export", "site":
	default:
		return fmt.Errorf("game: unknown subcommand %q (list, show, export, site)", sub)
	}
	fs := flag.NewFlagSet("game "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := dataFlags(fs)
	version := fs.Int("version", -1, "show, export: the state version (default: the latest)")
	out := fs.String("out", "", "site: the directory the game's public site is written into (made if need be; brought up to date if written before)")
	if err := parseInterspersed(fs, args[1:]); err != nil {
		return err
	}
	canon := []string{"game", sub}
	if *version >= 0 {
		canon = append(canon, "-version", strconv.Itoa(*version))
	}
	if sub == "site" {
		if *out == "" {
			return errors.New("game site: give the site's directory with -out DIR")
		}
		abs, err := filepath.Abs(*out)
		if err != nil {
			return err
		}
		canon = append(canon, "-out", abs)
	}
	canon = append(append(canon, "--"), fs.Args()...)
	return operate(d, canon, nil, nil, stdout)
}

// gameList prints every game: its version, turn, segment and whom it waits
// for.
func gameList(db *store.DB, w io.Writer) error {
	return db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-16s %-8s %-12s %-20s %s\n", "GAME", "VERSION", "TURN", "SEGMENT", "WAITING FOR")
		for _, g := range gs {
			s, err := tx.State(g.ID, g.Version)
			if err != nil {
				return err
			}
			recs, err := tx.Orders(g.ID, g.Version)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%-16s %-8d %-12s %-20s %s\n", g.ID, g.Version, s.Turn, s.Segment, waiting(s, recs))
		}
		fmt.Fprintf(w, "\nemails from strangers dropped without an answer: %d\n", tx.Counter("dropped"))
		return nil
	})
}

// gameShow prints the summary of game id at version (-1: the latest).
func gameShow(db *store.DB, id string, version int, w io.Writer) error {
	return db.View(func(tx *store.Tx) error {
		g, s, recs, _, err := gameAt(tx, id, version)
		if err != nil {
			return err
		}
		if err := showGame(w, g, s, recs, time.Now()); err != nil {
			return err
		}
		fmt.Fprintf(w, "emails from strangers naming this game, dropped without an answer: %d\n", tx.Counter("dropped/"+id))
		log, err := tx.AuditLog(id)
		if err != nil {
			return err
		}
		// The latest audit lines: who did what (the moderators' commands
		// among them).
		fmt.Fprintln(w, "audit log (latest 15):")
		for _, e := range log[max(0, len(log)-15):] {
			fmt.Fprintf(w, "  %4d %s %-20s %-18s %s\n", e.Seq, e.Time.Format(time.RFC3339), e.Actor, e.Action, e.Detail)
		}
		return nil
	})
}

// gameExport prints game id at version (-1: the latest) as the documented
// JSON (docs/state.md).
func gameExport(db *store.DB, id string, version int, w io.Writer) error {
	return db.View(func(tx *store.Tx) error {
		b, err := judge.Export(tx, id, version)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
}

// gameSite writes the public site of game id into dir (package site),
// or brings the site already there up to date.
func gameSite(db *store.DB, id, dir string, w io.Writer) error {
	st, err := site.Write(db, id, dir)
	if err != nil {
		return err
	}
	what := "the public reports (the game goes on: no notice, no press)"
	if st.Ended {
		what = "the public reports, every power's notices and the press (the game has ended)"
	}
	fmt.Fprintf(w, "game %s: %d versions in %s: %s; %d rendered now, %d pictures drawn.\nOpen %s in a browser, or serve the directory with any web server.\n",
		id, st.Versions, dir, what, st.Rendered, st.Pictures, filepath.Join(dir, "index.html"))
	return nil
}

// gameAt reads game id, its state and orders at version (-1: the latest).
func gameAt(tx *store.Tx, id string, version int) (*store.Game, storm.State, map[storm.Power]store.OrderRecord, int, error) {
	g, err := tx.Game(id)
	if err != nil {
		return nil, storm.State{}, nil, 0, fmt.Errorf("game %s: %w", id, err)
	}
	v := g.Version
	if version >= 0 {
		v = version
	}
	s, err := tx.State(id, v)
	if err != nil {
		return nil, storm.State{}, nil, 0, err
	}
	recs, err := tx.Orders(id, v)
	if err != nil {
		return nil, storm.State{}, nil, 0, err
	}
	return g, s, recs, v, nil
}

func waiting(s storm.State, recs map[storm.Power]store.OrderRecord) string {
	if adjudicator.AwaitsDraw(s) {
		return "moderator (draw)"
	}
	if s.Ended {
		v := adjudicator.Derive(s).Public.Victory
		return "ended: " + v.TwoWay // how it ended
	}
	var miss []string
	for _, p := range judge.MissingPowers(s, recs) { // orders for later rounds alone are no orders
		miss = append(miss, p.String())
	}
	if len(miss) == 0 {
		return "-"
	}
	return strings.Join(miss, ",")
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

func showGame(w io.Writer, g *store.Game, s storm.State, recs map[storm.Power]store.OrderRecord, now time.Time) error {
	fmt.Fprintf(w, "game %s (version %d, created %s)\n", g.ID, g.Version, g.Created.Format(time.RFC3339))
	if s.Ended {
		fmt.Fprintf(w, "ended: %s\n", report.EndedText(adjudicator.Derive(s).Public))
	} else {
		fmt.Fprintf(w, "open: %s, %s\n", s.Turn, s.Segment.Title())
	}
	if adjudicator.AwaitsDraw(s) {
		fmt.Fprintln(w, "waiting for the moderator's draw (physical deck)")
	}
	if g.Waiting() {
		fmt.Fprintf(w, "WAITING for players: open seats %s (LIST, JOIN; the moderator's START)\n", report.PowerNames(g.OpenSeats()))
	}
	if g.Paused {
		left := ""
		if g.PausedLeft > 0 {
			left = fmt.Sprintf(" (the deadline %s away when it resumes)", orders.FormatDuration(g.PausedLeft))
		}
		fmt.Fprintf(w, "PAUSED by the moderator%s\n", left)
	}
	if !g.Deadline.IsZero() {
		moved := ""
		if g.DeadlineSeq > 0 {
			moved = fmt.Sprintf(" (moved %s since the segment opened)", times(g.DeadlineSeq))
		}
		fmt.Fprintf(w, "deadline: %s%s\n", g.Deadline.Format(time.RFC3339), moved)
	}
	if g.Rollbacks > 0 {
		fmt.Fprintf(w, "rolled back %s\n", times(g.Rollbacks))
	}
	fmt.Fprintf(w, "moderators: %s\n", strings.Join(g.Moderators, ", "))
	fmt.Fprintf(w, "rules: %s\n", letters.RulesText(g))
	fmt.Fprintln(w, "seats:")
	req := map[storm.Power]bool{}
	for _, p := range adjudicator.Required(s) {
		req[p] = true
	}
	miss := judge.MissingPowers(s, recs)
	for _, seat := range g.Seats {
		status := "-"
		if req[seat.Power] {
			status = "waiting"
			if r := recs[seat.Power]; !slices.Contains(miss, seat.Power) {
				status = "orders in (" + r.Received.Format(time.RFC3339) + ")"
			}
		}
		extra := ""
		if seat.Missed > 0 {
			extra = fmt.Sprintf(", missed %d deadlines", seat.Missed)
			if seat.Missed == 1 {
				extra = ", missed 1 deadline"
			}
		}
		if seat.Vacant {
			extra += ", VACANT (resigned; held by the moderator)"
		}
		if seat.Disorder {
			extra += ", CIVIL DISORDER (the computer orders until its player writes)"
		}
		if r, ok := recs[seat.Power]; ok && r.Computer && req[seat.Power] {
			status += " by the computer"
		}
		fmt.Fprintf(w, "  %-8s %-28s %s%s\n", seat.Power, letters.SeatAddress(seat), status, extra)
		if seat.Undeliverable != "" {
			// Set by the judge when mail to the address failed for good.
			fmt.Fprintf(w, "           UNDELIVERABLE: %s\n", seat.Undeliverable)
		}
		if seat.ExtensionUsed > 0 {
			fmt.Fprintf(w, "           extension used %s\n", orders.FormatDuration(seat.ExtensionUsed))
		}
		for _, n := range letters.SeatNotes(&seat, now) {
			fmt.Fprintf(w, "           %s\n", n)
		}
	}
	return nil
}

func cmdReplay(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := dataFlags(fs)
	if err := parseInterspersed(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("replay: give the game id")
	}
	return operate(d, []string{"replay", "--", fs.Arg(0)}, nil, nil, stdout)
}

// replayGame recomputes game id from its stored orders (judge.Replay, a
// View transaction) and says whether every state matches.
func replayGame(db *store.DB, id string, w io.Writer) error {
	n, err := judge.New(db, nil).Replay(id)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "game %s: %d adjudications replayed from the stored orders; every state matches.\n", id, n)
	return nil
}
