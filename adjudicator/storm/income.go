package storm

// AlliancePartner is the other major power of an alliance; Russia is an
// alliance alone (11.61: Allied and Russian flags do not combine).
var AlliancePartner = map[Power]Power{Germany: Italy, Italy: Germany, Britain: France, France: Britain}
