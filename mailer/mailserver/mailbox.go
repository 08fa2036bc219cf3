// Adapted from go-imap's imapserver/imapmemserver/mailbox.go (v2.0.0-beta.8).
//
// Copyright (c) 2013 The Go-IMAP Authors
// Copyright (c) 2016 Proton Technologies AG
// Copyright (c) 2023 Simon Ser
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

package mailserver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

const messageExt = ".eml"

// mailbox is a persistent mailbox. Every change is durable (its journal
// record fsynced, journal.go) before the method that made it returns.
type mailbox struct {
	srv         *Server
	tracker     *imapserver.MailboxTracker
	uidValidity uint32 // immutable
	dir         string // immutable: named by uidValidity

	mu         sync.Mutex
	name       string
	subscribed bool
	specialUse []imap.MailboxAttr
	l          []*message
	uidNext    imap.UID
	deleted    bool // set by DELETE; views may still hold the mailbox
	// views are the sessions that have the mailbox selected (or
	// examined), so that DELETE can end them.
	views map[*mailboxView]struct{}

	// The journal (journal.go): its number, its size since the last
	// checkpoint, the message files written since then and not yet
	// fsynced (their content is in the journal), the dedupe keys of
	// messages expunged since then (for delivered.log), and the error
	// that stops all changes after a failed write.
	journal        uint64
	journalBytes   int64
	journalRecords int
	unsynced       []imap.UID
	expungedDups   []string
	broken         error
}

var errMailboxDeleted = &imap.Error{
	Type: imap.StatusResponseTypeNo,
	Code: imap.ResponseCodeNonExistent,
	Text: "Mailbox has been deleted",
}

// createMailbox makes a new, empty mailbox directory under parent
// (mailboxes/) and returns the mailbox. The directory appears atomically.
func createMailbox(srv *Server, parent, name string, uidValidity uint32, subscribed bool, specialUse []imap.MailboxAttr) (*mailbox, error) {
	final := filepath.Join(parent, strconv.FormatUint(uint64(uidValidity), 10))
	tmp := filepath.Join(parent, "tmp-"+strconv.FormatUint(uint64(uidValidity), 10))
	if err := os.RemoveAll(tmp); err != nil {
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	if err := os.Mkdir(tmp, 0o700); err != nil {
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	mbox := &mailbox{
		srv:         srv,
		tracker:     imapserver.NewMailboxTracker(0),
		uidValidity: uidValidity,
		dir:         tmp,
		name:        name,
		subscribed:  subscribed,
		specialUse:  specialUse,
		uidNext:     1,
		journal:     1,
	}
	// The empty journal first: index.json's directory fsync makes its
	// name durable too.
	err := os.WriteFile(mbox.journalPath(mbox.journal), nil, 0o600)
	if err == nil {
		err = writeJSONAtomic(filepath.Join(tmp, indexFile), mbox.indexLocked(mbox.journal))
	}
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	if err := syncDir(parent); err != nil {
		return nil, err
	}
	mbox.dir = final
	return mbox, nil
}

// loadMailbox reads a mailbox directory: index.json and its journal
// replayed over it (or a mailbox.json written before the journal), and
// checkpoints it if the journal held anything. It removes the message files
// that neither lists (left by a crash between writing a message and its
// record, or between an expunge's record and the removal) and the journals
// that index.json does not name. The dedupe keys of its deliveries go to
// the server's set (dedupe.go).
func loadMailbox(srv *Server, address, dir string) (*mailbox, error) {
	if err := removeTempFiles(dir); err != nil {
		return nil, err
	}
	var idx mailboxIndex
	legacy := false
	if err := readJSON(filepath.Join(dir, indexFile), &idx); errors.Is(err, os.ErrNotExist) {
		if err := readJSON(filepath.Join(dir, legacyMetaFile), &idx); err != nil {
			return nil, err
		}
		legacy = true
	} else if err != nil {
		return nil, err
	}
	if idx.UIDValidity == 0 || idx.UIDNext == 0 || idx.Name == "" {
		return nil, fmt.Errorf("mailserver: %s: invalid mailbox index", dir)
	}
	if want := strconv.FormatUint(uint64(idx.UIDValidity), 10); filepath.Base(dir) != want {
		return nil, fmt.Errorf("mailserver: %s: uidValidity %d does not match the directory name", dir, idx.UIDValidity)
	}
	mbox := &mailbox{
		srv:         srv,
		uidValidity: idx.UIDValidity,
		dir:         dir,
		name:        idx.Name,
		subscribed:  idx.Subscribed,
		uidNext:     imap.UID(idx.UIDNext),
		journal:     idx.Journal,
	}
	for _, a := range idx.SpecialUse {
		mbox.specialUse = append(mbox.specialUse, imap.MailboxAttr(a))
	}
	var last uint32
	for _, mm := range idx.Messages {
		if mm.UID <= last || mm.UID >= idx.UIDNext {
			return nil, fmt.Errorf("mailserver: %s: message UIDs out of order or beyond uidNext", dir)
		}
		last = mm.UID
		// The content is read once the journal is replayed: a message
		// the journal expunges may have lost its file already.
		msg := &message{uid: imap.UID(mm.UID), t: mm.Date, dup: mm.Dup}
		msg.setFlags(mm.Flags)
		mbox.l = append(mbox.l, msg)
	}

	journalSize := 0
	if !legacy {
		data, err := os.ReadFile(mbox.journalPath(mbox.journal))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("mailserver: %w", err)
		}
		journalSize = len(data)
		if err := mbox.replay(data); err != nil {
			return nil, err
		}
		if errors.Is(err, os.ErrNotExist) {
			// Cannot happen with the order of writes; repair anyway.
			if err := os.WriteFile(mbox.journalPath(mbox.journal), nil, 0o600); err != nil {
				return nil, fmt.Errorf("mailserver: %w", err)
			}
			if err := syncDir(dir); err != nil {
				return nil, err
			}
		}
	}

	// The snapshot's messages still listed, from their files (those of
	// the journal's appends are in the journal).
	fromJournal := make(map[imap.UID]bool, len(mbox.unsynced))
	for _, uid := range mbox.unsynced {
		fromJournal[uid] = true
	}
	for _, msg := range mbox.l {
		if fromJournal[msg.uid] {
			continue
		}
		buf, err := os.ReadFile(mbox.messagePath(msg.uid))
		if err != nil {
			return nil, fmt.Errorf("mailserver: message listed in %s: %w", dir, err)
		}
		msg.buf = buf
		if legacy && mbox.name == inboxName {
			// Before the journal, a delivery's dedupe key was logged
			// after the message was stored: recover those a crash
			// left out.
			msg.dup = srv.recoverDupKey(address, msg.buf)
		}
	}

	listed := make(map[string]bool)
	for _, msg := range mbox.l {
		listed[filepath.Base(mbox.messagePath(msg.uid))] = true
	}
	current := filepath.Base(mbox.journalPath(mbox.journal))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	for _, e := range entries {
		n := e.Name()
		unlisted := strings.HasSuffix(n, messageExt) && !listed[n]
		if unlisted {
			srv.log.Warn("removing unlisted message file left by a crash", "file", filepath.Join(dir, n))
		}
		if unlisted || (strings.HasPrefix(n, journalPrefix) && strings.HasSuffix(n, journalExt) && n != current) ||
			(n == legacyMetaFile && !legacy) {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return nil, fmt.Errorf("mailserver: %w", err)
			}
		}
	}
	// The replayed messages' files, from their records.
	for _, uid := range mbox.unsynced {
		if err := os.WriteFile(mbox.messagePath(uid), mbox.l[mbox.indexOfLocked(uid)].buf, 0o600); err != nil {
			return nil, fmt.Errorf("mailserver: %w", err)
		}
	}
	if legacy || journalSize > 0 {
		if err := mbox.checkpointLocked(); err != nil {
			return nil, err
		}
	}
	for _, msg := range mbox.l {
		if msg.dup != "" {
			srv.markDelivered(msg.dup)
		}
	}
	mbox.tracker = imapserver.NewMailboxTracker(uint32(len(mbox.l)))
	return mbox, nil
}

// replay applies the records of a journal (journal.go) to the mailbox.
func (mbox *mailbox) replay(data []byte) error {
	recs, valid := decodeRecords(data)
	if valid < len(data) {
		mbox.srv.log.Warn("mailserver: ignoring the end of a journal (a write a crash interrupted)",
			"dir", mbox.dir, "bytes", len(data)-valid)
	}
	for _, d := range recs {
		switch d.rec.Op {
		case opAppend:
			mm := d.rec.Msg
			if imap.UID(mm.UID) < mbox.uidNext {
				return fmt.Errorf("mailserver: %s: journal appends UID %d below uidNext %d", mbox.dir, mm.UID, mbox.uidNext)
			}
			msg := &message{uid: imap.UID(mm.UID), buf: d.body, t: mm.Date, dup: mm.Dup}
			msg.setFlags(mm.Flags)
			mbox.l = append(mbox.l, msg)
			mbox.uidNext = imap.UID(mm.UID) + 1
			mbox.unsynced = append(mbox.unsynced, msg.uid)
		case opFlags:
			for _, mm := range d.rec.Flags {
				if i := mbox.indexOfLocked(imap.UID(mm.UID)); i >= 0 {
					mbox.l[i].setFlags(mm.Flags)
				}
			}
		case opExpunge:
			gone := make(map[imap.UID]bool, len(d.rec.Expunge))
			for _, uid := range d.rec.Expunge {
				gone[imap.UID(uid)] = true
			}
			mbox.dropLocked(gone)
		case opMeta:
			mbox.name = d.rec.Name
			if d.rec.Subscribed != nil {
				mbox.subscribed = *d.rec.Subscribed
			}
		default:
			return fmt.Errorf("mailserver: %s: unknown journal record %q", mbox.dir, d.rec.Op)
		}
	}
	return nil
}

// indexOfLocked is the index in l of the message with UID uid, or -1.
func (mbox *mailbox) indexOfLocked(uid imap.UID) int {
	i := sort.Search(len(mbox.l), func(i int) bool { return mbox.l[i].uid >= uid })
	if i < len(mbox.l) && mbox.l[i].uid == uid {
		return i
	}
	return -1
}

// dropLocked removes the messages whose UIDs are in gone from l, unsynced
// and the mailbox's files (after their record is durable), keeping their
// dedupe keys for the next checkpoint.
func (mbox *mailbox) dropLocked(gone map[imap.UID]bool) {
	kept := mbox.l[:0:0]
	for _, msg := range mbox.l {
		if !gone[msg.uid] {
			kept = append(kept, msg)
			continue
		}
		if msg.dup != "" {
			mbox.expungedDups = append(mbox.expungedDups, msg.dup)
		}
	}
	mbox.l = kept
	unsynced := mbox.unsynced[:0]
	for _, uid := range mbox.unsynced {
		if !gone[uid] {
			unsynced = append(unsynced, uid)
		}
	}
	mbox.unsynced = unsynced
}

func (mbox *mailbox) messagePath(uid imap.UID) string {
	return filepath.Join(mbox.dir, strconv.FormatUint(uint64(uid), 10)+messageExt)
}

func (mbox *mailbox) list(options *imap.ListOptions) *imap.ListData {
	mbox.mu.Lock()
	defer mbox.mu.Unlock()

	if options.SelectSubscribed && !mbox.subscribed {
		return nil
	}
	if options.SelectSpecialUse && len(mbox.specialUse) == 0 {
		return nil
	}

	data := imap.ListData{
		Mailbox: mbox.name,
		Delim:   mailboxDelim,
	}
	if mbox.subscribed {
		data.Attrs = append(data.Attrs, imap.MailboxAttrSubscribed)
	}
	if (options.ReturnSpecialUse || options.SelectSpecialUse) && len(mbox.specialUse) > 0 {
		data.Attrs = append(data.Attrs, mbox.specialUse...)
	}
	if options.ReturnStatus != nil {
		data.Status = mbox.statusDataLocked(options.ReturnStatus)
	}
	return &data
}

func (mbox *mailbox) statusData(options *imap.StatusOptions) *imap.StatusData {
	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	return mbox.statusDataLocked(options)
}

func (mbox *mailbox) statusDataLocked(options *imap.StatusOptions) *imap.StatusData {
	data := imap.StatusData{Mailbox: mbox.name}
	if options.NumMessages {
		num := uint32(len(mbox.l))
		data.NumMessages = &num
	}
	if options.UIDNext {
		data.UIDNext = mbox.uidNext
	}
	if options.UIDValidity {
		data.UIDValidity = mbox.uidValidity
	}
	if options.NumUnseen {
		num := uint32(len(mbox.l)) - mbox.countByFlagLocked(imap.FlagSeen)
		data.NumUnseen = &num
	}
	if options.NumDeleted {
		num := mbox.countByFlagLocked(imap.FlagDeleted)
		data.NumDeleted = &num
	}
	if options.Size {
		size := mbox.sizeLocked()
		data.Size = &size
	}
	if options.NumRecent {
		num := uint32(0)
		data.NumRecent = &num
	}
	return &data
}

func (mbox *mailbox) countByFlagLocked(flag imap.Flag) uint32 {
	var n uint32
	for _, msg := range mbox.l {
		if _, ok := msg.flags[canonicalFlag(flag)]; ok {
			n++
		}
	}
	return n
}

func (mbox *mailbox) sizeLocked() int64 {
	var size int64
	for _, msg := range mbox.l {
		size += int64(len(msg.buf))
	}
	return size
}

// appendBytes stores a new message (journal.go: its file, then its
// record). Sessions are notified (EXISTS, also to IDLE clients) only once
// the record is durable.
func (mbox *mailbox) appendBytes(buf []byte, options *imap.AppendOptions) (*imap.AppendData, error) {
	data, _, err := mbox.deliverBytes(buf, options, "")
	return data, err
}

// deliverBytes is appendBytes for a delivery with dedupe key dup (""
// for none): if dup was delivered already, nothing is stored and
// duplicate is true. The check and the append are one step under the
// mailbox's lock, and the key is durable with the message, in its record.
func (mbox *mailbox) deliverBytes(buf []byte, options *imap.AppendOptions, dup string) (data *imap.AppendData, duplicate bool, err error) {
	if err := mbox.srv.begin(); err != nil {
		return nil, false, err
	}
	defer mbox.srv.end()

	msg := &message{
		flags: make(map[imap.Flag]struct{}),
		buf:   buf,
		dup:   dup,
	}
	if options.Time.IsZero() {
		msg.t = time.Now()
	} else {
		msg.t = options.Time
	}
	// Second precision: INTERNALDATE has no more, and the date read back
	// after a restart must be the one a client saw.
	msg.t = msg.t.Truncate(time.Second)
	for _, flag := range options.Flags {
		if strings.EqualFold(string(flag), `\Recent`) {
			continue
		}
		msg.flags[canonicalFlag(flag)] = struct{}{}
	}

	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	if mbox.deleted {
		return nil, false, errMailboxDeleted
	}
	if mbox.broken != nil {
		return nil, false, mbox.broken
	}
	if dup != "" && mbox.srv.isDelivered(dup) {
		return nil, true, nil
	}

	msg.uid = mbox.uidNext
	path := mbox.messagePath(msg.uid)
	// No fsync: the record below carries the message (journal.go). A
	// partial file of a failed write is overwritten by the next append
	// (the UID is not used up) or removed at the next start.
	if err := os.WriteFile(path, buf, 0o600); err != nil {
		return nil, false, fmt.Errorf("mailserver: %w", err)
	}
	mm := msg.meta()
	if err := mbox.writeRecordLocked(&journalRecord{Op: opAppend, Msg: &mm}, buf); err != nil {
		// The mailbox is broken now: no later append reuses the UID
		// before a restart, which replays whatever is durable.
		return nil, false, err
	}
	mbox.uidNext++
	mbox.l = append(mbox.l, msg)
	mbox.unsynced = append(mbox.unsynced, msg.uid)
	if dup != "" {
		mbox.srv.markDelivered(dup)
	}
	mbox.tracker.QueueNumMessages(uint32(len(mbox.l)))
	mbox.maybeCheckpointLocked()

	return &imap.AppendData{
		UIDValidity: mbox.uidValidity,
		UID:         msg.uid,
	}, false, nil
}

func (mbox *mailbox) copyMsg(msg *message) (*imap.AppendData, error) {
	return mbox.appendBytes(msg.buf, &imap.AppendOptions{
		Time:  msg.t,
		Flags: msg.flagList(),
	})
}

func (mbox *mailbox) rename(newName string) error {
	return mbox.setMeta(newName, nil)
}

func (mbox *mailbox) setSubscribed(subscribed bool) error {
	return mbox.setMeta("", &subscribed)
}

// setMeta renames the mailbox (name != "") or (un)subscribes it
// (subscribed != nil): one record with both.
func (mbox *mailbox) setMeta(name string, subscribed *bool) error {
	if err := mbox.srv.begin(); err != nil {
		return err
	}
	defer mbox.srv.end()
	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	if name == "" {
		name = mbox.name
	}
	sub := mbox.subscribed
	if subscribed != nil {
		sub = *subscribed
	}
	if name == mbox.name && sub == mbox.subscribed {
		return nil
	}
	if err := mbox.writeRecordLocked(&journalRecord{Op: opMeta, Name: name, Subscribed: &sub}, nil); err != nil {
		return err
	}
	mbox.name, mbox.subscribed = name, sub
	mbox.maybeCheckpointLocked()
	return nil
}

func (mbox *mailbox) selectDataLocked() *imap.SelectData {
	flags := mbox.flagsLocked()

	permanentFlags := make([]imap.Flag, len(flags))
	copy(permanentFlags, flags)
	permanentFlags = append(permanentFlags, imap.FlagWildcard)

	return &imap.SelectData{
		Flags:             flags,
		PermanentFlags:    permanentFlags,
		NumMessages:       uint32(len(mbox.l)),
		FirstUnseenSeqNum: mbox.firstUnseenSeqNumLocked(),
		UIDNext:           mbox.uidNext,
		UIDValidity:       mbox.uidValidity,
	}
}

func (mbox *mailbox) firstUnseenSeqNumLocked() uint32 {
	for i, msg := range mbox.l {
		if _, ok := msg.flags[imap.FlagSeen]; !ok {
			return uint32(i) + 1
		}
	}
	return 0
}

// flagsLocked lists the flags in use plus the system flags, which clients
// expect in the FLAGS response even before any message carries them.
func (mbox *mailbox) flagsLocked() []imap.Flag {
	m := map[imap.Flag]struct{}{
		imap.FlagSeen: {}, imap.FlagAnswered: {}, imap.FlagFlagged: {},
		imap.FlagDeleted: {}, imap.FlagDraft: {},
	}
	for _, msg := range mbox.l {
		for flag := range msg.flags {
			m[flag] = struct{}{}
		}
	}
	l := make([]imap.Flag, 0, len(m))
	for flag := range m {
		l = append(l, flag)
	}
	sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
	return l
}

// expungeLocked removes the given messages: their record first, then the
// files, then the EXPUNGE notifications (the tracker sends them to every
// session, the acting one included, before its tagged OK).
func (mbox *mailbox) expungeLocked(expunged map[*message]struct{}) error {
	if len(expunged) == 0 {
		return nil
	}
	var seqNums []uint32
	gone := make(map[imap.UID]bool, len(expunged))
	rec := &journalRecord{Op: opExpunge}
	// In reverse order, to keep sequence numbers consistent.
	for i := len(mbox.l) - 1; i >= 0; i-- {
		msg := mbox.l[i]
		if _, ok := expunged[msg]; ok {
			seqNums = append(seqNums, uint32(i)+1)
			gone[msg.uid] = true
			rec.Expunge = append(rec.Expunge, uint32(msg.uid))
		}
	}
	slices.Reverse(rec.Expunge)
	if err := mbox.writeRecordLocked(rec, nil); err != nil {
		return err
	}
	mbox.dropLocked(gone)
	for uid := range gone {
		if err := os.Remove(mbox.messagePath(uid)); err != nil && !errors.Is(err, os.ErrNotExist) {
			mbox.srv.log.Warn("mailserver: removing expunged message", "err", err)
		}
	}
	for _, seqNum := range seqNums {
		mbox.tracker.QueueExpunge(seqNum)
	}
	mbox.maybeCheckpointLocked()
	return nil
}

// writeFlagsLocked records the flags of msgs, which the caller has
// changed in memory.
func (mbox *mailbox) writeFlagsLocked(msgs []seqMsg) error {
	rec := &journalRecord{Op: opFlags, Flags: make([]messageMeta, 0, len(msgs))}
	for _, c := range msgs {
		mm := c.msg.meta()
		rec.Flags = append(rec.Flags, messageMeta{UID: mm.UID, Flags: mm.Flags})
	}
	if err := mbox.writeRecordLocked(rec, nil); err != nil {
		return err
	}
	mbox.maybeCheckpointLocked()
	return nil
}

// newViewLocked creates session's view into this mailbox. Callers must
// call mailboxView.close once done.
func (mbox *mailbox) newViewLocked(session *imapSession, readOnly bool) *mailboxView {
	v := &mailboxView{
		mailbox:  mbox,
		tracker:  mbox.tracker.NewSession(),
		session:  session,
		readOnly: readOnly,
	}
	if mbox.views == nil {
		mbox.views = make(map[*mailboxView]struct{})
	}
	mbox.views[v] = struct{}{}
	return v
}

// Locking: mailbox.mu is taken after user.mu, never the other way round, and
// never together with a second mailbox's mu. Every call of the tracker's
// EncodeSeqNum and every Queue* call happens under mailbox.mu: the
// SessionTracker reads the mailbox tracker's message count without the
// tracker's own lock, so mailbox.mu is what keeps that race-free.
//
// A mailboxView is a session's view into a mailbox (SELECT or EXAMINE): each
// view has its own queue of pending unilateral updates and its own sequence
// numbers.
type mailboxView struct {
	*mailbox
	tracker   *imapserver.SessionTracker
	session   *imapSession
	searchRes imap.UIDSet
	readOnly  bool // EXAMINE
}

var errReadOnly = &imap.Error{
	Type: imap.StatusResponseTypeNo,
	Text: "Mailbox is read-only (EXAMINE)",
}

func (mbox *mailboxView) close() {
	mbox.mu.Lock()
	delete(mbox.views, mbox)
	mbox.mu.Unlock()
	mbox.tracker.Close()
}

// snapshot copies a message so that it can be written to the network without
// holding the mailbox lock (buf is immutable and shared).
func (msg *message) snapshot() *message {
	c := &message{uid: msg.uid, buf: msg.buf, t: msg.t, flags: make(map[imap.Flag]struct{}, len(msg.flags))}
	for f := range msg.flags {
		c.flags[f] = struct{}{}
	}
	return c
}

type seqMsg struct {
	seqNum uint32
	msg    *message
}

func (mbox *mailboxView) fetch(w *imapserver.FetchWriter, numSet imap.NumSet, options *imap.FetchOptions) error {
	markSeen := false
	if !mbox.readOnly {
		for _, bs := range options.BodySection {
			if !bs.Peek {
				markSeen = true
				break
			}
		}
	}

	var snap []seqMsg
	err := func() error {
		if markSeen {
			if err := mbox.srv.begin(); err != nil {
				return err
			}
			defer mbox.srv.end()
		}
		mbox.mu.Lock()
		defer mbox.mu.Unlock()
		var changed []seqMsg
		mbox.forEachLocked(numSet, func(seqNum uint32, msg *message) {
			if _, seen := msg.flags[imap.FlagSeen]; markSeen && !seen {
				msg.flags[imap.FlagSeen] = struct{}{}
				changed = append(changed, seqMsg{seqNum, msg})
			}
			// The client's sequence number, computed under the lock: the
			// client's view only changes when this session polls.
			snap = append(snap, seqMsg{mbox.tracker.EncodeSeqNum(seqNum), msg.snapshot()})
		})
		if len(changed) > 0 {
			if err := mbox.writeFlagsLocked(changed); err != nil {
				for _, c := range changed {
					delete(c.msg.flags, imap.FlagSeen)
				}
				return err
			}
			for _, c := range changed {
				mbox.mailbox.tracker.QueueMessageFlags(c.seqNum, c.msg.uid, c.msg.flagList(), nil)
			}
		}
		return nil
	}()
	if err != nil {
		return err
	}

	// Written without the lock: a slow client must not block delivery.
	for _, sm := range snap {
		if sm.seqNum == 0 {
			continue // not yet announced to this client
		}
		if err := sm.msg.fetch(w.CreateMessage(sm.seqNum), options); err != nil {
			return err
		}
	}
	return nil
}

func (mbox *mailboxView) search(numKind imapserver.NumKind, criteria *imap.SearchCriteria, options *imap.SearchOptions) (*imap.SearchData, error) {
	mbox.mu.Lock()
	defer mbox.mu.Unlock()

	mbox.staticSearchCriteria(criteria)

	var (
		data   imap.SearchData
		seqSet imap.SeqSet
		uidSet imap.UIDSet
	)
	for i, msg := range mbox.l {
		seqNum := mbox.tracker.EncodeSeqNum(uint32(i) + 1)

		if !msg.search(seqNum, criteria) {
			continue
		}

		// Always populate the UID set, since it may be saved later for SEARCHRES
		uidSet.AddNum(msg.uid)

		var num uint32
		switch numKind {
		case imapserver.NumKindSeq:
			if seqNum == 0 {
				continue
			}
			seqSet.AddNum(seqNum)
			num = seqNum
		case imapserver.NumKindUID:
			num = uint32(msg.uid)
		}
		if data.Min == 0 || num < data.Min {
			data.Min = num
		}
		if data.Max == 0 || num > data.Max {
			data.Max = num
		}
		data.Count++
	}

	switch numKind {
	case imapserver.NumKindSeq:
		data.All = seqSet
	case imapserver.NumKindUID:
		data.All = uidSet
	}

	if options.ReturnSave {
		mbox.searchRes = uidSet
	}

	return &data, nil
}

func (mbox *mailboxView) staticSearchCriteria(criteria *imap.SearchCriteria) {
	seqNums := make([]imap.SeqSet, 0, len(criteria.SeqNum))
	for _, seqSet := range criteria.SeqNum {
		numSet := mbox.staticNumSet(seqSet)
		switch numSet := numSet.(type) {
		case imap.SeqSet:
			seqNums = append(seqNums, numSet)
		case imap.UIDSet: // can happen with SEARCHRES
			criteria.UID = append(criteria.UID, numSet)
		}
	}
	criteria.SeqNum = seqNums

	for i, uidSet := range criteria.UID {
		criteria.UID[i] = mbox.staticNumSet(uidSet).(imap.UIDSet)
	}

	for i := range criteria.Not {
		mbox.staticSearchCriteria(&criteria.Not[i])
	}
	for i := range criteria.Or {
		for j := range criteria.Or[i] {
			mbox.staticSearchCriteria(&criteria.Or[i][j])
		}
	}
}

func (mbox *mailboxView) store(w *imapserver.FetchWriter, numSet imap.NumSet, flags *imap.StoreFlags, options *imap.StoreOptions) error {
	if mbox.readOnly {
		return errReadOnly
	}
	err := func() error {
		if err := mbox.srv.begin(); err != nil {
			return err
		}
		defer mbox.srv.end()
		mbox.mu.Lock()
		defer mbox.mu.Unlock()
		var changed []seqMsg
		old := make(map[*message]map[imap.Flag]struct{})
		mbox.forEachLocked(numSet, func(seqNum uint32, msg *message) {
			old[msg] = msg.snapshot().flags
			msg.store(flags)
			changed = append(changed, seqMsg{seqNum, msg})
		})
		if len(changed) == 0 {
			return nil
		}
		if err := mbox.writeFlagsLocked(changed); err != nil {
			for msg, f := range old {
				msg.flags = f
			}
			return err
		}
		for _, c := range changed {
			mbox.mailbox.tracker.QueueMessageFlags(c.seqNum, c.msg.uid, c.msg.flagList(), mbox.tracker)
		}
		return nil
	}()
	if err != nil {
		return err
	}
	if !flags.Silent {
		return mbox.fetch(w, numSet, &imap.FetchOptions{Flags: true})
	}
	return nil
}

// expunge removes the messages flagged \Deleted (only those in uids, for
// UID EXPUNGE).
func (mbox *mailboxView) expunge(uids *imap.UIDSet) error {
	if mbox.readOnly {
		return errReadOnly
	}
	if err := mbox.srv.begin(); err != nil {
		return err
	}
	defer mbox.srv.end()
	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	expunged := make(map[*message]struct{})
	for _, msg := range mbox.l {
		if uids != nil && !uids.Contains(msg.uid) {
			continue
		}
		if _, ok := msg.flags[imap.FlagDeleted]; ok {
			expunged[msg] = struct{}{}
		}
	}
	return mbox.expungeLocked(expunged)
}

// expungeUIDs removes the messages with the given UIDs, whatever their
// flags (the second half of MOVE).
func (mbox *mailboxView) expungeUIDs(uids imap.UIDSet) error {
	if err := mbox.srv.begin(); err != nil {
		return err
	}
	defer mbox.srv.end()
	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	expunged := make(map[*message]struct{})
	for _, msg := range mbox.l {
		if uids.Contains(msg.uid) {
			expunged[msg] = struct{}{}
		}
	}
	return mbox.expungeLocked(expunged)
}

// collect returns snapshots of the messages in numSet.
func (mbox *mailboxView) collect(numSet imap.NumSet) []*message {
	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	var l []*message
	mbox.forEachLocked(numSet, func(seqNum uint32, msg *message) {
		l = append(l, msg.snapshot())
	})
	return l
}

func (mbox *mailboxView) forEachLocked(numSet imap.NumSet, f func(seqNum uint32, msg *message)) {
	numSet = mbox.staticNumSet(numSet)

	for i, msg := range mbox.l {
		seqNum := uint32(i) + 1

		var contains bool
		switch numSet := numSet.(type) {
		case imap.SeqSet:
			seqNum := mbox.tracker.EncodeSeqNum(seqNum)
			contains = seqNum != 0 && numSet.Contains(seqNum)
		case imap.UIDSet:
			contains = numSet.Contains(msg.uid)
		}
		if !contains {
			continue
		}

		f(seqNum, msg)
	}
}

// staticNumSet converts a dynamic sequence set into a static one.
//
// This is necessary to properly handle the special symbol "*", which
// represents the maximum sequence number or UID in the mailbox.
//
// This function also handles the special SEARCHRES marker "$".
func (mbox *mailboxView) staticNumSet(numSet imap.NumSet) imap.NumSet {
	if imap.IsSearchRes(numSet) {
		return mbox.searchRes
	}

	switch numSet := numSet.(type) {
	case imap.SeqSet:
		max := uint32(len(mbox.l))
		for i := range numSet {
			r := &numSet[i]
			staticNumRange(&r.Start, &r.Stop, max)
		}
	case imap.UIDSet:
		max := uint32(mbox.uidNext) - 1
		for i := range numSet {
			r := &numSet[i]
			staticNumRange((*uint32)(&r.Start), (*uint32)(&r.Stop), max)
		}
	}

	return numSet
}

func staticNumRange(start, stop *uint32, max uint32) {
	dyn := false
	if *start == 0 {
		*start = max
		dyn = true
	}
	if *stop == 0 {
		*stop = max
		dyn = true
	}
	if dyn && *start > *stop {
		*start, *stop = *stop, *start
	}
}

// normalizeCRLF turns bare LF line endings into CRLF, as IMAP requires.
func normalizeCRLF(b []byte) []byte {
	if !bytes.Contains(b, []byte("\n")) || bytes.Count(b, []byte("\r\n")) == bytes.Count(b, []byte("\n")) {
		return b
	}
	var out bytes.Buffer
	out.Grow(len(b) + bytes.Count(b, []byte("\n")))
	for i, c := range b {
		if c == '\n' && (i == 0 || b[i-1] != '\r') {
			out.WriteByte('\r')
		}
		out.WriteByte(c)
	}
	return out.Bytes()
}
