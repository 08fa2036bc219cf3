package report

import (
	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/report/picture"
)

// pictureView is the part of v a picture for power's notice (0: the public
// report) may draw: never another power's tracks.
func pictureView(v adjudicator.View, power storm.Power) (adjudicator.View, storm.Power) {
	if power != 0 && v.Powers[power] != nil {
		return v.For(power), power
	}
	return v.PublicOnly(), 0
}

// describePicture says in words what the picture of v shows and its size
// in CSS pixels as the HTML shows it.
func describePicture(v adjudicator.View, power storm.Power) (alt string, width, height int) {
	return picture.Alt(v, power), picture.Width / picture.Scale, picture.Height(v, power) / picture.Scale
}
