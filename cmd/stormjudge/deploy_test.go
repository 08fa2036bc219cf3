package main

import (
	"bufio"
	"bytes"
	"context"
	"debug/buildinfo"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/mailer/mailserver"
	"stormjudge/store"
)

// The deployment's files (deploy/) and what an operator sees of the
// build: the version command and the start log line (issue 25, "For the
// operator").

const (
	unitFile      = "../../deploy/stormjudge.service"
	sysusersFile  = "../../deploy/stormjudge.sysusers"
	containerFile = "../../deploy/Containerfile"
	// requireSystemdEnv makes the unit's test fail instead of skipping
	// without systemd-analyze (.ci/run installs it and sets this).
	requireSystemdEnv = "STORMJUDGE_REQUIRE_SYSTEMD"
	// buildImageEnv: with podman or docker on PATH, also build the image
	// and run its version command (needs a container engine, which CI's
	// machine lacks: only docker's client is there).
	buildImageEnv = "STORMJUDGE_BUILD_IMAGE"
)

// TestVersionCommand: `stormjudge version` prints a first line naming the
// program, its version and the Go version, and the help lists it.
func TestVersionCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"version"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	if want := "stormjudge " + readVersion(version).Version + " (" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ")"; first != want {
		t.Errorf("first line %q, want %q", first, want)
	}
	if !strings.Contains(out.String(), "go        "+runtime.Version()) || !strings.Contains(out.String(), "revision  ") {
		t.Errorf("version:\n%s", out.String())
	}
	if err := run([]string{"version", "extra"}, io.Discard, io.Discard); err == nil {
		t.Error("version with an argument: no error")
	}
	var help bytes.Buffer
	run([]string{"help"}, &help, io.Discard)
	if !strings.Contains(help.String(), "stormjudge version ") {
		t.Errorf("the help does not list version:\n%s", help.String())
	}
	if v := readVersion("1.4.0-rc1"); v.Version != "1.4.0-rc1" {
		t.Errorf("readVersion with a stamp: %+v", v)
	}
}

// TestSystemdUnitVerifies runs systemd-analyze over deploy/: `verify` on
// the unit (its ExecStart pointed at an executable that exists here, as
// verify requires) must print nothing at all (an unknown or misspelt key
// is only a warning to verify, exit code 0); `security --offline` must
// rate its exposure at most 2.0 of 10; and systemd-sysusers must make the
// user the unit runs as from deploy/stormjudge.sysusers in a scratch root.
// A copy with a misspelt key must be reported, so that the first check
// cannot pass by saying nothing about anything.
func TestSystemdUnitVerifies(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		if os.Getenv(requireSystemdEnv) == "1" {
			t.Fatalf("%s=1 but systemd-analyze is not on PATH (apt-get install systemd)", requireSystemdEnv)
		}
		t.Skip("systemd-analyze not on PATH (apt-get install systemd)")
	}
	unit, err := os.ReadFile(unitFile)
	if err != nil {
		t.Fatal(err)
	}
	const exec0 = "ExecStart=/usr/local/bin/stormjudge serve -config /etc/stormjudge/config.toml\n"
	if !bytes.Contains(unit, []byte(exec0)) {
		t.Fatalf("the unit's ExecStart is not %q", exec0)
	}
	for _, key := range []string{"User=stormjudge", "StateDirectory=stormjudge", "ConfigurationDirectory=stormjudge",
		"EnvironmentFile=/etc/stormjudge/secrets.env", "NoNewPrivileges=yes", "ProtectSystem=strict", "CapabilityBoundingSet=\n",
		"SystemCallFilter=@system-service", "UMask=0077", "Restart=on-failure"} {
		if !bytes.Contains(unit, []byte("\n"+key)) {
			t.Errorf("the unit lacks %s", strings.TrimSpace(key))
		}
	}
	self, err := os.Executable() // any executable will do: verify checks that it exists
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, text []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	here := bytes.Replace(unit, []byte("ExecStart=/usr/local/bin/stormjudge "), []byte("ExecStart="+self+" "), 1)
	path := write("stormjudge.service", here)
	verify := func(p string) (string, error) {
		out, err := exec.Command(analyze, "verify", "--man=no", p).CombinedOutput()
		return strings.TrimSpace(string(out)), err
	}
	out, err := verify(path)
	t.Logf("systemd-analyze verify: %v %q", err, out)
	if err != nil || out != "" {
		t.Errorf("systemd-analyze verify %s: %v\n%s", unitFile, err, out)
	}

	// The control: the same unit with a misspelt key is reported.
	if err := os.Mkdir(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	broken := write("broken/stormjudge.service", bytes.Replace(here, []byte("PrivateTmp=yes"), []byte("PrivateTemp=yes"), 1))
	if out, _ := verify(broken); !strings.Contains(out, "PrivateTemp") {
		t.Errorf("systemd-analyze verify did not report a misspelt key: %q", out)
	}

	sec, err := exec.Command(analyze, "security", "--offline=true", "--threshold=20", "--no-pager", path).CombinedOutput()
	overall := regexp.MustCompile(`Overall exposure level for stormjudge.service: ([0-9.]+)`).FindSubmatch(sec)
	if err != nil || overall == nil {
		t.Errorf("systemd-analyze security --offline --threshold=20 (exposure above 2.0?): %v\n%s", err, sec)
	} else {
		t.Logf("systemd-analyze security: exposure %s", overall[1])
	}

	// The user: systemd-sysusers in a scratch root.
	sysusers, err := exec.LookPath("systemd-sysusers")
	if err != nil {
		t.Fatalf("systemd-analyze is here but systemd-sysusers is not: %v", err)
	}
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "etc"), 0o755)
	conf, err := filepath.Abs(sysusersFile) // a relative path would be read under --root
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(sysusers, "--root="+root, conf).CombinedOutput(); err != nil {
		t.Fatalf("systemd-sysusers: %v\n%s", err, out)
	}
	passwd, _ := os.ReadFile(filepath.Join(root, "etc/passwd"))
	if !regexp.MustCompile(`(?m)^stormjudge:x:\d+:\d+:[^:]*:/var/lib/stormjudge:/usr/sbin/nologin$`).Match(passwd) {
		t.Errorf("systemd-sysusers made no user stormjudge:\n%s", passwd)
	}
}

// containerBuild is the go build of deploy/Containerfile: its flags (with
// ${VERSION} as written), its output and its package.
type containerBuild struct {
	Flags        []string
	Out, Package string
}

// readContainerBuild finds the Containerfile's go build line (its
// continuation lines joined) and splits it as the shell would (double
// quotes only: the file uses no other quoting).
func readContainerBuild(t *testing.T) containerBuild {
	t.Helper()
	text, err := os.ReadFile(containerFile)
	if err != nil {
		t.Fatal(err)
	}
	joined := regexp.MustCompile(`\\\n\s*`).ReplaceAllString(string(text), "")
	m := regexp.MustCompile(`(?m)^RUN CGO_ENABLED=0 go build (.*) -o (\S+) (\S+)$`).FindStringSubmatch(joined)
	if m == nil {
		t.Fatal("deploy/Containerfile: no line RUN CGO_ENABLED=0 go build FLAGS -o OUT PACKAGE")
	}
	b := containerBuild{Out: m[2], Package: m[3]}
	var cur strings.Builder
	quoted, word := false, false
	for _, r := range m[1] + " " {
		switch {
		case r == '"':
			quoted, word = !quoted, true
		case r == ' ' && !quoted:
			if word {
				b.Flags = append(b.Flags, cur.String())
			}
			cur.Reset()
			word = false
		default:
			cur.WriteRune(r)
			word = true
		}
	}
	return b
}

// TestContainerBuildIsStaticAndStamped runs the Containerfile's go build
// here, as the image's build stage does (CGO_ENABLED=0, its flags word for
// word, VERSION given): the binary is static (no interpreter, no shared
// library), stripped, carries no path of the build machine, records the
// flags in its build info, and its version command prints the stamped
// version. The golang image is the Go of go.mod, and the final stage runs
// as a user other than root with the data directory a volume. With
// STORMJUDGE_BUILD_IMAGE=1 and podman or docker on PATH it also builds
// the image and runs `version` in it.
func TestContainerBuildIsStaticAndStamped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	t.Parallel()
	b := readContainerBuild(t)
	for _, f := range []string{"-trimpath", "-ldflags", "-s -w -X main.version=${VERSION}"} {
		if !containsString(b.Flags, f) {
			t.Errorf("the Containerfile's go build lacks %q: %q", f, b.Flags)
		}
	}
	// The build stage's image is go.mod's exact Go: TestContainerBaseImagesArePinned.
	cf, _ := os.ReadFile(containerFile)
	final := cf[bytes.LastIndex(cf, []byte("\nFROM ")):]
	for _, want := range []string{"\nUSER 65532:65532\n", "\nVOLUME [\"/var/lib/stormjudge\"]\n", "distroless/static",
		"--chown=65532:65532 /out/data /var/lib/stormjudge", `CMD ["serve", "-config", "/etc/stormjudge/config.toml"]`} {
		if !bytes.Contains(final, []byte(want)) {
			t.Errorf("the final stage lacks %q", want)
		}
	}

	const stamp = "9.8.7-deploytest"
	bin := filepath.Join(t.TempDir(), "stormjudge")
	args := []string{"build"}
	for _, f := range b.Flags {
		args = append(args, strings.ReplaceAll(f, "${VERSION}", stamp))
	}
	args = append(args, "-o", bin, b.Package)
	cmd := exec.Command("go", args...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	t.Logf("CGO_ENABLED=0 go %s", strings.Join(args, " "))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			t.Errorf("the binary is not static: it has a %v program header", p.Type)
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("the binary needs shared libraries: %v", libs)
	}
	if _, err := f.Symbols(); !errors.Is(err, elf.ErrNoSymbols) {
		t.Errorf("the binary has a symbol table (-s): %v", err)
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	// (-ldflags is not recorded with -trimpath: the version command
	// below shows the stamp.)
	if settings["CGO_ENABLED"] != "0" || settings["-trimpath"] != "true" || settings["vcs"] != "" {
		t.Errorf("build info: CGO_ENABLED=%q -trimpath=%q vcs=%q; want 0, true and none", settings["CGO_ENABLED"], settings["-trimpath"], settings["vcs"])
	}
	raw, _ := os.ReadFile(bin)
	if repo, _ := filepath.Abs("../.."); bytes.Contains(raw, []byte(repo+"/")) {
		t.Errorf("the binary holds the build machine's path %s (-trimpath)", repo)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", bin, err)
	}
	if !strings.HasPrefix(string(out), "stormjudge "+stamp+" ("+runtime.Version()) {
		t.Errorf("version of the static binary:\n%s", out)
	}

	if os.Getenv(buildImageEnv) != "1" {
		t.Logf("image not built (%s=1 builds it with podman or docker)", buildImageEnv)
		return
	}
	engine := ""
	for _, e := range []string{"podman", "docker"} {
		if _, err := exec.LookPath(e); err == nil {
			engine = e
			break
		}
	}
	if engine == "" {
		t.Fatalf("%s=1 but neither podman nor docker is on PATH", buildImageEnv)
	}
	tag := fmt.Sprintf("localhost/stormjudge-deploytest:%d", time.Now().UnixNano())
	bargs := []string{"build", "-f", "deploy/Containerfile", "--build-arg", "VERSION=" + stamp, "-t", tag, "."}
	if engine == "podman" {
		bargs = append([]string{"build", "--format", "docker"}, bargs[1:]...) // OCI images carry no HEALTHCHECK
	}
	build := exec.Command(engine, bargs...)
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s build: %v\n%s", engine, err, out)
	}
	t.Cleanup(func() { exec.Command(engine, "rmi", "-f", tag).Run() })
	out, err = exec.Command(engine, "run", "--rm", "--network=none", tag, "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "stormjudge "+stamp+" (") {
		t.Errorf("%s run %s version: %v\n%s", engine, tag, err, out)
	}
	user, _ := exec.Command(engine, "image", "inspect", "--format", "{{.Config.User}}", tag).Output()
	if u := strings.TrimSpace(string(user)); u == "" || u == "root" || strings.HasPrefix(u, "0") {
		t.Errorf("the image runs as %q", u)
	}
	health, _ := exec.Command(engine, "image", "inspect", "--format", "{{json .Config.Healthcheck}}", tag).Output()
	if !bytes.Contains(health, []byte(`"status"`)) {
		t.Errorf("the image's health check: %s", health)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestStartLogNamesGamesAndMailboxes runs the daemon from a config file
// (the path of serve: LoadConfig, passwords and the master's secret from
// the environment) against the sandbox's mail servers on loopback, and
// reads its log: one "stormjudge running" line names the version, the
// IMAP server, user and folders, the SMTP server and user, the games and
// the features; one "game live" line a game gives its delivery; and no
// line, whatever its level, holds a password or a secret.
func TestStartLogNamesGamesAndMailboxes(t *testing.T) {
	dir := t.TempDir()
	srv, err := mailserver.Start(&mailserver.Options{Dir: filepath.Join(dir, "mail"), IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		Domain: sandboxDomain, Logger: newLogger(io.Discard, "error")})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const (
		judgePW   = "imap-Pw-c41f9e"
		masterSec = "master-Sec-77ab01"
		modSec    = "mod-Sec-e5d210"
	)
	secrets := []string{judgePW, masterSec, modSec}
	if err := srv.AddUser(sandboxJudge, judgePW); err != nil {
		t.Fatal(err)
	}
	for _, p := range storm.Powers {
		if err := srv.AddUser(p.String()+"@"+sandboxDomain, "pw-"+p.String()+"-3f2"); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("DEPLOYTEST_IMAP_PW", judgePW)
	t.Setenv("DEPLOYTEST_SMTP_PW", judgePW)
	t.Setenv("DEPLOYTEST_MASTER", masterSec)
	var cfgText strings.Builder
	fmt.Fprintf(&cfgText, `data = %q
address = "judge@sandbox.test"
tick = "1s"
log_level = "debug"
[imap]
addr = %q
username = "judge@sandbox.test"
password_env = "DEPLOYTEST_IMAP_PW"
tls = "none"
mailbox = "INBOX"
processed_mailbox = "Done"
poll_interval = "500ms"
[smtp]
addr = %q
username = "judge@sandbox.test"
password_env = "DEPLOYTEST_SMTP_PW"
tls = "none"
[[master]]
address = "gm@sandbox.test"
secret_env = "DEPLOYTEST_MASTER"
`, filepath.Join(dir, "stormjudge.db"), srv.IMAPAddr(), srv.SMTPAddr())
	for _, g := range []struct{ id, mail string }{{"alpha", ""}, {"beta", "every-segment"}} {
		fmt.Fprintf(&cfgText, "[[game]]\nid = %q\nmoderators = [\"gm@sandbox.test\"]\nmoderator_secret = %q\ndiplomacy = false\ncrisis = false\n", g.id, modSec)
		if g.mail != "" {
			fmt.Fprintf(&cfgText, "mail = %q\n", g.mail)
		}
		for _, p := range storm.Powers {
			sec := "seat-" + g.id + "-" + p.String() + "-9d0c"
			secrets = append(secrets, sec)
			fmt.Fprintf(&cfgText, "  [[game.seat]]\n  power = %q\n  address = %q\n  secret = %q\n", p.String(), p.String()+"@"+sandboxDomain, sec)
		}
	}
	cfgPath := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfgPath, []byte(cfgText.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}

	logs := &lockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	ready, done := make(chan struct{}), make(chan error, 1)
	go func() { done <- runDaemon(ctx, cfg, newLogger(logs, cfg.LogLevel), func(*store.DB) { close(ready) }) }()
	select {
	case <-ready:
	case err := <-done:
		cancel()
		t.Fatalf("daemon: %v\n%s", err, logs)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatalf("the daemon did not start\n%s", logs)
	}
	// Let it work a little (welcomes sent with the secrets in them, the
	// inbox logged in): its log lines then say more.
	waitFor(t, "germany's two welcomes", 30*time.Second, func() bool {
		return countKinds(fetchAll(t, srv.IMAPAddr(), "germany@sandbox.test", "pw-germany-3f2", "INBOX"))["welcome"] == 2
	})
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("daemon: %v", err)
	}

	var running []string
	gameLines := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(logs.String()))
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, `msg="stormjudge running"`) {
			running = append(running, line)
		}
		if strings.Contains(line, `msg="game live"`) {
			if m := regexp.MustCompile(` game=(\S+)`).FindStringSubmatch(line); m != nil {
				gameLines[m[1]] = line
			}
		}
		for _, s := range secrets {
			if strings.Contains(line, s) {
				t.Errorf("a log line holds the secret %q:\n%s", s, line)
			}
		}
	}
	if len(running) != 1 {
		t.Fatalf("%d lines say stormjudge running; want 1\n%s", len(running), logs)
	}
	t.Logf("%s", running[0])
	for _, want := range []string{
		" version=" + readVersion(version).Version + " ", " go=" + runtime.Version() + " ",
		" imap.addr=" + srv.IMAPAddr() + " ", " imap.tls=none ", " imap.user=judge@sandbox.test ",
		" imap.mailbox=INBOX ", " imap.processed=Done ",
		" smtp.addr=" + srv.SMTPAddr() + " ", " smtp.user=judge@sandbox.test ",
		` games="[alpha beta]" `, " create_by_email=[gm@sandbox.test] ", " tick=1s ", " draw_ahead=true ",
	} {
		if !strings.Contains(running[0]+" ", want) {
			t.Errorf("the start line lacks %q:\n%s", strings.TrimSpace(want), running[0])
		}
	}
	for id, mail := range map[string]string{"alpha": "digest", "beta": "every-segment"} {
		if l, ok := gameLines[id]; !ok || !strings.Contains(l, " mail="+mail+" ") || !strings.Contains(l, " seats=5 ") {
			t.Errorf("game %s: line %q; want its seats and mail=%s", id, l, mail)
		}
	}
}
