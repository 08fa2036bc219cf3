package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"stormjudge/adjudicator/crisis"
	"stormjudge/adjudicator/diplomacy"
	"stormjudge/adjudicator/economy"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/randomevent"
	"stormjudge/adjudicator/storm"
	"stormjudge/adjudicator/threshold"
	"stormjudge/adjudicator/track"
	"stormjudge/adjudicator/war"
)

// View is what the mails show of a game after one adjudication: every
// figure the public report, the private notices and the moderators' notice
// state, derived here from the state alone so that the renderers (report/:
// text, HTML, picture; `game export`) only format it. Derive computes it
// once per adjudication; it is plain data and marshals to the JSON that
// docs/state.md documents under "The view".
type View struct {
	Public PublicView `json:"public"`
	// Powers is each power's private view (its notice): never shown to
	// another power.
	Powers map[storm.Power]*PowerView `json:"powers,omitempty"`
	// Moderator is what only the moderators see: the draw a physical-deck
	// game waits for (docs/deck.md); nil when there is none.
	Moderator *ModeratorView `json:"moderator,omitempty"`
}

// PublicView is what every player may know (6.31, 10.3, 20, 21.23, 22.71,
// 23, 24.21).
type PublicView struct {
	Turn         storm.Turn    `json:"turn"`
	Segment      storm.Segment `json:"segment"`
	SegmentTitle string        `json:"segment_title"`
	Ended        bool          `json:"ended"`
	// AwaitsDraw: the open segment waits for the moderator's draw from a
	// physical deck (docs/deck.md).
	AwaitsDraw bool `json:"awaits_draw"`
	// Required are the powers that must order in the open segment.
	Required []storm.Power `json:"required"`
	// EconomicClimate is -3..+3 (11.31, 11.34); EAI -5..+5 (23.26), with
	// the terms of its last determination (23.21-23.25).
	EconomicClimate int             `json:"economic_climate"`
	EAI             int             `json:"eai"`
	EAITerms        []storm.EAITerm `json:"eai_terms"`
	// Powers are the public figures of each power in the order of play.
	Powers []PublicPower `json:"powers"`
	// Balance is the balance of power as last computed (20.5).
	Balance BalanceView `json:"balance"`
	Russia  RussiaView  `json:"russia"`
	// Targets are the diplomatic targets of 24.21 in that rule's order,
	// then Russia (a target of some events, 4.16B).
	Targets []TargetView `json:"targets"`
	// Resistance is each aggression target's resistance level as things
	// stand, before the random tile of 28.5 (28.12; ResistanceOf).
	Resistance []storm.Resistance `json:"resistance"`
	// Victory is the victory points as the state stands (34; VictoryPoints).
	Victory storm.Victory `json:"victory"`
	// CrisisOn: the game plays the crisis phase by email; Crises are this
	// turn's aggressions and their course (27); War is the war that ended
	// the game (27.83, 32.8), nil while at peace.
	CrisisOn bool           `json:"crisis_on"`
	Crises   []storm.Crisis `json:"crises"`
	War      *storm.War     `json:"war,omitempty"`
}

// PublicPower is one power's public figures: tile points (6.31),
// factories (11.21), the support level of the turn and its terms (10.31;
// reported publicly when determined).
type PublicPower struct {
	Power        storm.Power             `json:"power"`
	TilePoints   int                     `json:"tile_points"`
	Factories    storm.Factories         `json:"factories"`
	Support      int                     `json:"support"`
	SupportTerms []storm.SupportModifier `json:"support_terms"`
	// SupportByReading is the part of Support that is the judge's
	// reading, not rule text (storm.ByReading; r-30-temporary).
	SupportByReading int `json:"support_by_reading"`
}

// BalanceView is the balance of power chart (20.3): the counters of each
// side per category and the level, + for the Axis and - for the Allies
// (20.51), the naval level with the battleship race (19.92, 20.54).
type BalanceView struct {
	Rows []BalanceRow `json:"rows"`
	Race int          `json:"battleship_race"`
}

// BalanceRow is one category of the balance of power chart.
type BalanceRow struct {
	Category storm.BalanceCategory `json:"category"`
	Axis     int                   `json:"axis"`
	Allies   int                   `json:"allies"`
	Level    int                   `json:"level"`
}

// RussiaView is Russia's public track: cohesion and purge events (22.71)
// and the last garrison check (21.2-21.4), nil before the first.
type RussiaView struct {
	Cohesion    storm.Cohesion `json:"cohesion"`
	PurgeEvents int            `json:"purge_events"`
	// ExcessPurgeEvents are the purge events beyond 30 Russia has not yet
	// spent on free research steps or infantry (22.73E, 33.21C).
	ExcessPurgeEvents int `json:"excess_purge_events,omitempty"`
	// AWAWInfantry are the 3-3 infantry units Russia added to its A World
	// at War force pool (22.73E, 33.21C): for A World at War, no effect in
	// Gathering Storm.
	AWAWInfantry int                  `json:"awaw_infantry,omitempty"`
	Garrison     *storm.GarrisonCheck `json:"garrison,omitempty"`
}

// TargetView is one diplomatic target (24.21): its region (4.16), its
// bordering countries (28.42), flags (24.18), trade pact (11.61), civil war
// events (25.31) and the Axis power controlling it (11.61E).
type TargetView struct {
	Name      string       `json:"name"`
	Region    storm.Region `json:"region"`
	Borders   []string     `json:"borders"`
	Flags     int          `json:"flags"`
	FlagPower storm.Power  `json:"flag_power,omitempty"`
	// RussianFlags are Russian flags beside Allied ones before the
	// Nazi-Soviet Pact (24.82B).
	RussianFlags int `json:"russian_flags,omitempty"`
	PartnerFlags int `json:"partner_flags,omitempty"`
	// PartnerPower is the power of PartnerFlags: FlagPower's alliance
	// partner (11.61A-B); 0 when there are none.
	PartnerPower   storm.Power `json:"partner_power,omitempty"`
	TradePact      storm.Power `json:"trade_pact,omitempty"`
	CivilWarEvents int         `json:"civil_war_events"`
	Controller     storm.Power `json:"controller,omitempty"`
	// SpyRings are the standing spy rings in the target by side, with
	// their last activation (16.16B; public once placed).
	SpyRings []storm.SpyRing `json:"spy_rings,omitempty"`
	// CivilWar is the civil war fought or ended there (25): its counters
	// still in play, its end and winner.
	CivilWar *storm.CivilWar `json:"civil_war,omitempty"`
	// ByPower are the flags in Russia by power, for the Russia entry
	// (10.91F: Axis, Allied and Russian flags side by side).
	ByPower map[storm.Power]int `json:"by_power,omitempty"`
}

// PowerView is one power's private figures: what its notice shows.
type PowerView struct {
	Power storm.Power `json:"power"`
	// Counters usable this turn, used, and still available (12.3).
	Counters  storm.ActivityCounters `json:"counters"`
	Used      storm.ActivityCounters `json:"used"`
	Available storm.ActivityCounters `json:"available"`
	// Mobilizations so far (14.9 included) and the turns of the game in
	// which the power mobilized.
	Mobilizations     int                    `json:"mobilizations"`
	MobilizationTurns []storm.Turn           `json:"mobilization_turns"`
	Active            storm.Units            `json:"active"`
	Reserve           storm.Units            `json:"reserve"`
	Mobilizing        []storm.MobilizingUnit `json:"mobilizing"`
	// ShipbuildingIncreases so far (14.61).
	ShipbuildingIncreases int `json:"shipbuilding_increases"`
	// ConvertCost and MobilizeCost are this turn's costs in tile points of
	// one conversion (14.21) and one mobilization (14.31).
	ConvertCost  int `json:"convert_cost"`
	MobilizeCost int `json:"mobilize_cost"`
	// Naval is the naval construction chart (19.2); nil for a power that
	// builds no ships (19.11).
	Naval *NavalView `json:"naval,omitempty"`
	// Research is the power's side's research record sheet (15.15: secret
	// to the other side).
	Research ResearchView `json:"research"`
	// Required: the power must order in the open segment; Options are the
	// orders it may give there with their costs (Allowed).
	Required bool         `json:"required"`
	Options  []OptionView `json:"options"`
	// EventOptions word what the power's research and construction events
	// that leave nothing to choose will do (EconomicEventLines), then this
	// turn's options from random events for the economic phase's orders,
	// once those events are played (15.32D, 18.41, 19.52, 19.62, 19.73D;
	// eventOptionLines: the free units, ships and accelerations that no
	// order can use now with the reason; the others' orders are among
	// Options); Surplus the research points of random events it may
	// reassign in them (15.24).
	EventOptions []string                `json:"event_options"`
	Surplus      []storm.ResearchSurplus `json:"surplus"`
	// Standing are the power's standing orders for later diplomatic
	// rounds of the turn (standing.go), as order lines.
	Standing []string `json:"standing"`
	// Intelligence words the intelligence results the power's side holds
	// and how and when to order them (16.16; IntelligenceLines).
	Intelligence []string `json:"intelligence"`
	// Later words the segments still to come this turn in which the power
	// may order, and how to order for them now (laterSegments).
	Later []string `json:"later"`
	// Default are the orders that change nothing in the open segment
	// (DefaultOrders), Plan the rest of the turn likewise (turnPlan): the
	// notice's ready-to-copy block.
	Default []string   `json:"default"`
	Plan    []PlanStep `json:"plan"`
	// DefaultNote words what the Default lines do in the open segment
	// (DefaultEffect): "changes nothing", or, when they are the answer
	// the rules take for a power that sends none, that they send it; each
	// such line is then an option marked Default, with its effect. Words
	// derived for the notices, not marshalled (the Default marks are).
	DefaultNote string `json:"-"`
	// StandingVoid words why the power's standing orders for the open
	// segment can no longer be carried out as written, so that it is asked
	// (standingProblems).
	StandingVoid []string `json:"standing_void"`
	// Obligations word what the rules make the power do in the open
	// segment whatever it orders, and what the judge does when its orders
	// leave it undone (obligations): Russia's required construction
	// (18.51) in the economic phase. The lead of its notice and digest.
	Obligations []string `json:"obligations"`
	// Aggressions words the Axis power's aggression targets this turn and
	// the restrictions barring the others (27.2-27.4; AggressionLines).
	Aggressions []string `json:"aggressions"`
	// Crisis words the decisions the power has in the open crisis (27;
	// CrisisLines); Plans are its conditional crisis orders (IF lines).
	Crisis []string `json:"crisis"`
	Plans  []string `json:"plans"`
	// PlanLines are IF lines the power may give now for the later stages
	// of a crisis under way (crisis.PlanLines), as examples; nil when
	// none.
	PlanLines []string `json:"plan_lines,omitempty"`
}

// OptionView is one order a power may give now (Allowed): the order line
// as the player writes it, the lines to send with it, its cost in tile
// points and what it does.
type OptionView struct {
	Order string   `json:"order"`
	With  []string `json:"with,omitempty"`
	Cost  int      `json:"cost"`
	Note  string   `json:"note,omitempty"`
	// Default: the power's ready-to-copy block sends it (one of
	// PowerView.Default), the answer taken when it sends none.
	Default bool `json:"default,omitempty"`
}

// NavalView is a power's naval construction chart (19.21) with the rate,
// capacity, cost and saved points of 19.3-19.75.
type NavalView struct {
	Rate            int          `json:"rate"`
	Capacity        int          `json:"capacity"`
	Building        []storm.Ship `json:"building"`
	Launched        []storm.Ship `json:"launched"`
	Saved           int          `json:"saved_points"`
	PreGameCarriers int          `json:"pre_game_carriers"`
	// ShipCosts is the cost of laying down or advancing one ship of each
	// class this turn (19.52A, 19.71A), for the classes the power may build
	// (19.63), smallest first.
	ShipCosts []ShipCostView `json:"ship_costs"`
}

// ShipCostView is the cost of one ship class this turn.
type ShipCostView struct {
	Class storm.ShipClass `json:"class"`
	Cost  int             `json:"cost"`
}

// ResearchView is a side's research record sheet as one of its powers
// sees it.
type ResearchView struct {
	Side storm.Side `json:"side"`
	// Leader: the power places its side's basic research points (15.21).
	Leader bool `json:"leader"`
	// Projects lists the projects with at least one step.
	Projects []ProjectView `json:"projects"`
	// Assigned are the research points placed this turn by the side.
	Assigned []storm.ResearchPoint `json:"assigned"`
	// Results are the side's results achieved (15.5).
	Results []storm.ResearchResult `json:"results"`
	// Opened are the side's projects random events opened although their
	// restriction is not met; Closed those barred this turn (15.42A-C).
	Opened []string `json:"opened"`
	Closed []string `json:"closed"`
	// SpyRings are the research spy rings the side placed on an opposing
	// side's sheet (16.16B), eliminated ones included; the diplomacy
	// phase reads them (24.551).
	SpyRings []storm.ResearchSpyRing `json:"spy_rings"`
	// Usable is what the power may use for research now (12.41C), in the
	// economic phase only; nil otherwise.
	Usable *storm.ActivityCounters `json:"usable,omitempty"`
}

// ProjectView is one project of a research record sheet.
type ProjectView struct {
	Project  string                 `json:"project"`
	Category storm.ResearchCategory `json:"category"`
	Steps    int                    `json:"steps"`
	MaxSteps int                    `json:"max_steps"` // 0: no limit
	Results  int                    `json:"results"`
	Held     int                    `json:"held"` // results held unused (16.16A, C)
}

// ModeratorView is what only the moderators see.
type ModeratorView struct {
	// Draw is what the moderator must draw from the physical deck.
	Draw *randomevent.DrawPlan `json:"draw,omitempty"`
}

// Derive computes the view of s. It is pure: the same state gives the same
// view.
func Derive(s storm.State) View {
	v := View{Public: derivePublic(s), Powers: map[storm.Power]*PowerView{}}
	for _, p := range storm.Powers {
		if s.Powers[p] != nil {
			v.Powers[p] = derivePower(s, p)
		}
	}
	if AwaitsDraw(s) {
		plan := randomevent.PlanDraw(s)
		v.Moderator = &ModeratorView{Draw: &plan}
	}
	return v
}

// For returns the view p is allowed to see: the public view and p's own
// private view, nothing of another power or of the moderators.
func (v View) For(p storm.Power) View {
	out := View{Public: v.Public}
	if pv := v.Powers[p]; pv != nil {
		out.Powers = map[storm.Power]*PowerView{p: pv}
	}
	return out
}

// PublicOnly returns the view without any private part.
func (v View) PublicOnly() View { return View{Public: v.Public} }

func derivePublic(s storm.State) PublicView {
	terms := nonNil(track.EAIBreakdown(s))
	pv := PublicView{
		Turn: s.Turn, Segment: s.Segment, SegmentTitle: s.Segment.Title(), Ended: s.Ended,
		AwaitsDraw: AwaitsDraw(s), Required: nonNil(Required(s)),
		EconomicClimate: s.EconomicClimate, EAI: s.EAI, EAITerms: terms,
		Russia: RussiaView{Cohesion: s.Russia.Cohesion, PurgeEvents: s.Russia.PurgeEvents, ExcessPurgeEvents: s.Russia.ExcessPurgeEvents, AWAWInfantry: s.Russia.AWAWInfantry},
	}
	for _, p := range storm.Powers {
		ps := s.Powers[p]
		if ps == nil {
			continue
		}
		terms := nonNil(track.SupportBreakdown(s, p))
		pv.Powers = append(pv.Powers, PublicPower{Power: p, TilePoints: ps.TilePoints,
			Factories: ps.Factories, Support: ps.Support, SupportTerms: terms, SupportByReading: storm.ByReading(terms)})
	}
	b := s.Balance
	for _, c := range storm.BalanceCategories {
		pv.Balance.Rows = append(pv.Balance.Rows, BalanceRow{Category: c, Axis: b.Axis.Get(c), Allies: b.Allies.Get(c), Level: b.Level(c)})
	}
	pv.Balance.Race = b.Race
	if s.Russia.Garrison.Turn != nil {
		g := s.Russia.Garrison
		g.Turn = storm.CloneTurn(g.Turn)
		pv.Russia.Garrison = &g
	}
	for _, m := range s.Minors {
		tv := TargetView{Name: m.Name, Region: storm.RegionOf(m.Name), Borders: nonNil(storm.Borders(m.Name)),
			Flags: m.Flags, FlagPower: m.FlagPower, PartnerFlags: m.PartnerFlags, RussianFlags: m.RussianFlags, TradePact: m.TradePact,
			CivilWarEvents: m.CivilWarEvents, Controller: m.Controller}
		if m.PartnerFlags > 0 {
			tv.PartnerPower = storm.AlliancePartner[m.FlagPower] // 11.61A-B (income.go)
		}
		for _, w := range s.Diplomacy.CivilWars {
			if w.Country == m.Name {
				c := w
				c.Counters = slices.Clone(w.Counters)
				tv.CivilWar = &c
			}
		}
		for _, r := range s.Diplomacy.Rings {
			if r.Country == m.Name && (r.Eliminated == "" || r.Activated == s.Turn) {
				tv.SpyRings = append(tv.SpyRings, r)
			}
		}
		pv.Targets = append(pv.Targets, tv)
	}
	rv := TargetView{Name: storm.RussiaTarget, Region: storm.RegionOf(storm.RussiaTarget), Borders: nonNil(storm.Borders(storm.RussiaTarget))}
	for p, n := range s.SupportFacts.FlagsInRussia {
		if n > 0 {
			if rv.ByPower == nil {
				rv.ByPower = map[storm.Power]int{}
			}
			rv.ByPower[p] = n
		}
	}
	pv.Targets = append(pv.Targets, rv)
	pv.Victory = war.VictoryPoints(s) // 34; once the game has ended, the final determination
	pv.CrisisOn = s.Crisis.On
	pv.Crises = append([]storm.Crisis{}, s.Crisis.Crises...)
	pv.War = s.War.Clone()
	pv.Resistance = []storm.Resistance{}
	for _, t := range threshold.AggressionTargets() { // 28.12
		if r, ok := threshold.ResistanceOf(s, t, 0); ok {
			pv.Resistance = append(pv.Resistance, r)
		}
	}
	return pv
}

func derivePower(s storm.State, p storm.Power) *PowerView {
	ps := s.Powers[p]
	after := randomevent.AfterEconomicEvents(s, p) // 15.32: what the orders are checked against
	v := &PowerView{Power: p, Counters: ps.Counters, Used: ps.Used, Available: ps.Available(),
		Mobilizations: ps.Mobilizations, MobilizationTurns: nonNil(slices.Clone(ps.MobilizationTurns)),
		Active: ps.Active, Reserve: ps.Reserve, Mobilizing: nonNil(slices.Clone(ps.Mobilizing)),
		ShipbuildingIncreases: ps.ShipbuildingIncreases,
		ConvertCost:           economy.ConvertCost(s, p), MobilizeCost: economy.MobilizeCost(s, p)}
	if rate := storm.ShipbuildingRate(s, p); rate > 0 {
		n := ps.Naval.Clone()
		nv := &NavalView{Rate: rate, Capacity: storm.ShipyardCapacity(s, p), Building: nonNil(n.Building), Launched: nonNil(n.Launched),
			Saved: n.Saved, PreGameCarriers: n.PreGameCarriers}
		for _, row := range storm.ShipClasses {
			c := row.Class
			if !slices.Contains(row.Builders, p) {
				continue
			}
			nv.ShipCosts = append(nv.ShipCosts, ShipCostView{Class: c, Cost: storm.ShipCost(after, p, c)}) // 19.52: with this turn's events
		}
		v.Naval = nv
	}
	v.Research = deriveResearch(s, p)
	v.Standing = []string{}
	for _, so := range s.Diplomacy.Standing {
		if so.Power == p {
			v.Standing = append(v.Standing, so.Order.String())
		}
	}
	v.Intelligence = nonNil(diplomacy.IntelligenceLines(s, p))
	v.Later = nonNil(laterSegments(s, p))
	v.Default = nonNil(DefaultOrders(s, p))
	v.Plan = nonNil(turnPlan(s, p))
	v.StandingVoid = []string{}
	for _, e := range standingProblems(s, p) {
		v.StandingVoid = append(v.StandingVoid, fmt.Sprintf("%s (rule %s: %s)", e.Order, e.Rule, e.Msg))
	}
	v.Obligations = nonNil(obligations(s, after, p))
	v.Aggressions = nonNil(crisis.AggressionLines(s, p))
	v.Crisis = nonNil(crisis.CrisisLines(s, p))
	if len(v.Crisis) > 0 {
		v.PlanLines = crisis.PlanLines(s, p)
	}
	v.Plans = []string{}
	for _, pl := range s.Crisis.Plans {
		// Only while a stage they answer may still come (not
		// after the crisis phase ended, though they lapse at the turn's end).
		if pl.Power == p && !s.Ended && s.Segment.Index() <= storm.SegCrisisBrink.Index() {
			v.Plans = append(v.Plans, pl.Order.String())
		}
	}
	v.EventOptions = []string{}
	v.Surplus = []storm.ResearchSurplus{}
	if s.Segment == storm.SegEconomic { // the options serve this phase's orders only
		v.EventOptions = append(randomevent.EconomicEventLines(s, p), eventOptionLines(s, after, p)...)
		for _, sp := range after.Sheets.Surplus {
			if sp.Power == p && sp.Turn == s.Turn {
				v.Surplus = append(v.Surplus, sp)
			}
		}
	}
	v.Required = slices.Contains(Required(s), p)
	v.Options = []OptionView{}
	for _, o := range Allowed(s, p) {
		ord := o.Order
		if ord.For != "" && ord.For == storm.SegmentOf(ord.Kind) {
			ord.For = "" // its own segment's order needs no FOR line (SUPPORT EVENT, 10.41C): the line as the player writes it
		}
		ov := OptionView{Order: ord.String(), Cost: o.Cost, Note: o.Note, Default: slices.Contains(v.Default, ord.String())}
		for _, w := range o.With {
			ov.With = append(ov.With, w.String())
		}
		v.Options = append(v.Options, ov)
	}
	v.DefaultNote = DefaultEffect(v.Default, v.Options)
	return v
}

// obligations words what the rules make p do in s's open segment whatever
// it orders (PowerView.Obligations); after is s once p's research and
// construction events are played (15.32), what its orders are checked
// against.
func obligations(s, after storm.State, p storm.Power) []string {
	var out []string
	if p == storm.Russia && s.Segment == storm.SegEconomic && !s.Ended && economy.RussianConstructionRequired(after) {
		if economy.RussianConstructionPayable(after) { // 18.51A
			out = append(out, "Russia must build a unit this turn (18.51): if your orders build none, the judge builds one for you, the first of armor, infantry, air in your reserve, with the cheapest counters (docs/rules.md); orders that leave too little for it are refused (18.51A)")
		} else { // 18.51B
			out = append(out, "Russia must build a unit this turn (18.51), but cannot pay for one: it may make no other expenditure (18.51B)")
		}
	}
	return out
}

func deriveResearch(s storm.State, p storm.Power) ResearchView {
	side := storm.SideOf(p)
	rv := ResearchView{Side: side, Leader: track.ResearchLeader(side) == p, Projects: []ProjectView{},
		Assigned: []storm.ResearchPoint{}, Results: []storm.ResearchResult{}, SpyRings: []storm.ResearchSpyRing{},
		Opened: []string{}, Closed: []string{}}
	for _, k := range s.Sheets.Permits.Opened {
		if id, ok := strings.CutPrefix(k, string(side)+"/"); ok {
			rv.Opened = append(rv.Opened, id)
		}
	}
	for _, c := range s.Sheets.Permits.Closed {
		if id, ok := strings.CutPrefix(c.Project, string(side)+"/"); ok && c.Turn == s.Turn {
			rv.Closed = append(rv.Closed, id)
		}
	}
	for _, r := range s.Sheets.SpyRings {
		if r.Side == side {
			rv.SpyRings = append(rv.SpyRings, r)
		}
	}
	// A project's results are those achieved (s.Research: from its
	// steps, from the start of the game, 15.51A, or from events), the
	// figure the results line gives too: a row and the line never
	// disagree. A project with a result and no step has a row.
	achieved := map[string]int{}
	for _, r := range s.Research {
		if r.Side == side {
			achieved[r.ProjectID()] += r.Results
		}
	}
	for _, r := range storm.ResearchProjects(side) {
		n := s.Sheets.Steps(r)
		if n == 0 && achieved[r.ID()] == 0 {
			continue
		}
		rv.Projects = append(rv.Projects, ProjectView{Project: r.ID(), Category: r.Category, Steps: n,
			MaxSteps: r.MaxSteps(), Results: achieved[r.ID()], Held: track.HeldResults(s, side, r.ID())})
	}
	for _, a := range s.Sheets.Assigned {
		if storm.SideOf(a.Power) == side {
			rv.Assigned = append(rv.Assigned, a)
		}
	}
	for _, r := range s.Research {
		if r.Side == side && r.Results > 0 {
			rv.Results = append(rv.Results, r)
		}
	}
	if ps := s.Powers[p]; ps != nil && s.Segment == storm.SegEconomic {
		u := ps.Available()
		u.Ship = 0 // shipbuilding only (12.41B)
		rv.Usable = &u
	}
	return rv
}

// nonNil makes an empty list marshal as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// EAIChangeRule is the rule a report's EAI line cites for the change e
// reports (track.EAIChangeRule): climate is the economic trend's event
// reported before it, nil when none.
func EAIChangeRule(e event.EAIDetermined, climate *event.EconomicClimateChanged) string {
	return track.EAIChangeRule(e, climate)
}

// SideVictory is side's victory points in v (34.11: the Axis, the
// Allies, Russia).
func SideVictory(v storm.Victory, side storm.Side) int {
	switch side {
	case storm.Axis:
		return v.Axis
	case storm.Allies:
		return v.Allies
	}
	return v.Russia
}
