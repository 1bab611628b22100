// Title: Ballot and population count: how many lanes satisfy a condition?
//
// __ballot_sync gathers one bit per lane into a 32-bit mask, the same in
// every lane; __popc counts its bits. __any_sync and __all_sync ask the
// same question with a yes or no.
//
// The values are lane * 7 mod 32, which takes every value 0..31 once, so
// exactly 10 lanes hold a value below 10.
// Expected: ballot = 0x1188c423, count = 10, any = 1, all = 0.

__global__ void ballot_popc()
{
    unsigned lane = threadIdx.x;
    unsigned value = lane * 7 % 32;
    bool small = value < 10;
    unsigned ballot = __ballot_sync(0xffffffff, small);
    printf("lane %2u: value %2u, ballot = %#010x, count = %d, any = %d, all = %d\n",
           lane, value, ballot, __popc(ballot), __any_sync(0xffffffff, small),
           __all_sync(0xffffffff, small));
}
