package judge

import (
	"strings"
	"testing"

	"stormjudge/store"
)

// TestSecretRefusalSaysWhereTheSecretIs (docs/orders.md "Who may order
// for a power"): an email whose SECRET line is the placeholder the
// judge's mails write (<your secret>, any case, with or without the
// angle brackets) is told to put the secret in its place and which mail
// holds it, by that mail's subject; a wrong secret is told the same mail
// and who gives a new one. Nothing the email says is quoted back, a
// placeholder costs no argon2id check and a wrong secret one (the
// budget's count, as before), and a stranger still gets no answer.
func TestSecretRefusalSaysWhereTheSecretIs(t *testing.T) {
	j, db, _ := newJudgeWith(t, Options{Masters: []Master{{Address: "boss@example.org", SecretHash: store.HashSecret("bosssecret")}}})
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	subjectOf := func(id string) string {
		for _, m := range outbox(t, db) {
			if strings.HasPrefix(m.ID, id) {
				return m.Subject
			}
		}
		t.Fatalf("no mail %s", id)
		return ""
	}
	welcome, modWelcome := subjectOf("demo/welcome/germany"), subjectOf("demo/welcome/moderator/")
	if welcome != "[demo] You play Germany" || modWelcome != "[demo] You moderate this game" {
		t.Fatalf("the welcomes' subjects: %q, %q", welcome, modWelcome)
	}
	hashes := countHashes(t)
	refused := func(from, body string) string {
		t.Helper()
		res := mustIngest(t, j, email(from, body), Rejected)
		got := flat(receiptOf(t, res))
		if !strings.Contains(got, "Nothing of that email is quoted here") || strings.Contains(got, "PASS") || strings.Contains(got, "STATUS") {
			t.Errorf("the refusal of an email that failed its secret quotes it:\n%s", got)
		}
		return got
	}
	const placeholder = "The SECRET line holds the placeholder <your secret>, as the judge's mails write it: put "
	for _, p := range []string{"<your secret>", "<YOUR SECRET>", "your secret", "Your  Secret"} {
		got := refused("germany@sandbox.test", "GAME demo\nSECRET "+p+"\nPASS\nEND\n")
		if want := placeholder + `your secret in its place. It is in your welcome mail, "` + welcome + `" (for a seat taken with JOIN: in the judge's answer to your JOIN).`; !strings.Contains(got, want) {
			t.Errorf("SECRET %s: the refusal:\n%s\nwant %q", p, got, want)
		}
		if strings.Contains(got, "does not match") {
			t.Errorf("SECRET %s: a placeholder is refused as a wrong secret:\n%s", p, got)
		}
	}
	got := refused("gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET <Your Secret>\nSTATUS\nEND\n")
	if want := placeholder + `the moderators' secret in its place. It is in the mail "` + modWelcome + `".`; !strings.Contains(got, want) {
		t.Errorf("the moderator's placeholder: the refusal:\n%s\nwant %q", got, want)
	}
	got = refused("boss@example.org", "GAME fresh\nMODERATOR\nSECRET <your secret>\nCREATE\nSEED 5\nEND\n")
	if want := placeholder + "your game master's secret, the one the judge's operator gave you, in its place."; !strings.Contains(got, want) || strings.Contains(got, "fresh") {
		t.Errorf("a game master's placeholder: the refusal:\n%s\nwant %q", got, want)
	}
	if n := hashes.Load(); n != 0 {
		t.Errorf("a placeholder cost %d argon2id checks", n)
	}

	// Wrong secrets: the refusal says where the secret is and who gives a
	// new one, never what was typed; each costs its argon2id check.
	for _, c := range []struct{ from, body, want string }{
		{"germany@sandbox.test", "GAME demo\nSECRET qz7typedword\nPASS\nEND\n",
			`The SECRET does not match, or this address may not order for that power in this game. Your secret is in your welcome mail, "` + welcome +
				`" (for a seat taken with JOIN: in the judge's answer to your JOIN); if it is lost, the game's moderator can give you a new one.`},
		{"gm@sandbox.test", "GAME demo\nPOWER italy\nSECRET qz7typedword\nPASS\nEND\n", `Your secret is in your welcome mail, "[demo] You play <your power>"`},
		{"gm@sandbox.test", "GAME demo\nMODERATOR\nSECRET qz7typedword\nSTATUS\nEND\n",
			`The SECRET does not match, or this address does not moderate this game. The moderators' secret is in the mail "` + modWelcome + `"; if it is lost, ask the judge's operator.`},
		{"boss@example.org", "GAME fresh\nMODERATOR\nSECRET qz7typedword\nCREATE\nSEED 5\nEND\n",
			"The SECRET does not match, or this address may not create games here. A game master's secret is the one the judge's operator gave you; if it is lost, ask the operator."},
	} {
		got := refused(c.from, c.body)
		if !strings.Contains(got, c.want) || strings.Contains(got, "qz7typedword") || strings.Contains(got, "placeholder") {
			t.Errorf("%s, a wrong secret: the refusal:\n%s\nwant %q", c.from, got, c.want)
		}
	}
	if n := hashes.Load(); n != 4 {
		t.Errorf("%d argon2id checks for 4 wrong secrets", n)
	}

	// A stranger's email is not answered, placeholder or not.
	res, err := j.Ingest(email("stranger@example.net", "GAME demo\nSECRET <your secret>\nPASS\nEND\n"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Dropped || res.Receipt != nil {
		t.Errorf("a stranger's email: %s, receipt %v", res.Outcome, res.Receipt)
	}
}
