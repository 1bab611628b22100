// Title: Sum the warp with __shfl_xor_sync (a butterfly)
//
// Each step adds the value of the lane whose number differs in one bit:
// offsets 16, 8, 4, 2, 1. After five steps every lane holds the sum of all
// 32 lanes, with no lane left out and no second pass to broadcast it.
//
// Expected: every lane prints 496 (0 + 1 + ... + 31).

__global__ void butterfly_sum()
{
    int v = threadIdx.x;
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffff, v, offset);
    printf("lane %2d: sum = %d\n", threadIdx.x, v);
}
