// Title: MOVM: transposing an 8x8 matrix of 16-bit values
//
// MOVM treats the warp's 32 registers as an 8x8 matrix of 16-bit elements:
// lane l holds row l / 4, columns 2 * (l % 4) (low half) and
// 2 * (l % 4) + 1 (high half). Each lane receives its share of the
// transpose, so data moves between lanes without any shuffles.
//
// The element in row r, column c is 0x10 * r + c, so its hex digits name
// its place: 0x23 is row 2, column 3. After MOVM, element (r, c) holds
// 0x10 * c + r. Transposing twice gives the matrix back.
// Expected: lane 0: R0 = 0x00010000, R1 = 0x00100000; lane 5 (row 1,
// columns 2 and 3): R0 = 0x00130012, R1 = 0x00310021; R2 = R0 everywhere.

.init R0 = ((0x10 * (lane / 4) + 2 * (lane % 4) + 1) << 16) | (0x10 * (lane / 4) + 2 * (lane % 4))

    MOVM R1, R0                        // R1 = my part of the transpose
    MOVM R2, R1                        // and back: R2 = R0
    EXIT
