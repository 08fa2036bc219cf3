package mailserver_test

import (
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/smtp"
	"os"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"stormjudge/mailer/mailserver"
)

// A message sent by SMTP without logging in is read back over IMAP.
func Example() {
	dir, err := os.MkdirTemp("", "mailserver-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	s, err := mailserver.Start(&mailserver.Options{
		Dir:      dir,
		IMAPAddr: "127.0.0.1:0", // the sandbox uses the defaults 1143 and 2525
		SMTPAddr: "127.0.0.1:0",
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	if err := s.AddUser("france@sandbox.test", "france"); err != nil {
		log.Fatal(err)
	}

	msg := "From: gm@sandbox.test\r\nTo: france@sandbox.test\r\nSubject: Spring 1936\r\n\r\nYour move.\r\n"
	if err := smtp.SendMail(s.SMTPAddr(), nil, "gm@sandbox.test", []string{"france@sandbox.test"}, []byte(msg)); err != nil {
		log.Fatal(err)
	}

	c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("france", "france").Wait(); err != nil {
		log.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		log.Fatal(err)
	}
	msgs, err := c.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{UID: true, Envelope: true}).Collect()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(msgs[0].UID, msgs[0].Envelope.Subject)
	// Output: 1 Spring 1936
}
