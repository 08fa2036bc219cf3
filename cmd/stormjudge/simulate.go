package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"text/tabwriter"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
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

// simulateGames plays o.Games games with the standing-order policy share,
// seeds o.Seed, o.Seed+1 ..., on one goroutine a core: the engine is pure,
// so the games are independent, and each is the same whoever plays it.
// The results are in the games' order.
func simulateGames(o simulateBench, d *storm.Deck, share int) ([]simulatedGame, error) {
	out := make([]simulatedGame, o.Games)
	errs := make([]error, o.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(o.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				out[g], errs[g] = simulateOne(o.Seed+uint64(g), d, o.Turns, share)
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

func runSimulateBench(o simulateBench, stdout io.Writer) error {
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(simulateGC))
	}
	var d *storm.Deck
	if o.Deck != "" {
		x, err := deck.LoadFile(o.Deck)
		if err != nil {
			return fmt.Errorf("bench: %v", err)
		}
		d = &x
	}
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
