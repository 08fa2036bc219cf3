package orders

import "testing"

func TestIsAutomatic(t *testing.T) {
	const own = "judge@sandbox.test"
	player := Message{From: "germany@sandbox.test", ReturnPath: "germany@sandbox.test", HasReturnPath: true}
	with := func(f func(m *Message)) *Message {
		m := player
		f(&m)
		return &m
	}
	tests := []struct {
		name string
		m    *Message
		own  string // ownAddress; "-" for none, "" for own
		want bool
	}{
		{"a player's email", &player, "", false},
		{"RFC 3834: Return-Path header missing (read from a client's submission)", with(func(m *Message) { m.ReturnPath, m.HasReturnPath = "", false }), "", false},
		{"RFC 3834: null Return-Path <> (a bounce)", with(func(m *Message) { m.ReturnPath = "" }), "", true},
		{"RFC 3834 5: Auto-Submitted: no", with(func(m *Message) { m.AutoSubmitted = "no" }), "", false},
		{"RFC 3834 5: Auto-Submitted: No (case)", with(func(m *Message) { m.AutoSubmitted = " No " }), "", false},
		{"RFC 3834 5: Auto-Submitted: auto-replied", with(func(m *Message) { m.AutoSubmitted = "auto-replied" }), "", true},
		{"RFC 3834 5: Auto-Submitted: auto-generated with parameters", with(func(m *Message) { m.AutoSubmitted = "Auto-Generated; owner-email=x@y" }), "", true},
		{"RFC 3834 5: Auto-Submitted: no with a comment", with(func(m *Message) { m.AutoSubmitted = "no (sent by a person)" }), "", false},
		{"Precedence: bulk", with(func(m *Message) { m.Precedence = "bulk" }), "", true},
		{"Precedence: JUNK", with(func(m *Message) { m.Precedence = "JUNK" }), "", true},
		{"Precedence: list", with(func(m *Message) { m.Precedence = "list" }), "", true},
		{"Precedence: auto_reply", with(func(m *Message) { m.Precedence = "auto_reply" }), "", true},
		{"Precedence: first-class", with(func(m *Message) { m.Precedence = "first-class" }), "", false},
		{"RFC 2919 List-Id", with(func(m *Message) { m.ListID = "<games.example.org>" }), "", true},
		// Issue 24: auto-responders that set neither Auto-Submitted nor
		// Precedence (the header is read by readHeader: TestAutoReplyHeaders).
		{"vendor header X-Autoreply", with(func(m *Message) { m.AutoHeader = "X-Autoreply" }), "", true},
		{"ARF feedback report", with(func(m *Message) { m.ReportType = "feedback-report" }), "", true},
		{"Subject: Automatic reply: orders", with(func(m *Message) { m.Subject = "Automatic reply: orders" }), "", true},
		{"Subject: Out of Office: Re: orders", with(func(m *Message) { m.Subject = "Out of Office: Re: orders" }), "", true},
		{"Subject: orders for autumn", with(func(m *Message) { m.Subject = "orders for autumn" }), "", false},
		{"our own address", with(func(m *Message) { m.From = own }), "", true},
		{"our own address in another case", with(func(m *Message) { m.From = "Judge@Sandbox.Test" }), "", true},
		{"own address given with brackets", with(func(m *Message) { m.From = own }), "<" + own + ">", true},
		{"MAILER-DAEMON sender", with(func(m *Message) { m.From = "mailer-daemon@mail.example.org" }), "", true},
		{"postmaster sender", with(func(m *Message) { m.From = "Postmaster@example.org" }), "", true},
		{"MAILER-DAEMON Return-Path", with(func(m *Message) { m.ReturnPath = "mailer-daemon@mx.example.org" }), "", true},
		{"list owner- Return-Path", with(func(m *Message) { m.ReturnPath = "owner-games@example.org" }), "", true},
		{"list -request Return-Path", with(func(m *Message) { m.ReturnPath = "games-request@example.org" }), "", true},
		{"a player named postmasters is a player", with(func(m *Message) { m.From = "postmasters@example.org" }), "", false},
		{"no own address given", with(func(m *Message) { m.From = "" }), "-", false},
		{"nil message", nil, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ownAddr := tc.own
			switch ownAddr {
			case "":
				ownAddr = own
			case "-":
				ownAddr = ""
			}
			if got := IsAutomatic(tc.m, ownAddr); got != tc.want {
				t.Errorf("IsAutomatic(%+v, %q) = %v, want %v", tc.m, ownAddr, got, tc.want)
			}
		})
	}
}

// TestIsAutomaticBounceExample: the bounce under testdata/orders/ is
// recognised from its headers as read by ReadMessage.
func TestIsAutomaticBounceExample(t *testing.T) {
	m, err := ReadMessage(readExample(t, "bounce.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if !m.HasReturnPath || m.ReturnPath != "" {
		t.Errorf("Return-Path: has %v, %q; want the null sender", m.HasReturnPath, m.ReturnPath)
	}
	if !IsAutomatic(m, "judge@sandbox.test") {
		t.Error("IsAutomatic: a bounce read as a player's email")
	}
}

// TestAutoReplyHeaders (issue 24): the vendor headers of auto-responders
// and a multipart/report are read from the raw message and make it
// automatic; an ordinary email is not.
func TestAutoReplyHeaders(t *testing.T) {
	base := "From: germany@sandbox.test\r\nReturn-Path: <germany@sandbox.test>\r\nMessage-ID: <a@b>\r\nSubject: orders\r\n"
	for _, h := range []string{"X-Autoreply: yes", "X-Autorespond: on", "X-Auto-Response-Suppress: All", "List-Unsubscribe: <mailto:u@x>", "X-Vacation: 1",
		"Content-Type: multipart/report; report-type=feedback-report; boundary=b"} {
		m, err := ReadMessage([]byte(base + h + "\r\n\r\nGAME demo\r\n"))
		if err != nil && m == nil {
			t.Fatalf("%s: %v", h, err)
		}
		if !IsAutomatic(m, "judge@sandbox.test") {
			t.Errorf("%s: read as a player's email (%+v)", h, m)
		}
	}
	m, err := ReadMessage([]byte(base + "\r\nGAME demo\r\n"))
	if err != nil || IsAutomatic(m, "judge@sandbox.test") {
		t.Errorf("an ordinary email read as automatic: %v", err)
	}
}
