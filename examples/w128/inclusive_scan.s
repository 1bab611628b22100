// Title: Inclusive prefix sum (scan) with SHFL.UP
//
// Step k reads the value of lane (lane - 2^k). Lanes below 2^k have no such
// lane: SHFL.UP reports that in its predicate (P0 = false), and the guarded
// add leaves them unchanged. After log2(32) = 5 steps, lane l holds the sum
// of lanes 0..l. SrcC = 0x0 is the usual clamp for .UP: maxLane = 0.
//
// Expected: with R0 = lane + 1, R0 = (lane + 1) * (lane + 2) / 2.

.init R0 = lane + 1

    SHFL.UP P0, R1, R0, 0x1, 0x0       // R1 = R0 of lane - 1; P0 = lane >= 1
@P0 IADD3 R0, R0, R1, RZ
    SHFL.UP P0, R1, R0, 0x2, 0x0       // lane - 2
@P0 IADD3 R0, R0, R1, RZ
    SHFL.UP P0, R1, R0, 0x4, 0x0       // lane - 4
@P0 IADD3 R0, R0, R1, RZ
    SHFL.UP P0, R1, R0, 0x8, 0x0       // lane - 8
@P0 IADD3 R0, R0, R1, RZ
    SHFL.UP P0, R1, R0, 0x10, 0x0      // lane - 16
@P0 IADD3 R0, R0, R1, RZ
    EXIT
