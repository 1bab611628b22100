//! Chinese for the page's frame: header, status bar, tabs, presentation
//! mode, embeds, the Keys dialog and the reference pane.

/// `(English, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[
    ("F10 step · Shift+F10 back · F5 run · click the gutter for a breakpoint · click a lane number to toggle it",
     "F10 单步 · Shift+F10 后退 · F5 运行 · 点击行号栏设断点 · 点击 lane 编号切换其激活状态"),
    ("values: ", "数值："),
    ("hex", "十六进制"),
    ("unsigned", "无符号"),
    ("signed", "有符号"),
    ("float", "浮点"),
    ("instruction set", "指令集"),
    ("load an example", "载入示例"),
    ("Examples…", "示例…"),
    ("graded exercises on warp-level operations", "带评分的 warp 级操作练习"),
    ("Puzzles", "练习"),
    ("copy a link to exactly this state (Ctrl+Shift+S); Shift+click: copy an iframe for embedding",
     "复制指向当前状态的链接（Ctrl+Shift+S）；Shift+点击：复制用于嵌入的 iframe"),
    ("Share", "分享"),
    ("switch light/dark", "切换浅色/深色"),
    ("☀ Light", "☀ 浅色"),
    ("☾ Dark", "☾ 深色"),
    ("interface language: English or Chinese", "界面语言：英文或中文"),
];
