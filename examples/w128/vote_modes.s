// Title: VOTE.ANY, VOTE.ALL and VOTE.EQ
//
// Every VOTE writes the same ballot to Rd (one bit per participating lane
// whose predicate is true) and differs only in the vote written to pu:
//     .ANY  some participating lane has the predicate
//     .ALL  every participating lane has it
//     .EQ   all participating lanes agree (all true or all false)
// "Participating" matters: under a guard, only the lanes whose guard is
// true take part, and the other lanes keep their registers.
//
// P0 = (lane < 8); P1 is true in every lane, P2 false in every lane.
// Expected: R1 = R2 = R3 = 0xff; P3 = true (ANY), P4 = false (ALL),
// P5 = false (EQ: the lanes disagree); R4 = 0 and P6 = true (!P1 is
// false everywhere, so the lanes agree); R5 = 0xffffffff, P1 stays true;
// the guarded VOTE.ALL runs in lanes 0..7 only: R6 = 0xff and P2 = true
// there, R6 = 0 and P2 = false in lanes 8..31.

.init P0 = lane < 8
.init P1 = 1
.init P2 = 0

    VOTE.ANY R1, P3, P0                // any lane below 8? yes
    VOTE.ALL R2, P4, P0                // every lane? no
    VOTE.EQ R3, P5, P0                 // all the same? no
    VOTE.EQ R4, P6, !P1                // all false is agreement too
    VOTE.ALL R5, P1, P1                // every lane: yes
@P0 VOTE.ALL R6, P2, P0                // only lanes 0..7 vote: yes
    EXIT
