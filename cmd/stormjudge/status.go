package main

// stormjudge status: is the daemon up? The container's HEALTHCHECK
// (deploy/Containerfile) and anyone else who asks. The answer comes from
// the daemon itself, over its control socket (control.go): the process
// runs, its control server accepts, and its data file answers a read.
// status never opens the data file (a stopped daemon's file opened here
// would say nothing about the daemon), so it works as any user who may
// reach the socket, and fails at once when nothing answers.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"stormjudge/store"
)

// cmdStatus asks the daemon of the data file for its status: exit 0 and
// its answer when it answers, an error (exit 1) saying why not otherwise.
func cmdStatus(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := dataFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("status: no arguments expected, got %q", fs.Arg(0))
	}
	path, err := d.path()
	if err != nil {
		return err
	}
	sock, err := socketPath(path)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(sock); err != nil {
		return fmt.Errorf("status: no daemon on %s: its socket %s is not there", path, sock)
	}
	if !ownSocket(sock) {
		return fmt.Errorf("status: %s is not a socket of this user: ask as the daemon's user", sock)
	}
	out, cmdErr, sockErr := askDaemon(sock, &controlRequest{Args: []string{"status"}})
	if sockErr != nil {
		return fmt.Errorf("status: the daemon on %s does not answer on %s: %w", path, sock, sockErr)
	}
	if _, err := stdout.Write(out); err != nil {
		return err
	}
	if cmdErr != nil {
		return fmt.Errorf("status: %w", cmdErr)
	}
	return nil
}

// daemonStatus is the daemon's answer: its version and its games, read
// from the data file in one read transaction.
func daemonStatus(db *store.DB, w io.Writer) error {
	if db == nil {
		return errors.New("no data file")
	}
	return db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "stormjudge %s running (pid %d), games: %d\n", readVersion(version).Version, os.Getpid(), len(gs))
		return err
	})
}
