package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/judge"
	"stormjudge/mailer"
	"stormjudge/orders"
	"stormjudge/store"
)

// Config is the daemon's TOML configuration; config.toml.example documents
// every key. Unknown keys are an error.
type Config struct {
	Data     string        `toml:"data"`
	Address  string        `toml:"address"`
	Domain   string        `toml:"domain"`
	Tick     duration      `toml:"tick"`
	LogLevel string        `toml:"log_level"`
	IMAP     IMAPConfig    `toml:"imap"`
	SMTP     SMTPConfig    `toml:"smtp"`
	Inbound  InboundConfig `toml:"inbound"`
	Games    []GameConfig  `toml:"game"`
	// Masters may create games by email (docs/orders.md "Creating a
	// game"); Decks are the decks such a game may name.
	Masters []MasterConfig    `toml:"master"`
	Decks   map[string]string `toml:"decks"`
	// Site is where the daemon keeps the games' public site (package
	// site).
	Site SiteConfig `toml:"site"`
	// OAuth2 is the account's OAuth2 client, for [imap] and [smtp] with
	// auth = "oauth2" (oauthconfig.go).
	OAuth2 OAuth2Config `toml:"oauth2"`

	tokens *mailer.OAuth2 // made once, shared by the inbox and the outbox
}

// SiteConfig is the [site] table: dir, the directory of the games'
// public site ("" none), one subdirectory per game.
type SiteConfig struct {
	Dir string `toml:"dir"`
}

// MasterConfig is one [[master]] table: a game master's address and
// secret (or the environment variable holding it).
type MasterConfig struct {
	Address   string `toml:"address"`
	Secret    string `toml:"secret"`
	SecretEnv string `toml:"secret_env"`
}

// InboundConfig is the [inbound] table: limits on received mail and how
// long the redacted copies of it are kept (docs/orders.md, store/doc.go).
type InboundConfig struct {
	MaxSize        int      `toml:"max_size"`
	MaxParts       int      `toml:"max_parts"`
	MaxDepth       int      `toml:"max_depth"`
	RetainAfterEnd duration `toml:"retain_after_end"`
	RetainOther    duration `toml:"retain_other"`
	// BrakeReceipts and BrakeWindow are the receipt brake (judge.Brake):
	// absent, judge.DefaultBrakeReceipts in judge.DefaultBrakeWindow;
	// brake_receipts = 0 turns it off.
	BrakeReceipts *int     `toml:"brake_receipts"`
	BrakeWindow   duration `toml:"brake_window"`
}

func (c *Config) limits() orders.Limits {
	return orders.Limits{Size: c.Inbound.MaxSize, Parts: c.Inbound.MaxParts, Depth: c.Inbound.MaxDepth}
}

func (c *Config) retention() store.Retention {
	return store.Retention{AfterEnd: c.Inbound.RetainAfterEnd.Duration, Other: c.Inbound.RetainOther.Duration}
}

// IMAPConfig is the [imap] table.
type IMAPConfig struct {
	Addr               string   `toml:"addr"`
	Username           string   `toml:"username"`
	Password           string   `toml:"password"`
	PasswordEnv        string   `toml:"password_env"`
	Auth               string   `toml:"auth"` // "password" (or absent) or "oauth2"
	TLS                string   `toml:"tls"`
	InsecureSkipVerify bool     `toml:"insecure_skip_verify"`
	Mailbox            string   `toml:"mailbox"`
	Processed          string   `toml:"processed_mailbox"`
	PollInterval       duration `toml:"poll_interval"`
	KeepAlive          duration `toml:"keepalive"`
}

// SMTPConfig is the [smtp] table.
type SMTPConfig struct {
	Addr        string   `toml:"addr"`
	Username    string   `toml:"username"`
	Password    string   `toml:"password"`
	PasswordEnv string   `toml:"password_env"`
	Auth        string   `toml:"auth"` // "password" (or absent) or "oauth2"
	TLS         string   `toml:"tls"`
	Hello       string   `toml:"hello"`
	Timeout     duration `toml:"timeout"`
	Workers     int      `toml:"workers"`
	GiveUpAfter duration `toml:"give_up_after"`
	NoChunking  bool     `toml:"no_chunking"`
}

// GameConfig is one [[game]] table.
type GameConfig struct {
	ID              string   `toml:"id"`
	Moderators      []string `toml:"moderators"`
	Seed            uint64   `toml:"seed"`
	SegmentDuration duration `toml:"segment_duration"`
	Deck            string   `toml:"deck"`
	DeckMode        string   `toml:"deck_mode"`
	ModeratorSecret string   `toml:"moderator_secret"`
	Diplomacy       *bool    `toml:"diplomacy"` // absent: true
	Crisis          *bool    `toml:"crisis"`    // absent: true
	// AggressionEffects is a table of aggression effects (30) replacing
	// the default (testdata/aggression-effects.toml); "" the default.
	AggressionEffects string       `toml:"aggression_effects"`
	Seats             []SeatConfig `toml:"seat"`
	// The deadline rules (docs/orders.md "Deadlines").
	Deadlines map[string]duration `toml:"deadlines"` // economic, diplomacy, crisis, end
	Reminders []duration          `toml:"reminders"`
	NMR       string              `toml:"nmr"`
	// DisorderAfter: under nmr = "computer", the deadlines a seat may
	// miss in a row before the computer plays it (0 or absent: 2).
	DisorderAfter   int      `toml:"disorder_after"`
	Grace           duration `toml:"grace"`
	ExtensionBudget duration `toml:"extension_budget"`
	AbsenceMax      duration `toml:"absence_max"`
	// Mail: "digest" (or absent) or "every-segment", the players'
	// delivery until each chooses (docs/orders.md "Mail delivery").
	Mail string `toml:"mail"`
	// ModeratorMail: "every-segment" (or absent), a public report to the
	// moderators after every adjudication, or "digest", one a turn (MAIL
	// DIGEST from the start); read when the game is created.
	ModeratorMail string `toml:"moderator_mail"`
}

// SeatConfig is one [[game.seat]] table.
type SeatConfig struct {
	Power   string `toml:"power"`
	Address string `toml:"address"`
	Secret  string `toml:"secret"`
}

// duration reads "30s", "72h" and the like.
type duration struct{ time.Duration }

func (d *duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(strings.TrimSpace(string(b)))
	if err != nil {
		// Days too: "14d", "1d12h".
		if v, err = orders.ParseDuration(strings.TrimSpace(string(b))); err != nil {
			return err
		}
	}
	if v < 0 {
		return fmt.Errorf("negative duration %s", v)
	}
	d.Duration = v
	return nil
}

func (d duration) MarshalText() ([]byte, error) { return []byte(d.Duration.String()), nil }

// LoadConfig reads and checks a config file.
func LoadConfig(path string) (*Config, error) {
	var c Config
	md, err := toml.DecodeFile(path, &c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("config: %s", pe.ErrorWithPosition())
		}
		return nil, fmt.Errorf("config: %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		sort.Strings(keys)
		return nil, fmt.Errorf("config: %s: unknown keys: %s", path, strings.Join(keys, ", "))
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("config: %s: %w", path, err)
	}
	return &c, nil
}

func (c *Config) check() error {
	if c.Data == "" {
		return errors.New("data: the bbolt file is required")
	}
	if !strings.Contains(c.Address, "@") {
		return errors.New("address: the judge's own email address is required")
	}
	if c.IMAP.Addr == "" || c.SMTP.Addr == "" {
		return errors.New("imap.addr and smtp.addr are required")
	}
	for _, t := range []string{c.IMAP.TLS, c.SMTP.TLS} {
		switch t {
		case "", "none", "starttls", "tls":
		default:
			return fmt.Errorf("tls = %q: use none, starttls or tls", t)
		}
	}
	if c.SMTP.Workers < 0 {
		return fmt.Errorf("smtp.workers = %d: must not be negative (0: the default, 4)", c.SMTP.Workers)
	}
	if c.Inbound.MaxSize < 0 || c.Inbound.MaxParts < 0 || c.Inbound.MaxDepth < 0 {
		return errors.New("inbound: max_size, max_parts and max_depth must not be negative (0: the default)")
	}
	if c.Inbound.MaxSize > 0 && c.Inbound.MaxSize < 4096 {
		return fmt.Errorf("inbound.max_size = %d: at least 4096 bytes (a plain order email with its headers)", c.Inbound.MaxSize)
	}
	if err := c.checkOAuth2(); err != nil {
		return err
	}
	for _, side := range []struct{ auth, env string }{{c.IMAP.Auth, c.IMAP.PasswordEnv}, {c.SMTP.Auth, c.SMTP.PasswordEnv}} {
		if env := side.env; side.auth != "oauth2" && env != "" && os.Getenv(env) == "" {
			return fmt.Errorf("password_env: environment variable %s is empty", env)
		}
	}
	for i, m := range c.Masters {
		if !strings.Contains(m.Address, "@") {
			return fmt.Errorf("master %d: address %q is not an email address", i+1, m.Address)
		}
		if password(m.Secret, m.SecretEnv) == "" {
			return fmt.Errorf("master %s: a secret (secret or secret_env) is required", m.Address)
		}
	}
	for name, path := range c.Decks {
		if _, err := deck.LoadFile(path); err != nil {
			return fmt.Errorf("decks.%s: %w", name, err)
		}
	}
	ids := map[string]bool{}
	for _, g := range c.Games {
		if ids[g.ID] {
			return fmt.Errorf("game %q defined twice", g.ID)
		}
		ids[g.ID] = true
		def, err := g.def()
		if err != nil {
			return err
		}
		if err := def.Validate(); err != nil {
			return err
		}
	}
	return nil
}

func (g GameConfig) def() (judge.GameDef, error) {
	d := judge.GameDef{ID: g.ID, Moderators: g.Moderators, Seed: g.Seed, SegmentDuration: g.SegmentDuration.Duration,
		ModeratorSecret: g.ModeratorSecret, Diplomacy: g.Diplomacy == nil || *g.Diplomacy,
		Crisis: g.Crisis == nil || *g.Crisis}
	for kind, dur := range g.Deadlines {
		if !slices.Contains(orders.SegmentKinds, kind) {
			return d, fmt.Errorf("game %s: deadlines.%s: the kinds are %s", g.ID, kind, strings.Join(orders.SegmentKinds, ", "))
		}
		if d.Rules.Durations == nil {
			d.Rules.Durations = map[string]time.Duration{}
		}
		d.Rules.Durations[kind] = dur.Duration
	}
	for _, r := range g.Reminders {
		d.Rules.Reminders = append(d.Rules.Reminders, r.Duration)
	}
	orders.LongestFirst(d.Rules.Reminders)
	switch g.NMR {
	case "", "pass", "repeat", "wait", "computer":
		d.Rules.NMR = g.NMR
	default:
		return d, fmt.Errorf("game %s: nmr = %q: use pass, repeat, wait or computer", g.ID, g.NMR)
	}
	switch {
	case g.DisorderAfter < 0 || g.DisorderAfter > orders.MaxDisorderAfter:
		return d, fmt.Errorf("game %s: disorder_after = %d: use 1 to %d", g.ID, g.DisorderAfter, orders.MaxDisorderAfter)
	case g.DisorderAfter > 0 && g.NMR != "computer":
		return d, fmt.Errorf("game %s: disorder_after goes with nmr = \"computer\"", g.ID)
	}
	d.Rules.DisorderAfter = g.DisorderAfter
	d.Rules.Grace, d.Rules.ExtensionBudget, d.Rules.AbsenceMax = g.Grace.Duration, g.ExtensionBudget.Duration, g.AbsenceMax.Duration
	switch g.Mail {
	case "", store.MailDigest, store.MailEverySegment:
		d.Rules.Mail = g.Mail
	default:
		return d, fmt.Errorf("game %s: mail = %q: use digest or every-segment", g.ID, g.Mail)
	}
	switch g.ModeratorMail {
	case "", store.MailEverySegment:
	case store.MailDigest:
		d.ModeratorDigest = true
	default:
		return d, fmt.Errorf("game %s: moderator_mail = %q: use every-segment or digest", g.ID, g.ModeratorMail)
	}
	switch g.DeckMode {
	case "", "file":
	case "physical":
		d.PhysicalDeck = true
	default:
		return d, fmt.Errorf("game %s: deck_mode = %q: use \"file\" or \"physical\"", g.ID, g.DeckMode)
	}
	if g.AggressionEffects != "" {
		rows, err := deck.LoadEffects(g.AggressionEffects)
		if err != nil {
			return d, fmt.Errorf("game %s: %w", g.ID, err)
		}
		d.AggressionEffects = rows
	}
	if g.Deck != "" {
		dk, err := deck.LoadFile(g.Deck)
		if err != nil {
			return d, fmt.Errorf("game %s: deck: %w", g.ID, err)
		}
		d.Deck = &dk
	}
	for _, s := range g.Seats {
		p, ok := storm.ParsePower(s.Power)
		if !ok {
			return d, fmt.Errorf("game %s: seat power %q: use germany, italy, britain, france or russia", g.ID, s.Power)
		}
		sd := judge.SeatDef{Power: p, Address: s.Address} // address = "computer": the computer player
		if strings.EqualFold(strings.TrimSpace(s.Address), store.ComputerFrom) {
			sd = judge.SeatDef{Power: p, Computer: true}
		}
		if sd.Computer && s.Secret != "" {
			return d, fmt.Errorf("game %s: seat %s: the computer's seat takes no secret", g.ID, s.Power)
		}
		sd.Secret = s.Secret
		d.Seats = append(d.Seats, sd)
	}
	return d, nil
}

// judgeOptions are the judge's options from the config (the caller sets
// Logger and Kick), with the crash tests' seam.
func (c *Config) judgeOptions() (*judge.Options, error) {
	o := &judge.Options{Address: c.Address, Domain: c.Domain, Limits: c.limits(), Hook: crashHook,
		Brake: judge.Brake{Receipts: judge.DefaultBrakeReceipts, Window: c.Inbound.BrakeWindow.Duration}}
	if c.Inbound.BrakeReceipts != nil {
		o.Brake.Receipts = *c.Inbound.BrakeReceipts
	}
	for _, m := range c.Masters {
		o.Masters = append(o.Masters, judge.Master{Address: m.Address, SecretHash: store.HashSecret(password(m.Secret, m.SecretEnv))})
	}
	for name, path := range c.Decks {
		dk, err := deck.LoadFile(path)
		if err != nil {
			return nil, fmt.Errorf("decks.%s: %w", name, err)
		}
		if o.Decks == nil {
			o.Decks = map[string]*storm.Deck{}
		}
		o.Decks[strings.ToLower(name)] = &dk
	}
	return o, nil
}

func password(plain, env string) string {
	if env != "" {
		return os.Getenv(env)
	}
	return plain
}

func (c *Config) imapOptions() *mailer.IMAPOptions {
	return &mailer.IMAPOptions{
		Addr: c.IMAP.Addr, Username: c.IMAP.Username, Password: password(c.IMAP.Password, c.IMAP.PasswordEnv),
		TLS: c.IMAP.TLS, InsecureSkipVerify: c.IMAP.InsecureSkipVerify,
		Mailbox: c.IMAP.Mailbox, ProcessedMailbox: c.IMAP.Processed,
		PollInterval: c.IMAP.PollInterval.Duration, KeepAlive: c.IMAP.KeepAlive.Duration,
		Hook: crashHook, OAuth2: c.oauth2For(c.IMAP.Auth),
	}
}

func (c *Config) smtpOptions() *mailer.SMTPOptions {
	return &mailer.SMTPOptions{
		Addr: c.SMTP.Addr, Username: c.SMTP.Username, Password: password(c.SMTP.Password, c.SMTP.PasswordEnv),
		TLS: c.SMTP.TLS, HelloName: c.SMTP.Hello, Timeout: c.SMTP.Timeout.Duration,
		Workers: c.SMTP.Workers, GiveUpAfter: c.SMTP.GiveUpAfter.Duration, NoChunking: c.SMTP.NoChunking,
		Hook: crashHook, OAuth2: c.oauth2For(c.SMTP.Auth),
	}
}
