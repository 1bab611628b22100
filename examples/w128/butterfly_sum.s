// Title: Butterfly reduction: every lane ends up with the warp's sum
//
// Each SHFL.BFLY step exchanges values between lanes whose ids differ in
// one bit (lane ^ 16, lane ^ 8, ..., lane ^ 1). After adding what it
// received, a lane holds the sum of a group twice as large as before; after
// five steps the group is the whole warp, and every lane has the same total.
// SrcC = 0x1f: one segment of 32 lanes, clamp at lane 31.
//
// Expected: R0 = sum of (3 * lane + 1) over 32 lanes = 1520 in every lane.

.init R0 = 3 * lane + 1

    SHFL.BFLY P0, R1, R0, 0x10, 0x1f   // R1 = R0 of lane ^ 16
    IADD3 R0, R0, R1, RZ               // sums of lane pairs {l, l ^ 16}
    SHFL.BFLY P0, R1, R0, 0x8, 0x1f    // lane ^ 8
    IADD3 R0, R0, R1, RZ               // groups of 4
    SHFL.BFLY P0, R1, R0, 0x4, 0x1f    // lane ^ 4
    IADD3 R0, R0, R1, RZ               // groups of 8
    SHFL.BFLY P0, R1, R0, 0x2, 0x1f    // lane ^ 2
    IADD3 R0, R0, R1, RZ               // groups of 16
    SHFL.BFLY P0, R1, R0, 0x1, 0x1f    // lane ^ 1
    IADD3 R0, R0, R1, RZ               // the whole warp
    EXIT
