package main

// The control socket: the daemon answers the operator's read-only
// commands (game list|show|export|site, replay, check, status) while it holds the data
// file's exclusive lock, so that they work while it runs without a second
// process opening the file (docs/architecture.md, "The operator while the
// daemon runs"). None changes the store; game site writes files, into the
// absolute directory its -out names, as the daemon's user (the socket is
// that user's alone).
//
// Protocol: one request per connection. The client sends one line, a JSON
// object ended by a newline (or by the end of what it writes),
//
//	{"args": ["game", "show", "-version", "3", "--", "demo"], "stdin": "<base64>"}
//
// args being the command's canonical arguments (parseOperator: no -data,
// no -config) and stdin check's email, base64 as encoding/json writes a
// []byte. The daemon answers one line, a JSON object, then closes the
// connection:
//
//	{"stdout": "<base64>", "error": "game nosuch: store: ..."}
//
// stdout is base64 so that the bytes arrive as the command printed them
// (JSON strings would replace invalid UTF-8); error is absent on success.
// The client prints stdout and fails with error, as if it had run the
// command itself. A request is at most maxControlRequest bytes and must
// arrive within controlReadTimeout; anything but the commands above is
// refused.

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"stormjudge/judge"
	"stormjudge/store"
)

const (
	// maxControlEmail is the largest email check sends over the socket
	// (sixteen times the judge's default limit on received mail, so that
	// an email over any sensible limit is still answered with the
	// receipt naming it).
	maxControlEmail = 16 << 20
	// maxControlRequest bounds a request: the email in base64 and room
	// for the arguments.
	maxControlRequest = (maxControlEmail+2)/3*4 + 64<<10
	// controlWriteTimeout: a client must have read the answer by then.
	controlWriteTimeout = 30 * time.Second
	// maxControlConns connections are served at once; more are told the
	// daemon is busy.
	maxControlConns = 8
	// controlLockProbe is how long a command waits for the data file's
	// lock when the daemon's socket exists: the daemon holds the lock for
	// as long as it runs, so waiting the full store.DefaultTimeout would
	// only delay the answer.
	controlLockProbe = 100 * time.Millisecond
	// controlClientTimeout bounds a whole exchange seen from the client
	// (a replay of a long game takes a while).
	controlClientTimeout = 10 * time.Minute
)

// controlReadTimeout: a client silent that long while its request is
// read (nothing sent, or a pause mid-way) is answered with the timeout and
// the connection closed; one that goes on sending is read to the end (a
// request as large as maxControlRequest takes a while on a busy machine),
// within controlReadTotal. A variable for the test of a client that
// sends nothing.
var controlReadTimeout = 10 * time.Second

// controlReadTotal bounds the reading of a whole request, however steadily
// it comes.
const controlReadTotal = 2 * time.Minute

// idleReader reads conn with a deadline renewed at every read: the
// client's silence is bounded by idle, the whole reading by the end.
type idleReader struct {
	conn net.Conn
	idle time.Duration
	end  time.Time
}

func (r idleReader) Read(p []byte) (int, error) {
	d := time.Now().Add(r.idle)
	if d.After(r.end) {
		d = r.end
	}
	r.conn.SetReadDeadline(d)
	return r.conn.Read(p)
}

// maxSocketPath is the longest path a Unix socket can be bound to on every
// Unix: sun_path holds 104 bytes on macOS and the BSDs (108 on Linux),
// the terminating NUL included.
const maxSocketPath = 103

// controlRequest and controlResponse are the protocol's two messages.
type controlRequest struct {
	Args  []string `json:"args"`
	Stdin []byte   `json:"stdin,omitempty"`
}

type controlResponse struct {
	Stdout []byte `json:"stdout"`
	Error  string `json:"error,omitempty"`
}

// socketPath is the control socket of the data file: "<data>.sock" next to
// it (its symbolic links resolved, so that every spelling of the path
// names one socket). When that path is too long for a Unix socket, the
// socket is /tmp/stormjudge-<uid>/<hash of the data file's path>.sock
// instead, in a directory only this user may enter (controlDir).
func socketPath(data string) (string, error) {
	abs, err := filepath.Abs(data)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if p := abs + ".sock"; len(p) <= maxSocketPath {
		return p, nil
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(controlDir(), hex.EncodeToString(sum[:12])+".sock"), nil
}

// controlDir holds the sockets whose paths next to their data files would
// be too long.
func controlDir() string {
	return filepath.Join("/tmp", fmt.Sprintf("stormjudge-%d", os.Getuid()))
}

// privateDir makes sure dir is a directory of this user that nobody else
// may enter (creating it if needed): /tmp is everybody's.
func privateDir(dir string) error {
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || int(st.Uid) != os.Getuid() || fi.Mode().Perm() != 0o700 {
		return fmt.Errorf("%s is not a directory of this user with mode 0700: no socket there", dir)
	}
	return nil
}

// ownSocket reports whether path is a socket owned by this user: the
// client sends nothing (check's email holds a secret) to anyone else's.
func ownSocket(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&os.ModeSocket == 0 {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}

// isLocked reports whether err is store.Open's failure on a file another
// process holds.
func isLocked(err error) bool { return errors.Is(err, store.ErrLocked) }

// operateOn runs c on the data file path: opened here when it can be
// (the daemon stopped), else by the daemon over its control socket.
// newJudge makes check's judge when the file is opened here.
func operateOn(path string, c *operatorCommand, newJudge func(*store.DB) (*judge.Judge, error), stdout io.Writer) error {
	sock, sockErr := socketPath(path)
	up := sockErr == nil && ownSocket(sock)
	opt := &store.Options{}
	if up {
		opt.Timeout = controlLockProbe
	}
	db, err := store.Open(path, opt)
	if err == nil {
		return runHere(db, c, newJudge, stdout)
	}
	if !isLocked(err) {
		return err
	}
	if !up {
		where := sock
		if sockErr != nil {
			where = sockErr.Error()
		}
		return fmt.Errorf("%w (is the daemon running on this file? it answers these commands on its socket %s, which is not there: a daemon of an older version? stop it first)", err, where)
	}
	if c.name == "check" && len(c.email) > maxControlEmail {
		return fmt.Errorf("check: the email has %d bytes; the daemon's socket takes at most %d: stop the daemon to check it", len(c.email), maxControlEmail)
	}
	out, cmdErr, sockErr := askDaemon(sock, &controlRequest{Args: c.args, Stdin: c.email})
	if sockErr == nil {
		if _, err := stdout.Write(out); err != nil {
			return err
		}
		return cmdErr
	}
	// A socket left by a daemon that crashed, and the lock held for a
	// moment by another command: wait for the lock as ever.
	if db, err := store.Open(path, nil); err == nil {
		return runHere(db, c, newJudge, stdout)
	}
	return fmt.Errorf("%s is locked: the daemon is running but its socket %s does not answer: %v", path, sock, sockErr)
}

// runHere runs c on db, which it closes.
func runHere(db *store.DB, c *operatorCommand, newJudge func(*store.DB) (*judge.Judge, error), stdout io.Writer) error {
	defer db.Close()
	var j *judge.Judge
	if c.name == "check" && newJudge != nil {
		var err error
		if j, err = newJudge(db); err != nil {
			return err
		}
	}
	return c.run(db, j, stdout)
}

// askDaemon sends req over the socket and returns what the command printed
// and the error it failed with; sockErr is set when the exchange itself
// failed.
func askDaemon(sock string, req *controlRequest) (stdout []byte, cmdErr, sockErr error) {
	conn, err := net.DialTimeout("unix", sock, 2*time.Second)
	if err != nil {
		return nil, nil, err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(controlClientTimeout))
	b, err := json.Marshal(req)
	if err != nil {
		return nil, nil, err
	}
	if _, err := conn.Write(append(b, '\n')); err != nil {
		return nil, nil, err
	}
	var resp controlResponse
	if err := json.NewDecoder(conn).Decode(&resp); err != nil {
		return nil, nil, fmt.Errorf("reading the daemon's answer: %w", err)
	}
	if resp.Error != "" {
		cmdErr = errors.New(resp.Error)
	}
	return resp.Stdout, cmdErr, nil
}

// controlServer is the daemon's side of the socket.
type controlServer struct {
	ln   *net.UnixListener
	path string
	db   *store.DB
	j    *judge.Judge  // check's: the daemon's options, its log lines marked
	jopt judge.Options // the daemon's judge's, for check with another -address
	log  *slog.Logger
	sem  chan struct{}

	mu     sync.Mutex
	closed bool
	conns  map[net.Conn]struct{}
	wg     sync.WaitGroup // connections being served
}

// startControl listens on the control socket of the data file dataPath.
// check is answered by a judge made with jopt, the options of the
// daemon's judge (its address, domain and limits): the same answer, but
// its log lines say they are a check's, not the daemon's handling of an
// email.
func startControl(dataPath string, db *store.DB, jopt judge.Options, log *slog.Logger) (*controlServer, error) {
	path, err := socketPath(dataPath)
	if err != nil {
		return nil, err
	}
	if filepath.Dir(path) == controlDir() {
		if err := privateDir(controlDir()); err != nil {
			return nil, err
		}
	}
	ln, err := listenControl(path)
	if err != nil {
		return nil, err
	}
	o := jopt
	o.Kick, o.DrawAhead, o.Logger = nil, false, log.With("check", true)
	return &controlServer{ln: ln, path: path, db: db, j: judge.New(db, &o), jopt: jopt, log: log,
		sem: make(chan struct{}, maxControlConns), conns: map[net.Conn]struct{}{}}, nil
}

// listenControl binds the socket at path with mode 0600, after removing a
// socket a crashed daemon left there (one nothing answers on).
func listenControl(path string) (*net.UnixListener, error) {
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&os.ModeSocket == 0 {
			return nil, fmt.Errorf("control: %s exists and is not a socket: left alone", path)
		}
		c, err := net.DialTimeout("unix", path, time.Second)
		if err == nil {
			c.Close()
			return nil, fmt.Errorf("control: another process answers on %s", path)
		}
		if !errors.Is(err, syscall.ECONNREFUSED) {
			return nil, fmt.Errorf("control: %s: %w", path, err)
		}
		if err := os.Remove(path); err != nil { // stale: its daemon is gone
			return nil, err
		}
	}
	// The socket is made with the mode 0777 less the umask, and only then
	// can it be chmod-ed. The umask 077 while it is bound keeps group and
	// others out from the start; it is the process's, but only takes
	// permissions away from whatever else is created meanwhile.
	old := syscall.Umask(0o077)
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	syscall.Umask(old)
	if err != nil {
		return nil, fmt.Errorf("control: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("control: %w", err)
	}
	return ln, nil
}

// Path is where the socket listens; "" for none (nil-safe).
func (s *controlServer) Path() string {
	if s == nil {
		return ""
	}
	return s.path
}

// Serve accepts connections until Close, each served in its own
// goroutine, and returns once every one of them is done.
func (s *controlServer) Serve() {
	defer s.wg.Wait()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed {
				return
			}
			s.log.Error("control: accept", "err", err)
			time.Sleep(100 * time.Millisecond) // e.g. out of file descriptors
			continue
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			conn.Close()
			return
		}
		s.conns[conn] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go s.handle(conn)
	}
}

// Close stops listening, removes the socket and ends the connections being
// served (a command running finishes; its answer is lost). Nil-safe.
func (s *controlServer) Close() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.closed = true
	s.ln.Close() // removes the socket file (net.UnixListener unlinks on Close)
	for c := range s.conns {
		c.Close()
	}
}

func (s *controlServer) handle(conn net.Conn) {
	defer func() {
		conn.Close()
		s.mu.Lock()
		delete(s.conns, conn)
		s.mu.Unlock()
		s.wg.Done()
	}()
	var resp *controlResponse
	select {
	case s.sem <- struct{}{}:
		resp = s.answer(conn)
		<-s.sem
	default:
		resp = &controlResponse{Error: fmt.Sprintf("control: the daemon is busy (%d commands at once): try again", maxControlConns)}
	}
	conn.SetWriteDeadline(time.Now().Add(controlWriteTimeout))
	b, err := json.Marshal(resp)
	if err == nil {
		_, err = conn.Write(append(b, '\n'))
	}
	if err != nil {
		s.log.Debug("control: answer not sent", "err", err)
	}
}

// answer reads the request on conn and runs it. A panic is the daemon's
// fault, not the client's: it is logged and answered, and the daemon goes
// on.
func (s *controlServer) answer(conn net.Conn) (resp *controlResponse) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("control: command panicked", "panic", r, "stack", string(debug.Stack()))
			resp = &controlResponse{Error: fmt.Sprintf("control: the daemon failed on this command: %v", r)}
		}
	}()
	// The line is read whole (up to the limit, within the deadlines)
	// before it is parsed: parsing is the slow part, and a client's
	// deadline should not depend on it.
	in := idleReader{conn: conn, idle: controlReadTimeout, end: time.Now().Add(controlReadTotal)}
	line, err := bufio.NewReaderSize(io.LimitReader(in, maxControlRequest+1), 64<<10).ReadBytes('\n')
	if len(line) > maxControlRequest {
		return &controlResponse{Error: fmt.Sprintf("control: request over %d bytes", maxControlRequest)}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return &controlResponse{Error: "control: reading the request: " + err.Error()}
	}
	conn.SetReadDeadline(time.Time{})
	var req controlRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return &controlResponse{Error: "control: bad request: " + err.Error()}
	}
	c, err := parseOperator(req.Args, req.Stdin)
	if err != nil {
		s.log.Warn("control: request refused", "err", err)
		return &controlResponse{Error: "control: " + err.Error()}
	}
	start := time.Now()
	var out bytes.Buffer
	err = c.run(s.db, s.judgeFor(c), &out)
	s.log.Info("control: operator command", "command", c.name, "game", c.id, "took", time.Since(start), "err", err)
	resp = &controlResponse{Stdout: out.Bytes()}
	if err != nil {
		resp.Error = err.Error()
	}
	return resp
}

// judgeFor is the judge that answers c: the daemon's, or for check with
// another -address, one made as the daemon's but for that address.
func (s *controlServer) judgeFor(c *operatorCommand) *judge.Judge {
	if c.name != "check" || c.address == "" || strings.EqualFold(strings.TrimSpace(c.address), s.j.Address()) {
		return s.j
	}
	o := s.jopt
	o.Address, o.Domain, o.Kick, o.DrawAhead = c.address, "", nil, false
	o.Logger = s.log.With("check", true)
	return judge.New(s.db, &o)
}
