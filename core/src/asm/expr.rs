//! Integer expressions of the `.active` and `.init` directives.
//!
//! Values are `u32` and arithmetic wraps. Operators and precedence follow C
//! (tightest first): unary `- ~ !`; `* / %`; `+ -`; `<< >>`; `< <= > >=`;
//! `== !=`; `&`; `^`; `|`; `&&`; `||`. Comparisons and division are
//! unsigned; comparisons and logical operators give 0 or 1; a shift by 32 or
//! more gives 0. The only name is `lane` (0..31), the lane being initialised.

use super::lexer::{Punct, Tok, Token};
use crate::diag::{Diagnostic, Span};

/// A parsed expression node.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// Node kinds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ExprKind {
    Num(u32),
    Lane,
    Unary(Punct, Box<Expr>),
    /// Operator, its span, left and right operands.
    Binary(Punct, Span, Box<Expr>, Box<Expr>),
}

fn binary_prec(p: Punct) -> Option<u8> {
    use Punct::*;
    Some(match p {
        OrOr => 1,
        AndAnd => 2,
        Pipe => 3,
        Caret => 4,
        Amp => 5,
        EqEq | Ne => 6,
        Lt | Le | Gt | Ge => 7,
        Shl | Shr => 8,
        Plus | Minus => 9,
        Star | Slash | Percent => 10,
        _ => return None,
    })
}

/// Parses one expression from `toks[*pos..]`, stopping before a token that
/// cannot continue it (`,`, `}`, end). Reports problems into `diags`.
pub(crate) fn parse(
    src: &str,
    toks: &[Token],
    pos: &mut usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<Expr> {
    parse_with(src, toks, pos, diags, None)
}

/// Symbols an expression may name besides `lane`: `name = value` set
/// earlier in the source (AMDGPU syntax).
pub(crate) type Symbols = std::collections::HashMap<String, u32>;

/// Like [`parse`], with the symbols defined so far.
pub(crate) fn parse_with(
    src: &str,
    toks: &[Token],
    pos: &mut usize,
    diags: &mut Vec<Diagnostic>,
    syms: Option<&Symbols>,
) -> Option<Expr> {
    // The parser recurses once per `(` and unary operator; bound that so
    // hostile input cannot exhaust the stack.
    let nesting = toks[(*pos).min(toks.len())..]
        .iter()
        .filter(|t| {
            matches!(
                t.kind,
                Tok::P(Punct::LParen | Punct::Minus | Punct::Tilde | Punct::Bang)
            )
        })
        .count();
    if nesting > MAX_NESTING {
        let span = toks.get(*pos).map(|t| t.span).unwrap_or_default();
        diags.push(
            Diagnostic::error(span, crate::msg!("expression is too deeply nested")).with_help(
                crate::msg!(
                    "use at most {0} parentheses and unary operators",
                    MAX_NESTING
                ),
            ),
        );
        return None;
    }
    // A lone number, the common operand: no tree to build.
    if let Some(&Token {
        kind: Tok::Int(v),
        span,
    }) = toks.get(*pos)
    {
        let continues = matches!(
            toks.get(*pos + 1),
            Some(Token { kind: Tok::P(p), .. }) if binary_prec(*p).is_some()
        );
        if let (false, Ok(v)) = (continues, u32::try_from(v)) {
            *pos += 1;
            return Some(Expr {
                kind: ExprKind::Num(v),
                span,
            });
        }
    }
    parse_prec(src, toks, pos, diags, syms, 1)
}

/// Most parentheses plus unary operators one expression may contain.
const MAX_NESTING: usize = 256;

fn end_span(toks: &[Token], pos: usize) -> Span {
    match toks.get(pos) {
        Some(t) => t.span,
        None => toks
            .last()
            .map(|t| Span::new(t.span.end, t.span.end))
            .unwrap_or_default(),
    }
}

fn parse_prec(
    src: &str,
    toks: &[Token],
    pos: &mut usize,
    diags: &mut Vec<Diagnostic>,
    syms: Option<&Symbols>,
    min: u8,
) -> Option<Expr> {
    let mut lhs = parse_unary(src, toks, pos, diags, syms)?;
    while let Some(Token {
        kind: Tok::P(p),
        span,
    }) = toks.get(*pos).copied()
    {
        let Some(prec) = binary_prec(p) else { break };
        if prec < min {
            break;
        }
        *pos += 1;
        let rhs = parse_prec(src, toks, pos, diags, syms, prec + 1)?;
        let whole = lhs.span.to(rhs.span);
        lhs = Expr {
            kind: ExprKind::Binary(p, span, Box::new(lhs), Box::new(rhs)),
            span: whole,
        };
    }
    Some(lhs)
}

fn parse_unary(
    src: &str,
    toks: &[Token],
    pos: &mut usize,
    diags: &mut Vec<Diagnostic>,
    syms: Option<&Symbols>,
) -> Option<Expr> {
    let Some(t) = toks.get(*pos).copied() else {
        diags.push(Diagnostic::error(
            end_span(toks, *pos),
            crate::msg!("expected an expression"),
        ));
        return None;
    };
    match t.kind {
        Tok::P(p @ (Punct::Minus | Punct::Tilde | Punct::Bang)) => {
            *pos += 1;
            let inner = parse_unary(src, toks, pos, diags, syms)?;
            let span = t.span.to(inner.span);
            Some(Expr {
                kind: ExprKind::Unary(p, Box::new(inner)),
                span,
            })
        }
        Tok::P(Punct::LParen) => {
            *pos += 1;
            let inner = parse_prec(src, toks, pos, diags, syms, 1)?;
            match toks.get(*pos) {
                Some(Token {
                    kind: Tok::P(Punct::RParen),
                    span,
                }) => {
                    *pos += 1;
                    Some(Expr {
                        kind: inner.kind,
                        span: t.span.to(*span),
                    })
                }
                _ => {
                    diags.push(
                        Diagnostic::error(end_span(toks, *pos), crate::msg!("expected `)`"))
                            .with_help(crate::msg!("to close the `(` at offset {0}", t.span.start)),
                    );
                    None
                }
            }
        }
        Tok::Int(v) => {
            *pos += 1;
            match u32::try_from(v) {
                Ok(v) => Some(Expr {
                    kind: ExprKind::Num(v),
                    span: t.span,
                }),
                Err(_) => {
                    diags.push(
                        Diagnostic::error(t.span, crate::msg!("number does not fit in 32 bits"))
                            .with_help(crate::msg!("values are 32-bit: 0 ..= 0xffffffff")),
                    );
                    None
                }
            }
        }
        Tok::Ident if &src[t.span.start..t.span.end] == "lane" => {
            *pos += 1;
            Some(Expr {
                kind: ExprKind::Lane,
                span: t.span,
            })
        }
        Tok::Ident if syms.is_some_and(|m| m.contains_key(&src[t.span.start..t.span.end])) => {
            *pos += 1;
            let v = syms
                .and_then(|m| m.get(&src[t.span.start..t.span.end]).copied())
                .unwrap_or(0);
            Some(Expr {
                kind: ExprKind::Num(v),
                span: t.span,
            })
        }
        Tok::Ident => {
            diags.push(
                Diagnostic::error(
                    t.span,
                    crate::msg!(
                        "unknown name `{0}` in expression",
                        &src[t.span.start..t.span.end]
                    ),
                )
                .with_help(crate::msg!(
                    "the only name an expression knows is `lane` (0..31)"
                )),
            );
            None
        }
        Tok::Error => None,
        _ => {
            diags.push(Diagnostic::error(
                t.span,
                crate::msg!(
                    "expected an expression, found `{0}`",
                    crate::msg::visible(&src[t.span.start..t.span.end])
                ),
            ));
            None
        }
    }
}

impl Expr {
    /// The span of the first use of `lane`, if any.
    pub(crate) fn lane_use(&self) -> Option<Span> {
        match &self.kind {
            ExprKind::Num(_) => None,
            ExprKind::Lane => Some(self.span),
            ExprKind::Unary(_, e) => e.lane_use(),
            ExprKind::Binary(_, _, a, b) => a.lane_use().or_else(|| b.lane_use()),
        }
    }

    /// Evaluates for one lane. Division or remainder by zero is an error
    /// spanning the divisor.
    pub(crate) fn eval(&self, lane: u32) -> Result<u32, Diagnostic> {
        use Punct::*;
        Ok(match &self.kind {
            ExprKind::Num(v) => *v,
            ExprKind::Lane => lane,
            ExprKind::Unary(p, e) => {
                let v = e.eval(lane)?;
                match p {
                    Minus => v.wrapping_neg(),
                    Tilde => !v,
                    _ => u32::from(v == 0),
                }
            }
            ExprKind::Binary(AndAnd, _, a, b) => {
                u32::from(a.eval(lane)? != 0 && b.eval(lane)? != 0)
            }
            ExprKind::Binary(OrOr, _, a, b) => u32::from(a.eval(lane)? != 0 || b.eval(lane)? != 0),
            ExprKind::Binary(p, _, a, b) => {
                let x = a.eval(lane)?;
                let y = b.eval(lane)?;
                match p {
                    Plus => x.wrapping_add(y),
                    Minus => x.wrapping_sub(y),
                    Star => x.wrapping_mul(y),
                    Slash | Percent => {
                        if y == 0 {
                            let problem = if *p == Slash {
                                crate::msg!("division by zero")
                            } else {
                                crate::msg!("remainder by zero")
                            };
                            let mut d = Diagnostic::error(b.span, problem);
                            if self.lane_use().is_some() {
                                d = d.with_help(crate::msg!("the divisor is 0 in lane {0}", lane));
                            }
                            return Err(d);
                        }
                        if *p == Slash {
                            x / y
                        } else {
                            x % y
                        }
                    }
                    Shl => x.checked_shl(y).unwrap_or(0),
                    Shr => x.checked_shr(y).unwrap_or(0),
                    Lt => u32::from(x < y),
                    Le => u32::from(x <= y),
                    Gt => u32::from(x > y),
                    Ge => u32::from(x >= y),
                    EqEq => u32::from(x == y),
                    Ne => u32::from(x != y),
                    Amp => x & y,
                    Pipe => x | y,
                    Caret => x ^ y,
                    _ => 0,
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::lex;
    use super::*;

    fn eval_at(src: &str, lane: u32) -> Result<u32, Diagnostic> {
        let mut d = Vec::new();
        let toks = lex(src, &mut d);
        let mut pos = 0;
        let e = parse(src, &toks, &mut pos, &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(pos, toks.len(), "trailing tokens in {src}");
        e.expect("parsed").eval(lane)
    }

    fn eval(src: &str) -> u32 {
        eval_at(src, 0).expect("evaluates")
    }

    #[test]
    fn precedence_is_like_c() {
        assert_eq!(eval("1 + 2 * 3"), 7);
        assert_eq!(eval("(1 + 2) * 3"), 9);
        assert_eq!(eval("1 << 2 + 1"), 8);
        assert_eq!(eval("1 | 2 ^ 3 & 1"), 1 | (2 ^ (3 & 1)));
        assert_eq!(eval("1 < 2 == 1"), 1);
        assert_eq!(eval("0 || 2 && 3"), 1);
        assert_eq!(eval("10 - 3 - 2"), 5);
        assert_eq!(eval("100 / 10 / 5"), 2);
        assert_eq!(eval("-1"), u32::MAX);
        assert_eq!(eval("~0x0f & 0xff"), 0xf0);
        assert_eq!(eval("!5"), 0);
        assert_eq!(eval("!0"), 1);
        assert_eq!(eval("--3"), 3);
        assert_eq!(eval("7 % 4"), 3);
        assert_eq!(eval("0b101 >= 5"), 1);
    }

    #[test]
    fn wrapping_and_shifts() {
        assert_eq!(eval("0xffffffff + 2"), 1);
        assert_eq!(eval("0x80000000 * 2"), 0);
        assert_eq!(eval("1 << 32"), 0);
        assert_eq!(eval("1 << 31"), 0x8000_0000);
        assert_eq!(eval("0x80000000 >> 40"), 0);
        assert_eq!(eval("0 - 1 > 5"), 1, "comparisons are unsigned");
    }

    #[test]
    fn lane_expressions() {
        assert_eq!(eval_at("lane * 4 + 1", 3).unwrap(), 13);
        assert_eq!(eval_at("lane % 2 == 0", 6).unwrap(), 1);
        assert_eq!(eval_at("lane % 2 == 0", 7).unwrap(), 0);
    }

    #[test]
    fn division_by_zero_spans_the_divisor() {
        let src = "10 / (lane - 3)";
        let e = eval_at(src, 3).unwrap_err();
        assert_eq!(e.span, Span::new(5, 15));
        assert!(e.message().contains("division by zero"));
        assert!(e.help().unwrap().contains("lane 3"));
        assert_eq!(eval_at(src, 5).unwrap(), 5);
        let e = eval_at("1 % 0", 0).unwrap_err();
        assert!(e.message().contains("remainder by zero"));
        // Short-circuit like C: the right side is not evaluated.
        assert_eq!(eval("0 && 1 / 0"), 0);
    }

    #[test]
    fn errors_have_spans() {
        for (src, at, msg) in [
            ("1 +", 3, "expected an expression"),
            ("(1 + 2", 6, "expected `)`"),
            ("foo + 1", 0, "unknown name `foo`"),
            ("0x100000000", 0, "does not fit in 32 bits"),
            ("1 + ,", 4, "expected an expression, found `,`"),
        ] {
            let mut d = Vec::new();
            let toks = lex(src, &mut d);
            let mut pos = 0;
            assert!(parse(src, &toks, &mut pos, &mut d).is_none(), "{src}");
            assert_eq!(d.len(), 1, "{src}: {d:?}");
            assert_eq!(d[0].span.start, at, "{src}");
            assert!(d[0].message().contains(msg), "{src}: {}", d[0].message());
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        let mut d = Vec::new();
        let toks = lex(&src, &mut d);
        assert!(parse(&src, &toks, &mut 0, &mut d).is_none());
        assert!(d[0].message().contains("too deeply nested"));
        let src = format!("{}1", "-".repeat(100_000));
        let toks = lex(&src, &mut d);
        assert!(parse(&src, &toks, &mut 0, &mut d).is_none());
        assert_eq!(eval("-(-(~(!0)))"), 0xffff_fffe);
    }

    #[test]
    fn lane_use_is_found() {
        let src = "1 + 2 * lane";
        let mut d = Vec::new();
        let toks = lex(src, &mut d);
        let e = parse(src, &toks, &mut 0, &mut d).unwrap();
        assert_eq!(e.lane_use(), Some(Span::new(8, 12)));
    }
}
