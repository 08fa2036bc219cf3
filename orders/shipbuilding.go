package orders

import (
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/storm"
)

// Shipbuilding orders (19.6, 19.7). The grammar is shared with the
// adjudicator's canonical order text (adjudicator.ParseShipbuilding):
//
//	LAY DOWN CARRIER WITH SHIPYARD 1, 1          (19.61, 19.62)
//	LAY DOWN BATTLESHIP 4 WITH SHIPYARD 1, 3     (BATTLECRUISER, BATTLESHIP 3/4/5)
//	ADVANCE SHIP 2 WITH 2, 1                     (19.71; CONTINUE is the same)
//	ACCELERATE SHIP 2 BY 1 WITH 1                (19.73; BY 2 is the knight's move)
//	DEFER SHIP 2                                 (19.72)
//	LAUNCH SHIP 3 WITH 2, SAVED 1                (19.74: advancing a ship on row 2)
//	SAVE WITH SHIPYARD 1                         (19.75)
//
// After WITH: 3, 2, 1, 0 are activity counters of that strength; SHIPYARD 1
// is a shipbuilding-only counter; SAVED n spends n saved points; LEFTOVER n
// spends n points a BUILD order's counters gave beyond the units' cost
// (12.41A/B).

const shipHint = "LAY DOWN <CARRIER|BATTLESHIP 3|BATTLESHIP 4|BATTLESHIP 5> WITH SHIPYARD 1, <counters>; " +
	"ADVANCE SHIP <n> WITH <counters>; ACCELERATE SHIP <n> BY <1|2> WITH <counters>; DEFER SHIP <n>; " +
	"LAUNCH SHIP <n> WITH <counters>; SAVE WITH SHIPYARD 1 (19)"

func shipWord(word, rule string, forms ...string) *orderWord {
	return &orderWord{word: word, rule: rule, forms: forms, parse: parseShipbuilding}
}

var (
	layWord        = shipWord("LAY", "19.6", "LAY DOWN BATTLESHIP 3 WITH SHIPYARD 1, 2")
	advanceWord    = shipWord("ADVANCE", "19.71", "ADVANCE SHIP 1 WITH 2, 1")
	continueWord   = shipWord("CONTINUE", "19.71", "CONTINUE SHIP 1 WITH 2, 1")
	accelerateWord = shipWord("ACCELERATE", "19.73", "ACCELERATE SHIP 1 BY 1 WITH 1")
	deferWord      = shipWord("DEFER", "19.72", "DEFER SHIP 1")
	launchWord     = shipWord("LAUNCH", "19.74", "LAUNCH SHIP 1 WITH 2")
	saveWord       = shipWord("SAVE", "19.75", "SAVE WITH SHIPYARD 1")
)

// parseShipbuilding reads any shipbuilding order line.
func parseShipbuilding(l *line) (storm.Order, *Error) {
	o, ok, err := economy.ParseShipbuilding(l.words)
	if !ok {
		return storm.Order{}, l.errorf(shipHint, "%s is not a shipbuilding order", quote(l.words[0]))
	}
	if err != nil {
		return storm.Order{}, l.errorf(shipHint, "%v", err)
	}
	return o, nil
}
