// MATCH.ANY: find the lanes that hold the same key.
//
// Each lane gets the mask of the participating lanes whose Ra equals its
// own: a warp-level "group by". Combined with POPC it gives the size of a
// lane's group, and with ELECT-like arithmetic the group's leader (the
// lowest set bit of the mask). MATCH.ALL says whether all keys are equal.
//
// Keys are lane % 3: groups {0, 3, ..., 30} (11 lanes), {1, 4, ..., 31}
// (11 lanes) and {2, 5, ..., 29} (10 lanes).
// Expected: R1 = 0x49249249 << (lane % 3) (masked to 32 bits), R2 = group
// size; R3 = 0 and P1 = false (the keys differ).

.init R0 = lane % 3

    MATCH.ANY R1, P0, R0               // lanes with my key
    POPC R2, R1                        // size of my group
    MATCH.ALL R3, P1, R0               // all equal? no: R3 = 0, P1 = false
    EXIT
