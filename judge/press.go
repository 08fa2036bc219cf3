package judge

// Press (docs/orders.md "Press"): a power's message to other
// powers, by email through the judge. The judge forwards it to the seats
// of the powers named, and to nobody else: signed with the sender's
// power, or unsigned (grey) where the game allows it; with a copy to the
// moderators when the game's rules say so (the copy names the sender,
// also of grey press). Each press is kept in the game's record
// (store.Press): HISTORY lists it to its sender and recipients, game
// export gives all of it.
