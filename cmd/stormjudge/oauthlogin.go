package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"golang.org/x/oauth2"
)

// cmdOAuth is "stormjudge oauth login": it gets the judge's account a
// refresh token and writes it to the refresh token file, mode 0600.
func cmdOAuth(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "login" {
		fmt.Fprintln(stderr, "usage: stormjudge oauth login -provider google|microsoft|custom [-config FILE] [flags]")
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			return flag.ErrHelp
		}
		return errors.New("oauth: the subcommand is login")
	}
	return oauthLogin(context.Background(), args[1:], stdout, stderr)
}

// oauthLogin runs the installed application's flow (RFC 8252): the
// browser is sent to the provider with a PKCE challenge (RFC 7636) and
// comes back to a listener on 127.0.0.1, whose code is exchanged for the
// tokens. With -device it runs the device authorization flow (RFC 8628)
// instead: the user types a code on any device. The refresh token is
// written to the file that [oauth2] refresh_token_file names (or -out).
func oauthLogin(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("oauth login", flag.ContinueOnError)
	fs.SetOutput(stderr)
	provider := fs.String("provider", "", "google, microsoft or custom (required)")
	cfgPath := fs.String("config", "", "config file whose [oauth2] table gives the client id, secret, tenant and refresh_token_file")
	clientID := fs.String("client-id", "", "OAuth2 client id (default: the config's)")
	secretEnv := fs.String("client-secret-env", "", "environment variable holding the client secret (default: the config's)")
	tenant := fs.String("tenant", "", "Microsoft's tenant (default: the config's, else common)")
	authURL := fs.String("auth-url", "", "authorization endpoint (custom; overrides the provider's)")
	tokenURL := fs.String("token-url", "", "token endpoint (custom; overrides the provider's and the config's)")
	deviceURL := fs.String("device-url", "", "device authorization endpoint (custom; overrides the provider's)")
	scopes := fs.String("scopes", "", "scopes, separated by spaces (default: the provider's mail scopes, or the config's)")
	out := fs.String("out", "", "refresh token file to write, mode 0600 (default: the config's refresh_token_file)")
	device := fs.Bool("device", false, "device code flow: type a code on any device (Microsoft, or a custom provider with -device-url)")
	port := fs.Int("port", 0, "port of the 127.0.0.1 redirect listener (0: any free one; fix it to forward it over ssh -L)")
	hint := fs.String("login-hint", "", "the account's address, to preselect it at the provider")
	timeout := fs.Duration("timeout", 10*time.Minute, "how long to wait for the user")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var oc OAuth2Config
	if *cfgPath != "" {
		// Decoded only: the refresh token file need not exist yet.
		var c Config
		if _, err := toml.DecodeFile(*cfgPath, &c); err != nil {
			return fmt.Errorf("oauth login: %s: %w", *cfgPath, err)
		}
		oc = c.OAuth2
	}
	if *provider == "" {
		*provider = oc.Provider
	}
	p, known := oauthProviders[*provider]
	if !known && *provider != "custom" {
		return fmt.Errorf("oauth login: -provider %q: use google, microsoft or custom", *provider)
	}
	if oc.Provider != "" && oc.Provider != *provider {
		return fmt.Errorf("oauth login: -provider %s, but the config says provider = %q", *provider, oc.Provider)
	}
	oc.Provider = *provider
	for _, s := range []struct {
		flag string
		dst  *string
	}{{*clientID, &oc.ClientID}, {*secretEnv, &oc.ClientSecretEnv}, {*tenant, &oc.Tenant}, {*tokenURL, &oc.TokenURL}, {*out, &oc.RefreshTokenFile}} {
		if s.flag != "" {
			*s.dst = s.flag
		}
	}
	if *scopes != "" {
		oc.Scopes = strings.Fields(*scopes)
	}
	tok, sc := oc.endpoint()
	cfg := &oauth2.Config{
		ClientID:     oc.ClientID,
		ClientSecret: password(oc.ClientSecret, oc.ClientSecretEnv),
		Endpoint: oauth2.Endpoint{AuthURL: oc.tenantURL(p.authURL), TokenURL: tok,
			DeviceAuthURL: oc.tenantURL(p.deviceURL)},
		Scopes: sc,
	}
	if *authURL != "" {
		cfg.Endpoint.AuthURL = *authURL
	}
	if *deviceURL != "" {
		cfg.Endpoint.DeviceAuthURL = *deviceURL
	}
	switch {
	case cfg.ClientID == "":
		return errors.New("oauth login: a client id is required (-client-id, or client_id in the config's [oauth2])")
	case cfg.Endpoint.TokenURL == "":
		return errors.New("oauth login: -token-url is required for a custom provider")
	case oc.RefreshTokenFile == "":
		return errors.New("oauth login: where to write the refresh token: -out FILE, or refresh_token_file in the config's [oauth2]")
	case *device && cfg.Endpoint.DeviceAuthURL == "":
		return fmt.Errorf("oauth login: %s has no device code flow here (-device-url for a custom provider)", *provider)
	case !*device && cfg.Endpoint.AuthURL == "":
		return errors.New("oauth login: -auth-url is required for a custom provider")
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	ctx = context.WithValue(ctx, oauth2.HTTPClient, &http.Client{Timeout: 30 * time.Second})
	var t *oauth2.Token
	var err error
	if *device {
		t, err = deviceLogin(ctx, cfg, stdout)
	} else {
		t, err = loopbackLogin(ctx, cfg, *port, *hint, *provider, stdout)
	}
	if err != nil {
		return fmt.Errorf("oauth login: %w", err)
	}
	if t.RefreshToken == "" {
		return errors.New("oauth login: the provider returned no refresh token (for Google, remove the app's access at myaccount.google.com/permissions and log in again)")
	}
	if err := writeTokenFile(oc.RefreshTokenFile, t.RefreshToken); err != nil {
		return fmt.Errorf("oauth login: %w", err)
	}
	fmt.Fprintf(stdout, "Refresh token written to %s (mode 0600). The daemon reads it at each refresh: no restart needed.\n", oc.RefreshTokenFile)
	return nil
}

// loopbackLogin is RFC 8252's flow with a loopback redirect: a listener
// on 127.0.0.1 (7.3: the IP literal, not localhost), PKCE S256 and a
// random state; the first request to the listener with the state ends it.
func loopbackLogin(ctx context.Context, cfg *oauth2.Config, port int, hint, provider string, stdout io.Writer) (*oauth2.Token, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, err
	}
	defer ln.Close()
	cfg.RedirectURL = "http://" + ln.Addr().String() + "/callback"
	verifier := oauth2.GenerateVerifier()
	b := make([]byte, 16)
	rand.Read(b)
	state := hex.EncodeToString(b)
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier)}
	if provider == "google" {
		// A refresh token every time, not only at the first consent.
		opts = append(opts, oauth2.AccessTypeOffline, oauth2.SetAuthURLParam("prompt", "consent"))
	}
	if hint != "" {
		opts = append(opts, oauth2.SetAuthURLParam("login_hint", hint))
	}
	fmt.Fprintf(stdout, "Open this address in a browser on this machine (or forward port %d with ssh -L first):\n\n%s\n\nWaiting for the provider to redirect to %s ...\n",
		ln.Addr().(*net.TCPAddr).Port, cfg.AuthCodeURL(state, opts...), cfg.RedirectURL)

	type result struct {
		code string
		err  error
	}
	done := make(chan result, 1)
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.URL.Path != "/callback" || q.Get("state") != state {
			http.Error(w, "not the redirect of this login", http.StatusBadRequest)
			return
		}
		res := result{code: q.Get("code")}
		if e := q.Get("error"); e != "" || res.code == "" {
			res.err = fmt.Errorf("the provider refused: %s %s", e, q.Get("error_description"))
			fmt.Fprintf(w, "<p>stormjudge: the login failed: %s</p>", html.EscapeString(e))
		} else {
			fmt.Fprint(w, "<p>stormjudge: logged in. You may close this window.</p>")
		}
		select {
		case done <- res:
		default:
		}
	})}
	go srv.Serve(ln)
	defer srv.Close()
	var res result
	select {
	case res = <-done:
	case <-ctx.Done():
		return nil, fmt.Errorf("no redirect came back: %w", ctx.Err())
	}
	if res.err != nil {
		return nil, res.err
	}
	return cfg.Exchange(ctx, res.code, oauth2.VerifierOption(verifier))
}

// deviceLogin is RFC 8628's flow: it shows the code and polls the token
// endpoint until the user entered it (or it expired).
func deviceLogin(ctx context.Context, cfg *oauth2.Config, stdout io.Writer) (*oauth2.Token, error) {
	da, err := cfg.DeviceAuth(ctx)
	if err != nil {
		return nil, err
	}
	uri := da.VerificationURIComplete
	if uri == "" {
		uri = da.VerificationURI
	}
	fmt.Fprintf(stdout, "On any device, open %s and enter the code %s\nWaiting ...\n", uri, da.UserCode)
	return cfg.DeviceAccessToken(ctx, da)
}
