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
// judge's own handling of that case shows in the sandbox.
//
// A delivery's key, "address TAB sender TAB message-id TAB content hash",
// is written in the record that appends the message to the INBOX's journal
// (journal.go), so the message and its key are durable together, with one
// fsync: no crash leaves a delivered message without its key. While the
// message is listed, index.json keeps its key; once it is expunged (moved
// out of the INBOX), the next checkpoint appends the key to
// Dir/delivered.log, one line per key, and fsyncs it before the snapshot
// that forgets the message is written. The keys in memory are the union of
// delivered.log and the INBOXes' keys.
//
// Before the journal, the key was appended to delivered.log after the
// message was stored, and a crash in between left it out: such keys are
// recovered when an INBOX of that time is loaded, from the messages this
// server delivered (they start with its Return-Path and its own Received
// line).

const deliveredLog = "delivered.log"

// dupKey is the dedupe key of a message with content hash c
// (store.ContentHash) delivered to address.
func dupKey(address, from, msgID string, c [32]byte) string {
	return strings.ToLower(address) + "\t" + strings.ToLower(from) + "\t" + msgID + "\t" + hex.EncodeToString(c[:12])
}

// loadDeliveries reads delivered.log and opens it for appending. It runs
// before the mailboxes are loaded, which add their keys.
func (s *Server) loadDeliveries() error {
	s.delivered = make(map[string]bool)
	path := filepath.Join(s.opts.Dir, deliveredLog)
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("mailserver: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		// A torn last line (crash mid-append) is simply not a key of
		// any real message; its key is still in the journal or
		// index.json that the checkpoint did not replace.
		if line := sc.Text(); strings.Count(line, "\t") == 3 {
			s.delivered[line] = true
		}
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	s.dupLog = f
	if len(b) > 0 && b[len(b)-1] != '\n' {
		// After a torn line, the next key starts a line of its own.
		if _, err := f.WriteString("\n"); err != nil {
			return fmt.Errorf("mailserver: %w", err)
		}
	}
	return nil
}

// recoverDupKey is the dedupe key of raw, in address's INBOX, if this
// server delivered it, "" otherwise.
func (s *Server) recoverDupKey(address string, raw []byte) string {
	from, msgID, ok := s.deliveredHeader(raw)
	if !ok || msgID == "" {
		return ""
	}
	return dupKey(address, from, msgID, store.ContentHash(raw))
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

func (s *Server) isDelivered(key string) bool {
	s.dupMu.Lock()
	defer s.dupMu.Unlock()
	return s.delivered[key]
}

func (s *Server) markDelivered(key string) {
	s.dupMu.Lock()
	defer s.dupMu.Unlock()
	s.delivered[key] = true
}

// logDeliveries appends keys to delivered.log and fsyncs it.
func (s *Server) logDeliveries(keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	s.dupMu.Lock()
	defer s.dupMu.Unlock()
	if _, err := s.dupLog.WriteString(strings.Join(keys, "\n") + "\n"); err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	if err := fsync(s.dupLog); err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	for _, k := range keys {
		s.delivered[k] = true
	}
	return nil
}
