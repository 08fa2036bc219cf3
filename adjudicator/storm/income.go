package storm

// AlliancePartner is the other major power of an alliance; Russia is an
// alliance alone (11.61: Allied and Russian flags do not combine).
var AlliancePartner = map[Power]Power{Germany: Italy, Italy: Germany, Britain: France, France: Britain}

// partners is AlliancePartner by power, for partnerOf.
var partners = func() (out [Russia + 1]Power) {
	for p, q := range AlliancePartner {
		out[p] = q
	}
	return out
}()

// partnerOf is AlliancePartner[p] without a map: the flag counts read it
// for every check.
func partnerOf(p Power) Power {
	if int(p) < len(partners) {
		return partners[p]
	}
	return 0
}
