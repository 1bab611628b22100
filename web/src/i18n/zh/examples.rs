//! The bundled examples' titles and explanations in Chinese, keyed by
//! `example:ISA/ID:title` and `example:ISA/ID:text` (the page shows them
//! in place of the English header of an example whose header is
//! unchanged).

pub const ENTRIES: &[(&str, &str)] = &[
    // w128
    (
        "example:w128/special_registers:title",
        "特殊寄存器：lane 编号与 lane 掩码",
    ),
    (
        "example:w128/special_registers:text",
        "S2R 把一个特殊寄存器复制到通用寄存器。SR_LANEID 是本 lane\n在 warp 中的编号，0..31。各个 lane 掩码以读取它的 lane 为参照，\n描述其他 lane：\n    SR_EQMASK = 1 << lane            只有本 lane\n    SR_LTMASK = (1 << lane) - 1      编号比它小的 lane\n    SR_GTMASK = 编号比它大的 lane    （SR_LEMASK、SR_GEMASK：包含本 lane）\n\n一个经典用法：在满足某个条件的 lane 中，一个 lane 的名次是 POPC(投票结果 & SR_LTMASK)，即编号比它小、且投票为真的 lane 的个数。warp 借此把需要保留的元素写入连续的位置（流压缩）。这里编号为奇数的 lane 投票，因此 lane l 的名次是 l / 2。\n\n预期：R1 = lane，R2 = 1 << lane，R3 = (1 << lane) - 1，R4 = 比 lane 高的各位（在 lane 31 中为 0），R6 = 0xaaaaaaaa（编号为奇数的 lane），R8 = lane / 2。",
    ),
    (
        "example:w128/broadcast:title",
        "用 SHFL.IDX 把一个 lane 的值广播到整个 warp",
    ),
    (
        "example:w128/broadcast:text",
        "SHFL.IDX 读取 lane (minLane | (b & ~segmask))；当 SrcC = 0x1f（一个 32 lane 的段）时，它就是 lane b。若 SrcB 是寄存器，每个 lane 就能各自选择来源：这里每个 lane 读取与自己镜像对称的 lane 31 - l。\n\n预期：每个 lane 中 R1 = 1005（lane 5 的 R0）；R3 = 1000 + 31 - lane。",
    ),
    (
        "example:w128/clamped_idx:title",
        "带钳位的 SHFL.IDX：超出 maxLane 的读取会失败",
    ),
    (
        "example:w128/clamped_idx:text",
        "SHFL.IDX 从 SrcB 取来源 lane，其中只有低 5 位有效（lane 40 即 lane 8），并从 SrcC 的第 4..0 位取钳位值。没有段掩码时（SrcC 第 12..8 位 = 0），maxLane 就是钳位值本身：请求编号高于它的 lane 时，该 lane 得到的是自己的 Ra，且 pu = false。随后根据 pu 做一次 SEL，就能把失败的读取替换为默认值，这里是 0。\n\n每个 lane 请求 lane + 8，钳位值为 15。lane 0..7 请求 8..15，成功；lane 8..23 请求 16..31，失败；lane 24..31 请求 32..39，回绕到 lane 0..7，成功。\n\n预期（R0 = 100 + lane）：\n  P1 在 lane 0..7 和 24..31 中为 true（掩码 0xff0000ff）；\n  R1 在这些 lane 中 = 100 + (lane + 8) % 32，在其余 lane 中 = 100 + lane（自己的 R0）；\n  R3 在 P1 为 true 处 = R1，其余处为 0；\n  P2 = false，且每个 lane 中 R4 = R0（lane 20 高于钳位值）。",
    ),
    (
        "example:w128/butterfly_sum:title",
        "蝶形归约：每个 lane 最终都得到整个 warp 的总和",
    ),
    (
        "example:w128/butterfly_sum:text",
        "每一步 SHFL.BFLY 都在编号只差一位的 lane 之间交换数值（lane ^ 16、lane ^ 8、……、lane ^ 1）。加上收到的值之后，一个 lane 持有的是一个比上一步大一倍的组的总和；五步之后，这个组就是整个 warp，每个 lane 都得到相同的总和。SrcC = 0x1f：一个 32 lane 的段，钳位于 lane 31。\n\n预期：每个 lane 中 R0 = 32 个 lane 的 (3 * lane + 1) 之和 = 1520。",
    ),
    (
        "example:w128/inclusive_scan:title",
        "用 SHFL.UP 计算包含式前缀和（扫描）",
    ),
    (
        "example:w128/inclusive_scan:text",
        "第 k 步读取 lane (lane - 2^k) 的值。编号小于 2^k 的 lane 没有这样的来源 lane：SHFL.UP 通过它的谓词报告这一点（P0 = false），带守卫谓词的加法于是让这些 lane 保持不变。经过 log2(32) = 5 步后，lane l 持有 lane 0..l 的和。SrcC = 0x0 是 .UP 常用的钳位值：maxLane = 0。\n\n预期：R0 初值为 lane + 1，结束时 R0 = (lane + 1) * (lane + 2) / 2。",
    ),
    (
        "example:w128/segmented:title",
        "分段洗牌：把 warp 分成 8 个或 16 个 lane 的独立小组",
    ),
    (
        "example:w128/segmented:text",
        "SrcC 在第 12..8 位存放段掩码，在第 4..0 位存放钳位值。\n对于宽度 w（2 的幂），段掩码为 32 - w（即用来标识段的那些 lane 位），\n钳位值为 0x1f：\n    宽度 8   -> SrcC = 0x181f     宽度 16  -> SrcC = 0x101f\n这样 maxLane = (lane & segmask) | (钳位值 & ~segmask) 就是\n该 lane 所在段的最后一个 lane，因此任何交换都不会越过段的边界。\n\n第 1 部分（宽度 8）：在每个 8 lane 小组内广播组内编号为 2 的 lane 的值（SHFL.IDX）。\n  预期：R1 = 100 * (lane / 8) + 2。\n第 2 部分（宽度 16）：在每个半 warp 内用 SHFL.DOWN 做树形求和。越过段末尾的\n  读取会失败（P0 = false）并保留该 lane 自己的值，因此只有每段的第一个\n  lane 保证得到总和。\n  预期：lane 0 和 lane 16 中的 R2 = 半个 warp 内 (lane + 1) 之和，\n  分别为 136 和 392。",
    ),
    (
        "example:w128/ballot_popc:title",
        "投票与置位计数：有多少个 lane 满足条件？",
    ),
    (
        "example:w128/ballot_popc:text",
        "ISETP 为每个 lane 计算一个谓词；VOTE.ANY 把每个参与 lane 的谓词收集成一个 32 位掩码（投票结果），写入每个 lane 的 Rd，并在 pu 中给出是否有某个 lane 投了真。POPC 统计投票结果中为 1 的位数。\n\n数值为 lane * 7 mod 32；条件是“数值 < 10”。lane * 7 mod 32 恰好把 0..31 中的每个值各取一次，因此恰好有 10 个 lane 的值小于 10：lane 0、1、5、10、14、15、19、23、24、28。预期：每个 lane 中 R1 = 0x1188c423，R2 = 10；P1 = true；P2 = false。",
    ),
    (
        "example:w128/vote_modes:title",
        "VOTE.ANY、VOTE.ALL 与 VOTE.EQ",
    ),
    (
        "example:w128/vote_modes:text",
        "每条 VOTE 都把相同的投票结果写入 Rd（每个谓词为真的参与 lane 占一位），\n区别只在于写入 pu 的表决结果：\n    .ANY  有某个参与 lane 的谓词为真\n    .ALL  每个参与 lane 的谓词都为真\n    .EQ   所有参与 lane 意见一致（全为真或全为假）\n“参与”很关键：在守卫谓词之下，只有守卫谓词为真的 lane 参与表决，\n其余 lane 的寄存器保持不变。\n\nP0 = (lane < 8)；P1 在每个 lane 中为 true，P2 在每个 lane 中为 false。预期：R1 = R2 = R3 = 0xff；P3 = true（ANY），P4 = false（ALL），P5 = false（EQ：各 lane 意见不一）；R4 = 0 且 P6 = true（!P1 处处为 false，因此各 lane 意见一致）；R5 = 0xffffffff，P1 保持为 true；带守卫谓词的 VOTE.ALL 只在 lane 0..7 中执行：那里 R6 = 0xff 且 P2 = true，lane 8..31 中 R6 = 0 且 P2 = false。",
    ),
    (
        "example:w128/redux_signed:title",
        "REDUX.MIN 与 .MAX：有符号与无符号",
    ),
    (
        "example:w128/redux_signed:text",
        "一个寄存器存放 32 位；0xffffffff 是 -1 还是 4294967295，取决于读取它的指令。REDUX 默认按无符号数比较（.U32），除非指定 .S32。因此同一组数据有两个不同的最小值和两个不同的最大值。.SUM 按模 2^32 回绕，所以两种解释下结果相同。在归约之后再做一次比较和一次投票，就能找出结果位于哪个 lane（即求“最大值所在的位置”）。\n\nR0 = lane - 16：lane 0..15 持有 -16..-1（按无符号数看是 0xfffffff0..0xffffffff），lane 16..31 持有 0..15。每个 lane 中预期：R1 = 0（无符号最小值，lane 16）；R2 = 0xffffffff（无符号最大值：-1，lane 15）；R3 = 0xfffffff0（有符号最小值：-16，lane 0）；R4 = 15（有符号最大值，lane 31）；R5 = 0xfffffff0（和：496 - 512 = -16）；R6 = 0x80000000（lane 31 持有有符号最大值）；UR1 = 0xfffffff0。",
    ),
    (
        "example:w128/match_any:title",
        "MATCH.ANY：把持有相同键的 lane 归为一组",
    ),
    (
        "example:w128/match_any:text",
        "MATCH.ANY 给每个 lane 一个掩码，标出 Ra 与自己的 Ra 相等的所有参与 lane：相当于 warp 级的“按键分组”。对这个掩码做 POPC，就得到该 lane 所在组的大小。组长是组内编号最小的 lane：若组内没有编号比它小的 lane，即 (掩码 & SR_LTMASK) == 0，这个 lane 就是组长。MATCH.ALL 给出所有键是否都相等。\n\n键为 lane % 3：分成 {0, 3, ..., 30}（11 个 lane）、{1, 4, ..., 31}（11 个 lane）和 {2, 5, ..., 29}（10 个 lane）三组。预期：R1 = 0x49249249 << (lane % 3)（截取低 32 位），R2 = 组的大小；R3 = 0 且 P1 = false（各键不全相同）；P2 只在各组长中为 true，即仅 lane 0、1 和 2。",
    ),
    (
        "example:w128/elect_redux:title",
        "选出当选者并做 warp 归约：由一个 lane 公布总和",
    ),
    (
        "example:w128/elect_redux:text",
        "REDUX.SUM 用一条指令让每个参与 lane 得到 Ra 在整个 warp 上的和（即 butterfly_sum.s 的硬件版本）。ELECT 选出编号最小的参与 lane 作为当选者：只有在它那里 pu 为真。随后只由当选者写出结果，就像把结果存入内存的代码那样。这里只启动了 lane 4..27（.active），所以当选者是 lane 4。\n\n预期：在这些 lane 中 R1 = lane 4..27 的 lane * lane 之和 = 6916；R2 = 4（当选者的编号）；R3 仅在 lane 4 中为 6916，其余处为 0；UR1 = 6916（REDUXU），UR2 = 27（最大的 lane 编号，REDUXU.MAX）。",
    ),
    (
        "example:w128/divergent_branch:title",
        "在 BSSY/BSYNC 处重新汇合的分歧 if/else",
    ),
    (
        "example:w128/divergent_branch:text",
        "BSSY 把进入该区域的 lane 记录在屏障 B0 中。分支把 warp 一分为二：lane 0..15 跳转到 `lower`，它位于区域结束之后（编译器放置冷路径时正是这样做的），lane 16..31 则顺序执行下去。每个 lane 都有自己的 PC，每一步执行的是 PC 同为最小值的那些 lane，所以上半部分先执行，到达 BSYNC B0 后在那里等待。接着下半部分执行自己的代码块并跳回 `join`；B0 中的 lane 全部到达后，32 个 lane 一起继续执行。\n\n预期：lane 0..15 中 R1 = lane + 0x200，lane 16..31 中 R1 = lane + 0x100；R2 = 0xffffffff（汇合之后的 VOTE 又能看到全部 32 个 lane）。",
    ),
    (
        "example:w128/movm_transpose:title",
        "MOVM：转置由 16 位值组成的 8x8 矩阵",
    ),
    (
        "example:w128/movm_transpose:text",
        "MOVM 把 warp 的 32 个寄存器看作一个由 16 位元素组成的 8x8 矩阵：lane l 持有第 l / 4 行的第 2 * (l % 4) 列（低半部分）和第 2 * (l % 4) + 1 列（高半部分）。每个 lane 收到转置结果中属于自己的那一份，因此数据无需任何洗牌指令就能在 lane 之间移动。\n\n第 r 行第 c 列的元素为 0x10 * r + c，所以它的十六进制数字就标明了它的位置：0x23 即第 2 行第 3 列。执行 MOVM 之后，元素 (r, c) 的值为 0x10 * c + r。转置两次就得回原来的矩阵。预期：lane 0：R0 = 0x00010000，R1 = 0x00100000；lane 5（第 1 行，第 2 和第 3 列）：R0 = 0x00130012，R1 = 0x00310021；每个 lane 中 R2 = R0。",
    ),
    // sm50
    (
        "example:sm50/lane_masks:title",
        "S2R：每个 lane 读取自己的 lane 编号和 lane 掩码",
    ),
    (
        "example:sm50/lane_masks:text",
        "用 S2R 读取每个 lane 的位置和 lane 掩码。每个 lane 都得到自己的值；控制字段（$stall、$wrb……）最终进入每三条指令之前打印的控制字中。\n\n预期：lane 0..15 运行；R0 = lane，R1 = 1 << lane，R2 = (1 << lane) - 1，R3 = ~((1 << lane) - 1)，R4 = lane。",
    ),
    (
        "example:sm50/pack_predicates:title",
        "P2R：把谓词和 CC 标志打包进寄存器的一个字节",
    ),
    (
        "example:sm50/pack_predicates:text",
        "用 P2R 把谓词和条件码标志打包进寄存器。\n\nPR 在第 0..6 位存放 P0..P6；CC 在第 0..3 位存放 ZF、SF、CF、OF。\n\n预期：R0 = PR (P0 | P1 << 1 | P2 << 2)，R1 = 0xcafe0000 | PR << 8，R2 = 0xcafe0000 | CC.ZF，R3 = CC & 8，lane 16..31 中 R4 = CC << 24。",
    ),
    // gfx9
    (
        "example:gfx9/mode_fields:title",
        "s_getreg/s_setreg：读取和修改 MODE 字段",
    ),
    (
        "example:gfx9/mode_fields:text",
        "读取并修改 MODE 硬件寄存器的字段。\n\nMODE 的第 3..0 位是 FP_ROUND（两个 2 位字段），第 7..4 位是 FP_DENORM。在 warpscope 中，波前开始时 MODE = 0x3f0。\n\n预期：s0 = 0x3f0，s1 = 0xf，s2 = 5，s3 = 0x3f5。",
    ),
    (
        "example:gfx9/lds_alloc:title",
        "LDS_ALLOC 的 s_setreg 字段：基址与大小",
    ),
    (
        "example:gfx9/lds_alloc:text",
        "按字段读写 LDS_ALLOC 硬件寄存器。\n\nLDS_ALLOC：LDS_BASE 位于第 7..0 位，LDS_SIZE 位于第 20..12 位。\n\n预期：s0 = 0，s1 = 0x40，s2 = 0，s3 = 0x40010。",
    ),
    (
        "example:cuda/broadcast:title",
        "用 __shfl_sync 广播一个 lane 的值",
    ),
    (
        "example:cuda/broadcast:text",
        "__shfl_sync(mask, v, src) 让每个 lane 都得到 lane src 的 v。这里 lane 5 的值发给整个 warp，然后每个 lane 读取它的镜像 lane 31 - lane：每个 lane 的来源各不相同。

预期：每个 lane 打印 1005；lane l 的镜像是 1031 - l。",
    ),
    (
        "example:cuda/butterfly_sum:title",
        "用 __shfl_xor_sync 对整个 warp 求和（蝶形）",
    ),
    (
        "example:cuda/butterfly_sum:text",
        "每一步加上编号只差一位的 lane 的值：偏移 16、8、4、2、1。五步之后，每个 lane 都持有全部 32 个 lane 的总和，没有遗漏的 lane，也不需要再广播一次。

预期：每个 lane 打印 496（0 + 1 + … + 31）。",
    ),
    (
        "example:cuda/inclusive_scan:title",
        "用 __shfl_up_sync 做包含式前缀和（scan）",
    ),
    (
        "example:cuda/inclusive_scan:text",
        "第 d 步读取 lane (lane - d) 的值。编号小于 d 的 lane 没有这样的 lane：__shfl_up_sync 把它们自己的值还给它们，所以它们不能加上它。经过 1、2、4、8、16 这几步之后，lane l 持有 lane 0..l 的总和。

预期：v = lane + 1 时，lane l 打印 (l + 1) * (l + 2) / 2。",
    ),
    (
        "example:cuda/ballot_popc:title",
        "投票与位计数：有多少个 lane 满足条件？",
    ),
    (
        "example:cuda/ballot_popc:text",
        "__ballot_sync 把每个 lane 的一位收集成一个 32 位掩码，每个 lane 得到的都一样；__popc 数出其中的位。__any_sync 和 __all_sync 以是或否回答同样的问题。

值为 lane * 7 mod 32，0..31 每个值恰好出现一次，所以正好有 10 个 lane 的值小于 10。
预期：ballot = 0x1188c423，count = 10，any = 1，all = 0。",
    ),
    (
        "example:cuda/match_any:title",
        "用 __match_any_sync 把持有相同键的 lane 分组",
    ),
    (
        "example:cuda/match_any:text",
        "__match_any_sync 给每个 lane 一个掩码，标出键与它相同的 lane：warp 级的“分组”。掩码的 __popc 是该 lane 所在组的大小，最低的 lane（__ffs(mask) - 1）是组长。

键为 lane % 3：组 {0, 3, …, 30}（11 个 lane）、{1, 4, …, 31}（11 个 lane）和 {2, 5, …, 29}（10 个 lane）。lane 0、1、2 是组长。",
    ),
    (
        "example:cuda/divergent_branch:title",
        "发散的 if/else，以及之后 warp 的重新汇合",
    ),
    (
        "example:cuda/divergent_branch:text",
        "条件在各 lane 之间不同，所以 warp 分开执行：编号小于 16 的 lane 执行 if 的主体，其他 lane 等待，然后其他 lane 执行 else。在每一侧，__activemask() 显示正在执行的 lane；if/else 之后全部 32 个 lane 又一起执行，一次投票能看到它们全部。

预期：lane 0..15 打印 0x0000ffff 和 lane + 0x200，lane 16..31 打印 0xffff0000 和 lane + 0x100；分支之后每个 lane 都看到 0xffffffff。",
    ),
];
