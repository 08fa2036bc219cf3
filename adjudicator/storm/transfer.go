package storm

// Transfer is the order TRANSFER <n> TO <power>: Order.Points tile points
// to the power named in Order.Project (16.16G).
const Transfer OrderKind = "transfer"
