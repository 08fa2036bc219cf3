package storm

// Crisis outcomes and Italian conquests (27.62, 27.72, 27.82, 29.32-29.35):
// the pieces of the crisis phase that follow from a decision once it is
// taken, called by the crisis segments (crisisphase.go, crisisend.go;
// docs/rules.md, "Crisis outcomes").

// CrisisOutcome is how a crisis ended short of war.
type CrisisOutcome string

// Crisis outcomes with next-turn effects.
const (
	AggressorBacksDown   CrisisOutcome = "aggressor backs down"              // 27.62
	AlliesBackDown       CrisisOutcome = "allies back down"                  // 27.72
	AggressorBacksDownUl CrisisOutcome = "aggressor backs down at ultimatum" // 27.82
)
