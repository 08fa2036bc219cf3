package main

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The container's build context and its health (deploy/Containerfile,
// .dockerignore at the repository's root).

const ignoreFile = "../../.dockerignore"

// ignoreRule is one line of a .dockerignore file: its pattern as a
// regular expression, and whether it is an exception (!).
type ignoreRule struct {
	text      string
	re        *regexp.Regexp
	exception bool
}

// readIgnore parses a .dockerignore file by the rules docker and podman
// document (and github.com/moby/patternmatcher implements): a line whose
// first column is # is a comment; lines are trimmed of white space and
// blank ones skipped; a leading ! makes an exception; the pattern is
// cleaned as a path (filepath.Clean) and a leading / dropped, the root of
// the context being both the working and the root directory. In a
// pattern, * is any run of characters but /, ? one character but /, **
// any number of directories (none included), \ makes the next character
// literal. Character classes ([...]) are not implemented: a rule with
// one fails the test rather than being matched wrongly.
func readIgnore(t *testing.T, text string) []ignoreRule {
	t.Helper()
	var rules []ignoreRule
	for i, line := range strings.Split(text, "\n") {
		if i == 0 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.TrimSpace(line)
		if p == "" {
			continue
		}
		r := ignoreRule{text: p}
		if p[0] == '!' {
			r.exception, p = true, strings.TrimSpace(p[1:])
		}
		if p != "" {
			p = filepath.ToSlash(filepath.Clean(p))
			if len(p) > 1 && p[0] == '/' {
				p = p[1:]
			}
		}
		if strings.ContainsAny(p, "[]") {
			t.Fatalf("ignore rule %q: character classes are not implemented by this test's matcher", r.text)
		}
		var re strings.Builder
		re.WriteString("^")
		for j := 0; j < len(p); j++ {
			switch c := p[j]; {
			case c == '*' && j+1 < len(p) && p[j+1] == '*':
				j++
				if j+1 < len(p) && p[j+1] == '/' {
					j++
				}
				if j+1 == len(p) {
					re.WriteString(".*")
				} else {
					re.WriteString("(.*/)?")
				}
			case c == '*':
				re.WriteString("[^/]*")
			case c == '?':
				re.WriteString("[^/]")
			case c == '\\' && j+1 < len(p):
				j++
				re.WriteString(regexp.QuoteMeta(p[j : j+1]))
			default:
				re.WriteString(regexp.QuoteMeta(string(c)))
			}
		}
		re.WriteString("$")
		r.re = regexp.MustCompile(re.String())
		rules = append(rules, r)
	}
	return rules
}

// excluded reports whether the context leaves out path (slash-separated,
// relative to the context's root): the last rule that matches the path or
// one of its parent directories decides.
func excluded(rules []ignoreRule, path string) bool {
	dirs := strings.Split(path, "/")
	out := false
	for _, r := range rules {
		if r.exception != out {
			continue // only an exception can change an excluded path, and only a rule an included one
		}
		match := false
		for i := range dirs {
			if r.re.MatchString(strings.Join(dirs[:i+1], "/")) {
				match = true
				break
			}
		}
		if match {
			out = !r.exception
		}
	}
	return out
}

// TestIgnoreMatcherFollowsTheDockerignoreRules: the test's matcher gives
// the answers of the rules' documentation, so that the test below cannot
// pass on a matcher that excludes too much or too little.
func TestIgnoreMatcherFollowsTheDockerignoreRules(t *testing.T) {
	rules := readIgnore(t, "\uFEFF# comment\n*/temp*\n*/*/temp*\ntemp?\n  /foo/bar  \n*.md\n!README*.md\nREADME-secret.md\n**/*.key\nkeep/**\n!keep/this\n")
	for path, want := range map[string]bool{
		"somedir/temporary.txt": true, "somedir/subdir/temporary.txt": true, "tempa": true, "tempab": false, "temporary.txt": false,
		"a/b/c/temp.txt": false, "foo/bar": true, "foo/bar/baz.go": true, "x/foo/bar": false, "# comment": false,
		"notes.md": true, "README.md": false, "README-secret.md": true, "docs/notes.md": false,
		"x.key": true, "a/b/x.key": true, "x.keys": false, "keep/other": true, "keep/this": false,
	} {
		if got := excluded(rules, path); got != want {
			t.Errorf("%s: excluded %v, want %v", path, got, want)
		}
	}
	if r := readIgnore(t, "*.key\n"); excluded(r, "deploy/x.key") {
		t.Error("*.key excludes deploy/x.key: a pattern without **/ matches at the root only")
	}
}

// TestContainerContextKeepsSecretsOut: the build context leaves out the
// operator's config, secrets, keys, data files and the sandbox's
// directory, at the root and anywhere below it, and keeps every file the
// build needs (the Go sources, go.mod, go.sum, the decks the image
// copies). The ignore file is the one docker and podman both read: at the
// context's root, with no file beside the Containerfile or at the root
// that either tool would read instead.
func TestContainerContextKeepsSecretsOut(t *testing.T) {
	text, err := os.ReadFile(ignoreFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, other := range []string{"../../.containerignore", "../../deploy/Containerfile.dockerignore", "../../deploy/Containerfile.containerignore"} {
		if _, err := os.Stat(other); err == nil {
			t.Errorf("%s exists: docker or podman would read it instead of .dockerignore", other)
		}
	}
	rules := readIgnore(t, string(text))
	for _, dir := range []string{"", "deploy/", "cmd/stormjudge/", "data/"} {
		for _, name := range []string{"config.toml", "secrets.env", "stormjudge.env", "judge.key", "oauth.token", "oauth-refresh-token", ".refresh-token-123", "tls.pem",
			"stormjudge.db", "stormjudge.db.key", "stormjudge.db.lock", "stormjudge.db.sock", "games.db",
			"sandbox-data", "sandbox-data/stormjudge.db", "sandbox-data/mail/judge@sandbox.test/INBOX/1.eml"} {
			if !excluded(rules, dir+name) {
				t.Errorf("the build context holds %s%s", dir, name)
			}
		}
	}

	needed := 0
	root := "../.."
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".git" || d.Name() == "sandbox-data" {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") || rel == "go.mod" || rel == "go.sum" || (strings.HasPrefix(rel, "testdata/decks/") && strings.HasSuffix(rel, ".toml")) {
			needed++
			if excluded(rules, rel) {
				t.Errorf("the build needs %s, which the context leaves out", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if needed < 100 {
		t.Errorf("only %d files the build needs were found: the walk went wrong", needed)
	}
	if excluded(rules, "config.toml.example") || excluded(rules, "deploy/Containerfile") {
		t.Error("the context leaves out config.toml.example or deploy/Containerfile")
	}
	t.Logf("%d rules; %d files the build needs kept", len(rules), needed)
}

// TestContainerBaseImagesArePinned: every FROM of deploy/Containerfile
// names its image by digest or by an exact version, the golang image's
// being go.mod's Go release itself; no floating tag (latest, 1.26,
// bookworm, nonroot alone).
func TestContainerBaseImagesArePinned(t *testing.T) {
	cf, err := os.ReadFile(containerFile)
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVer := regexp.MustCompile(`(?m)^go (\d+\.\d+\.\d+)$`).FindSubmatch(gomod)
	if goVer == nil {
		t.Fatal("go.mod names no exact Go release (go X.Y.Z)")
	}
	froms := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllSubmatch(cf, -1)
	if len(froms) != 2 {
		t.Fatalf("%d FROM lines, want 2", len(froms))
	}
	digest := regexp.MustCompile(`@sha256:[0-9a-f]{64}$`)
	for _, m := range froms {
		image := string(m[1])
		if digest.MatchString(image) {
			continue
		}
		_, tag, ok := strings.Cut(image[strings.LastIndex(image, "/")+1:], ":")
		if !ok || !regexp.MustCompile(`^\d+\.\d+\.\d+(-\w+)?$`).MatchString(tag) {
			t.Errorf("FROM %s: neither a digest nor an exact version", image)
		}
		if strings.Contains(image, "golang:") && !strings.HasPrefix(tag, string(goVer[1])+"-") && tag != string(goVer[1]) {
			t.Errorf("FROM %s: not go.mod's Go %s", image, goVer[1])
		}
	}
}

// TestContainerHealthCheckAsksTheDaemon: the image's HEALTHCHECK runs the
// image's binary as `stormjudge status` on the config the image serves,
// and that command asks the daemon over its socket: exit 0 with its
// answer while it runs, an error (exit 1) before it started, on a socket
// nothing answers, and after it stopped. status never opens the data file
// (none is made by asking).
func TestContainerHealthCheckAsksTheDaemon(t *testing.T) {
	cf, err := os.ReadFile(containerFile)
	if err != nil {
		t.Fatal(err)
	}
	joined := regexp.MustCompile(`\\\n\s*`).ReplaceAllString(string(cf), "")
	final := joined[strings.LastIndex(joined, "\nFROM "):]
	hc := regexp.MustCompile(`(?m)^HEALTHCHECK (.*) CMD (\[.*\])$`).FindStringSubmatch(final)
	if hc == nil {
		t.Fatal("the final stage has no HEALTHCHECK ... CMD [exec form]")
	}
	var argv, entry, cmd []string
	if err := json.Unmarshal([]byte(hc[2]), &argv); err != nil {
		t.Fatalf("HEALTHCHECK CMD %s: %v", hc[2], err)
	}
	json.Unmarshal([]byte(regexp.MustCompile(`(?m)^ENTRYPOINT (\[.*\])$`).FindStringSubmatch(final)[1]), &entry)
	json.Unmarshal([]byte(regexp.MustCompile(`(?m)^CMD (\[.*\])$`).FindStringSubmatch(final)[1]), &cmd)
	if len(argv) < 2 || len(entry) != 1 || argv[0] != entry[0] || argv[1] != "status" {
		t.Fatalf("HEALTHCHECK %q: not the entrypoint %q's status command", argv, entry)
	}
	if !strings.Contains(" "+strings.Join(argv, " ")+" ", " -config "+cmd[len(cmd)-1]+" ") {
		t.Errorf("HEALTHCHECK %q does not ask about the config the image serves (%q)", argv, cmd)
	}
	for _, opt := range []string{"--interval=", "--timeout=", "--retries="} {
		if !strings.Contains(hc[1], opt) {
			t.Errorf("HEALTHCHECK lacks %s", opt)
		}
	}

	dir := t.TempDir()
	data := filepath.Join(dir, "stormjudge.db")
	cfg := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfg, []byte("data = \""+data+"\"\naddress = \"judge@sandbox.test\"\n[imap]\naddr = \"127.0.0.1:1\"\n[smtp]\naddr = \"127.0.0.1:1\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	status := func() (string, error) {
		var out bytes.Buffer
		args := append([]string{"status"}, argv[2:]...)
		for i := range args {
			if args[i] == cmd[len(cmd)-1] {
				args[i] = cfg
			}
		}
		err := run(args, &out, io.Discard)
		return out.String(), err
	}
	if out, err := status(); err == nil || !strings.Contains(err.Error(), "no daemon") {
		t.Errorf("status before the daemon started: %v\n%s", err, out)
	}
	if _, err := os.Stat(data); err == nil {
		t.Error("status made the data file")
	}
	// A socket left by a daemon that crashed: nothing answers.
	sock, _ := socketPath(data)
	dead, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	dead.SetUnlinkOnClose(false)
	dead.Close()
	if out, err := status(); err == nil || !strings.Contains(err.Error(), "does not answer") {
		t.Errorf("status on a dead socket: %v\n%s", err, out)
	}

	_, _, stop := startSandbox(t, sandboxOptions{Dir: dir})
	out, err := status()
	if err != nil || !regexp.MustCompile(`^stormjudge \S+ running \(pid \d+\), games: 1\n$`).MatchString(out) {
		t.Errorf("status while the daemon runs: %v\n%q", err, out)
	}
	t.Logf("%s", out)
	stop()
	if out, err := status(); err == nil {
		t.Errorf("status after the daemon stopped: no error\n%s", out)
	}
}
