// Title: MATCH.ANY: group the lanes that hold the same key
//
// MATCH.ANY gives each lane the mask of the participating lanes whose Ra
// equals its own: a warp-level "group by". POPC of the mask is the size
// of the lane's group. The group's leader is its lowest lane: a lane leads
// when no lane of its group lies below it, (mask & SR_LTMASK) == 0.
// MATCH.ALL says whether all keys are equal.
//
// Keys are lane % 3: groups {0, 3, ..., 30} (11 lanes), {1, 4, ..., 31}
// (11 lanes) and {2, 5, ..., 29} (10 lanes).
// Expected: R1 = 0x49249249 << (lane % 3) (masked to 32 bits), R2 = group
// size; R3 = 0 and P1 = false (the keys differ); P2 = true in the leaders,
// lanes 0, 1 and 2 only.

.init R0 = lane % 3

    MATCH.ANY R1, P0, R0               // lanes with my key
    POPC R2, R1                        // size of my group
    MATCH.ALL R3, P1, R0               // all equal? no: R3 = 0, P1 = false
    S2R R4, SR_LTMASK                  // lanes below me
    LOP3.LUT R5, R1, R4, RZ, 0xc0      // group members below me
    ISETP.EQ.AND P2, PT, R5, RZ, PT    // none: I am my group's leader
    EXIT
