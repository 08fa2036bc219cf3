package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/oauth2"

	"stormjudge/mailer"
)

// OAuth2Config is the [oauth2] table: the OAuth2 client with which the
// judge's account logs in where [imap] or [smtp] says auth = "oauth2".
// The refresh token is read from a file or an environment variable, never
// from this file (it has no key for it) nor from the data file.
type OAuth2Config struct {
	// Provider fills TokenURL and Scopes: "google", "microsoft" or
	// "custom" (or absent: TokenURL is required).
	Provider string `toml:"provider"`
	// Tenant is Microsoft's directory ("common" when absent; an
	// organisation's own tenant id or domain for Microsoft 365).
	Tenant          string   `toml:"tenant"`
	TokenURL        string   `toml:"token_url"`
	ClientID        string   `toml:"client_id"`
	ClientSecret    string   `toml:"client_secret"`
	ClientSecretEnv string   `toml:"client_secret_env"`
	Scopes          []string `toml:"scopes"`
	// RefreshTokenFile (mode 0600, written by stormjudge oauth login) or
	// RefreshTokenEnv, the name of an environment variable: one of them.
	RefreshTokenFile string `toml:"refresh_token_file"`
	RefreshTokenEnv  string `toml:"refresh_token_env"`
}

// oauthProvider is what a known provider's endpoints and mail scopes are.
type oauthProvider struct {
	authURL, tokenURL, deviceURL string
	scopes                       []string
}

// oauthProviders are the providers that the config and stormjudge oauth
// login know by name; a Microsoft URL has {tenant} in it.
var oauthProviders = map[string]oauthProvider{
	"google": {
		authURL:  "https://accounts.google.com/o/oauth2/v2/auth",
		tokenURL: "https://oauth2.googleapis.com/token",
		scopes:   []string{"https://mail.google.com/"},
	},
	"microsoft": {
		authURL:   "https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize",
		tokenURL:  "https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token",
		deviceURL: "https://login.microsoftonline.com/{tenant}/oauth2/v2.0/devicecode",
		scopes: []string{"https://outlook.office.com/IMAP.AccessAsUser.All",
			"https://outlook.office.com/SMTP.Send", "offline_access"},
	},
}

// endpoint returns the token endpoint and scopes, the provider's where
// the table does not name them.
func (o OAuth2Config) endpoint() (tokenURL string, scopes []string) {
	p := oauthProviders[o.Provider]
	tokenURL, scopes = o.TokenURL, o.Scopes
	if tokenURL == "" {
		tokenURL = o.tenantURL(p.tokenURL)
	}
	if len(scopes) == 0 {
		scopes = p.scopes
	}
	return tokenURL, scopes
}

func (o OAuth2Config) tenantURL(u string) string {
	t := o.Tenant
	if t == "" {
		t = "common"
	}
	return strings.ReplaceAll(u, "{tenant}", t)
}

// usesOAuth2 reports whether [imap] or [smtp] logs in with OAuth2.
func (c *Config) usesOAuth2() bool { return c.IMAP.Auth == "oauth2" || c.SMTP.Auth == "oauth2" }

func (c *Config) checkOAuth2() error {
	for name, a := range map[string]string{"imap": c.IMAP.Auth, "smtp": c.SMTP.Auth} {
		switch a {
		case "", "password", "oauth2":
		default:
			return fmt.Errorf("%s.auth = %q: use password or oauth2", name, a)
		}
	}
	if !c.usesOAuth2() {
		return nil
	}
	o := c.OAuth2
	switch o.Provider {
	case "", "custom", "google", "microsoft":
	default:
		return fmt.Errorf("oauth2.provider = %q: use google, microsoft or custom", o.Provider)
	}
	if u, _ := o.endpoint(); u == "" {
		return errors.New("oauth2.token_url: the provider's token endpoint is required (or provider = google or microsoft)")
	}
	if o.ClientID == "" {
		return errors.New("oauth2.client_id is required")
	}
	if o.ClientSecretEnv != "" && os.Getenv(o.ClientSecretEnv) == "" {
		return fmt.Errorf("oauth2.client_secret_env: environment variable %s is empty", o.ClientSecretEnv)
	}
	if (o.RefreshTokenFile == "") == (o.RefreshTokenEnv == "") {
		return errors.New("oauth2: give the refresh token as refresh_token_file or refresh_token_env (one of them)")
	}
	if o.RefreshTokenEnv != "" && os.Getenv(o.RefreshTokenEnv) == "" {
		return fmt.Errorf("oauth2.refresh_token_env: environment variable %s is empty", o.RefreshTokenEnv)
	}
	if f := o.RefreshTokenFile; f != "" {
		if samePath(f, c.Data) {
			return errors.New("oauth2.refresh_token_file: not the data file")
		}
		if _, err := os.Stat(f); err != nil {
			return fmt.Errorf("oauth2.refresh_token_file: %w (stormjudge oauth login writes it)", err)
		}
	}
	for name, user := range map[string]string{"imap": c.IMAP.Username, "smtp": c.SMTP.Username} {
		if (name == "imap" && c.IMAP.Auth == "oauth2" || name == "smtp" && c.SMTP.Auth == "oauth2") && user == "" {
			return fmt.Errorf("%s.username: the account's address is required with auth = \"oauth2\"", name)
		}
	}
	return nil
}

func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// oauth2For returns the account's token source when auth is "oauth2",
// else nil. The inbox and the outbox share one: one refresh serves both.
func (c *Config) oauth2For(auth string) *mailer.OAuth2 {
	if auth != "oauth2" {
		return nil
	}
	if c.tokens == nil {
		o := c.OAuth2
		tokenURL, scopes := o.endpoint()
		t := &mailer.OAuth2{Config: oauth2.Config{
			ClientID:     o.ClientID,
			ClientSecret: password(o.ClientSecret, o.ClientSecretEnv),
			Endpoint:     oauth2.Endpoint{TokenURL: tokenURL},
			Scopes:       scopes,
		}}
		if f := o.RefreshTokenFile; f != "" {
			t.RefreshToken = func() (string, error) { return readTokenFile(f) }
			t.SaveRefreshToken = func(rt string) error { return writeTokenFile(f, rt) }
		} else {
			env := o.RefreshTokenEnv
			t.RefreshToken = func() (string, error) { return os.Getenv(env), nil }
		}
		c.tokens = t
	}
	return c.tokens
}

// readTokenFile reads a refresh token file: the token, surrounding white
// space dropped.
func readTokenFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// writeTokenFile writes a refresh token to path, mode 0600, through a
// temporary file renamed over it: a crash leaves the old token or the new
// one, never half of one.
func writeTokenFile(path, token string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".refresh-token-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteString(token + "\n"); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
