// Title: P2R: packing predicates and CC flags into a register byte
//
// Pack predicates and condition-code flags into registers with P2R.
//
// PR holds P0..P6 in bits 0..6; CC holds ZF, SF, CF, OF in bits 0..3.
//
// Expected: R0 = PR (P0 | P1 << 1 | P2 << 2), R1 = 0xcafe0000 | PR << 8,
// R2 = 0xcafe0000 | CC.ZF, R3 = CC & 8, R4 = CC << 24 in lanes 16..31.

.init P0 = lane & 1               // odd lanes
.init P1 = lane >= 16             // upper half-warp
.init P2 = lane % 3 == 0
.init CC = lane & 0xf             // a different flag set per lane
.init R5 = 0xcafe0000

    P2R R0, PR                    // R0 = PR (the simple form)
    P2R.B1 R1, PR, R5, 0x7f       // R1 = R5 with byte 1 = PR
    P2R.B0 R2, CC, R5, 0x1        // R2 = {R5[31:1], CC.ZF}
    P2R R3, CC, RZ, (1<<3)        // R3[3] = CC.OF
    @P1 P2R.B3 R4, CC, RZ, 0xff   // only the upper half-warp writes R4
    EXIT
