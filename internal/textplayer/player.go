// Package textplayer is a player of one seat that reads nothing but the
// text part of the judge's mails: the welcome's game and secret, the
// orders a mail offers ("What you may order now"), the block to copy into
// the reply, the crisis mails' options and the receipts' refusals. It
// chooses among the offered lines at random (a seeded generator: the same
// mails give the same replies) and writes the reply the block shows. It
// knows no rule of the game and reads no state: whatever it cannot do from
// the text is a finding about the judge's text, counted, never worked
// around. Seat (seat.go) runs a player against an IMAP and SMTP server;
// stormjudge bench -textplay runs many of them as a load generator.
package textplayer

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
)

// Kind is what a mail is to the player.
type Kind int

const (
	Other    Kind = iota // read, nothing to do
	Welcome              // seats the player: game, power, secret
	Asking               // asks for orders: offered lines and a block
	Accepted             // a receipt: the email was accepted
	Refused              // a receipt: the email was NOT accepted
	Ended                // the game's end, with its victory points
)

func (k Kind) String() string {
	return [...]string{"other", "welcome", "asking", "accepted", "refused", "ended"}[k]
}

// Option is one line offered in "What you may order now", with the lines
// the mail says to send with it.
type Option struct {
	Order string
	With  []string
	// Default: the line is the block's own (sending the block as it is).
	Default bool
}

// Ask is what an asking mail offers: the heading of its options (the
// segment and the turn), the options and the block to copy.
type Ask struct {
	Heading string   // "What you may order now (Economic phase, Spring 1935)"
	Options []Option // the non-default lines offered
	Block   []string // GAME ... END, as the mail shows it
}

// Read is what the player made of one mail.
type Read struct {
	Kind Kind
	Ask  *Ask   // Asking
	Why  string // Refused: the receipt's text; Ended: the ending's line
	// Finding: something the player needed and the text did not give
	// (an asking mail without a block, a block without options ...).
	Finding string
}

// Player plays one seat from the text of its mails.
type Player struct {
	Game, Power, Secret string
	// Bold is the chance of choosing one of the offered lines other than
	// the block's own when there is one; Whole the chance of answering
	// with the whole block (the later segments' lines as the block has
	// them) rather than the open segment's lines alone. New sets both to
	// one half.
	Bold, Whole float64
	rng         *rand.Rand
	last        *Ask // the latest asking mail
	answered    bool // its reply was sent
	ended       string
}

// New returns a player whose choices follow seed.
func New(seed uint64) *Player {
	return &Player{rng: rand.New(rand.NewPCG(seed, 0x7e47)), Bold: 0.5, Whole: 0.5}
}

// Ended is the line of the final report that gave the victory points, ""
// while the game goes on.
func (p *Player) Ended() string { return p.ended }

var (
	secretRe  = regexp.MustCompile(`(?m)^Your secret: (\S+)\s*$`)
	playRe    = regexp.MustCompile(`(?m)^You play: (\S+)\s*$`)
	gameRe    = regexp.MustCompile(`(?m)^\s*GAME (\S+)\s*$`)
	victoryRe = regexp.MustCompile(`(?m)^.*The game has ended.*Victory points:.*$`)
	headRe    = regexp.MustCompile(`^What you may order\b`)
	// An offered order starts at the margin with a keyword in capitals.
	orderRe = regexp.MustCompile(`^[A-Z][A-Z0-9]+( |$)`)
	// What follows an order on its line: its cost, or its effect after a
	// gap of two spaces or more.
	costRe = regexp.MustCompile(`^(.*?)(\s+cost |\s{2,}).*$`)
)

// Classify reads one mail's text (and subject) and returns what it is;
// it updates what the player knows (game, secret, the latest ask).
func (p *Player) Classify(subject, text string) Read {
	switch {
	case secretRe.MatchString(text) && strings.Contains(text, "Welcome to game"):
		p.Secret = secretRe.FindStringSubmatch(text)[1]
		if m := gameRe.FindStringSubmatch(text); m != nil {
			p.Game = m[1]
		}
		if m := playRe.FindStringSubmatch(text); m != nil {
			p.Power = strings.ToLower(m[1])
		}
		return Read{Kind: Welcome}
	case strings.Contains(text, "NOT accepted") || strings.Contains(subject, ": NOT ACCEPTED]"):
		return Read{Kind: Refused, Why: text}
	case strings.Contains(text, "Orders ACCEPTED") || strings.Contains(text, "Commands ACCEPTED") || strings.Contains(subject, ": ACCEPTED]"):
		return Read{Kind: Accepted}
	}
	if m := victoryRe.FindString(text); m != "" {
		p.ended = strings.TrimSpace(m)
		return Read{Kind: Ended, Why: p.ended}
	}
	ask, finding := parseAsk(text)
	if ask == nil {
		return Read{Kind: Other, Finding: finding}
	}
	p.last, p.answered = ask, false
	return Read{Kind: Asking, Ask: ask, Finding: finding}
}

// parseAsk finds the offered lines and the block of an asking mail; nil
// when the mail asks nothing (no block). finding says what is missing
// from a mail that asks.
func parseAsk(text string) (*Ask, string) {
	lines := strings.Split(text, "\n")
	block := lastBlock(lines)
	if block == nil {
		// "What you may order now (<segment>, <turn>)" heads the lines
		// offered; without its parenthesis it says there is nothing.
		if strings.Contains(text, "What you may order now (") {
			return nil, "the mail lists orders to give but holds no block to copy"
		}
		return nil, ""
	}
	a := &Ask{Block: block}
	start := -1
	for i, l := range lines {
		if headRe.MatchString(l) {
			start = i
		}
	}
	if start < 0 {
		return a, "the mail holds a block but no \"What you may order now\""
	}
	a.Heading = strings.TrimSpace(lines[start])
	for _, l := range lines[start+1:] {
		switch {
		case strings.HasPrefix(l, "Reply with this block"):
			return a, duplicates(a.Options)
		case strings.HasPrefix(l, "----"), strings.TrimSpace(l) == "":
		case strings.HasPrefix(l, "  + "):
			if n := len(a.Options); n > 0 {
				a.Options[n-1].With = append(a.Options[n-1].With, strings.TrimSpace(l[4:]))
			}
		case orderRe.MatchString(l):
			o := Option{Order: strings.TrimSpace(l)}
			if strings.HasSuffix(o.Order, "(the block below)") {
				o.Default = true
			} else if m := costRe.FindStringSubmatch(o.Order); m != nil {
				o.Order = m[1]
			}
			a.Options = append(a.Options, o)
		}
	}
	return a, duplicates(a.Options)
}

// duplicates names the lines offered twice as the same text, with the
// same lines to send with them: a reader cannot tell them apart.
func duplicates(opts []Option) string {
	seen := map[string]bool{}
	var twice []string
	for _, o := range opts {
		k := strings.Join(append([]string{o.Order}, o.With...), "\n")
		if seen[k] && !slices.Contains(twice, o.Order) {
			twice = append(twice, o.Order)
		}
		seen[k] = true
	}
	if len(twice) == 0 {
		return ""
	}
	return "the same line is offered twice, nothing to tell them apart: " + strings.Join(twice, "; ")
}

// lastBlock is the last block to copy of the text: from a line GAME to
// the line END, holding SECRET <your secret>.
func lastBlock(lines []string) []string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "END" {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			t := strings.TrimSpace(lines[j])
			if t == "" {
				break
			}
			if strings.HasPrefix(t, "GAME ") {
				blk := make([]string, 0, i-j+1)
				for _, l := range lines[j : i+1] {
					blk = append(blk, strings.TrimSpace(l))
				}
				for _, l := range blk {
					if strings.HasPrefix(strings.ToUpper(l), "SECRET ") {
						return blk
					}
				}
				return nil
			}
		}
	}
	return nil
}

// Reply is the email body answering the latest asking mail, once: its
// block with the secret in place and, at random, one of the offered
// lines in place of the open segment's own lines (with the chance Bold).
// With the chance Whole the reply is the whole block, the later segments' lines as the block has
// them (the whole turn settled); otherwise the open segment's lines
// alone, so that each later segment asks with its own mail and its own
// options (the drastic ones, an aggression or a declaration of war, are
// offered only there). ok is false when there is nothing to answer, or
// no secret yet (the welcome may come after the first mail that asks).
func (p *Player) Reply() (body, chose string, ok bool) {
	if p.last == nil || p.answered || p.Secret == "" {
		return "", "", false
	}
	p.answered = true
	var offered []Option
	for _, o := range p.last.Options {
		if !o.Default {
			offered = append(offered, o)
		}
	}
	whole := p.rng.Float64() < p.Whole
	var orders []string
	chose = "the block's line"
	if len(offered) > 0 && p.rng.Float64() < p.Bold {
		o := offered[p.rng.IntN(len(offered))]
		orders = append([]string{o.Order}, o.With...)
		chose = o.Order
	}
	if whole {
		chose += ", the whole turn"
	} else {
		chose += ", this segment only"
	}
	return p.body(p.last.Block, orders, whole), chose, true
}

// Resend is the block of the latest asking mail as it is: the answer to
// a refusal that changes nothing.
func (p *Player) Resend() (string, bool) {
	if p.last == nil {
		return "", false
	}
	return p.body(p.last.Block, nil, true), true
}

// Help is the email asking the judge what the player may order now, with
// each order's notes: what a refusal's receipt and the digest advise
// ("send HELP with your GAME and SECRET").
func (p *Player) Help() string {
	var b strings.Builder
	fmt.Fprintf(&b, "GAME %s\n", p.Game)
	if p.Power != "" {
		fmt.Fprintf(&b, "POWER %s\n", p.Power)
	}
	fmt.Fprintf(&b, "SECRET %s\nHELP\nEND\n", p.Secret)
	return b.String()
}

// body writes block with the secret in place; orders, when not nil,
// replace the open segment's lines (those after SECRET, up to the first
// FOR line or END); without whole, the lines of the later segments (from
// the first FOR line) are left out.
func (p *Player) body(block []string, orders []string, whole bool) string {
	var b strings.Builder
	replaced := false
	inOpen, later := false, false
	for _, l := range block {
		u := strings.ToUpper(l)
		switch {
		case strings.HasPrefix(u, "SECRET "):
			fmt.Fprintf(&b, "SECRET %s\n", p.Secret)
			inOpen = true
			continue
		case strings.HasPrefix(u, "FOR "):
			inOpen, later = false, true
		case u == "END":
			inOpen, later = false, false
		}
		if later && !whole {
			continue
		}
		if inOpen && orders != nil {
			if !replaced {
				for _, o := range orders {
					b.WriteString(o + "\n")
				}
				replaced = true
			}
			continue
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}
