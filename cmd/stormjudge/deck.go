package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"stormjudge/deck"
)

// errDeckInvalid is returned by "deck check" when the file has errors (they
// are printed already); main exits with status 1.
var errDeckInvalid = errors.New("deck has errors")

// cmdDeck runs "stormjudge deck check FILE": validate a random event deck
// file (docs/deck.md). Prints "FILE: N cards, ok" or one "FILE:LINE: message"
// per error.
func cmdDeck(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "check" {
		fmt.Fprintln(stderr, "usage: stormjudge deck check FILE...")
		return errors.New("deck: unknown or missing subcommand (want check)")
	}
	fs := flag.NewFlagSet("deck check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: stormjudge deck check FILE...")
		return errors.New("deck check: no file")
	}
	bad := false
	for _, file := range fs.Args() {
		d, err := deck.LoadFile(file)
		var errs deck.Errors
		switch {
		case err == nil:
			fmt.Fprintf(stdout, "%s: %d cards, ok\n", file, len(d.Cards))
		case errors.As(err, &errs):
			bad = true
			for _, e := range errs {
				if e.Line > 0 {
					fmt.Fprintf(stdout, "%s:%d: %s\n", file, e.Line, e.Msg)
				} else {
					fmt.Fprintf(stdout, "%s: %s\n", file, e.Msg)
				}
			}
		default:
			return err
		}
	}
	if bad {
		return errDeckInvalid
	}
	return nil
}
