// Title: Inclusive prefix sum (scan) with __shfl_up_sync
//
// Step d reads the value of lane (lane - d). Lanes below d have no such
// lane: __shfl_up_sync gives them their own value back, so they must not
// add it. After steps 1, 2, 4, 8 and 16, lane l holds the sum of lanes
// 0..l.
//
// Expected: with v = lane + 1, lane l prints (l + 1) * (l + 2) / 2.

__global__ void inclusive_scan()
{
    int lane = threadIdx.x;
    int v = lane + 1;
    for (int d = 1; d < 32; d *= 2) {
        int up = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d)
            v += up;
    }
    printf("lane %2d: prefix sum = %d\n", lane, v);
}
