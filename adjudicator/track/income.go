package track

// ClimateEAI is the effect of the economic climate on the EAI (11.35B,
// 23.21D): +1 at -3, -1 at +3, none otherwise.
func ClimateEAI(climate int) int {
	switch {
	case climate <= -3:
		return +1
	case climate >= 3:
		return -1
	}
	return 0
}
