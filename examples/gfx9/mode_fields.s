// Title: s_getreg/s_setreg: reading and changing MODE fields
//
// Read and change fields of the MODE hardware register.
//
// MODE bits 3..0 are FP_ROUND (two 2-bit fields), bits 7..4 FP_DENORM.
// A wave starts with MODE = 0x3f0 in warpscope.
//
// Expected: s0 = 0x3f0, s1 = 0xf, s2 = 5, s3 = 0x3f5.

    s_getreg_b32 s0, hwreg(HW_REG_MODE)            // s0 = 0x3f0
    s_getreg_b32 s1, hwreg(HW_REG_MODE, 4, 4)      // s1 = FP_DENORM = 0xf
    s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x5  // new FP_ROUND bits
    s_getreg_b32 s2, hwreg(HW_REG_MODE, 0, 4)      // s2 = 5
    s_getreg_b32 s3, hwreg(HW_REG_MODE)            // s3 = 0x3f5
    s_endpgm
