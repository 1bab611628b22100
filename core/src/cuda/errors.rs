//! Every message the CUDA front end writes, in one place, so that the
//! texts can be reviewed (and turned into templates) without reading the
//! passes that report them. Each function returns a finished
//! [`Diagnostic`]; the passes only say where and with which names.

use super::ast::Ty;
use crate::diag::{Diagnostic, Span};

/// A construct of C or CUDA that the subset leaves out, and why.
fn unsupported(span: Span, what: &str, why: &str) -> Diagnostic {
    Diagnostic::error(span, format!("{what} is not in the cuda subset: {why}"))
}

/// What the parser wanted where it failed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Wanted<'a> {
    /// The file's start: `__global__ void`.
    Kernel,
    /// A variable's or function's name.
    Name,
    /// A type.
    Type,
    /// An expression.
    Expression,
    /// This punctuation or word.
    Token(&'a str),
}

/// The parser wanted one thing and found another (`found` is the text
/// of the token, or `None` at the end of the text).
pub(crate) fn expected(span: Span, wanted: Wanted, found: Option<&str>) -> Diagnostic {
    let wanted = match wanted {
        Wanted::Kernel => "a `__global__ void` kernel".to_string(),
        Wanted::Name => "a name".to_string(),
        Wanted::Type => "a type".to_string(),
        Wanted::Expression => "an expression".to_string(),
        Wanted::Token(t) => format!("`{t}`"),
    };
    let found = found.map_or("the end of the text".to_string(), |t| format!("`{t}`"));
    Diagnostic::error(span, format!("expected {wanted}, found {found}"))
}

/// A construct of C or CUDA outside the subset.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Outside<'a> {
    /// A kernel returning a value.
    NonVoidKernel,
    /// A kernel with parameters.
    Parameter,
    /// Anything after the kernel.
    SecondFunction,
    /// A function declared inside the kernel.
    FunctionDeclaration,
    /// `switch`, `goto` and their kin: the word.
    Statement(&'a str),
    /// `return e;`.
    ReturnValue,
    /// `a, b`.
    Comma,
    /// `int a[4]`.
    Array,
    /// `a[i]`.
    Indexing,
    /// `int *p`, `int &r`.
    PointerType,
    /// `*p`.
    Deref,
    /// `.` or `->` after something other than a built-in: the operator.
    Member(&'a str),
    /// `sizeof`.
    Sizeof,
    /// A type word outside the subset (`double`, `__shared__`…).
    TypeWord(&'a str),
    /// `10l`.
    LongLiteral,
    /// `017`.
    OctalLiteral,
}

/// The error for a construct outside the subset.
pub(crate) fn outside(span: Span, what: Outside) -> Diagnostic {
    let (what, why) = match what {
        Outside::NonVoidKernel => (
            "a kernel that is not `void`".into(),
            "a kernel returns nothing",
        ),
        Outside::Parameter => (
            "a kernel parameter".into(),
            "the kernel runs with none, as `()` or `(void)`",
        ),
        Outside::SecondFunction => (
            "a second function or declaration".into(),
            "a file holds one kernel",
        ),
        Outside::FunctionDeclaration => {
            ("a function declaration".into(), "a file holds one kernel")
        }
        Outside::Statement(w) => (
            format!("`{w}`"),
            "the statements are blocks, declarations, if, loops, break, continue and return",
        ),
        Outside::ReturnValue => ("returning a value".into(), "the kernel is void"),
        Outside::Comma => (
            "the comma operator".into(),
            "write one expression per statement",
        ),
        Outside::Array => ("an array".into(), "values live in registers"),
        Outside::Indexing => ("indexing".into(), "the subset has no arrays or pointers"),
        Outside::PointerType => (
            "a pointer or reference type".into(),
            "the kernel works on values in registers",
        ),
        Outside::Deref => (
            "a pointer".into(),
            "the kernel works on values in registers",
        ),
        Outside::Member(op) => (
            format!("`{op}` here"),
            "the only members are those of threadIdx, blockIdx, blockDim and gridDim",
        ),
        Outside::Sizeof => ("`sizeof`".into(), "the subset has no memory"),
        Outside::TypeWord(w) => (format!("`{w}`"), type_word_why(w)),
        Outside::LongLiteral => ("a `long` literal".into(), "the integers are 32-bit"),
        Outside::OctalLiteral => ("an octal literal".into(), "write it in decimal or hex"),
    };
    unsupported(span, &what, why)
}

/// Why a type word is not in the subset.
fn type_word_why(word: &str) -> &'static str {
    match word {
        "double" => "the only floating type is float",
        "long" | "short" => "the integers are 32-bit int and unsigned",
        "char" => "characters are int values",
        "signed" => "write int",
        "auto" => "name the type",
        "void" => "only the kernel is void",
        "__shared__" | "__device__" | "__constant__" => {
            "the kernel runs as one warp, in registers only"
        }
        "static" | "volatile" | "extern" => "variables are local to the kernel",
        _ => "the types are int, unsigned, bool and float",
    }
}

/// A character that starts no token of the subset.
pub(crate) fn stray_char(span: Span, c: char) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("`{}` is not part of cuda c", c.escape_default()),
    )
}

/// A preprocessor line other than `#include`.
pub(crate) fn preprocessor(span: Span) -> Diagnostic {
    unsupported(
        span,
        "a preprocessor line",
        "only `#include` lines are read, and skipped",
    )
}

/// A `/*` comment with no `*/`.
pub(crate) fn open_comment(span: Span) -> Diagnostic {
    Diagnostic::error(span, "this comment is not closed")
}

/// A quote with no closing quote on its line.
pub(crate) fn open_quote(span: Span) -> Diagnostic {
    Diagnostic::error(span, "this quoted literal is not closed on its line")
}

/// A backslash escape the subset does not read.
pub(crate) fn bad_escape(span: Span, c: char) -> Diagnostic {
    Diagnostic::error(
        span,
        format!(
            "the escape `\\{}` is not in the cuda subset",
            c.escape_default()
        ),
    )
    .with_help("the escapes are \\n \\t \\0 \\\\ \\' and \\\"")
}

/// A character literal holding other than one character.
pub(crate) fn char_len(span: Span) -> Diagnostic {
    Diagnostic::error(span, "a character literal holds exactly one character")
}

/// Text that starts like a number and is not one.
pub(crate) fn bad_number(span: Span, text: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{text}` is not a number"))
}

/// An integer literal wider than 32 bits.
pub(crate) fn wide_literal(span: Span, text: &str) -> Diagnostic {
    unsupported(
        span,
        &format!("`{text}`"),
        "integer literals must fit in 32 bits",
    )
}

/// An unsuffixed floating literal (a `double` in C).
pub(crate) fn double_literal(span: Span, text: &str) -> Diagnostic {
    unsupported(
        span,
        &format!("the double `{text}`"),
        "the only floating type is float",
    )
    .with_help(format!("write `{text}f`"))
}

/// Input nested deeper than the front end follows.
pub(crate) fn too_deep(span: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(span, format!("nesting deeper than {limit} levels"))
}

/// A name used where none is declared.
pub(crate) fn not_declared(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{name}` is not declared"))
}

/// A second declaration of a name in one scope.
pub(crate) fn redeclared(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{name}` is already declared in this scope"))
}

/// A name that the subset reserves (a type, a keyword, a built-in).
pub(crate) fn reserved(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("`{name}` is reserved and cannot name a variable"),
    )
}

/// `threadIdx.w` and its kin.
pub(crate) fn no_member(span: Span, base: &str, field: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{base}` has no member `{field}`"))
}

/// `threadIdx` without a member.
pub(crate) fn bare_builtin(span: Span, base: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{base}` is used without `.x`, `.y` or `.z`"))
}

/// An assignment or `++` whose target is not a variable.
pub(crate) fn not_assignable(span: Span, op: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{op}` needs a variable on its left"))
}

/// An increment of a `bool`.
pub(crate) fn bool_step(span: Span, op: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{op}` does not apply to a `bool`"))
}

/// An operator applied to a type it does not take.
pub(crate) fn operand_type(span: Span, op: &str, ty: Ty) -> Diagnostic {
    let ty = ty.name();
    Diagnostic::error(span, format!("`{op}` does not apply to a `{ty}`"))
}

/// `/` or `%` by something other than a constant.
pub(crate) fn divisor_not_constant(span: Span, op: &str) -> Diagnostic {
    unsupported(
        span,
        &format!("`{op}` by a value that is not a constant"),
        "the subset divides only by constants",
    )
}

/// `/` or `%` by a constant zero.
pub(crate) fn divide_by_zero(span: Span, op: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{op}` by zero is undefined"))
}

/// A `float` divided by a constant that is not a power of two.
pub(crate) fn float_divisor(span: Span, value: &str) -> Diagnostic {
    unsupported(
        span,
        &format!("`/` of a float by {value}"),
        "a float is divided only by a constant power of two",
    )
}

/// A `float` literal too large for `float`.
pub(crate) fn float_range(span: Span, text: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{text}` is too large for a float"))
}

/// A constant shift amount outside 0 to 31.
pub(crate) fn shift_range(span: Span, amount: i64) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("a shift by {amount} is undefined: the amount must be 0 to 31"),
    )
}

/// A constant shuffle width that is not a power of two up to 32.
pub(crate) fn bad_width(span: Span, width: i64) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("the width {width} is not a power of two from 1 to 32"),
    )
}

/// A call with too few or too many arguments.
pub(crate) fn arg_count(span: Span, name: &str, want: &str, got: usize) -> Diagnostic {
    let noun = if want == "1" { "argument" } else { "arguments" };
    Diagnostic::error(span, format!("`{name}` takes {want} {noun}, not {got}"))
}

/// An argument of a type the function does not take.
pub(crate) fn arg_type(span: Span, name: &str, want: &str, ty: Ty) -> Diagnostic {
    let ty = ty.name();
    Diagnostic::error(span, format!("`{name}` takes {want} here, not a `{ty}`"))
}

/// `__match_all_sync`'s third argument, which must be `&` of an `int`.
pub(crate) fn match_all_pred(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        "`__match_all_sync`'s third argument must be `&` and an `int` variable",
    )
}

/// `&` anywhere but `__match_all_sync`'s third argument.
pub(crate) fn address_of(span: Span) -> Diagnostic {
    unsupported(
        span,
        "taking an address",
        "`&x` appears only as `__match_all_sync`'s third argument",
    )
}

/// A call of a function the subset does not have.
pub(crate) fn unknown_function(span: Span, name: &str) -> Diagnostic {
    unsupported(
        span,
        &format!("a call of `{name}`"),
        "the kernel calls only printf and the warp and bit intrinsics",
    )
}

/// A call of the kernel itself.
pub(crate) fn recursion(span: Span, name: &str) -> Diagnostic {
    unsupported(
        span,
        &format!("a call of the kernel `{name}` itself"),
        "a warp kernel does not recurse",
    )
}

/// `printf` or `__syncwarp` used for a value.
pub(crate) fn no_value(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("`{name}` gives no value: call it as a statement of its own"),
    )
}

/// A string literal outside `printf`'s arguments.
pub(crate) fn stray_string(span: Span) -> Diagnostic {
    unsupported(
        span,
        "a string here",
        "strings appear only as printf's format and its `%s` arguments",
    )
}

/// `printf` whose first argument is not a string literal.
pub(crate) fn format_not_literal(span: Span) -> Diagnostic {
    Diagnostic::error(span, "`printf`'s first argument must be a string literal")
}

/// A `%` directive the subset does not print.
pub(crate) fn unknown_directive(span: Span, conv: char) -> Diagnostic {
    Diagnostic::error(
        span,
        format!(
            "`%{}` is not a printf directive of the cuda subset",
            conv.escape_default()
        ),
    )
    .with_help("the directives are %d %i %u %x %X %o %c %s %f %F %e %E and %%")
}

/// A format that ends inside a directive.
pub(crate) fn format_cut(span: Span) -> Diagnostic {
    Diagnostic::error(span, "the format ends inside a `%` directive")
}

/// A directive with no argument left for it.
pub(crate) fn missing_arg(span: Span, directive: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{directive}` has no argument"))
}

/// More arguments than directives.
pub(crate) fn extra_arg(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        "`printf` has more arguments than its format has directives",
    )
}

/// An argument whose type the directive does not print.
pub(crate) fn directive_type(span: Span, directive: &str, ty: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{directive}` does not print {ty}"))
}

/// `break` or `continue` outside a loop.
pub(crate) fn outside_loop(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error(span, format!("`{word}` outside a loop"))
}

/// A `{` with no `}`.
pub(crate) fn open_block(span: Span) -> Diagnostic {
    Diagnostic::error(span, "this `{` is not closed")
}

/// A type's name with its article, as the printf messages say it.
pub(crate) fn noun(t: Ty) -> &'static str {
    match t {
        Ty::Int => "an int",
        Ty::Unsigned => "an unsigned",
        Ty::Bool => "a bool",
        Ty::Float => "a float",
    }
}

/// "2", or "3 or 4" when the last of `n` parameters may be left out.
pub(crate) fn count(n: usize, optional: bool) -> String {
    if optional {
        format!("{} or {n}", n.saturating_sub(1))
    } else {
        n.to_string()
    }
}

/// The string argument of a directive, as a message says it.
pub(crate) const A_STRING: &str = "a string";

/// What the reductions take, as a message says it.
pub(crate) const AN_INTEGER: &str = "an `int` or `unsigned`";
