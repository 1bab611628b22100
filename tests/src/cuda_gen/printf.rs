//! `printf` calls: a format that starts with `"[%u] "` and ends with one
//! `\n`, and arguments whose types fit the directives exactly.

use super::{Ctx, Ty, E, F_CAP};

/// Words written between the directives.
const LABELS: &[&str] = &[
    "x=", "sum ", "v:", "it ", "acc=", "bits ", "m=", "->", "| ", "ok ", "val ", "k=", "lane ",
    "res=", "", "", "",
];

/// String literals passed to `%s`.
const STRINGS: &[&str] = &[
    "ok", "left", "right", "loop", "done", "hi", "warp", "odd even",
];

impl Ctx {
    /// A directive and its argument for a value of type `ty`.
    fn directive(&mut self, ty: Ty) -> (String, String) {
        match ty {
            Ty::Int => {
                let e = self.int_expr(2);
                let d = self.pick(&["%d", "%d", "%i", "%5d", "%-4d", "%+d", "%03d"]);
                (d.into(), e.bare().into())
            }
            Ty::Uns => {
                let e = self.uns_expr(2);
                let d = self.pick(&["%u", "%x", "%X", "%08x", "%#x", "%u", "%10u"]);
                (d.into(), e.bare().into())
            }
            Ty::Bool => {
                let e = self.bool_expr(1);
                ("%d".into(), e.bare().into())
            }
            Ty::Float => {
                let e = self.float_expr(2);
                let d = if e.mag < F_CAP {
                    self.pick(&["%f", "%.2f", "%.3f", "%e", "%8.3f", "%f"])
                } else {
                    "%e"
                };
                (d.into(), e.bare().into())
            }
        }
    }

    /// A `%c` directive with a letter computed from an integer.
    fn letter(&mut self) -> (String, String) {
        let arg = if self.pct(50) {
            let u = self.uns_expr(1);
            format!("'A' + (int)({} & 15u)", u.s)
        } else {
            let i = self.int_expr(1);
            format!("'K' + ({} & 15)", i.s)
        };
        ("%c".into(), arg)
    }

    /// Writes one `printf` call.
    pub(crate) fn printf(&mut self) {
        self.printfs += 1;
        let mut fmt = String::from("[%u] ");
        let mut args = vec!["lane".to_string()];
        let items = 1 + self.r(3);
        for i in 0..items {
            if i > 0 {
                fmt.push(' ');
            }
            let label = self.pick(LABELS);
            fmt.push_str(label);
            let (d, arg) = match self.weighted(&[5, 4, 1, 3, 1, 1, 1]) {
                0 => self.directive(Ty::Int),
                1 => self.directive(Ty::Uns),
                2 => self.directive(Ty::Bool),
                3 => self.directive(Ty::Float),
                4 => self.letter(),
                5 => {
                    let s = self.pick(STRINGS);
                    ("%s".into(), format!("\"{s}\""))
                }
                _ => {
                    let i = self.int_expr(1);
                    fmt.push_str("%d%%");
                    args.push(i.bare().into());
                    continue;
                }
            };
            fmt.push_str(&d);
            args.push(arg);
        }
        let call = format!("printf(\"{fmt}\\n\", {});", args.join(", "));
        self.line(&call);
    }

    /// Writes `printf` of one variable, labelled with its name.
    pub(crate) fn printf_var(&mut self, e: &E) {
        self.printfs += 1;
        let d = match e.ty {
            Ty::Int | Ty::Bool => "%d",
            Ty::Uns => "%08x",
            Ty::Float if e.mag < F_CAP => "%.3f",
            Ty::Float => "%e",
        };
        let call = format!("printf(\"[%u] {}={d}\\n\", lane, {});", e.s, e.bare());
        self.line(&call);
    }
}
