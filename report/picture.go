package report

import "stormjudge/adjudicator"

// drawPicture draws the picture of v for power's notice (0: the public
// report) and says in words what it shows.
func drawPicture(v adjudicator.View, power adjudicator.Power) (png []byte, alt string, width, height int) {
	return nil, "", 0, 0
}
