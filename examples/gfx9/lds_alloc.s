// Title: s_setreg fields of LDS_ALLOC: base and size
//
// The LDS_ALLOC hardware register, read and written by fields.
//
// LDS_ALLOC: LDS_BASE in bits 7..0, LDS_SIZE in bits 20..12.
//
// Expected: s0 = 0, s1 = 0x40, s2 = 0, s3 = 0x40010.

size_off = 12
size_bits = 9
.init s4 = 0x40                   // 64 granules

    s_getreg_b32 s0, hwreg(HW_REG_LDS_ALLOC)                     // 0 at launch
    s_setreg_b32 hwreg(HW_REG_LDS_ALLOC, size_off, size_bits), s4
    s_setreg_imm32_b32 hwreg(HW_REG_LDS_ALLOC, 0, 8), 0x10       // LDS_BASE
    s_getreg_b32 s1, hwreg(HW_REG_LDS_ALLOC, size_off, size_bits) // s1 = 0x40
    s_getreg_b32 s2, hwreg(HW_REG_LDS_ALLOC, 0, 1)               // s2 = 0 (bit 0 of 0x10)
    s_getreg_b32 s3, hwreg(HW_REG_LDS_ALLOC)                     // s3 = 0x40010
    s_endpgm
