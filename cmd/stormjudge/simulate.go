package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"text/tabwriter"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/computer"
	"stormjudge/deck"
)

// simulateBench is `stormjudge bench -simulate N`: N random games through
// the engine alone (adjudicator.SimulateGame: Validate and Resolve with
// random legal orders, standing orders included), for each standing-order
// policy, reporting games and turns per second and the email round trips a
// turn, and how the games end (the simulator).
type simulateBench struct {
	Games, Turns int
	Deck         string // "" none
	Seed         uint64
}

// simulateGC is the garbage collector's GOGC while the benchmark runs,
// unless GOGC is set: the games hold a few megabytes live, and most of
// what they allocate is the validations' scratch copies of a state,
// garbage at once; collecting at 5 times the live heap instead of twice
// saved a fifth of the CPU time.
const simulateGC = 400

// simulatedGame is one game of the benchmark: its turns and its end.
type simulatedGame struct {
	played []adjudicator.SimTurn
	end    storm.State
}

// simulateGames plays o.Games games with the standing-order policy share
// (seededGames).
func simulateGames(o simulateBench, d *storm.Deck, share int) ([]simulatedGame, error) {
	return seededGames(o, func(seed uint64) (simulatedGame, error) { return simulateOne(seed, d, o.Turns, share) })
}

// seededGames plays o.Games games by play, seeds o.Seed, o.Seed+1 ...,
// on one goroutine a core: the engine is pure, so the games are
// independent, and each is the same whoever plays it. The results are in
// the games' order.
func seededGames[G any](o simulateBench, play func(seed uint64) (G, error)) ([]G, error) {
	out := make([]G, o.Games)
	errs := make([]error, o.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(o.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				out[g], errs[g] = play(o.Seed + uint64(g))
			}
		}()
	}
	for g := range o.Games {
		next <- g
	}
	close(next)
	wg.Wait()
	return out, errors.Join(errs...)
}

// simulateOne plays the game of seed: a new game (with the deck d when
// not nil), diplomacy and the crisis phase on, random players.
func simulateOne(seed uint64, d *storm.Deck, turns, share int) (simulatedGame, error) {
	s := adjudicator.NewGame(seed)
	if d != nil {
		s = adjudicator.NewGameWithDeck(seed, *d)
	}
	s, _, err := adjudicator.Resolve(adjudicator.WithCrisis(adjudicator.WithDiplomacy(s)), nil)
	if err != nil {
		return simulatedGame{}, err
	}
	played, end, err := adjudicator.SimulateGame(s, turns, rand.New(rand.NewPCG(seed, 17)), share)
	if err != nil {
		return simulatedGame{}, fmt.Errorf("bench: game %d: %v", seed, err)
	}
	return simulatedGame{played, end}, nil
}

// simulateSetup sets the simulator's GC percent unless GOGC is set
// (restore sets it back) and loads the deck file path names, if any.
func simulateSetup(path string) (d *storm.Deck, restore func(), err error) {
	restore = func() {}
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(simulateGC)
		restore = func() { debug.SetGCPercent(old) }
	}
	if path != "" {
		x, err := deck.LoadFile(path)
		if err != nil {
			restore()
			return nil, nil, fmt.Errorf("bench: %v", err)
		}
		d = &x
	}
	return d, restore, nil
}

func runSimulateBench(o simulateBench, stdout io.Writer) error {
	d, restore, err := simulateSetup(o.Deck)
	if err != nil {
		return err
	}
	defer restore()
	fmt.Fprintf(stdout, "stormjudge bench -simulate %d -turns %d: the engine alone (Validate + Resolve), random legal orders, diplomacy and the crisis phase on, deck %q, %d games at once (one a core)\n\n",
		o.Games, o.Turns, o.Deck, runtime.GOMAXPROCS(0))
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "standing orders\tgames\tturns\tturns a game\tresolves\tgames/s\tturns/s\tround trips a turn: median\tworst\tmean\tcrisis wars\tpre-emptive wars\tno war\t")
	for _, pol := range []struct {
		name  string
		share int
	}{{"none", 0}, {"half", 50}, {"all", 100}} {
		var trips []int
		turns, resolves := 0, 0
		endings := map[string]int{}
		start := time.Now()
		results, err := simulateGames(o, d, pol.share)
		if err != nil {
			return err
		}
		for _, r := range results { // in the games' order: the figures do not depend on the workers
			for _, t := range r.played {
				trips = append(trips, t.RoundTrips)
				resolves += t.Resolves
			}
			turns += len(r.played)
			switch {
			case r.end.Ended && r.end.War != nil:
				endings[r.end.War.Kind]++
			default:
				endings["none"]++
			}
		}
		el := time.Since(start).Seconds()
		slices.Sort(trips)
		sum := 0
		for _, n := range trips {
			sum += n
		}
		med, worst, mean := 0, 0, 0.0
		if len(trips) > 0 {
			med, worst, mean = trips[len(trips)/2], trips[len(trips)-1], float64(sum)/float64(len(trips))
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%d\t%.1f\t%.1f\t%d\t%d\t%.2f\t%d\t%d\t%d\t\n", pol.name, o.Games, turns, float64(turns)/float64(max(o.Games, 1)), resolves,
			float64(o.Games)/el, float64(turns)/el, med, worst, mean, endings["crisis"], endings["pre-emptive"], endings["none"])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nA round trip is a segment that waits for someone's email: the economic phase, the spy-ring segment, the diplomatic placement rounds, the crisis segments that ask someone, pre-emptive war when someone may declare it, and the final research (segments nobody has a choice in never wait). Standing orders: each power sends its later rounds' orders with its economic email, and its conditional crisis orders (IF lines) with its aggression or response, always (all), half the time (half), never (none). Games end at the first war (26.13) or at the -turns limit (no war).")
	return nil
}

// seatPolicy is how a seat of the -policy benchmark orders: random
// (adjudicator.RandomOrders), pass (no orders) or computer
// (computer.Decide).
type seatPolicy string

// The seats' policies of `bench -simulate N -policy`.
const (
	seatRandom   seatPolicy = "random"
	seatPass     seatPolicy = "pass"
	seatComputer seatPolicy = "computer"
)

// policyPairing is one row of the -policy table: each side's policy.
type policyPairing struct {
	Name  string
	Seats map[storm.Side]seatPolicy
}

// policySides are the sides of the -policy table, in its order.
var policySides = []storm.Side{storm.Axis, storm.Allies, storm.Soviet}

// policyPairings are the -policy table's rows: every seat random,
// passing, computer; then each side computer against the others random,
// and against the others passing.
func policyPairings() []policyPairing {
	all := func(p seatPolicy) map[storm.Side]seatPolicy {
		return map[storm.Side]seatPolicy{storm.Axis: p, storm.Allies: p, storm.Soviet: p}
	}
	out := []policyPairing{{"all random", all(seatRandom)}, {"all pass", all(seatPass)}, {"all computer", all(seatComputer)}}
	for _, side := range policySides {
		for _, other := range []seatPolicy{seatRandom, seatPass} {
			m := all(other)
			m[side] = seatComputer
			out = append(out, policyPairing{fmt.Sprintf("%s computer, others %s", sideName(side), other), m})
		}
	}
	return out
}

// sideName is a side as the -policy table names it.
func sideName(s storm.Side) string {
	switch s {
	case storm.Axis:
		return "Axis"
	case storm.Allies:
		return "Allies"
	}
	return "Russia"
}

// policyGame is one game of the -policy benchmark: its end, the turns it
// lasted, and the orders refused (a computer decision that erred) and
// void at resolution (OrderVoided), all seats' and the computer's.
type policyGame struct {
	end                storm.State
	turns              int
	refused            int
	void, computerVoid int
}

// playPolicyGame plays the game of seed with the seats' policies to its
// end or turns turns: the same game setup as simulateOne, the random
// seats drawing from their own generator (seeded by the game's seed).
func playPolicyGame(seed uint64, d *storm.Deck, turns int, pp policyPairing) (policyGame, error) {
	s := adjudicator.NewGame(seed)
	if d != nil {
		s = adjudicator.NewGameWithDeck(seed, *d)
	}
	s, _, err := adjudicator.Resolve(adjudicator.WithCrisis(adjudicator.WithDiplomacy(s)), nil)
	if err != nil {
		return policyGame{}, err
	}
	rng := rand.New(rand.NewPCG(seed, 17))
	first := s.Turn.Index()
	var g policyGame
	for !s.Ended && s.Turn.Index()-first < turns {
		ords := map[storm.Power][]storm.Order{}
		for _, p := range adjudicator.Required(s) {
			switch pp.Seats[storm.SideOf(p)] {
			case seatRandom:
				ords[p] = adjudicator.RandomOrders(s, p, rng, 3)
			case seatComputer:
				dec, err := computer.Decide(computer.At(s, p))
				if err != nil {
					g.refused++ // and the seat passes
					continue
				}
				ords[p] = dec.Orders
			}
		}
		n, evs, err := adjudicator.Resolve(s, ords)
		if err != nil {
			return g, fmt.Errorf("bench: game %d (%s): %v", seed, pp.Name, err)
		}
		for _, e := range evs {
			if v, ok := e.(event.OrderVoided); ok {
				g.void++
				if pp.Seats[storm.SideOf(v.Power)] == seatComputer {
					g.computerVoid++
				}
			}
		}
		s = n
	}
	g.end, g.turns = s, s.Turn.Index()-first+1
	if !s.Ended {
		g.turns = s.Turn.Index() - first
	}
	return g, nil
}

// policyGames plays o.Games games of the pairing pp (seededGames).
func policyGames(o simulateBench, d *storm.Deck, pp policyPairing) ([]policyGame, error) {
	return seededGames(o, func(seed uint64) (policyGame, error) { return playPolicyGame(seed, d, o.Turns, pp) })
}

// policyRow is the -policy table's figures for one pairing.
type policyRow struct {
	Pairing              string
	Games                int
	Mean, SD             map[storm.Side]float64
	Crisis, Preemptive   int // the wars of each kind that ended the games; Other: a retaliation (32.63)
	Other, NoWar         int
	Years                map[int]int // the war's year
	Turns                float64     // mean game length in turns
	Refused, Void, CVoid int
	Seconds              float64
}

// policyTable plays every pairing on the same seeds and sums each up.
func policyTable(o simulateBench, d *storm.Deck) ([]policyRow, error) {
	var rows []policyRow
	for _, pp := range policyPairings() {
		start := time.Now()
		games, err := policyGames(o, d, pp)
		if err != nil {
			return nil, err
		}
		r := policyRow{Pairing: pp.Name, Games: len(games), Mean: map[storm.Side]float64{}, SD: map[storm.Side]float64{}, Years: map[int]int{}}
		for _, side := range policySides {
			var xs []float64
			for _, g := range games {
				xs = append(xs, float64(sideVP(g.end, side)))
			}
			r.Mean[side], r.SD[side] = meanSD(xs)
		}
		turns := 0
		for _, g := range games {
			turns += g.turns
			r.Refused += g.refused
			r.Void += g.void
			r.CVoid += g.computerVoid
			switch {
			case g.end.War == nil:
				r.NoWar++
				continue
			case g.end.War.Kind == "crisis":
				r.Crisis++
			case g.end.War.Kind == "pre-emptive":
				r.Preemptive++
			default:
				r.Other++
			}
			r.Years[g.end.War.Turn.Year]++
		}
		r.Turns = float64(turns) / float64(max(len(games), 1))
		r.Seconds = time.Since(start).Seconds()
		rows = append(rows, r)
	}
	return rows, nil
}

// sideVP is side's victory points at the end of the game (34; the view's
// Victory: adjudicator.Derive's figure, war.VictoryPoints).
func sideVP(s storm.State, side storm.Side) int {
	return adjudicator.SideVictory(adjudicator.Derive(s).Public.Victory, side)
}

// meanSD is the mean and the (population) standard deviation of xs.
func meanSD(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, math.Sqrt(v / float64(len(xs)))
}

// lastYearShown is the last year the -policy table gives a column of its
// own; the wars of later years (the rules set no last turn, docs/rules.md
// r-33-no-last-turn) share one.
const lastYearShown = 1941

// runPolicyBench is `stormjudge bench -simulate N -policy`: the same
// seeds played by every pairing of policyPairings, one row each.
func runPolicyBench(o simulateBench, stdout io.Writer) error {
	d, restore, err := simulateSetup(o.Deck)
	if err != nil {
		return err
	}
	defer restore()
	fmt.Fprintf(stdout, "stormjudge bench -simulate %d -turns %d -policy: the same %d seeds (%d..%d) for every pairing; diplomacy and the crisis phase on, deck %q, %d games at once (one a core)\n\n",
		o.Games, o.Turns, o.Games, o.Seed, o.Seed+uint64(max(o.Games, 1))-1, o.Deck, runtime.GOMAXPROCS(0))
	rows, err := policyTable(o, d)
	if err != nil {
		return err
	}
	var ys []int // the years of the rules' own span (1935-1941), then the later ones in one column
	for y := storm.FirstTurn.Year; y <= lastYearShown; y++ {
		ys = append(ys, y)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	head := "pairing\tgames\tAxis VP\tsd\tAllies VP\tsd\tRussia VP\tsd\tcrisis war\tpre-emptive war\tother war\tno war\t"
	for _, y := range ys {
		head += fmt.Sprintf("war %d\t", y)
	}
	head += fmt.Sprintf("war after %d\t", lastYearShown)
	head += "turns a game\trefused\tvoid\tvoid (computer)\tseconds\t"
	fmt.Fprintln(tw, head)
	pct := func(n, of int) string { return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(max(of, 1))) }
	for _, r := range rows {
		line := fmt.Sprintf("%s\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%s\t%s\t%s\t%s\t", r.Pairing, r.Games,
			r.Mean[storm.Axis], r.SD[storm.Axis], r.Mean[storm.Allies], r.SD[storm.Allies], r.Mean[storm.Soviet], r.SD[storm.Soviet],
			pct(r.Crisis, r.Games), pct(r.Preemptive, r.Games), pct(r.Other, r.Games), pct(r.NoWar, r.Games))
		later := 0
		for y, n := range r.Years {
			if y > lastYearShown {
				later += n
			}
		}
		for _, y := range ys {
			line += pct(r.Years[y], r.Games) + "\t"
		}
		line += pct(later, r.Games) + "\t"
		line += fmt.Sprintf("%.1f\t%d\t%d\t%d\t%.1f\t", r.Turns, r.Refused, r.Void, r.CVoid, r.Seconds)
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nSides: Axis = Germany and Italy, Allies = Britain and France, Russia. random: adjudicator.RandomOrders (any offered order, pre-emptive war included); pass: no orders; computer: computer.Decide. VP: the victory points of 34 at the game's end (mean and standard deviation). The war columns are shares of the games: the kind of the war that ended the game (other: retaliation, 32.63), then the year it broke out. refused: computer decisions the check refused (the seat then passes; goal 0); void: orders voided at resolution (OrderVoided), all seats' and the computer seats'. Games end at the first war or at the -turns limit (no war).")
	return nil
}
