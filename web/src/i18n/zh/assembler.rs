//! Chinese for the engine's messages (core's `msg!` templates): the assembler reading a program: its tokens, statements, expressions and values.

/// `(English template, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[
    // core/src/asm/values.rs
    ("`{0}` is not {1}", "`{0}` 不是{1}"),
    ("invalid register pair `{0}`", "无效的寄存器对 `{0}`"),
    (
        "a pair is an even register and the next one, e.g. `{0}[2:3]`, up to `{0}[{1}:{2}]`",
        "寄存器对由一个偶数号寄存器和紧随其后的寄存器组成，例如 `{0}[2:3]`，最大到 `{0}[{1}:{2}]`",
    ),
    (
        "`{0}` is a 32-bit float, but `{1}` is {2}",
        "`{0}` 是 32 位浮点数，但 `{1}` 是{2}",
    ),
    (
        "write the value as an integer: decimal, 0x hex or 0b binary",
        "请把该值写成整数：十进制、0x 十六进制或 0b 二进制",
    ),
    (
        "`{0}` is out of range for a 32-bit float",
        "`{0}` 超出了 32 位浮点数的范围",
    ),
    (
        "write infinities and NaNs as raw bits, e.g. `0f7f800000`",
        "无穷大和 NaN 请写成原始位模式，例如 `0f7f800000`",
    ),
    ("`{0}` must be {1}", "`{0}` 必须是{1}"),
    ("expected `True` or `False`", "此处应为 `True` 或 `False`"),
    (
        "`{0}` must be {1}, found `{2}`",
        "`{0}` 必须是{1}，但遇到的是 `{2}`",
    ),
    ("undefined label `{0}`", "未定义的标签 `{0}`"),
    (
        "`{0}` is a {1} value; here write its number, {2}",
        "`{0}` 是 {1} 类型的值；此处请写出它的数值 {2}",
    ),
    (
        "operand `{0}` is 32 bits wide here, not a register pair",
        "操作数 `{0}` 在此处为 32 位宽，不是寄存器对",
    ),
    (
        "write a single register such as `{0}2`",
        "请写单个寄存器，例如 `{0}2`",
    ),
    (
        "operand `{0}` is a 64-bit register pair and must start at an even register",
        "操作数 `{0}` 是 64 位寄存器对，必须从偶数号寄存器开始",
    ),
    (
        "write `{0}[{1}:{2}]` or `{0}[{3}:{4}]`",
        "请写 `{0}[{1}:{2}]` 或 `{0}[{3}:{4}]`",
    ),
    (
        "`hwreg` takes 1 or 3 arguments, found {0}",
        "`hwreg` 接受 1 个或 3 个参数，此处有 {0} 个",
    ),
    (
        "write hwreg(id) or hwreg(id, offset, size)",
        "请写 hwreg(id) 或 hwreg(id, offset, size)",
    ),
    (
        "invalid {0} {1}: it must be {2}..{3}",
        "无效的{0} {1}：必须在 {2}..{3} 之间",
    ),
    ("the {0} is {1}..{2}", "{0}的范围是 {1}..{2}"),
    (
        "the {0} must be a number, found `{1}`",
        "{0}必须是数字，但遇到的是 `{1}`",
    ),
    ("unknown hardware register `{0}`", "未知的硬件寄存器 `{0}`"),
    (
        "write a register name such as HW_REG_MODE, or its id 0..{0}",
        "请写寄存器名（如 HW_REG_MODE）或其编号 0..{0}",
    ),
    ("register id", "寄存器编号"),
    ("bit offset", "位偏移"),
    ("bit field size", "位域大小"),
    ("a signed {0}-bit immediate", "有符号 {0} 位立即数"),
    (
        "`{0}` is out of range for `{1}` ({2})",
        "`{0}` 超出了 `{1}`（{2}）的范围",
    ),
    (
        "the range is {0} ..= {1}; a bit pattern 0x0 ..= {2} is also accepted",
        "范围是 {0} ..= {1}；也接受位模式 0x0 ..= {2}",
    ),
    ("an unsigned {0}-bit immediate", "无符号 {0} 位立即数"),
    ("a {0}-bit field", "{0} 位字段"),
    (
        "`{0}` is negative, but `{1}` is {2}",
        "`{0}` 是负数，但 `{1}` 是{2}",
    ),
    ("the range is 0 ..= {0} ({1})", "范围是 0 ..= {0}（{1}）"),
    (
        "constant bank {0} is out of range",
        "常量 bank {0} 超出范围",
    ),
    ("banks are 0x0..{0}", "bank 的范围是 0x0..{0}"),
    (
        "constant offset {0} is not a multiple of {1} in 0x0..{2}",
        "常量偏移 {0} 不是 0x0..{2} 范围内 {1} 的倍数",
    ),
    (
        "offsets are byte addresses 0x0..{0}, multiples of {1}",
        "偏移是 0x0..{0} 范围内的字节地址，且为 {1} 的倍数",
    ),
    (
        "constant offset {0} is out of range",
        "常量偏移 {0} 超出范围",
    ),
    ("offsets are 0x0..{0}", "偏移的范围是 0x0..{0}"),
    (
        "constant offset {0} is not a multiple of {1}",
        "常量偏移 {0} 不是 {1} 的倍数",
    ),
    ("use {0} or {1}", "请使用 {0} 或 {1}"),
    // core/src/asm/expr.rs
    ("expression is too deeply nested", "表达式嵌套过深"),
    (
        "use at most {0} parentheses and unary operators",
        "括号和一元运算符合计最多 {0} 个",
    ),
    ("expected an expression", "此处应为表达式"),
    ("expected `)`", "此处应为 `)`"),
    (
        "to close the `(` at offset {0}",
        "用于闭合偏移 {0} 处的 `(`",
    ),
    ("number does not fit in 32 bits", "数值超出 32 位"),
    (
        "values are 32-bit: 0 ..= 0xffffffff",
        "数值为 32 位：0 ..= 0xffffffff",
    ),
    (
        "unknown name `{0}` in expression",
        "表达式中有未知名称 `{0}`",
    ),
    (
        "the only name an expression knows is `lane` (0..31)",
        "表达式中唯一可用的名称是 `lane`（0..31）",
    ),
    (
        "expected an expression, found `{0}`",
        "此处应为表达式，但遇到的是 `{0}`",
    ),
    ("division by zero", "除以零"),
    ("remainder by zero", "对零取余"),
    ("the divisor is 0 in lane {0}", "在 lane {0} 中除数为 0"),
    // core/src/asm/lexer.rs
    (
        "`{0}` is not a hexadecimal digit in `{1}`",
        "`{1}` 中的 `{0}` 不是十六进制数字",
    ),
    (
        "`{0}` is not a binary digit in `{1}`",
        "`{1}` 中的 `{0}` 不是二进制数字",
    ),
    (
        "`{0}` is not a decimal digit in `{1}`",
        "`{1}` 中的 `{0}` 不是十进制数字",
    ),
    ("`{0}` has no digits", "`{0}` 中没有数字"),
    ("`{0}` is too large", "`{0}` 太大"),
    ("unterminated `/*` comment", "`/*` 注释没有结束"),
    ("close it with `*/`", "请用 `*/` 结束注释"),
    ("unexpected character `{0}`", "意外的字符 `{0}`"),
    (
        "comments start with `//` or are written `/* ... */`",
        "注释以 `//` 开头，或写成 `/* ... */`",
    ),
    ("invalid number `{0}`", "无效的数字 `{0}`"),
    ("invalid float bit pattern `{0}`", "无效的浮点位模式 `{0}`"),
    (
        "write `0f` and up to 8 hex digits, e.g. `0f3fc00000` for 1.5",
        "请写 `0f` 加最多 8 位十六进制数字，例如 1.5 写作 `0f3fc00000`",
    ),
    ("invalid number: {0}", "无效的数字：{0}"),
    // core/src/asm/parser.rs
    ("an invalid token", "无效的记号"),
    ("`{0}`", "`{0}`"),
    ("the end of the statement", "语句结尾"),
    (
        "expected a predicate after `@`, found {0}",
        "`@` 之后应为谓词，但遇到的是{0}",
    ),
    (
        "expected a mnemonic after the guard, found {0}",
        "守卫谓词之后应为助记符，但遇到的是{0}",
    ),
    (
        "expected an instruction, found {0}",
        "此处应为指令，但遇到的是{0}",
    ),
    ("empty modifier after `.`", "`.` 之后的修饰符为空"),
    (
        "write a modifier name after the dot, or remove the dot",
        "请在点号后写修饰符名，或删去点号",
    ),
    (
        "expected a control name after `$`, found {0}",
        "`$` 之后应为控制项名称，但遇到的是{0}",
    ),
    (
        "expected `=` after `${0}`, found {1}",
        "`${0}` 之后应为 `=`，但遇到的是{1}",
    ),
    ("operands are separated by `,`", "操作数之间用 `,` 分隔"),
    (
        "operands are separated by `,`; controls are written `$name=value`",
        "操作数之间用 `,` 分隔；控制项写作 `$name=value`",
    ),
    ("unexpected `{0}`", "意外的 `{0}`"),
    (
        "expected a number after `-`, found {0}",
        "`-` 之后应为数字，但遇到的是{0}",
    ),
    ("expected an operand", "此处应为操作数"),
    (
        "expected an operand, found {0}",
        "此处应为操作数，但遇到的是{0}",
    ),
    ("to close the constant bank", "用于闭合常量 bank"),
    ("before the constant offset", "位于常量偏移之前"),
    ("to close the constant offset", "用于闭合常量偏移"),
    (
        "between the registers of a pair",
        "位于寄存器对的两个寄存器之间",
    ),
    ("to close the register pair", "用于闭合寄存器对"),
    (
        "`lane` cannot be used in an instruction operand",
        "指令操作数中不能使用 `lane`",
    ),
    (
        "operands are absolute expressions: numbers and symbols",
        "操作数是绝对表达式：只能包含数字和符号",
    ),
    ("to close `hwreg(`", "用于闭合 `hwreg(`"),
    (
        "expected a number, found {0}",
        "此处应为数字，但遇到的是{0}",
    ),
    (
        "expected `{0}` {1}, found {2}",
        "此处应为 `{0}`（{1}），但遇到的是{2}",
    ),
    // core/src/asm/mod.rs
    ("expected an instruction", "此处应为指令"),
    ("expected only one instruction", "只能有一条指令"),
    (
        "directives are not allowed here; expected an instruction",
        "此处不允许使用伪指令；应为指令",
    ),
    (
        "labels are not allowed here; expected an instruction",
        "此处不允许使用标签；应为指令",
    ),
    // core/src/asm/suggest.rs
    ("a {0} name ({1})", "{0} 名称（{1}）"),
    ("a name", "名称"),
    ("a register ({0})", "寄存器（{0}）"),
    ("a uniform register ({0})", "uniform 寄存器（{0}）"),
    ("a predicate ({0})", "谓词（{0}）"),
    ("a uniform predicate ({0})", "uniform 谓词（{0}）"),
    ("a scalar register ({0})", "标量寄存器（{0}）"),
    ("`True` or `False`", "`True` 或 `False`"),
    ("a float immediate", "浮点立即数"),
    ("a constant `c[bank][offset]`", "常量 `c[bank][offset]`"),
    (
        "a hardware register `hwreg(...)` or a {0}-bit value",
        "硬件寄存器 `hwreg(...)` 或 {0} 位数值",
    ),
    ("register `{0}`", "寄存器 `{0}`"),
    ("uniform register `{0}`", "uniform 寄存器 `{0}`"),
    ("predicate `{0}`", "谓词 `{0}`"),
    ("uniform predicate `{0}`", "uniform 谓词 `{0}`"),
    ("scalar register `{0}`", "标量寄存器 `{0}`"),
    ("the name `{0}`", "名称 `{0}`"),
    ("the register pair `{0}`", "寄存器对 `{0}`"),
    ("the immediate `{0}`", "立即数 `{0}`"),
    ("the float `{0}`", "浮点数 `{0}`"),
    ("the constant `{0}`", "常量 `{0}`"),
    ("the hardware register `{0}`", "硬件寄存器 `{0}`"),
    ("did you mean {0} or {1}?", "你是不是想写 {0} 或 {1}？"),
    ("did you mean {0}?", "你是不是想写 {0}？"),
    // core/src/asm/suggest.rs: lists of choices.
    ("nothing", "无"),
    ("{0} or {1}", "{0}或{1}"),
    ("{0}, {1}", "{0}、{1}"),
];
