package textplayer

import (
	"context"
	"fmt"
	"net/smtp"
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
	// MaxRefused: the player stops answering after this many refusals in
	// a row (0: 3); its game then waits, and the refusals are reported.
	MaxRefused int
	// Seen, when not nil, is told every mail read and what the player
	// made of it; Sent every email sent. They may be called from several
	// seats at once.
	Seen func(s *Seat, subject, text string, r Read)
	Sent func(s *Seat, body, chose string)
}

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
			msgs, err := c.Fetch(imap.SeqSet{{Start: seen + 1, Stop: n}}, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{Peek: true}}}).Collect()
			if err != nil {
				return fmt.Errorf("textplayer: %s: fetch: %w", s.Address, err)
			}
			seen = n
			answer, resend := false, false
			for _, m := range msgs {
				if len(m.BodySection) == 0 {
					continue
				}
				subject, text, err := TextPart(m.BodySection[0].Bytes)
				if err != nil {
					return fmt.Errorf("textplayer: %s: %w", s.Address, err)
				}
				r := s.Player.Classify(subject, text)
				if s.Seen != nil {
					s.Seen(s, subject, text, r)
				}
				switch r.Kind {
				case Asking:
					answer, resend = true, false
				case Refused:
					refusedInRow++
					resend = refusedInRow <= maxRefused
				case Accepted:
					refusedInRow = 0
				}
			}
			if s.Player.Ended() != "" {
				return nil
			}
			var body, chose string
			ok := false
			switch {
			case answer:
				body, chose, ok = s.Player.Reply()
			case resend:
				body, ok = s.Player.Resend()
				chose = "the block again, after a refusal"
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
