package storm

import (
	"slices"
	"strings"
)

// Crisis order kinds (27, 31.21A).
const (
	// AggressionOrder announces an aggression against Project (27.11);
	// Args may hold "pact" (the Nazi-Soviet Pact offered, 31.21A).
	AggressionOrder OrderKind = "aggression"
	// AcquiesceOrder and OpposeOrder are the Allied response (27.51) to
	// Project's aggression ("" when only one Axis power aggresses).
	AcquiesceOrder OrderKind = "acquiesce"
	OpposeOrder    OrderKind = "oppose"
	// BackDownOrder: the aggressor (27.61C, 27.81A) or the Allies (27.71B)
	// back down; Project names the aggressor for the Allies.
	BackDownOrder OrderKind = "back-down"
	// ContinueAggression: the aggressor continues (27.61C).
	ContinueAggression OrderKind = "continue-aggression"
	// UltimatumOrder: the Allies issue an ultimatum (27.71B, 27.73).
	UltimatumOrder OrderKind = "ultimatum"
	// AttackOrder: the aggressor attacks and war breaks out (27.81B, 27.83).
	AttackOrder OrderKind = "attack"
	// CrisisIfOrder is a conditional order for a later stage (CrisisPlan):
	// Args are the stage it answers ("opposed", "continued",
	// "ultimatum"), the action, and optionally a condition on the
	// target's resistance ("<=", "4") with the action otherwise.
	CrisisIfOrder OrderKind = "crisis-if"
)

// CrisisStage is where a crisis stands.
type CrisisStage string

// Crisis stages, one per segment of 26.11B-F, and the end.
const (
	StageResponse     CrisisStage = "response"      // 27.5: the Allies acquiesce or oppose
	StageAxisResponse CrisisStage = "axis-response" // 27.6: the aggressor backs down or continues
	StageUltimatum    CrisisStage = "ultimatum"     // 27.7: the Allies back down or issue an ultimatum
	StageBrink        CrisisStage = "brink"         // 27.8: the aggressor backs down or attacks
	StageOver         CrisisStage = "over"
)

// Crisis outcomes besides those of crisis.go (27.62, 27.72, 27.82).
const (
	Acquiesced CrisisOutcome = "allies acquiesce" // 27.52
	WarOutcome CrisisOutcome = "war"              // 27.83
)

// Crisis is one Axis aggression of this turn and its course (27).
type Crisis struct {
	Aggressor Power       `json:"aggressor"`
	Target    string      `json:"target"`
	Stage     CrisisStage `json:"stage"`
	// Pact: Germany offered the Nazi-Soviet Pact with this aggression
	// against Poland (31.21A); Russia may not refuse (31.23).
	Pact bool `json:"pact,omitempty"`
	// Russia: Russia opposes as an Allied power (26.14A).
	Russia bool `json:"russia,omitempty"`
	// Poland: Germany's choice for Poland proper (29.22): conquest,
	// satellite or neutral.
	Poland string `json:"poland,omitempty"`
	// Tile is the random tile of 28.5 once drawn; Resistance the target's
	// level with it (28.12).
	Tile       int `json:"tile,omitempty"`
	Resistance int `json:"resistance"`
	// Asked counts the times Britain and France were asked again in one
	// stage because their answers differed (r-27-51-concert).
	Asked int `json:"asked,omitempty"`
	// Outcome once over.
	Outcome CrisisOutcome `json:"outcome,omitempty"`
}

// CrisisPlan is a conditional order kept for a later stage of a crisis.
type CrisisPlan struct {
	Power Power `json:"power"`
	Order Order `json:"order"`
}

// CrisisState is the crisis phase of the current turn (26-27); On says
// whether the game plays it by email (WithCrisis).
type CrisisState struct {
	On     bool         `json:"on"`
	Crises []Crisis     `json:"crises,omitempty"`
	Plans  []CrisisPlan `json:"plans,omitempty"`
	// Declared: the pre-emptive declarations of the turn are made (32.8);
	// Threats are those awaiting a concession (32.83).
	Declared bool     `json:"declared,omitempty"`
	Threats  []Threat `json:"threats,omitempty"`
	// Retaliation are the Allied powers asked whether they retaliate for
	// Germany's declaration of war on Russia, with their thresholds
	// (32.63), in a further round of the segment; empty once answered.
	Retaliation []Threshold `json:"retaliation,omitempty"`
}

func (c CrisisState) clone() CrisisState {
	d := c
	d.Crises = slices.Clone(c.Crises)
	d.Plans = slices.Clone(c.Plans)
	d.Threats = slices.Clone(c.Threats)
	d.Retaliation = cloneThresholds(c.Retaliation)
	for i, t := range c.Threats {
		x := &d.Threats[i]
		x.Declarers, x.Against = slices.Clone(t.Declarers), slices.Clone(t.Against)
		x.Concession.Conceders, x.Concession.Beneficiaries = slices.Clone(t.Concession.Conceders), slices.Clone(t.Concession.Beneficiaries)
		x.Thresholds = cloneThresholds(t.Thresholds)
	}
	for i := range d.Plans {
		d.Plans[i].Order = c.Plans[i].Order.Clone()
	}
	return d
}

// CrisisOf returns the crisis of aggressor, nil if none.
func (c *CrisisState) CrisisOf(aggressor Power) *Crisis {
	for i := range c.Crises {
		if c.Crises[i].Aggressor == aggressor {
			return &c.Crises[i]
		}
	}
	return nil
}

// At returns the crises at stage st.
func (c CrisisState) At(st CrisisStage) []Crisis {
	var out []Crisis
	for _, x := range c.Crises {
		if x.Stage == st {
			out = append(out, x)
		}
	}
	return out
}

// Allied are the powers who answer for the Allies (27.51).
var Allied = []Power{Britain, France}

// CrisisWord is an order kind's word in an email.
func CrisisWord(k OrderKind) string {
	switch k {
	case ContinueAggression:
		return "CONTINUE"
	case BackDownOrder:
		return "BACK DOWN"
	}
	return strings.ToUpper(string(k))
}

// ResistanceName is the country whose resistance a target has (28.21G-H:
// the Sudetenland is Czechoslovakia's, Danzig and the Corridor Poland's).
func ResistanceName(target string) string {
	for whole, part := range FirstDemand {
		if part == target {
			return whole
		}
	}
	return target
}

// crisisString renders the crisis phase's orders: "AGGRESSION POLAND
// PACT", "OPPOSE GERMANY", "BACK DOWN", "IF OPPOSED CONTINUE IF
// RESISTANCE <= 4 ELSE BACK DOWN", "DECLARE WAR ON GERMANY".
func crisisString(o Order) (string, bool) {
	named := func(w string) string {
		if o.Project != "" {
			return w + " " + strings.ToUpper(o.Project)
		}
		return w
	}
	switch o.Kind {
	case AggressionOrder:
		s := "AGGRESSION " + strings.ToUpper(o.Project)
		if slices.Contains(o.Args, "pact") {
			s += " PACT"
		}
		if c := PolandChoice(o); c != PolandConquest {
			s += " " + strings.ToUpper(c)
		}
		return s, true
	case AcquiesceOrder, OpposeOrder, BackDownOrder, ContinueAggression, UltimatumOrder, AttackOrder, ConcedeOrder, RefuseOrder:
		return named(CrisisWord(o.Kind)), true
	case DeclareWarOrder:
		return "DECLARE WAR ON " + strings.ToUpper(o.Project), true
	case ThreatenWarOrder:
		return "THREATEN WAR ON " + strings.ToUpper(o.Project), true
	case CrisisIfOrder:
		a := o.Args
		if len(a) < 2 {
			return "IF", true
		}
		s := "IF " + strings.ToUpper(a[0])
		if a[0] == "aggression" && o.Project != "" {
			s += " " + strings.ToUpper(o.Project) // the target, before the answer
		}
		s += " " + CrisisWord(OrderKind(a[1]))
		if len(a) == 5 {
			s += " IF RESISTANCE " + a[2] + " " + a[3] + " ELSE " + CrisisWord(OrderKind(a[4]))
		}
		if o.Project != "" && a[0] != "aggression" {
			s += " " + strings.ToUpper(o.Project)
		}
		return s, true
	}
	return "", false
}

// StageSegment is the segment that decides each stage of a crisis
// (26.11C-F).
var StageSegment = map[CrisisStage]Segment{
	StageResponse: SegCrisisResponse, StageAxisResponse: SegCrisisAxisResponse,
	StageUltimatum: SegCrisisUltimatum, StageBrink: SegCrisisBrink,
}

// PlanStage is the stage an IF line answers, by its word (the first of
// Order.Args): IF AGGRESSION the Allied response (27.51), IF OPPOSED the
// aggressor's answer to opposition (27.61C), IF CONTINUED the Allies'
// answer to a continued aggression (27.71B), IF ULTIMATUM the aggressor's
// answer to an ultimatum (27.81).
var PlanStage = map[string]CrisisStage{
	"aggression": StageResponse,
	"opposed":    StageAxisResponse,
	"continued":  StageUltimatum,
	"ultimatum":  StageBrink,
}

// PlanSegment is the segment an IF line answers (its stage's), "" for a
// line of no known stage.
func PlanSegment(o Order) Segment {
	if o.Kind != CrisisIfOrder || len(o.Args) == 0 {
		return ""
	}
	st, ok := PlanStage[o.Args[0]]
	if !ok {
		return ""
	}
	return StageSegment[st]
}
