package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"stormjudge/adjudicator/storm"
	"stormjudge/mailer/mailserver"
	"stormjudge/mailer/mailtest"
	"strings"
	"testing"
	"time"
)

// oauthConfig writes a config whose [imap] and [smtp] log in with OAuth2,
// with the [oauth2] table given, in dir; data is dir/judge.db.
func oauthConfig(t *testing.T, dir, table string) string {
	t.Helper()
	text := `data = "` + filepath.Join(dir, "judge.db") + `"
address = "judge@example.org"
[imap]
addr = "127.0.0.1:143"
auth = "oauth2"
username = "judge@example.org"
[smtp]
addr = "127.0.0.1:587"
auth = "oauth2"
username = "judge@example.org"
[oauth2]
` + table
	p := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestConfigOAuth2: the refresh token comes from its file or environment
// variable, never from the config (no key holds it) nor the data file;
// a provider fills the endpoint and scopes; the inbox and the outbox share
// one token source.
func TestConfigOAuth2(t *testing.T) {
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "refresh-token")
	if err := os.WriteFile(tokenFile, []byte("rt-1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(oauthConfig(t, dir, `provider = "microsoft"
tenant = "example.org"
client_id = "cid"
refresh_token_file = "`+tokenFile+`"
`))
	if err != nil {
		t.Fatal(err)
	}
	in, out := c.imapOptions(), c.smtpOptions()
	if in.OAuth2 == nil || in.OAuth2 != out.OAuth2 || in.Password != "" {
		t.Fatalf("imap and smtp OAuth2: %p %p; want one shared source", in.OAuth2, out.OAuth2)
	}
	if u := in.OAuth2.Config.Endpoint.TokenURL; u != "https://login.microsoftonline.com/example.org/oauth2/v2.0/token" {
		t.Errorf("token URL %s", u)
	}
	if s := in.OAuth2.Config.Scopes; len(s) != 3 || !strings.Contains(strings.Join(s, " "), "SMTP.Send") {
		t.Errorf("scopes %v", s)
	}
	if rt, err := in.OAuth2.RefreshToken(); rt != "rt-1" || err != nil {
		t.Errorf("refresh token %q, %v", rt, err)
	}
	// A rotated token is written back, 0600.
	if err := in.OAuth2.SaveRefreshToken("rt-2"); err != nil {
		t.Fatal(err)
	}
	if rt, _ := in.OAuth2.RefreshToken(); rt != "rt-2" {
		t.Errorf("after saving: %q", rt)
	}
	if fi, err := os.Stat(tokenFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token file mode: %v %v", fi.Mode(), err)
	}

	t.Setenv("SJ_TEST_REFRESH", "rt-env")
	c, err = LoadConfig(oauthConfig(t, t.TempDir(), `token_url = "https://idp.example.org/token"
client_id = "cid"
refresh_token_env = "SJ_TEST_REFRESH"
`))
	if err != nil {
		t.Fatal(err)
	}
	if rt, _ := c.smtpOptions().OAuth2.RefreshToken(); rt != "rt-env" {
		t.Errorf("refresh token from the environment: %q", rt)
	}
}

func TestConfigOAuth2Errors(t *testing.T) {
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "refresh-token")
	os.WriteFile(tokenFile, []byte("rt\n"), 0o600)
	cases := []struct{ name, table, want string }{
		{"refresh token in the config", "provider = \"google\"\nclient_id = \"c\"\nrefresh_token = \"rt\"\n", "unknown keys: oauth2.refresh_token"},
		{"no refresh token", "provider = \"google\"\nclient_id = \"c\"\n", "refresh_token_file or refresh_token_env"},
		{"both", "provider = \"google\"\nclient_id = \"c\"\nrefresh_token_file = \"" + tokenFile + "\"\nrefresh_token_env = \"HOME\"\n", "one of them"},
		{"the data file", "provider = \"google\"\nclient_id = \"c\"\nrefresh_token_file = \"" + filepath.Join(dir, "judge.db") + "\"\n", "not the data file"},
		{"missing file", "provider = \"google\"\nclient_id = \"c\"\nrefresh_token_file = \"" + filepath.Join(dir, "nope") + "\"\n", "stormjudge oauth login writes it"},
		{"empty env", "provider = \"google\"\nclient_id = \"c\"\nrefresh_token_env = \"SJ_TEST_UNSET_VAR\"\n", "SJ_TEST_UNSET_VAR is empty"},
		{"no endpoint", "client_id = \"c\"\nrefresh_token_file = \"" + tokenFile + "\"\n", "token_url"},
		{"no client", "provider = \"google\"\nrefresh_token_file = \"" + tokenFile + "\"\n", "client_id"},
		{"bad provider", "provider = \"yahoo\"\nclient_id = \"c\"\nrefresh_token_file = \"" + tokenFile + "\"\n", `provider = "yahoo"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadConfig(oauthConfig(t, dir, tc.table))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("LoadConfig = %v; want an error mentioning %q", err, tc.want)
			}
		})
	}
	p := filepath.Join(dir, "bad-auth.toml")
	os.WriteFile(p, []byte("data = \"x.db\"\naddress = \"j@x\"\n[imap]\naddr = \"a:1\"\nauth = \"kerberos\"\n[smtp]\naddr = \"a:2\"\n"), 0o600)
	if _, err := LoadConfig(p); err == nil || !strings.Contains(err.Error(), `imap.auth = "kerberos"`) {
		t.Errorf("LoadConfig = %v; want the bad auth named", err)
	}
}

// TestDaemonOAuth2AgainstSandbox runs the daemon with [imap] and [smtp]
// auth = "oauth2" against the sandbox's mail servers, which take only
// access tokens that the test's authorization server issued: the welcome
// mails go out over SMTP and the orders come in over IMAP, both logged in
// with tokens refreshed from the refresh token file.
func TestDaemonOAuth2AgainstSandbox(t *testing.T) {
	t.Parallel()
	const judgeAddr = "judge@sandbox.test"
	as := mailtest.StartOAuthServer(t, "stormjudge", judgeAddr, "rt-daemon")
	ms, err := mailserver.Start(&mailserver.Options{
		Dir: filepath.Join(t.TempDir(), "mail"), IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		// The judge's account takes tokens only: its password is
		// never given to the daemon.
		CheckToken: func(addr, token string) bool { return addr == judgeAddr && as.Valid(token) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ms.Close() })
	users := []string{judgeAddr}
	for _, p := range storm.Powers {
		users = append(users, p.String()+"@sandbox.test")
	}
	for _, u := range users {
		if err := ms.AddUser(u, "pw-"+u); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "refresh-token")
	if err := os.WriteFile(tokenFile, []byte("rt-daemon\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{
		Data: filepath.Join(dir, "stormjudge.db"), Address: judgeAddr, Tick: duration{time.Second},
		IMAP: IMAPConfig{Addr: ms.IMAPAddr(), Username: judgeAddr, Auth: "oauth2", PollInterval: duration{time.Second}},
		SMTP: SMTPConfig{Addr: ms.SMTPAddr(), Username: judgeAddr, Auth: "oauth2"},
		OAuth2: OAuth2Config{TokenURL: as.URL + mailtest.OAuthTokenPath, ClientID: "stormjudge",
			RefreshTokenFile: tokenFile},
	}
	if err := cfg.checkOAuth2(); err != nil {
		t.Fatal(err)
	}
	cfg.Games = []GameConfig{economicGame("oauth", "sandbox.test")}
	startDaemon(t, cfg)
	inbox := func(p storm.Power) map[string]int {
		a := p.String() + "@sandbox.test"
		return countKinds(fetchAll(t, ms.IMAPAddr(), a, "pw-"+a, "INBOX"))
	}
	for _, p := range storm.Powers {
		waitFor(t, p.String()+"'s welcome sent with a token", 30*time.Second, func() bool { return inbox(p)["welcome"] == 1 })
	}
	raw := "From: germany@sandbox.test\r\nTo: " + judgeAddr + "\r\nSubject: orders\r\nMessage-ID: <oauth-germany@client.test>\r\n\r\n" +
		"GAME oauth\r\nSECRET s-germany\r\nPASS\r\nEND\r\n"
	if err := ms.Deliver("germany@sandbox.test", []string{judgeAddr}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "germany's receipt: the order read with a token", 30*time.Second, func() bool { return inbox(storm.Germany)["receipt"] == 1 })
	if n := as.Refreshes(); n != 1 {
		t.Errorf("%d refreshes; want 1, shared by the inbox and the outbox", n)
	}
}

// TestConfigExampleOAuth2Loads: config.toml.example's [oauth2] table,
// switched on (auth = "oauth2"), is a working Microsoft 365 setup.
func TestConfigExampleOAuth2Loads(t *testing.T) {
	t.Setenv("STORMJUDGE_MASTER_SECRET", "z")
	text, err := os.ReadFile("../../config.toml.example")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "refresh-token")
	os.WriteFile(tokenFile, []byte("rt\n"), 0o600)
	deckPath, _ := filepath.Abs("../../testdata/decks/illustrative.toml")
	s := strings.NewReplacer(`auth = "password"`, `auth = "oauth2"`, `client_id = ""`, `client_id = "cid"`,
		"/var/lib/stormjudge/oauth-refresh-token", tokenFile,
		"/etc/stormjudge/decks/my-deck.toml", deckPath, "/etc/stormjudge/decks/illustrative.toml", deckPath).Replace(string(text))
	if strings.Count(s, "\nauth = \"oauth2\"") != 2 {
		t.Fatal("the example no longer has auth in [imap] and [smtp] as this test expects")
	}
	p := filepath.Join(dir, "config.toml")
	os.WriteFile(p, []byte(s), 0o600)
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if o := c.smtpOptions().OAuth2; o == nil || o.Config.Endpoint.TokenURL != "https://login.microsoftonline.com/example.org/oauth2/v2.0/token" {
		t.Errorf("smtp OAuth2: %+v", o)
	}
}
