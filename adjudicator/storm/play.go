package storm

// Play is the order kind PLAY <card number>.
const Play OrderKind = "play"
