// Package export is a game's documented JSON export (docs/state.md): what
// `game export` prints and the moderator's EXPORT attaches, a version's
// state, view, events, orders and the game's record without a secret.
package export

import (
	"encoding/json"
	"sort"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/judge/autoplay"
	"stormjudge/judge/deadline"
	"stormjudge/store"
)

// Game is the export of version v (-1: the current one) of the game
// record g: the moderator's EXPORT gives it as the commands before it in
// the email leave it, not yet stored. It carries no secret (the seats'
// secret hashes stay out).
func Game(tx *store.Tx, g *store.Game, v int) ([]byte, error) {
	game := g.ID
	if v < 0 {
		v = g.Version
	}
	s, err := tx.State(game, v)
	if err != nil {
		return nil, err
	}
	recs, err := tx.Orders(game, v)
	if err != nil {
		return nil, err
	}
	draw, err := tx.Draw(game, v)
	if err != nil {
		return nil, err
	}
	evs, err := tx.Events(game, v)
	if err != nil {
		return nil, err
	}
	type joinRec struct {
		Address   string    `json:"address"`
		Asked     time.Time `json:"asked"`
		Confirmed time.Time `json:"confirmed,omitzero"`
	}
	type seat struct {
		Power         storm.Power     `json:"power"`
		Address       string          `json:"address"`
		TimeZone      string          `json:"time_zone,omitempty"`
		Missed        int             `json:"missed_deadlines"`
		ExtensionUsed string          `json:"extension_used,omitempty"`
		Absences      []store.Absence `json:"absences,omitempty"`
		Vacant        bool            `json:"vacant,omitempty"`
		Open          bool            `json:"open,omitempty"`
		Joins         []joinRec       `json:"joins,omitempty"`
		Computer      bool            `json:"computer,omitempty"`
		Disorder      bool            `json:"civil_disorder,omitempty"`
		MissedRun     int             `json:"missed_in_a_row,omitempty"`
		DisorderAt    int             `json:"disorder_at,omitempty"`
	}
	type orderRec struct {
		Pass        bool          `json:"pass"`
		Orders      []storm.Order `json:"orders"`
		MessageID   string        `json:"message_id"`
		From        string        `json:"from"`
		Received    time.Time     `json:"received"`
		ByModerator bool          `json:"by_moderator,omitempty"`
		Repeated    bool          `json:"repeated,omitempty"`
		Computer    bool          `json:"computer,omitempty"`
	}
	type rules struct {
		SegmentDuration string            `json:"segment_duration,omitempty"`
		Durations       map[string]string `json:"durations,omitempty"`
		Reminders       []string          `json:"reminders,omitempty"`
		NMR             string            `json:"nmr"`
		DisorderAfter   int               `json:"disorder_after,omitempty"`
		Grace           string            `json:"grace,omitempty"`
		ExtensionBudget string            `json:"extension_budget,omitempty"`
		AbsenceMax      string            `json:"absence_max,omitempty"`
		Schedule        *store.Schedule   `json:"schedule,omitempty"`
		Zone            string            `json:"moderators_zone,omitempty"`
		Press           store.PressRules  `json:"press"`
	}
	out := struct {
		Game        string              `json:"game"`
		Version     int                 `json:"version"`
		Latest      int                 `json:"latest_version"`
		Created     time.Time           `json:"created"`
		Deadline    *time.Time          `json:"deadline,omitempty"`
		DeadlineWhy string              `json:"deadline_why,omitempty"`
		DeadlineSeq int                 `json:"deadline_sequence,omitempty"`
		Paused      bool                `json:"paused"`
		Waiting     bool                `json:"waiting,omitempty"`
		Approval    bool                `json:"join_approval,omitempty"`
		Rollbacks   int                 `json:"rollbacks,omitempty"`
		Rules       rules               `json:"rules"`
		Moderators  []string            `json:"moderators"`
		Seats       []seat              `json:"seats"`
		Orders      map[string]orderRec `json:"orders"`
		State       storm.State         `json:"state"`
		View        adjudicator.View    `json:"view"`
		Events      json.RawMessage     `json:"events"`
		Press       []store.Press       `json:"press"`
		Observers   []store.Observer    `json:"observers"`
		Public      bool                `json:"public"`
		Allowed     []string            `json:"observers_allowed,omitempty"`
	}{Game: g.ID, Version: v, Latest: g.Version, Created: g.Created, Paused: g.Paused, Moderators: g.Moderators,
		DeadlineSeq: g.DeadlineSeq, Rollbacks: g.Rollbacks,
		Orders: map[string]orderRec{}, State: s, View: adjudicator.Derive(s), Events: evs}
	if len(out.Events) == 0 {
		out.Events = json.RawMessage("[]") // version 0, or stored without events
	}
	if !g.Deadline.IsZero() && v == g.Version {
		d := g.Deadline
		out.Deadline, out.DeadlineWhy = &d, g.DeadlineWhy
	}
	dur := func(d time.Duration) string {
		if d == 0 {
			return ""
		}
		return d.String()
	}
	out.Rules = rules{SegmentDuration: dur(g.SegmentDuration), NMR: deadline.NMR(g), Grace: dur(g.Rules.Grace),
		DisorderAfter:   autoplay.After(g),
		ExtensionBudget: dur(g.Rules.ExtensionBudget), AbsenceMax: dur(g.Rules.AbsenceMax), Schedule: g.Rules.Schedule, Zone: g.Rules.Zone, Press: g.Press}
	if out.Rules.Press.Mode == "" {
		out.Rules.Press.Mode = "white"
	}
	// The game's press, all of it: the export is the moderators' (and,
	// once the game has ended, anyone's the operator gives it to).
	press, err := tx.PressLog(g.ID)
	if err != nil {
		return nil, err
	}
	out.Press = press
	out.Observers, out.Public, out.Allowed = g.Observers, g.Public, g.ObserverAllow
	out.Waiting, out.Approval = g.Waiting(), g.JoinApproval
	if out.Observers == nil {
		out.Observers = []store.Observer{}
	}
	for k, d := range g.Rules.Durations {
		if out.Rules.Durations == nil {
			out.Rules.Durations = map[string]string{}
		}
		out.Rules.Durations[k] = d.String()
	}
	for _, r := range g.Rules.Reminders {
		out.Rules.Reminders = append(out.Rules.Reminders, r.String())
	}
	for _, st := range g.Seats {
		var joins []joinRec
		for _, jn := range st.Joins { // the secret's hash stays in the store
			joins = append(joins, joinRec{Address: jn.Address, Asked: jn.Asked, Confirmed: jn.Confirmed})
		}
		out.Seats = append(out.Seats, seat{Power: st.Power, Address: st.Address, TimeZone: st.TimeZone, Missed: st.Missed,
			ExtensionUsed: dur(st.ExtensionUsed), Absences: st.Absences, Vacant: st.Vacant, Open: st.Open, Joins: joins,
			Computer: st.Computer, Disorder: st.Disorder, MissedRun: st.MissedRun, DisorderAt: st.DisorderAt})
	}
	keys := make([]storm.Power, 0, len(recs))
	for p := range recs {
		keys = append(keys, p)
	}
	sort.Slice(keys, func(a, b int) bool { return keys[a] < keys[b] })
	for _, p := range keys {
		r := recs[p]
		out.Orders[p.String()] = orderRec{Pass: r.Pass, Orders: r.Orders, MessageID: r.MessageID, From: r.From, Received: r.Received, ByModerator: r.ByModerator, Repeated: r.Repeated, Computer: r.Computer}
	}
	if draw != nil { // the moderator's draw of a physical-deck game, or the moderator's SET orders
		out.Orders["moderator"] = orderRec{Orders: draw.Orders, MessageID: draw.MessageID, From: draw.From, Received: draw.Received}
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
