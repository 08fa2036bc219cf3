package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"stormjudge/store"
)

// operatorCommands are the read-only commands the daemon answers, as an
// operator types them (-data is added).
var operatorCommands = [][]string{
	{"game", "list"},
	{"game", "show", "demo"},
	{"game", "export", "demo"},
	{"game", "export", "-version", "0", "demo"},
	{"game", "show", "nosuch"},
	{"replay", "demo"},
	{"replay", "nosuch"},
	{"check", "../../testdata/orders/pass.eml"},
	{"check", "-address", "referee@example.org", "../../testdata/orders/pass.eml"},
}

type commandResult struct {
	out, err string
}

func runOperatorCommands(t *testing.T, dir string) []commandResult {
	t.Helper()
	var res []commandResult
	for _, args := range operatorCommands {
		args = append([]string{args[0]}, args[1:]...)
		at := 1
		if args[0] == "game" {
			at = 2
		}
		args = append(args[:at], append([]string{"-data", dir}, args[at:]...)...)
		var out bytes.Buffer
		r := commandResult{}
		if err := run(args, &out, io.Discard); err != nil {
			r.err = err.Error()
		}
		r.out = out.String()
		res = append(res, r)
	}
	return res
}

// TestControlSocketWhileTheDaemonRuns: while the sandbox runs, the
// operator's read-only commands are answered by the daemon over
// <data>.sock, and print what they print once it stopped, byte for byte
// (errors included); the socket is 0600, a stale one is replaced at start,
// the socket refuses other commands, survives garbage and slow clients,
// and is gone after the daemon stopped.
func TestControlSocketWhileTheDaemonRuns(t *testing.T) {
	t.Parallel() // its own servers and data: waits overlap (issue 24, CI time)
	old := controlReadTimeout
	controlReadTimeout = time.Second
	t.Cleanup(func() { controlReadTimeout = old })

	dir := t.TempDir()
	data := filepath.Join(dir, "stormjudge.db")
	sock, err := socketPath(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := data + ".sock"; sock != want {
		if real, _ := filepath.EvalSymlinks(dir); filepath.Join(real, "stormjudge.db.sock") != sock {
			t.Fatalf("socket path %s, want %s", sock, want)
		}
	}
	// A socket a crashed daemon left behind.
	stale, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	stale.SetUnlinkOnClose(false)
	stale.Close()

	_, _, stop := startSandbox(t, sandboxOptions{Dir: dir})
	fi, err := os.Lstat(sock)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSocket == 0 || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %v, want a socket with 0600", fi.Mode())
	}
	// The file is the daemon's: opening it here fails.
	if db, err := store.Open(data, &store.Options{Timeout: 10 * time.Millisecond}); err == nil {
		db.Close()
		t.Fatal("the data file opened while the daemon runs")
	}

	running := runOperatorCommands(t, dir)

	// Raw requests: another command is refused; garbage is answered with
	// an error; a client that sends nothing is answered with a timeout;
	// an oversized request is cut off; the daemon goes on answering.
	if r := rawRequest(t, sock, []byte(`{"args":["compact"]}`)); r.Error == "" || !strings.Contains(r.Error, "not a read-only command") {
		t.Errorf("compact over the socket: %+v", r)
	}
	if r := rawRequest(t, sock, []byte(`{"args":["game","list","extra"],"stdin":"AA=="}`)); r.Error != "" || !strings.Contains(string(r.Stdout), "demo") {
		t.Errorf("game list with an extra argument (ignored, as on the command line): %+v", r)
	}
	for _, garbage := range []string{"\x00\xff garbage {{{\n", `{"args": 17}`, `null`, `{"args":["game"]}`, `{"args":["check","-frobnicate"]}`} {
		if r := rawRequest(t, sock, []byte(garbage)); r.Error == "" {
			t.Errorf("%q: answered without an error: %+v", garbage, r)
		}
	}
	if r := rawRequest(t, sock, nil); r.Error == "" {
		t.Errorf("an empty request: %+v", r)
	}
	if r := silentClient(t, sock); !strings.Contains(r.Error, "timeout") {
		t.Errorf("a client that sends nothing: %+v", r)
	}
	big := append([]byte(`{"args":["check"],"stdin":"`), bytes.Repeat([]byte("A"), maxControlRequest)...)
	if r := rawRequest(t, sock, big); !strings.Contains(r.Error, "request over") {
		t.Errorf("oversized request: %+v", r)
	}
	var out bytes.Buffer
	if err := run([]string{"game", "list", "-data", dir}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "demo") {
		t.Errorf("game list after garbage: %v\n%s", err, out.String())
	}

	stop()
	if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket after the daemon stopped: %v", err)
	}
	stopped := runOperatorCommands(t, dir)
	for i, args := range operatorCommands {
		r, s := running[i], stopped[i]
		if r != s {
			t.Errorf("%v: while running:\n%s\nerror: %s\n--- stopped:\n%s\nerror: %s", args, r.out, r.err, s.out, s.err)
		}
	}
	// What the commands answered.
	want := []string{"demo", "russia@sandbox.test", `"game": "demo"`, `"version": 0`, "", "adjudications replayed", "", "Orders ACCEPTED", "outcome:"}
	for i, w := range want {
		if !strings.Contains(running[i].out, w) {
			t.Errorf("%v printed:\n%s\nwant it to contain %q", operatorCommands[i], running[i].out, w)
		}
	}
	if !strings.Contains(running[4].err, "not found") || !strings.Contains(running[6].err, "not found") {
		t.Errorf("unknown games: %q, %q", running[4].err, running[6].err)
	}
}

// rawRequest sends b as a request over the socket and returns the answer.
func rawRequest(t *testing.T, sock string, b []byte) controlResponse {
	t.Helper()
	conn, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Generous: under -race, with other daemons' tests in parallel, the
	// oversized request alone takes seconds to refuse.
	conn.SetDeadline(time.Now().Add(60 * time.Second))
	go func() { // the daemon may stop reading before the end
		conn.Write(b)
		conn.(*net.UnixConn).CloseWrite()
	}()
	var r controlResponse
	if err := json.NewDecoder(conn).Decode(&r); err != nil {
		t.Fatalf("no answer to %.40q: %v", b, err)
	}
	return r
}

// silentClient connects and sends nothing.
func silentClient(t *testing.T, sock string) controlResponse {
	t.Helper()
	conn, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	var r controlResponse
	if err := json.NewDecoder(conn).Decode(&r); err != nil {
		t.Fatalf("no answer to a silent client: %v", err)
	}
	return r
}

// TestControlSocketDoesNotAnswer: the data file locked and its socket
// dead, the command says so; locked without a socket, it says that.
func TestControlSocketDoesNotAnswer(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "stormjudge.db")
	db, err := store.Open(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = run([]string{"game", "list", "-data", dir}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "is not there") {
		t.Errorf("locked, no socket: %v", err)
	}
	sock, _ := socketPath(data)
	dead, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	dead.SetUnlinkOnClose(false)
	dead.Close()
	err = run([]string{"game", "list", "-data", dir}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "the daemon is running but its socket") || !strings.Contains(err.Error(), "does not answer") {
		t.Errorf("locked, dead socket: %v", err)
	}
	// The daemon stopped, the dead socket is no obstacle.
	db.Close()
	var out bytes.Buffer
	if err := run([]string{"game", "list", "-data", dir}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "GAME") {
		t.Errorf("not locked, dead socket: %v\n%s", err, out.String())
	}
}

// TestControlSocketPath: <data>.sock when it fits a Unix socket's path,
// else a hashed name in a directory of this user's under /tmp.
func TestControlSocketPath(t *testing.T) {
	short, err := socketPath("/srv/stormjudge/stormjudge.db")
	if err != nil || short != "/srv/stormjudge/stormjudge.db.sock" {
		t.Errorf("short path: %s, %v", short, err)
	}
	long := "/srv/" + strings.Repeat("very-long-directory-name/", 5) + "stormjudge.db"
	p, err := socketPath(long)
	if err != nil || filepath.Dir(p) != controlDir() || len(p) > maxSocketPath || !strings.HasSuffix(p, ".sock") {
		t.Errorf("long path: %s, %v", p, err)
	}
	if q, _ := socketPath(long); q != p {
		t.Errorf("not deterministic: %s, %s", p, q)
	}
	if q, _ := socketPath(long + "2"); q == p {
		t.Errorf("two data files, one socket: %s", p)
	}
	priv := filepath.Join(t.TempDir(), "ctl")
	if err := privateDir(priv); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(priv); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("private dir: %v %v", fi.Mode(), err)
	}
	os.Chmod(priv, 0o755)
	if err := privateDir(priv); err == nil {
		t.Error("a directory others may enter was taken as private")
	}
}
