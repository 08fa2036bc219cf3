package storm

// CrisisOutcome is how a crisis ended short of war.
type CrisisOutcome string

// Crisis outcomes with next-turn effects.
const (
	AggressorBacksDown   CrisisOutcome = "aggressor backs down"              // 27.62
	AlliesBackDown       CrisisOutcome = "allies back down"                  // 27.72
	AggressorBacksDownUl CrisisOutcome = "aggressor backs down at ultimatum" // 27.82
)
