// Package setup makes a new game: the state of Spring 1935 (4), pre-game
// mobilizations (14.9), the Spanish civil war tile (25.32A), the fleets
// (19) and the starting balance of power (20.4), with or without a random
// event deck. The phases' tests start their games here.
package setup
