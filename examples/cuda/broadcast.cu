// Title: Broadcast one lane's value with __shfl_sync
//
// __shfl_sync(mask, v, src) gives every lane the v of lane src. Here lane
// 5's value goes to the whole warp, and then each lane reads its mirror
// image, lane 31 - lane: a per-lane source.
//
// Expected: every lane prints 1005; lane l's mirror is 1031 - l.

__global__ void broadcast()
{
    int lane = threadIdx.x;
    int v = 1000 + lane;
    int five = __shfl_sync(0xffffffff, v, 5);
    int mirror = __shfl_sync(0xffffffff, v, 31 - lane);
    printf("lane %2d: from lane 5 = %d, mirror = %d\n", lane, five, mirror);
}
