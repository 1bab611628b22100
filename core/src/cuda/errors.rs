//! Every message the CUDA front end writes, in one place, so that the
//! texts can be reviewed without reading the passes that report them.
//! Each function returns a finished [`Diagnostic`] whose message is a
//! template ([`crate::msg`](mod@crate::msg)); the passes only say where and with which
//! names.

use super::ast::Ty;
use crate::diag::{Diagnostic, Span};
use crate::msg;
use crate::msg::Text;

/// A construct of C or CUDA that the subset leaves out, and why.
fn unsupported(span: Span, what: Text, why: Text) -> Diagnostic {
    Diagnostic::error(span, msg!("{0} is not in the cuda subset: {1}", what, why))
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
        Wanted::Kernel => msg!("a `__global__ void` kernel"),
        Wanted::Name => msg!("a name"),
        Wanted::Type => msg!("a type"),
        Wanted::Expression => msg!("an expression"),
        Wanted::Token(t) => Text::value(format!("`{t}`")),
    };
    let found = found.map_or(msg!("the end of the text"), |t| {
        Text::value(format!("`{t}`"))
    });
    Diagnostic::error(span, msg!("expected {0}, found {1}", wanted, found))
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
            msg!("a kernel that is not `void`"),
            msg!("a kernel returns nothing"),
        ),
        Outside::Parameter => (
            msg!("a kernel parameter"),
            msg!("the kernel runs with none, as `()` or `(void)`"),
        ),
        Outside::SecondFunction => (
            msg!("a second function or declaration"),
            msg!("a file holds one kernel"),
        ),
        Outside::FunctionDeclaration => (
            msg!("a function declaration"),
            msg!("a file holds one kernel"),
        ),
        Outside::Statement(w) => (
            Text::value(format!("`{w}`")),
            msg!("the statements are blocks, declarations, if, loops, break, continue and return"),
        ),
        Outside::ReturnValue => (msg!("returning a value"), msg!("the kernel is void")),
        Outside::Comma => (
            msg!("the comma operator"),
            msg!("write one expression per statement"),
        ),
        Outside::Array => (msg!("an array"), msg!("values live in registers")),
        Outside::Indexing => (
            msg!("indexing"),
            msg!("the subset has no arrays or pointers"),
        ),
        Outside::PointerType => (
            msg!("a pointer or reference type"),
            msg!("the kernel works on values in registers"),
        ),
        Outside::Deref => (
            msg!("a pointer"),
            msg!("the kernel works on values in registers"),
        ),
        Outside::Member(op) => (
            msg!("`{0}` here", op),
            msg!("the only members are those of threadIdx, blockIdx, blockDim and gridDim"),
        ),
        Outside::Sizeof => (msg!("`sizeof`"), msg!("the subset has no memory")),
        Outside::TypeWord(w) => (Text::value(format!("`{w}`")), type_word_why(w)),
        Outside::LongLiteral => (msg!("a `long` literal"), msg!("the integers are 32-bit")),
        Outside::OctalLiteral => (msg!("an octal literal"), msg!("write it in decimal or hex")),
    };
    unsupported(span, what, why)
}

/// Why a type word is not in the subset.
fn type_word_why(word: &str) -> Text {
    match word {
        "double" => msg!("the only floating type is float"),
        "long" | "short" => msg!("the integers are 32-bit int and unsigned"),
        "char" => msg!("characters are int values"),
        "signed" => msg!("write int"),
        "auto" => msg!("name the type"),
        "void" => msg!("only the kernel is void"),
        "__shared__" | "__device__" | "__constant__" => {
            msg!("the kernel runs as one warp, in registers only")
        }
        "static" | "volatile" | "extern" => msg!("variables are local to the kernel"),
        _ => msg!("the types are int, unsigned, bool and float"),
    }
}

/// A character that starts no token of the subset.
pub(crate) fn stray_char(span: Span, c: char) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("`{0}` is not part of cuda c", c.escape_default()),
    )
}

/// A preprocessor line other than `#include`.
pub(crate) fn preprocessor(span: Span) -> Diagnostic {
    unsupported(
        span,
        msg!("a preprocessor line"),
        msg!("only `#include` lines are read, and skipped"),
    )
}

/// A `/*` comment with no `*/`.
pub(crate) fn open_comment(span: Span) -> Diagnostic {
    Diagnostic::error(span, msg!("this comment is not closed"))
}

/// A quote with no closing quote on its line.
pub(crate) fn open_quote(span: Span) -> Diagnostic {
    Diagnostic::error(span, msg!("this quoted literal is not closed on its line"))
}

/// A backslash escape the subset does not read.
pub(crate) fn bad_escape(span: Span, c: char) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!(
            "the escape `\\{0}` is not in the cuda subset",
            c.escape_default()
        ),
    )
    .with_help(msg!("the escapes are {0}", "\\n \\t \\0 \\\\ \\' \\\""))
}

/// A character literal holding other than one character.
pub(crate) fn char_len(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("a character literal holds exactly one character"),
    )
}

/// Text that starts like a number and is not one.
pub(crate) fn bad_number(span: Span, text: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` is not a number", text))
}

/// An integer literal wider than 32 bits.
pub(crate) fn wide_literal(span: Span, text: &str) -> Diagnostic {
    unsupported(
        span,
        Text::value(format!("`{text}`")),
        msg!("integer literals must fit in 32 bits"),
    )
}

/// An unsuffixed floating literal (a `double` in C).
pub(crate) fn double_literal(span: Span, text: &str) -> Diagnostic {
    unsupported(
        span,
        msg!("the double `{0}`", text),
        msg!("the only floating type is float"),
    )
    .with_help(msg!("write `{0}f`", text))
}

/// Input nested deeper than the front end follows.
pub(crate) fn too_deep(span: Span, limit: usize) -> Diagnostic {
    Diagnostic::error(span, msg!("nesting deeper than {0} levels", limit))
}

/// A name used where none is declared.
pub(crate) fn not_declared(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` is not declared", name))
}

/// A second declaration of a name in one scope.
pub(crate) fn redeclared(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` is already declared in this scope", name))
}

/// A name that the subset reserves (a type, a keyword, a built-in).
pub(crate) fn reserved(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("`{0}` is reserved and cannot name a variable", name),
    )
}

/// `threadIdx.w` and its kin.
pub(crate) fn no_member(span: Span, base: &str, field: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` has no member `{1}`", base, field))
}

/// `threadIdx` without a member.
pub(crate) fn bare_builtin(span: Span, base: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` is used without `.x`, `.y` or `.z`", base))
}

/// An assignment or `++` whose target is not a variable.
pub(crate) fn not_assignable(span: Span, op: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` needs a variable on its left", op))
}

/// An increment of a `bool`.
pub(crate) fn bool_step(span: Span, op: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` does not apply to a `{1}`", op, "bool"))
}

/// An operator applied to a type it does not take.
pub(crate) fn operand_type(span: Span, op: &str, ty: Ty) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` does not apply to a `{1}`", op, ty.name()))
}

/// `/` or `%` by something other than a constant.
pub(crate) fn divisor_not_constant(span: Span, op: &str) -> Diagnostic {
    unsupported(
        span,
        msg!("`{0}` by a value that is not a constant", op),
        msg!("the subset divides only by constants"),
    )
}

/// `/` or `%` by a constant zero.
pub(crate) fn divide_by_zero(span: Span, op: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` by zero is undefined", op))
}

/// A `float` divided by a constant that is not a power of two.
pub(crate) fn float_divisor(span: Span, value: &str) -> Diagnostic {
    unsupported(
        span,
        msg!("`/` of a float by {0}", value),
        msg!("a float is divided only by a constant power of two"),
    )
}

/// A `float` literal too large for `float`.
pub(crate) fn float_range(span: Span, text: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` is too large for a float", text))
}

/// A constant shift amount outside 0 to 31.
pub(crate) fn shift_range(span: Span, amount: i64) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!(
            "a shift by {0} is undefined: the amount must be 0 to 31",
            amount
        ),
    )
}

/// A constant shuffle width that is not a power of two up to 32.
pub(crate) fn bad_width(span: Span, width: i64) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("the width {0} is not a power of two from 1 to 32", width),
    )
}

/// A call with too few or too many arguments: `want` of them, or one
/// fewer when the last is `optional`.
pub(crate) fn arg_count(
    span: Span,
    name: &str,
    want: usize,
    optional: bool,
    got: usize,
) -> Diagnostic {
    let message = match (want, optional) {
        (1, false) => msg!("`{0}` takes 1 argument, not {1}", name, got),
        (_, true) => msg!(
            "`{0}` takes {1} or {2} arguments, not {3}",
            name,
            want.saturating_sub(1),
            want,
            got
        ),
        _ => msg!("`{0}` takes {1} arguments, not {2}", name, want, got),
    };
    Diagnostic::error(span, message)
}

/// An argument of a type the function does not take.
pub(crate) fn arg_type(span: Span, name: &str, want: Text, ty: Ty) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("`{0}` takes {1} here, not a `{2}`", name, want, ty.name()),
    )
}

/// `__match_all_sync`'s third argument, which must be `&` of an `int`.
pub(crate) fn match_all_pred(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("`__match_all_sync`'s third argument must be `&` and an `int` variable"),
    )
}

/// `&` anywhere but `__match_all_sync`'s third argument.
pub(crate) fn address_of(span: Span) -> Diagnostic {
    unsupported(
        span,
        msg!("taking an address"),
        msg!("`&x` appears only as `__match_all_sync`'s third argument"),
    )
}

/// A call of a function the subset does not have.
pub(crate) fn unknown_function(span: Span, name: &str) -> Diagnostic {
    unsupported(
        span,
        msg!("a call of `{0}`", name),
        msg!("the kernel calls only printf and the warp and bit intrinsics"),
    )
}

/// A call of the kernel itself.
pub(crate) fn recursion(span: Span, name: &str) -> Diagnostic {
    unsupported(
        span,
        msg!("a call of the kernel `{0}` itself", name),
        msg!("a warp kernel does not recurse"),
    )
}

/// `printf` or `__syncwarp` used for a value.
pub(crate) fn no_value(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!(
            "`{0}` gives no value: call it as a statement of its own",
            name
        ),
    )
}

/// A string literal outside `printf`'s arguments.
pub(crate) fn stray_string(span: Span) -> Diagnostic {
    unsupported(
        span,
        msg!("a string here"),
        msg!("strings appear only as printf's format and its `%s` arguments"),
    )
}

/// `printf` whose first argument is not a string literal.
pub(crate) fn format_not_literal(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("`printf`'s first argument must be a string literal"),
    )
}

/// A `%` directive the subset does not print.
pub(crate) fn unknown_directive(span: Span, conv: char) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!(
            "`%{0}` is not a printf directive of the cuda subset",
            conv.escape_default()
        ),
    )
    .with_help(msg!(
        "the directives are {0}",
        "%d %i %u %x %X %o %c %s %f %F %e %E %%"
    ))
}

/// A format that ends inside a directive.
pub(crate) fn format_cut(span: Span) -> Diagnostic {
    Diagnostic::error(span, msg!("the format ends inside a `%` directive"))
}

/// A width or precision beyond the subset's bound.
pub(crate) fn format_too_wide(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!(
            "a printf width or precision above {0} is not in the cuda subset",
            super::format::MAX_FIELD
        ),
    )
}

/// A directive with no argument left for it.
pub(crate) fn missing_arg(span: Span, directive: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` has no argument", directive))
}

/// More arguments than directives.
pub(crate) fn extra_arg(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("`printf` has more arguments than its format has directives"),
    )
}

/// An argument whose type the directive does not print.
pub(crate) fn directive_type(span: Span, directive: &str, what: Text) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` does not print {1}", directive, what))
}

/// `break` or `continue` outside a loop.
pub(crate) fn outside_loop(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error(span, msg!("`{0}` outside a loop", word))
}

/// A `{` with no `}`.
pub(crate) fn open_block(span: Span) -> Diagnostic {
    Diagnostic::error(span, msg!("this `{` is not closed"))
}

/// A type's name with its article, as the printf messages say it.
pub(crate) fn noun(t: Ty) -> Text {
    match t {
        Ty::Int => msg!("an int"),
        Ty::Unsigned => msg!("an unsigned"),
        Ty::Bool => msg!("a bool"),
        Ty::Float => msg!("a float"),
    }
}

/// The string argument of a directive, as a message says it.
pub(crate) fn a_string() -> Text {
    msg!("a string")
}

/// What the reductions take, as a message says it.
pub(crate) fn an_integer() -> Text {
    msg!("an `int` or `unsigned`")
}

/// `__input` or `__output` in a kernel compiled for no puzzle.
pub(crate) fn no_puzzle(span: Span, name: &str) -> Diagnostic {
    let what = if name == "__input" {
        msg!(
            "`{0}` reads a puzzle's input; this kernel is not compiled for a puzzle",
            name
        )
    } else {
        msg!(
            "`{0}` writes a puzzle's output; this kernel is not compiled for a puzzle",
            name
        )
    };
    Diagnostic::error(span, what).with_help(msg!(
        "grade it with `warpscope check PUZZLE FILE.cu`, or use a variable instead"
    ))
}

/// The number of `__input(k)` or `__output(k, v)` is not a constant.
pub(crate) fn io_not_constant(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!("`{0}`'s first argument must be a constant number", name),
    )
}

/// `__input(k)` or `__output(k, v)` with `k` past the puzzle's registers.
pub(crate) fn io_range(span: Span, name: &str, k: i64, count: usize) -> Diagnostic {
    let what = if name == "__input" {
        msg!(
            "the puzzle has {0} input(s), numbered from 0; there is no input {1}",
            count,
            k
        )
    } else {
        msg!(
            "the puzzle has {0} output(s), numbered from 0; there is no output {1}",
            count,
            k
        )
    };
    Diagnostic::error(span, what)
}
