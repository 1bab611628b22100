// Title: Leader election and warp reduction: one lane publishes the total
//
// REDUX.SUM gives every participating lane the sum of Ra over the warp in a
// single instruction (the hardware version of butterfly_sum.s). ELECT picks
// the lowest participating lane as leader: pu is true only there. The
// leader alone then writes the result, as code storing it to memory would.
// Only lanes 4..27 are launched (.active), so the leader is lane 4.
//
// Expected: R1 = sum of lane * lane over lanes 4..27 = 6916 in those
// lanes; R2 = 4 (the leader's id); R3 = 6916 in lane 4 only, 0 elsewhere;
// UR1 = 6916 (REDUXU), UR2 = 27 (the largest lane id, REDUXU.MAX).

.active 0x0ffffff0
.init R0 = lane * lane
.init R4 = lane

    REDUX.SUM R1, R0                   // every lane: the total
    REDUXU.SUM UR1, R0                 // the total, in a uniform register
    REDUXU.MAX UR2, R4                 // largest participating lane id
    ELECT P0, R2, PT                   // P0 in the leader only; R2 = leader
@P0 MOV R3, R1                         // only the leader writes R3
    EXIT
