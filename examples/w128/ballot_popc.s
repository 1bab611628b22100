// Title: Ballot and population count: how many lanes satisfy a condition?
//
// ISETP computes a per-lane predicate; VOTE.ANY gathers the predicate of
// every participating lane into one 32-bit mask (the ballot), written to Rd
// of every lane, and tells in pu whether any lane voted true. POPC counts
// the bits of the ballot.
//
// The values are lane * 7 mod 32; the condition is "value < 10".
// lane * 7 mod 32 takes every value 0..31 exactly once, so exactly 10
// lanes hold a value below 10: lanes 0, 1, 5, 10, 14, 15, 19, 23, 24, 28.
// Expected: R1 = 0x1188c423 and R2 = 10 in every lane; P1 = true;
// P2 = false.

.init R0 = (lane * 7) % 32

    ISETP.LT.AND P0, PT, R0, 0xa, PT   // P0 = R0 < 10 (unsigned)
    VOTE.ANY R1, P1, P0                // R1 = ballot of P0, P1 = any lane
    POPC R2, R1                        // R2 = number of lanes with P0
    VOTE.ALL R3, P2, P0                // P2 = every lane? (false)
    EXIT
