package storm

// Playing a held secret random event (9.41E, 22.51B, 9.13): PLAY <card> is
// an order of the economic phase, carried out before the industrial part so
// that the tile points of a support event may be spent in the phase (9.41E:
// revealed at the end of the economic phase with the phase's other orders,
// 13.12). Events of other categories take effect at the times of 9.41A-D
// and cannot be played (secretReveal).

// Play is the order kind PLAY <card number>.
const Play OrderKind = "play"
