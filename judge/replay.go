package judge

import (
	"bytes"
	"encoding/json"
	"fmt"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/export"
	"stormjudge/store"
)

// Replay recomputes a game from its setup state (version 0) and the orders
// stored for each version, and compares every recomputed state with the
// stored one, byte for byte in JSON. It returns the number of versions
// checked, or an error naming the first version that differs. This is the
// audit for players who doubt the dice: the engine is deterministic and its
// random generator is part of the state.
func (j *Judge) Replay(game string) (int, error) {
	checked := 0
	err := j.db.View(func(tx *store.Tx) error {
		g, err := tx.Game(game)
		if err != nil {
			return err
		}
		s, err := tx.State(game, 0)
		if err != nil {
			return err
		}
		for v := 0; v < g.Version; v++ {
			next, err := replayVersion(tx, game, v, s)
			if err != nil {
				return fmt.Errorf("judge: replay %s: version %d: %w", game, v+1, err)
			}
			stored, err := tx.State(game, v+1)
			if err != nil {
				return err
			}
			a, err := json.Marshal(next)
			if err != nil {
				return err
			}
			b, err := json.Marshal(stored)
			if err != nil {
				return err
			}
			if !bytes.Equal(a, b) {
				return fmt.Errorf("judge: replay %s: version %d differs from the stored state", game, v+1)
			}
			s = next
			checked++
		}
		return nil
	})
	return checked, err
}

// replayVersion recomputes version v+1 of game from s, version v: with the
// moderator's draw when the game waited for it, with the moderator's SET
// orders when the version was a fix, else with the orders.
func replayVersion(tx *store.Tx, game string, v int, s storm.State) (storm.State, error) {
	if rec, err := tx.Draw(game, v); err != nil {
		return s, err
	} else if rec != nil && len(rec.Orders) > 0 && rec.Orders[0].Kind == storm.SetState {
		// The moderator's SET (Judge.fix), kept like a draw.
		next, _, err := adjudicator.ApplyFixes(s, rec.Orders)
		return next, err
	}
	if adjudicator.AwaitsDraw(s) {
		rec, err := tx.Draw(game, v)
		if err != nil {
			return s, err
		}
		if rec == nil {
			return s, fmt.Errorf("no moderator's draw stored")
		}
		next, _, err := adjudicator.ResolveDraw(s, rec.Orders)
		return next, err
	}
	recs, err := tx.Orders(game, v)
	if err != nil {
		return s, err
	}
	ords := map[storm.Power][]storm.Order{}
	for p, r := range recs {
		ords[p] = r.Orders
	}
	next, _, err := adjudicator.Resolve(s, ords)
	return next, err
}

// Export is the documented JSON export of version v of game (-1: the
// current one; docs/state.md, judge/export).
func Export(tx *store.Tx, game string, v int) ([]byte, error) {
	g, err := tx.Game(game)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", game, err)
	}
	return export.Game(tx, g, v)
}
