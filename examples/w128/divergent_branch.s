// Title: A divergent if/else that reconverges at BSSY/BSYNC
//
// BSSY records the lanes that enter the region in barrier B0. The branch
// splits the warp: lanes 0..15 jump to `lower`, placed after the end of the
// region (as compilers place a cold path), lanes 16..31 fall through.
// Each lane has its own PC, and a step runs the lanes that share the lowest
// PC, so the upper half runs first and reaches BSYNC B0, where it waits.
// The lower half then runs its block and branches back to `join`; with
// every lane of B0 arrived, all 32 continue together.
//
// Expected: R1 = lane + 0x200 for lanes 0..15, lane + 0x100 for 16..31;
// R2 = 0xffffffff (VOTE after the join sees all 32 lanes again).

.init R0 = lane

    ISETP.LT.AND P0, PT, R0, 0x10, PT  // P0 = lane < 16
    BSSY B0, join                      // B0 = all 32 lanes
@P0 BRA lower
    IADD3 R1, R0, 0x100, RZ            // upper half (P0 false)
join:
    BSYNC B0                           // wait for the whole of B0
    VOTE.ANY R2, PT, PT                // ballot of the reconverged warp
    EXIT

lower:
    IADD3 R1, R0, 0x200, RZ            // lower half (P0 true)
    BRA join
