// Title: S2R: each lane reads its lane id and lane masks
//
// Read each lane's position and lane masks with S2R.
// Every lane gets its own values; the control fields ($stall, $wrb...)
// end up in the control word printed before every three instructions.
//
// Expected: lanes 0..15 run; R0 = lane, R1 = 1 << lane, R2 = (1 << lane) - 1,
// R3 = ~((1 << lane) - 1), R4 = lane.

.active 0x0000ffff                 // launch lanes 0..15

    S2R R0, SR_LANEID   $stall=1
    S2R R1, SR_EQMASK   $stall=1   // 1 << lane
    S2R R2, SR_LTMASK   $stall=1   // lanes below this one
    S2R R3, SR_GEMASK   $stall=1   // this lane and the ones above
    S2R R4, SR_TID.X    $stall=1   // thread index = warp 0 * 32 + lane
    EXIT
