package storm

import (
	"slices"
	"strings"
)

// The research record sheets (15.41) are not in the rulebook text; this
// table rebuilds them from rules 15 and 16 (and 10.5-10.8, 19.63, 20.2,
// 21.21). Each row cites the rule it comes from; what had to be inferred is
// listed in docs/rules.md, "Research (15, 16)".

// ResearchCategory is one of the five research categories (15.12).
type ResearchCategory string

// Research categories (15.12). The advanced projects (16.18) are filed in
// the category of the balance-of-power portion their results go to.
const (
	AirResearch          ResearchCategory = "air"
	NavalResearch        ResearchCategory = "naval"
	MilitaryResearch     ResearchCategory = "military"
	AtomicResearch       ResearchCategory = "atomic"
	IntelligenceResearch ResearchCategory = "intelligence"
)

// BalanceCategory is a portion of the Balance of Power Chart (20.11).
type BalanceCategory string

// Balance of power categories (20.11).
const (
	ArmorBalance    BalanceCategory = "armor"
	InfantryBalance BalanceCategory = "infantry"
	AirBalance      BalanceCategory = "air"
	NavalBalance    BalanceCategory = "naval"
)

// BalanceCategories lists the four categories in the order of 20.11.
var BalanceCategories = []BalanceCategory{ArmorBalance, InfantryBalance, AirBalance, NavalBalance}

// ResultEffect is what one research result does (16.1). Counters go to the
// Balance of Power Chart for the Axis and the Allies; for Russia every such
// counter is a counter of the Russian garrison instead (21.21B, 16.17).
type ResultEffect struct {
	Armor    int `json:"armor,omitempty"`
	Infantry int `json:"infantry,omitempty"`
	Air      int `json:"air,omitempty"`
	Naval    int `json:"naval,omitempty"`
	// Garrison: counters on the Russian garrison track (16.17, 16.18E).
	Garrison int `json:"garrison,omitempty"`
	// GarrisonRequirement raises the Russian garrison requirement (16.16E).
	GarrisonRequirement int `json:"garrison_requirement,omitempty"`
	// Support: +1 to the support level of the project's power (10.51A).
	Support int `json:"support,omitempty"`
	// Counter: strength of an activity counter added to the pool (16.14C).
	Counter int `json:"counter,omitempty"`
	// Held: the result is held until used (covert operations, counter-
	// intelligence, subversion, Anglo-French cooperation levels) or must
	// be placed (a spy ring from espionage, 16.16B).
	Held bool `json:"held,omitempty"`
	// Secret results are not announced when achieved (15.63: results are
	// announced when they first affect play).
	Secret bool `json:"secret,omitempty"`
}

// ResearchProject is one row of the rebuilt research record sheets.
type ResearchProject struct {
	Side Side
	// Power is the power whose project it is; 0 for a joint project of the
	// side (and for every Russian project, Russia being a side of one).
	Power    Power
	Name     string
	Category ResearchCategory
	// StepsPerResult is the number of steps of each result (15.13, 16.1).
	StepsPerResult int
	// Results is the number of results the project can give; 0 means no
	// limit other than the holding limits of 16.16A/C.
	Results int
	// Effects lists the effect of the 1st, 2nd, ... result; a project
	// without a limit repeats its first effect.
	Effects []ResultEffect
	// Limit: results that may be held unused at once (16.16A, 16.16C);
	// 0 means results are not held.
	Limit int
	Rule  string
}

// MaxSteps is the number of steps that complete the project (0: none).
func (r ResearchProject) MaxSteps() int { return r.StepsPerResult * r.Results }

// Effect returns the effect of the n-th result (1-based).
func (r ResearchProject) Effect(n int) ResultEffect {
	if n < 1 || len(r.Effects) == 0 {
		return ResultEffect{}
	}
	if n > len(r.Effects) {
		return r.Effects[len(r.Effects)-1]
	}
	return r.Effects[n-1]
}

// ID is the project's name in orders and on the sheet: the nationality of a
// national Axis or Allied project, then the name ("italian battleship
// design"); joint and Russian projects go by their name ("air range").
func (r ResearchProject) ID() string {
	if r.Power == 0 {
		return r.Name
	}
	if id, ok := nationalIDs[nationalProject{r.Power, r.Name}]; ok {
		return id
	}
	return nationalID(r.Power, r.Name)
}

// nationalID is the ID of p's national project name: "german armor".
func nationalID(p Power, name string) string { return Nationality[p] + " " + name }

// nationalProject names a national project of the sheets.
type nationalProject struct {
	power Power
	name  string
}

// nationalIDs are the IDs of the sheets' national projects, spelled once
// rather than for every project looked at when an order is validated.
var nationalIDs = func() map[nationalProject]string {
	m := map[nationalProject]string{}
	for _, r := range ResearchSheetRows {
		if r.Power != 0 {
			m[nationalProject{r.Power, r.Name}] = nationalID(r.Power, r.Name)
		}
	}
	return m
}()

// Nationality is the adjective naming a national project.
var Nationality = map[Power]string{
	Germany: "german", Italy: "italian", Britain: "british", France: "french", Russia: "russian",
}

// AFlag words one of p's flags with its article: "a German flag", "an
// Italian flag" (the adjective, not the power's name).
func AFlag(p Power) string {
	adj := Nationality[p]
	if adj == "" {
		return "a flag"
	}
	art := "a"
	if strings.ContainsRune("aeiou", rune(adj[0])) {
		art = "an"
	}
	return art + " " + strings.ToUpper(adj[:1]) + adj[1:] + " flag"
}

// Research project names used by rules elsewhere.
const (
	ProjectNavalAirTraining   = "naval air training" // 16.13B, 19.63A
	ProjectBattleshipDesign   = "battleship design"  // 16.13B, 19.63C
	ProjectWestWall           = "west wall"          // 16.14B
	ProjectMaginotLine        = "maginot line"       // 16.14B
	ProjectAngloFrench        = "anglo-french cooperation"
	ProjectAtomic             = "atomic research"      // 16.15A
	ProjectCounterIntel       = "counter-intelligence" // 16.16C
	ProjectCovertOperations   = "covert operations"    // 16.16A
	ProjectEspionage          = "espionage"            // 16.16B
	ProjectCodebreaking       = "codebreaking"         // 16.16D
	ProjectSubversion         = "subversion"           // 16.16H
	ProjectJets               = "jets"                 // 16.18B
	ProjectAdvancedSubmarines = "advanced submarines"  // 16.18C
	ProjectRockets            = "rockets"              // 16.18D
)

// Effects shorthands.
var (
	air1         = ResultEffect{Air: 1}
	air2         = ResultEffect{Air: 2}
	naval1       = ResultEffect{Naval: 1}
	naval2       = ResultEffect{Naval: 2}
	armor1       = ResultEffect{Armor: 1}
	armor2       = ResultEffect{Armor: 2}
	infantry1    = ResultEffect{Infantry: 1}
	infantry2    = ResultEffect{Infantry: 2}
	airNaval     = ResultEffect{Air: 1, Naval: 1}
	airInfantry  = ResultEffect{Air: 1, Infantry: 1}
	support1     = ResultEffect{Support: 1}
	garrison1    = ResultEffect{Garrison: 1}
	garrison2    = ResultEffect{Garrison: 2}
	held         = ResultEffect{Held: true, Secret: true}
	spyRing      = ResultEffect{Held: true} // 15.63: announced when obtained
	counter1     = ResultEffect{Counter: 1}
	counter2     = ResultEffect{Counter: 2}
	requirement1 = ResultEffect{GarrisonRequirement: 1}
	requirement2 = ResultEffect{GarrisonRequirement: 2}
)

// IntelligenceSteps is the inferred length of one result of counter-
// intelligence, covert operations, espionage and codebreaking (not given by
// 16.16; docs/rules.md).
const IntelligenceSteps = 3

// ResearchSheetRows are the rebuilt research record sheets: Axis, Allies,
// Russia; within a side by category.
var ResearchSheetRows = []ResearchProject{
	// ---- Axis ----
	{Axis, Germany, "strategic bombers", AirResearch, 6, 3, []ResultEffect{air1, air2, support1}, 0, "16.12A"},
	{Axis, 0, "air range", AirResearch, 10, 1, []ResultEffect{airNaval}, 0, "16.12B"},
	{Axis, 0, "air defense", AirResearch, 10, 1, []ResultEffect{airNaval}, 0, "16.12B"},
	{Axis, Germany, "air transports", AirResearch, 10, 1, []ResultEffect{airInfantry}, 0, "16.12C"},
	{Axis, Germany, ProjectJets, AirResearch, 6, 3, []ResultEffect{air1, air2, support1}, 0, "16.18B"},
	{Axis, 0, "torpedoes", NavalResearch, 6, 1, []ResultEffect{naval1}, 0, "16.13A"},
	{Axis, Italy, "harbor attacks", NavalResearch, 6, 1, []ResultEffect{naval1}, 0, "16.13A, 15.23C"},
	{Axis, Germany, ProjectNavalAirTraining, NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 19.63A"},
	{Axis, Italy, ProjectNavalAirTraining, NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 15.23C"},
	{Axis, Germany, ProjectBattleshipDesign, NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 19.63C"},
	{Axis, Italy, ProjectBattleshipDesign, NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 15.23C"},
	{Axis, 0, "light ships", NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B"},
	{Axis, Germany, "submarines", NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B"},
	{Axis, Italy, "submarines", NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 15.23C"},
	{Axis, Germany, ProjectAdvancedSubmarines, NavalResearch, 6, 3, []ResultEffect{naval1, naval2, support1}, 0, "16.18C"},
	{Axis, Germany, "armor", MilitaryResearch, 6, 3, []ResultEffect{armor1, armor2, support1}, 0, "16.14A"},
	{Axis, Italy, "armor", MilitaryResearch, 6, 2, []ResultEffect{armor1, armor2}, 0, "16.14A, 15.23C, 14.722C"},
	{Axis, 0, "specialized units", MilitaryResearch, 6, 3, []ResultEffect{armor1, armor2, support1}, 0, "16.14A, 15.51A"},
	{Axis, Germany, ProjectWestWall, MilitaryResearch, 6, 2, []ResultEffect{support1, support1}, 0, "16.14B, 15.42A"},
	{Axis, Germany, "economic preparation", MilitaryResearch, 6, 3, []ResultEffect{counter1, counter2, support1}, 0, "16.14C"},
	{Axis, Germany, ProjectRockets, MilitaryResearch, 6, 3, []ResultEffect{armor1, armor2, support1}, 0, "16.18D"},
	{Axis, Germany, ProjectAtomic, AtomicResearch, 10, 1, []ResultEffect{support1}, 0, "16.15A, 15.42C"},
	{Axis, 0, "radar", AtomicResearch, 10, 1, []ResultEffect{airNaval}, 0, "16.15B"},
	{Axis, 0, ProjectCounterIntel, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{held}, 1, "16.16C"},
	{Axis, 0, ProjectCovertOperations, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{held}, 2, "16.16A"},
	{Axis, 0, ProjectEspionage, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{spyRing}, 1, "16.16B"},
	{Axis, 0, ProjectCodebreaking, IntelligenceResearch, IntelligenceSteps, 2, []ResultEffect{naval1, naval1}, 0, "16.16D"},
	{Axis, 0, "occupation policies", IntelligenceResearch, 6, 2, []ResultEffect{requirement1, requirement2}, 0, "16.16E, 21.22E"},
	{Axis, 0, "moslem unrest", IntelligenceResearch, 6, 2, []ResultEffect{infantry1, infantry2}, 0, "16.16F, 20.23"},

	// ---- Allies ----
	{Allies, Britain, "strategic bombers", AirResearch, 6, 3, []ResultEffect{air1, air2, support1}, 0, "16.12A, 15.51B"},
	{Allies, 0, "air range", AirResearch, 10, 1, []ResultEffect{airNaval}, 0, "16.12B"},
	{Allies, 0, "air defense", AirResearch, 10, 1, []ResultEffect{airNaval}, 0, "16.12B"},
	{Allies, Britain, "air transports", AirResearch, 10, 1, []ResultEffect{airInfantry}, 0, "16.12C"},
	{Allies, Britain, ProjectJets, AirResearch, 6, 3, []ResultEffect{air1, air2, support1}, 0, "16.18B, 16.21C"},
	{Allies, 0, "asw research", NavalResearch, 6, 1, []ResultEffect{naval1}, 0, "16.13A"},
	{Allies, 0, "torpedoes", NavalResearch, 6, 1, []ResultEffect{naval1}, 0, "16.13A"},
	{Allies, 0, "harbor attacks", NavalResearch, 6, 1, []ResultEffect{naval1}, 0, "16.13A"},
	{Allies, Britain, ProjectNavalAirTraining, NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 15.51B, 19.63A"},
	{Allies, Britain, ProjectBattleshipDesign, NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 19.63C"},
	{Allies, France, ProjectBattleshipDesign, NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B, 15.23C"},
	{Allies, 0, "light ships", NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B"},
	{Allies, 0, "asw", NavalResearch, 6, 2, []ResultEffect{naval1, naval2}, 0, "16.13B"},
	{Allies, Britain, "transports", NavalResearch, 6, 3, []ResultEffect{naval1, naval2, support1}, 0, "16.13B"},
	{Allies, Britain, "armor", MilitaryResearch, 6, 2, []ResultEffect{armor1, armor2}, 0, "16.14A"},
	{Allies, France, "armor", MilitaryResearch, 6, 2, []ResultEffect{armor1, armor2}, 0, "16.14A, 15.23C"},
	{Allies, Britain, "specialized units", MilitaryResearch, 6, 3, []ResultEffect{armor1, armor2, support1}, 0, "16.14A"},
	{Allies, France, ProjectMaginotLine, MilitaryResearch, 6, 2, []ResultEffect{support1, support1}, 0, "16.14B, 10.81A, 15.23C"},
	{Allies, Britain, "economic preparation", MilitaryResearch, 6, 3, []ResultEffect{counter1, counter2, support1}, 0, "16.14C"},
	{Allies, Britain, ProjectRockets, MilitaryResearch, 6, 3, []ResultEffect{armor1, armor2, support1}, 0, "16.18D, 16.21C"},
	{Allies, Britain, ProjectAtomic, AtomicResearch, 10, 1, []ResultEffect{support1}, 0, "16.15A, 15.42C"},
	{Allies, 0, "radar", AtomicResearch, 10, 1, []ResultEffect{airNaval}, 0, "16.15B"},
	{Allies, 0, ProjectCounterIntel, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{held}, 1, "16.16C"},
	{Allies, 0, ProjectCovertOperations, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{held}, 2, "16.16A"},
	{Allies, 0, ProjectEspionage, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{spyRing}, 1, "16.16B"},
	{Allies, 0, ProjectCodebreaking, IntelligenceResearch, IntelligenceSteps, 2, []ResultEffect{naval1, naval1}, 0, "16.16D"},
	{Allies, 0, ProjectAngloFrench, IntelligenceResearch, 2, 3, []ResultEffect{held, held, held}, 0, "16.16G, 15.42B"},

	// ---- Russia: every counter goes to the garrison (16.17, 16.18E, 21.21B) ----
	{Soviet, 0, "strategic bombers", AirResearch, 6, 3, []ResultEffect{garrison1, garrison2, support1}, 0, "16.12A, 21.21B"},
	{Soviet, 0, "air range", AirResearch, 10, 1, []ResultEffect{garrison2}, 0, "16.17"},
	{Soviet, 0, "air defense", AirResearch, 10, 1, []ResultEffect{garrison2}, 0, "16.17"},
	{Soviet, 0, "air transports", AirResearch, 10, 1, []ResultEffect{garrison2}, 0, "16.17"},
	{Soviet, 0, ProjectJets, AirResearch, 6, 3, []ResultEffect{garrison1, garrison2, support1}, 0, "16.18E"},
	{Soviet, 0, "armor", MilitaryResearch, 6, 2, []ResultEffect{garrison1, garrison2}, 0, "16.14A, 21.21B"},
	{Soviet, 0, "specialized units", MilitaryResearch, 6, 3, []ResultEffect{garrison1, garrison2, support1}, 0, "16.14A, 15.51C"},
	{Soviet, 0, "economic preparation", MilitaryResearch, 6, 3, []ResultEffect{counter1, counter2, support1}, 0, "16.14C"},
	{Soviet, 0, ProjectRockets, MilitaryResearch, 6, 3, []ResultEffect{garrison1, garrison2, support1}, 0, "16.18E"},
	{Soviet, 0, ProjectAtomic, AtomicResearch, 10, 1, []ResultEffect{support1}, 0, "16.15A, 15.42C"},
	{Soviet, 0, "radar", AtomicResearch, 10, 1, []ResultEffect{garrison2}, 0, "16.17"},
	{Soviet, 0, ProjectCounterIntel, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{held}, 1, "16.16C"},
	{Soviet, 0, ProjectCovertOperations, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{held}, 1, "16.16A"},
	{Soviet, 0, ProjectEspionage, IntelligenceResearch, IntelligenceSteps, 0, []ResultEffect{spyRing}, 1, "16.16B"},
	{Soviet, 0, ProjectSubversion, IntelligenceResearch, 2, 0, []ResultEffect{held}, 0, "16.16H"},
}

// IntelligenceProjects take the intelligence point (15.23D).
var IntelligenceProjects = []string{ProjectCounterIntel, ProjectCovertOperations, ProjectEspionage, ProjectCodebreaking}

// AdvancedProjects take the advanced point (15.23E Germany, 15.23F Russia).
var AdvancedProjects = map[Side][]string{
	Axis:   {ProjectJets, ProjectAdvancedSubmarines, ProjectRockets}, // 15.23E
	Soviet: {ProjectJets, ProjectRockets},                            // 15.23F
}

// basicAllocation is a row of 15.21: the points a side receives each turn.
type basicAllocation struct {
	Basic, Intelligence, Advanced int
	// Leader is the power whose orders assign the side's basic,
	// intelligence and advanced points (docs/rules.md).
	Leader Power
	Rule   string
}

// BasicAllocations are the rows of 15.21, by side.
var BasicAllocations = map[Side]basicAllocation{
	Axis:   {3, 1, 1, Germany, "15.21A"},
	Allies: {3, 1, 0, Britain, "15.21B"},
	Soviet: {1, 1, 1, Russia, "15.21C"},
}

// ObligatedPower is a row of 15.23C: a side must put a point into one of
// the power's own projects each turn, unless three of them have 6-step
// results.
type ObligatedPower struct {
	Side  Side
	Power Power
	Rule  string
}

// Obligations are the rows of 15.23C: each side's power whose own
// projects must take a point each turn.
var Obligations = []ObligatedPower{
	{Axis, Italy, "15.23C"},
	{Allies, France, "15.23C"},
}

// ResearchProjects returns the rows of a side's sheet in table order. The
// slice is the table's own, made once: read it, do not change
// it (appending to it copies it).
func ResearchProjects(side Side) []ResearchProject {
	rows := projectsBySide[side]
	return rows[:len(rows):len(rows)]
}

// projectsBySide are ResearchProjects' rows.
var projectsBySide = func() map[Side][]ResearchProject {
	m := map[Side][]ResearchProject{}
	for _, r := range ResearchSheetRows {
		m[r.Side] = append(m[r.Side], r)
	}
	return m
}()

// FindProject looks up a project of side by its ID or by its name when
// that is unique on the side's sheet; names are case-insensitive and may
// use "-" or "_" between words.
func FindProject(side Side, name string) (ResearchProject, bool) {
	if f, ok := projectNames[side][name]; ok { // most calls: a name as NormalizeProject spells it
		return f.row, f.ok
	}
	n := NormalizeProject(name)
	if f, ok := projectNames[side][n]; ok {
		return f.row, f.ok
	}
	return findProject(side, n)
}

// findProject is FindProject's search of the sheet for a name n as
// NormalizeProject spells it.
func findProject(side Side, n string) (ResearchProject, bool) {
	var byName []ResearchProject
	for _, r := range ResearchSheetRows {
		if r.Side != side {
			continue
		}
		if r.ID() == n {
			return r, true
		}
		if r.Name == n || (r.Power == 0 && side == Soviet && "russian "+r.Name == n) {
			byName = append(byName, r)
		}
	}
	if len(byName) == 1 {
		return byName[0], true
	}
	return ResearchProject{}, false
}

// foundProject is findProject's answer for one name.
type foundProject struct {
	row ResearchProject
	ok  bool
}

// projectNames are findProject's answers by side for every ID and name
// of the sheets (and "russian " before a Soviet name) that NormalizeProject
// leaves as it is, found once: validation looks projects up for every
// order tried.
var projectNames = func() map[Side]map[string]foundProject {
	out := map[Side]map[string]foundProject{}
	for _, r := range ResearchSheetRows {
		out[r.Side] = map[string]foundProject{}
	}
	for side, m := range out {
		for _, r := range ResearchSheetRows {
			for _, k := range []string{r.ID(), r.Name, "russian " + r.Name} {
				if NormalizeProject(k) == k {
					row, ok := findProject(side, k)
					m[k] = foundProject{row, ok}
				}
			}
		}
	}
	return out
}()

// AmbiguousProject lists the IDs sharing name on side's sheet when the name
// alone does not say which (e.g. "battleship design" for the Axis).
func AmbiguousProject(side Side, name string) []string {
	n := NormalizeProject(name)
	var ids []string
	for _, r := range ResearchSheetRows {
		if r.Side == side && r.Name == n {
			ids = append(ids, r.ID())
		}
	}
	if len(ids) < 2 {
		return nil
	}
	return ids
}

// ResearchProjectIDs returns every project ID of every sheet, sorted and
// without repeats (for the order parser's suggestions).
func ResearchProjectIDs() []string {
	var ids []string
	for _, r := range ResearchSheetRows {
		ids = append(ids, r.ID(), r.Name)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// projectSeparators are the separators NormalizeProject reads as spaces.
var projectSeparators = strings.NewReplacer("_", " ", "-", " ")

// NormalizeProject spells a project name as the sheets do: lower case,
// words separated by one space ("_" and "-" read as spaces), the
// hyphenated names restored ("counter-intelligence"). FindProject reads
// names through it; the order parser stores them in this spelling.
func NormalizeProject(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = projectSeparators.Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	// the hyphenated names
	s = strings.ReplaceAll(s, "counter intelligence", ProjectCounterIntel)
	s = strings.ReplaceAll(s, "anglo french cooperation", ProjectAngloFrench)
	return s
}
