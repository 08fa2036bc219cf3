package storm

// Anglo-French cooperation (16.16G): for each level achieved, one tile
// point a turn may pass between Britain and France. By email it is an order
// of the economic phase, TRANSFER <n> TO <power>, carried out at the end of
// the phase after the giver's other orders (docs/rules.md r-16-16g), so
// the points serve the receiver from the diplomatic phase on.

// Transfer is the order TRANSFER <n> TO <power>: Order.Points tile points
// to the power named in Order.Project (16.16G).
const Transfer OrderKind = "transfer"
