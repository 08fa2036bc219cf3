package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDeckCheck(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("name = \"bad\"\n[[card]]\nnumber = 200\ntrend = 0\ncolour = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		wantErr error // nil: success
		want    []string
	}{
		{"the shipped quiet deck is valid", []string{"deck", "check", "../../testdata/decks/quiet.toml"}, nil,
			[]string{"../../testdata/decks/quiet.toml: 144 cards, ok\n"}},
		{"several files, each reported", []string{"deck", "check", "../../testdata/decks/illustrative.toml", "../../testdata/decks/quiet.toml"}, nil,
			[]string{"illustrative.toml: 11 cards, ok\n", "quiet.toml: 144 cards, ok\n"}},
		{"errors as FILE:LINE: message, exit status 1", []string{"deck", "check", bad}, errDeckInvalid,
			[]string{bad + ":3: card number 200 out of range", bad + `:5: unknown key "colour"`, bad + ":2: missing: [card.general]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(tt.args, &out, &errb)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v; stdout:\n%s", err, tt.wantErr, out.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output\n%s\ndoes not contain %q", out.String(), w)
				}
			}
		})
	}
}

func TestDeckCommandNeedsCheckAndAFile(t *testing.T) {
	for _, args := range [][]string{{"deck"}, {"deck", "list"}, {"deck", "check"}, {"deck", "check", "/nonexistent/deck.toml"}} {
		var out, errb bytes.Buffer
		if err := run(args, &out, &errb); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
