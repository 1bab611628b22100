// Title: SHFL.IDX with a clamp: reads beyond maxLane fail
//
// SHFL.IDX takes the source lane from SrcB, of which only the low 5 bits
// count (lane 40 means lane 8), and a clamp from SrcC bits 4..0. With no
// segment mask (SrcC bits 12..8 = 0), maxLane is the clamp itself: a lane
// asking for a lane above it gets its own Ra back and pu = false. A SEL on
// pu then turns failed reads into a default value, here 0.
//
// Each lane asks for lane + 8 with clamp 15. Lanes 0..7 ask for 8..15 and
// succeed; lanes 8..23 ask for 16..31 and fail; lanes 24..31 ask for
// 32..39, which wrap around to lanes 0..7, and succeed.
//
// Expected, with R0 = 100 + lane:
//   P1 = true in lanes 0..7 and 24..31 (mask 0xff0000ff);
//   R1 = 100 + (lane + 8) % 32 there, 100 + lane (its own R0) elsewhere;
//   R3 = R1 where P1 is true, 0 elsewhere;
//   P2 = false and R4 = R0 in every lane (lane 20 is above the clamp).

.init R0 = 100 + lane
.init R2 = lane + 8

    SHFL.IDX P1, R1, R0, R2, 0xf       // R1 = R0 of lane R2 % 32, if <= 15
    SEL R3, R1, RZ, P1                 // R3 = P1 ? R1 : 0
    SHFL.IDX P2, R4, R0, 0x14, 0xf     // lane 20 > 15: fails in every lane
    EXIT
