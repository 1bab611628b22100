// Title: Group the lanes that hold the same key with __match_any_sync
//
// __match_any_sync gives each lane the mask of the lanes whose key equals
// its own: a warp-level "group by". __popc of the mask is the size of the
// lane's group, and its lowest lane (__ffs(mask) - 1) leads the group.
//
// Keys are lane % 3: groups {0, 3, ..., 30} (11 lanes), {1, 4, ..., 31}
// (11 lanes) and {2, 5, ..., 29} (10 lanes). Lanes 0, 1 and 2 lead.

__global__ void match_any()
{
    int lane = threadIdx.x;
    int key = lane % 3;
    unsigned group = __match_any_sync(0xffffffff, key);
    int leader = __ffs(group) - 1;
    printf("lane %2d: key %d, group %08x of %2d lanes, leader %d%s\n",
           lane, key, group, __popc(group), leader, leader == lane ? " (me)" : "");
}
