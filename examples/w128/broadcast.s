// Title: Broadcast one lane's value to the whole warp with SHFL.IDX
//
// SHFL.IDX reads lane (minLane | (b & ~segmask)); with SrcC = 0x1f (one
// 32-lane segment) that is simply lane b. A register SrcB lets each lane
// pick its own source: here every lane reads its mirror image, lane 31 - l.
//
// Expected: R1 = 1005 (lane 5's R0) in every lane; R3 = 1000 + 31 - lane.

.init R0 = 1000 + lane
.init R2 = 31 - lane

    SHFL.IDX PT, R1, R0, 0x5, 0x1f     // R1 = R0 of lane 5 (PT: discard pu)
    SHFL.IDX P1, R3, R0, R2, 0x1f      // R3 = R0 of lane R2 (per lane)
    EXIT
