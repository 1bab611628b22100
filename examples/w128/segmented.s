// Title: Segmented shuffles: the warp as independent groups of 8 and 16
//
// SrcC packs a segment mask in bits 12..8 and a clamp in bits 4..0. For a
// width w (a power of two) the mask is 32 - w (the lane bits that name the
// segment) and the clamp 0x1f:
//     width 8  -> SrcC = 0x181f     width 16 -> SrcC = 0x101f
// maxLane = (lane & segmask) | (clamp & ~segmask) is then the last lane of
// the lane's own segment, so no exchange crosses a segment boundary.
//
// Part 1 (width 8): broadcast lane 2 of each group of 8 (SHFL.IDX).
//   Expected: R1 = 100 * (lane / 8) + 2.
// Part 2 (width 16): tree sum with SHFL.DOWN inside each half warp. Reads
//   past the end of a segment fail (P0 = false) and keep the lane's own
//   value, so only the first lane of each segment is guaranteed the total.
//   Expected: R2 in lanes 0 and 16 = sum of (lane + 1) over the half warp:
//   136 and 392.

.init R0 = 100 * (lane / 8) + lane % 8
.init R2 = lane + 1

    SHFL.IDX P1, R1, R0, 0x2, 0x181f   // lane 2 of my group of 8

    SHFL.DOWN P0, R3, R2, 0x8, 0x101f  // lane + 8, within my half warp
@P0 IADD3 R2, R2, R3, RZ
    SHFL.DOWN P0, R3, R2, 0x4, 0x101f
@P0 IADD3 R2, R2, R3, RZ
    SHFL.DOWN P0, R3, R2, 0x2, 0x101f
@P0 IADD3 R2, R2, R3, RZ
    SHFL.DOWN P0, R3, R2, 0x1, 0x101f
@P0 IADD3 R2, R2, R3, RZ
    EXIT
