// Title: REDUX.MIN and .MAX: signed versus unsigned
//
// A register holds 32 bits; whether 0xffffffff is -1 or 4294967295 depends
// on the instruction reading it. REDUX compares as unsigned (.U32, the
// default) unless told .S32. The same data therefore has two different
// minimums and maximums. .SUM wraps modulo 2^32, so it is the same for
// both. A reduction followed by a comparison and a ballot finds which
// lane holds the result (an "argmax").
//
// R0 = lane - 16: lanes 0..15 hold -16..-1 (0xfffffff0..0xffffffff as
// unsigned), lanes 16..31 hold 0..15.
// Expected in every lane: R1 = 0 (unsigned min, lane 16); R2 = 0xffffffff
// (unsigned max: -1, lane 15); R3 = 0xfffffff0 (signed min: -16, lane 0);
// R4 = 15 (signed max, lane 31); R5 = 0xfffffff0 (sum: 496 - 512 = -16);
// R6 = 0x80000000 (lane 31 holds the signed max); UR1 = 0xfffffff0.

.init R0 = lane - 16

    REDUX.MIN R1, R0                   // unsigned: 0
    REDUX.MAX R2, R0                   // unsigned: 0xffffffff
    REDUX.S32.MIN R3, R0               // signed: -16
    REDUX.S32.MAX R4, R0               // signed: 15
    REDUX.SUM R5, R0                   // wraps: -16 either way
    REDUXU.S32.MIN UR1, R0             // the same, into a uniform register
    ISETP.EQ.AND P0, PT, R0, R4, PT    // do I hold the signed max?
    VOTE.ANY R6, PT, P0                // which lanes do
    EXIT
