package mailserver

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"strings"

	"stormjudge/store"
)

// Duplicate suppression, as mail delivery agents commonly do (procmail's
// formail -D, Sieve's duplicate test, many hosted mailboxes): a message
// whose Message-ID, envelope sender and content were already delivered to
// a recipient is not delivered to it again. A sender that re-sends after a
// crash — it cannot know whether the server accepted the first copy before
// it died — keeps the Message-ID and the content, so its player sees the
// mail once. A different message under an old Message-ID (a client that
// re-sends an edited draft) is delivered: the content is compared as the
// judge compares it (store.ContentHash, without the trace fields), so the
// judge's own handling of that case shows in the sandbox (issue 24).
//
// The log is Dir/delivered.log, one "address TAB sender TAB message-id TAB
// content hash" line
// per delivery, appended and fsynced after the message is stored, so that a
// crash in between never loses mail. The line such a crash leaves out is
// recovered at the next start from the INBOXes: a message this server
// delivered starts with its Return-Path and its own Received line, and the
// crash leaves the message in the INBOX (nothing can move it before the
// restart). So a resend after a crash anywhere in a delivery is suppressed
// too.

const deliveredLog = "delivered.log"

func dupKey(address, from, msgID string, raw []byte) string {
	c := store.ContentHash(raw)
	return strings.ToLower(address) + "\t" + strings.ToLower(from) + "\t" + msgID + "\t" + hex.EncodeToString(c[:12])
}

func (s *Server) loadDeliveries() error {
	s.delivered = make(map[string]bool)
	path := filepath.Join(s.opts.Dir, deliveredLog)
	if b, err := os.ReadFile(path); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			// A torn last line (crash mid-append) is simply not a key
			// of any real message.
			if line := sc.Text(); strings.Count(line, "\t") == 3 {
				s.delivered[line] = true
			}
		}
	} else if !os.IsNotExist(err) {
		return fmt.Errorf("mailserver: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	s.dupLog = f
	return s.recoverDeliveries()
}

// recoverDeliveries logs the deliveries that a crash between storing a
// message and logging it left out of delivered.log.
func (s *Server) recoverDeliveries() error {
	var missing []string
	for _, u := range s.users {
		inbox, err := u.mailbox(inboxName)
		if err != nil {
			continue
		}
		inbox.mu.Lock()
		for _, msg := range inbox.l {
			from, msgID, ok := s.deliveredHeader(msg.buf)
			if !ok || msgID == "" {
				continue
			}
			if key := dupKey(u.address, from, msgID, msg.buf); !s.delivered[key] {
				s.delivered[key] = true
				missing = append(missing, key)
			}
		}
		inbox.mu.Unlock()
	}
	if len(missing) == 0 {
		return nil
	}
	s.log.Warn("mailserver: deliveries missing from the delivery log (a crash), recovered from the INBOXes", "count", len(missing))
	if _, err := s.dupLog.WriteString(strings.Join(missing, "\n") + "\n"); err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	if err := fsync(s.dupLog); err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	return nil
}

// deliveredHeader returns the envelope sender and Message-ID of a message
// this server delivered (deliver: Return-Path, then its own Received line);
// ok is false for anything else, such as a message a client APPENDed.
func (s *Server) deliveredHeader(raw []byte) (from, msgID string, ok bool) {
	if !bytes.HasPrefix(raw, []byte("Return-Path: <")) {
		return "", "", false
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return "", "", false
	}
	received := m.Header["Received"]
	if len(received) == 0 || !strings.Contains(received[0], "by "+s.opts.Domain+" (stormjudge mailserver)") {
		return "", "", false
	}
	from = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(m.Header.Get("Return-Path")), "<"), ">")
	return from, headerMessageID(m.Header), true
}

// messageID returns the Message-ID of raw, or "" when it has none (such
// messages are never suppressed).
func messageID(raw []byte) string {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	return headerMessageID(m.Header)
}

// headerMessageID is the Message-ID field of h, or "" when there is none
// or it spans lines.
func headerMessageID(h mail.Header) string {
	id := strings.TrimSpace(h.Get("Message-Id"))
	if strings.ContainsAny(id, "\t\r\n") {
		return ""
	}
	return id
}

func (s *Server) isDuplicate(address, from, msgID string, raw []byte) bool {
	if msgID == "" {
		return false
	}
	s.dupMu.Lock()
	defer s.dupMu.Unlock()
	return s.delivered[dupKey(address, from, msgID, raw)]
}

func (s *Server) recordDelivery(address, from, msgID string, raw []byte) error {
	if msgID == "" {
		return nil
	}
	key := dupKey(address, from, msgID, raw)
	s.dupMu.Lock()
	defer s.dupMu.Unlock()
	s.delivered[key] = true
	if _, err := s.dupLog.WriteString(key + "\n"); err != nil {
		return err
	}
	return fsync(s.dupLog)
}
