// Title: A divergent if/else, and the warp meeting again after it
//
// The condition differs between lanes, so the warp divides: the lanes
// below 16 run the if's body while the others wait, then the others run
// the else. Inside each side __activemask() shows which lanes are running;
// after the if/else all 32 lanes run together again, and a ballot sees
// them all.
//
// Expected: lanes 0..15 print 0x0000ffff and lane + 0x200, lanes 16..31
// 0xffff0000 and lane + 0x100; after the branch every lane sees 0xffffffff.

__global__ void divergent_branch()
{
    unsigned lane = threadIdx.x;
    unsigned r;
    if (lane < 16) {
        r = lane + 0x200;
        printf("lane %2u: lower half, running %08x\n", lane, __activemask());
    } else {
        r = lane + 0x100;
        printf("lane %2u: upper half, running %08x\n", lane, __activemask());
    }
    __syncwarp();
    unsigned all = __ballot_sync(0xffffffff, true);
    printf("lane %2u: r = %#x, together again: %08x\n", lane, r, all);
}
