// Title: Special registers: lane id and lane masks
//
// S2R copies a special register into a general register. SR_LANEID is the
// lane's index in the warp, 0..31. The lane masks describe lanes relative
// to the reading lane:
//     SR_EQMASK = 1 << lane            only this lane
//     SR_LTMASK = (1 << lane) - 1      the lanes below it
//     SR_GTMASK = the lanes above it   (SR_LEMASK, SR_GEMASK: with it)
//
// A classic use: a lane's rank among the lanes that satisfy a condition is
// POPC(ballot & SR_LTMASK), the number of voting lanes below it. Warps use
// it to write the elements they keep to consecutive slots (compaction).
// Here the lanes with an odd id vote, so the rank of lane l is l / 2.
//
// Expected: R1 = lane, R2 = 1 << lane, R3 = (1 << lane) - 1,
// R4 = the bits above lane (0 in lane 31), R6 = 0xaaaaaaaa (the odd
// lanes), R8 = lane / 2.

    S2R R1, SR_LANEID                  // R1 = lane
    S2R R2, SR_EQMASK                  // R2 = 1 << lane
    S2R R3, SR_LTMASK                  // R3 = lanes below me
    S2R R4, SR_GTMASK                  // R4 = lanes above me
    LOP3.LUT R5, R1, 0x1, RZ, 0xc0     // R5 = lane & 1 (LUT 0xc0 = a & b)
    ISETP.NE.AND P0, PT, R5, RZ, PT    // P0 = lane is odd
    VOTE.ANY R6, PT, P0                // R6 = ballot of the odd lanes
    LOP3.LUT R7, R6, R3, RZ, 0xc0      // R7 = voting lanes below me
    POPC R8, R7                        // R8 = my rank among them
    EXIT
