package textplayer

import (
	"context"
	"fmt"
	"net/smtp"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Seat runs a Player as a mail client would: it waits on its INBOX over
// IMAP (IDLE, and a poll every Poll), reads each new mail's text part and
// answers by SMTP, until the game has ended or ctx is done.
type Seat struct {
	IMAPAddr, SMTPAddr string
	Address, Password  string // the seat's mail account
	Judge              string // where orders go
	Player             *Player
	Poll               time.Duration // 0: a second
	// MaxRefused: after this many refusals in a row (0: 3) the seat
	// gives up (Run returns an error): the text did not let it act.
	MaxRefused int
	// Seen, when not nil, is told every mail read and what the player
	// made of it; Sent every email sent, with what the player chose (an
	// offered line, or SentHelp, SentResend). They may be called from several
	// seats at once.
	Seen func(s *Seat, subject, text string, r Read)
	Sent func(s *Seat, body, chose string)
}

// What a seat sent after a refusal, as Sent's chose says it.
const (
	SentHelp   = "HELP, after a refusal"
	SentResend = "the block again, after a refusal"
)

var sent atomic.Int64

// Run plays the seat until the player reads the game's end (nil) or ctx
// is done (ctx's error).
func (s *Seat) Run(ctx context.Context) error {
	poll := s.Poll
	if poll <= 0 {
		poll = time.Second
	}
	maxRefused := s.MaxRefused
	if maxRefused <= 0 {
		maxRefused = 3
	}
	var exists atomic.Uint32
	wake := make(chan struct{}, 1)
	c, err := imapclient.DialInsecure(s.IMAPAddr, &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					exists.Store(*d.NumMessages)
					select {
					case wake <- struct{}{}:
					default:
					}
				}
			},
		},
	})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Login(s.Address, s.Password).Wait(); err != nil {
		return fmt.Errorf("textplayer: %s: login: %w", s.Address, err)
	}
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return fmt.Errorf("textplayer: %s: select: %w", s.Address, err)
	}
	exists.Store(sel.NumMessages)
	var seen uint32
	refusedInRow := 0
	for {
		if n := exists.Load(); n > seen {
			msgs, err := fetchTexts(c, seen+1, n)
			if err != nil {
				return fmt.Errorf("textplayer: %s: %w", s.Address, err)
			}
			seen = n
			resend, help := false, false
			for _, m := range msgs {
				subject, text := m.subject, m.text
				r := s.Player.Classify(subject, text)
				if s.Seen != nil {
					s.Seen(s, subject, text, r)
				}
				switch r.Kind {
				case Asking:
					resend, help = false, false
				case Refused:
					// The receipt's advice: HELP lists each order with
					// the lines to send with it; after that, the block
					// as it is.
					refusedInRow++
					help = refusedInRow == 1 && strings.Contains(r.Why, "send HELP")
					resend = !help
				case Accepted:
					refusedInRow = 0
				}
			}
			if s.Player.Ended() != "" {
				return nil
			}
			if refusedInRow > maxRefused {
				return fmt.Errorf("textplayer: %s: %d emails refused in a row: gave up", s.Address, refusedInRow)
			}
			body, chose, ok := "", "", false
			switch {
			case help:
				body, ok = s.Player.Help(), true
				chose = SentHelp
			case resend:
				body, ok = s.Player.Resend()
				chose = SentResend
			default: // the latest mail that asks, unless answered
				body, chose, ok = s.Player.Reply()
			}
			if ok {
				if err := s.send(body); err != nil {
					return err
				}
				if s.Sent != nil {
					s.Sent(s, body, chose)
				}
			}
			continue
		}
		idle, err := c.Idle()
		if err != nil {
			return fmt.Errorf("textplayer: %s: idle: %w", s.Address, err)
		}
		t := time.NewTimer(poll)
		select {
		case <-wake:
		case <-t.C:
		case <-ctx.Done():
		}
		t.Stop()
		if err := idle.Close(); err != nil {
			return fmt.Errorf("textplayer: %s: idle: %w", s.Address, err)
		}
		if err := idle.Wait(); err != nil {
			return fmt.Errorf("textplayer: %s: idle: %w", s.Address, err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// send mails body to the judge from the seat's address, as a plain-text
// email.
func (s *Seat) send(body string) error {
	id := fmt.Sprintf("<textplay-%d-%d@client.test>", time.Now().UnixNano(), sent.Add(1))
	game := "orders"
	if s.Player.Game != "" {
		game = "orders for " + s.Player.Game
	}
	msg := "From: " + s.Address + "\r\nTo: " + s.Judge + "\r\nSubject: " + game + "\r\nMessage-ID: " + id +
		"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + crlf(body)
	if err := smtp.SendMail(s.SMTPAddr, nil, s.Address, []string{s.Judge}, []byte(msg)); err != nil {
		return fmt.Errorf("textplayer: %s: smtp: %w", s.Address, err)
	}
	return nil
}

func crlf(s string) string {
	out := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && (i == 0 || s[i-1] != '\r') {
			out = append(out, '\r')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// mailText is a mail as the player reads it.
type mailText struct{ subject, text string }

// fetchTexts reads messages from..to of the selected mailbox as a
// text-only client does: their envelope and structure, then the header
// and body of each one's first text/plain part alone (neither the HTML
// nor the pictures travel).
func fetchTexts(c *imapclient.Client, from, to uint32) ([]mailText, error) {
	bufs, err := c.Fetch(imap.SeqSet{{Start: from, Stop: to}}, &imap.FetchOptions{Envelope: true, BodyStructure: &imap.FetchItemBodyStructure{}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	out := make([]mailText, len(bufs))
	paths := map[string][]int{} // the text part's path, by its key
	bySeq := map[uint32]int{}   // a message's index in out
	groups := map[string]imap.SeqSet{}
	for i, b := range bufs {
		bySeq[b.SeqNum] = i
		if b.Envelope != nil {
			out[i].subject = b.Envelope.Subject
		}
		var path []int
		found := false
		if b.BodyStructure != nil {
			b.BodyStructure.Walk(func(p []int, part imap.BodyStructure) bool {
				if sp, ok := part.(*imap.BodyStructureSinglePart); ok && !found && sp.MediaType() == "text/plain" {
					path, found = slices.Clone(p), true
				}
				return !found
			})
		}
		if !found {
			return nil, fmt.Errorf("message %d has no text/plain part", b.SeqNum)
		}
		if _, multi := b.BodyStructure.(*imap.BodyStructureMultiPart); !multi {
			path = nil // a single part: the message's own header and text
		}
		k := fmt.Sprint(path)
		paths[k] = path
		set := groups[k]
		set.AddNum(b.SeqNum)
		groups[k] = set
	}
	for k, set := range groups {
		head := &imap.FetchItemBodySection{Part: paths[k], Specifier: imap.PartSpecifierMIME, Peek: true}
		body := &imap.FetchItemBodySection{Part: paths[k], Peek: true}
		if paths[k] == nil {
			head = &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
			body = &imap.FetchItemBodySection{Specifier: imap.PartSpecifierText, Peek: true}
		}
		parts, err := c.Fetch(set, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{head, body}}).Collect()
		if err != nil {
			return nil, fmt.Errorf("fetch: %w", err)
		}
		for _, p := range parts {
			i, ok := bySeq[p.SeqNum]
			if !ok {
				continue
			}
			text, err := DecodePart(p.FindBodySection(head), p.FindBodySection(body))
			if err != nil {
				return nil, fmt.Errorf("message %d: %w", p.SeqNum, err)
			}
			out[i].text = text
		}
	}
	return out, nil
}
