package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"stormjudge/mailer/mailtest"
)

// startLogin runs stormjudge oauth login with args in the background.
func startLogin(t *testing.T, args ...string) (*lockedBuffer, chan error) {
	t.Helper()
	out := &lockedBuffer{}
	done := make(chan error, 1)
	go func() { done <- run(append([]string{"oauth", "login"}, args...), out, out) }()
	return out, done
}

// waitOutput waits until the command printed something re matches.
func waitOutput(t *testing.T, out *lockedBuffer, done chan error, re *regexp.Regexp) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m
		}
		select {
		case err := <-done:
			t.Fatalf("login ended early: %v\n%s", err, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("login printed no match for %s:\n%s", re, out.String())
		}
	}
}

func waitLogin(t *testing.T, out *lockedBuffer, done chan error) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("login: %v\n%s", err, out.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("login did not end:\n%s", out.String())
	}
}

// checkTokenFile: the file holds a refresh token the server issued, 0600.
func checkTokenFile(t *testing.T, as *mailtest.OAuthServer, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("refresh token file mode %v, want 0600", fi.Mode().Perm())
	}
	rt, err := readTokenFile(path)
	if err != nil || !as.RefreshTokenValid(rt) {
		t.Errorf("refresh token file holds %q (%v): not a token the server issued", rt, err)
	}
}

// TestOAuthLoginLoopbackPKCE: the installed application's flow against a
// fake authorization server on loopback. The command prints the
// authorization address; the "browser" (the test) follows it, the server
// redirects to the command's 127.0.0.1 listener with a code, and the code
// is exchanged with the PKCE verifier (the server checks it against the
// S256 challenge) for a refresh token, written 0600 where the config says.
func TestOAuthLoginLoopbackPKCE(t *testing.T) {
	as := mailtest.StartOAuthServer(t, "stormjudge", "judge@example.org", "")
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "refresh-token")
	cfgPath := filepath.Join(dir, "config.toml")
	os.WriteFile(cfgPath, []byte(`[oauth2]
provider = "custom"
token_url = "`+as.URL+mailtest.OAuthTokenPath+`"
client_id = "stormjudge"
refresh_token_file = "`+tokenFile+`"
`), 0o600)
	out, done := startLogin(t, "-provider", "custom", "-config", cfgPath, "-auth-url", as.URL+mailtest.OAuthAuthorizePath)
	m := waitOutput(t, out, done, regexp.MustCompile(`(http://127\.0\.0\.1:\d+/authorize\?\S+)`))
	if !strings.Contains(m[1], "code_challenge_method=S256") || !strings.Contains(m[1], "redirect_uri=http%3A%2F%2F127.0.0.1%3A") {
		t.Errorf("authorization address lacks PKCE or the loopback redirect: %s", m[1])
	}
	// A request to the listener without the state is not the redirect.
	port := regexp.MustCompile(`127\.0\.0\.1%3A(\d+)`).FindStringSubmatch(m[1])[1]
	if resp, err := http.Get("http://127.0.0.1:" + port + "/callback?code=stolen&state=guess"); err != nil || resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a redirect with a wrong state: %v %v; want 400", resp, err)
	}
	resp, err := http.Get(m[1]) // the browser: the server redirects back to the listener
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	waitLogin(t, out, done)
	checkTokenFile(t, as, tokenFile)
	// The daemon's config takes it as it is.
	if err := os.WriteFile(cfgPath, []byte(`data = "`+filepath.Join(dir, "j.db")+`"
address = "judge@example.org"
[imap]
addr = "127.0.0.1:143"
auth = "oauth2"
username = "judge@example.org"
[smtp]
addr = "127.0.0.1:587"
[oauth2]
token_url = "`+as.URL+mailtest.OAuthTokenPath+`"
client_id = "stormjudge"
refresh_token_file = "`+tokenFile+`"
`), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.imapOptions().OAuth2.Token(context.Background()); err != nil {
		t.Errorf("the daemon's first refresh with the new token: %v", err)
	}
}

// TestOAuthLoginDeviceCode: Microsoft's device code flow (its endpoints
// pointed at the fake server): the command shows the code, polls while the
// user is "typing" (authorization_pending), then writes the token.
func TestOAuthLoginDeviceCode(t *testing.T) {
	as := mailtest.StartOAuthServer(t, "stormjudge", "judge@example.org", "")
	tokenFile := filepath.Join(t.TempDir(), "refresh-token")
	out, done := startLogin(t, "-provider", "microsoft", "-device", "-client-id", "stormjudge",
		"-device-url", as.URL+mailtest.OAuthDevicePath, "-token-url", as.URL+mailtest.OAuthTokenPath, "-out", tokenFile)
	waitOutput(t, out, done, regexp.MustCompile(`enter the code WDJB-MJHT`))
	waitLogin(t, out, done)
	checkTokenFile(t, as, tokenFile)
}

func TestOAuthLoginErrors(t *testing.T) {
	for _, args := range [][]string{{"oauth", "-h"}, {"oauth", "login", "-h"}} {
		if err := run(args, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-provider", "yahoo", "-client-id", "c", "-out", "f"}, `-provider "yahoo"`},
		{[]string{"-provider", "google", "-out", "f"}, "client id is required"},
		{[]string{"-provider", "google", "-client-id", "c"}, "-out FILE"},
		{[]string{"-provider", "google", "-client-id", "c", "-out", "f", "-device"}, "no device code flow"},
		{[]string{"-provider", "custom", "-client-id", "c", "-out", "f"}, "-token-url is required"},
	} {
		err := run(append([]string{"oauth", "login"}, c.args...), &bytes.Buffer{}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("oauth login %v: %v; want %q", c.args, err, c.want)
		}
	}
}
