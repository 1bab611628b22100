//! Permalinks: the whole playground state in a URL fragment.
//!
//! A link holds the ISA name, the source text, the selected instruction, the
//! step position and a few view toggles. [`encode_link`] turns a
//! [`LinkState`] into the text after `#`; [`decode_link`] turns it back,
//! or says precisely what is wrong with it. No server is involved: the
//! fragment is never sent over the network by browsers.
//!
//! The format (specified byte by byte in `docs/links.md`) is
//! `v1.` + base64url(raw deflate(payload)), where the deflate stream is
//! compressed against a fixed preset dictionary of common w128 assembly
//! ([`DICTIONARY_V1`]). Links are versioned forever: every later version of
//! warpscope keeps the v1 decoder, and the tests pin links made with it.
//!
//! ```
//! use warpscope_core::link::{decode_link, encode_link, LinkState};
//!
//! let mut state = LinkState::new("w128", "S2R R1, SR_LANEID\nEXIT\n");
//! state.step = Some(1);
//! state.view.push(("fmt".into(), "hex".into()));
//! let fragment = encode_link(&state);
//! assert!(fragment.starts_with("v1."));
//! assert_eq!(decode_link(&fragment).unwrap(), state);
//!
//! // A full URL works too: everything up to '#' is ignored.
//! let url = format!("https://example.org/warpscope/#{fragment}");
//! assert_eq!(decode_link(&url).unwrap(), state);
//!
//! // Damaged links give an error with a message and a position, never a panic.
//! let err = decode_link(&fragment[..fragment.len() - 3]).unwrap_err();
//! assert!(err.to_string().contains("cut off"));
//! ```
//!
//! Decoding never allocates more than [`MAX_PAYLOAD`] bytes of decompressed
//! data (plus the dictionary), whatever the link claims, so a "deflate
//! bomb" is refused instead of filling memory.

use crate::msg;
use crate::msg::Text;
use std::fmt;

mod deflate;
pub mod inflate;

/// The version tag of the current link format, written before the first `.`.
pub const VERSION: &str = "v1";

/// The largest decompressed payload a link may carry (256 KiB). Decoding
/// stops with [`LinkErrorKind::TooLarge`] as soon as the data would grow
/// past it, and [`try_encode_link`] refuses states that need more.
pub const MAX_PAYLOAD: usize = 256 * 1024;

/// The largest fragment [`decode_link`] looks at, in characters. Deflate
/// never expands data by more than a few bytes per 64 KiB, so a valid link
/// is always shorter; anything longer is refused before it is decoded.
pub const MAX_FRAGMENT: usize = (MAX_PAYLOAD + 1024) * 4 / 3 + 3;

/// The v1 preset dictionary: text that deflate may refer back to from the
/// first byte of a link's payload, so that common assembly costs a couple
/// of bytes instead of one byte per character. Part of the v1 format:
/// it must never change (a different dictionary is a new version).
/// `docs/links.md` reproduces it, and a test keeps the two identical.
pub const DICTIONARY_V1: &str = "\
 the of a to and is in it its are be by on as at or not no one two each every all any only
 first last same other with from into this that which when then so if than half
 value values mask masks bit bits lane lanes warp group groups segment leader sum total
 count result register registers predicate active participating inactive
// Title:
// Expected:
.active 0xffffffff
.init UP0 = 1
.init UR4 = 0x
.init P1 = lane % 2 == 0
.init R3 = {0, 1, 2, 3}
.init R2 = 31 - lane
.init R1 = lane *
PMTRIG 0x1
GETREG R1, SR_PM0
SETREG SR_PM0, R1
SWITCH R1
NOP
DEPBAR
IBBAR
FFMA R3, R0, R1, R2
FMUL R2, R0, 2.0
FADD R1, R0, 1.5
UMOV UR1, 0x0
IMAD R2, R0, R1, RZ
SHF.R.U32 R2, R0, 0x10
SHF.L.U32 R1, R0, 0x1
LOP3.LUT R2, R0, R1, RZ, 0xc0
SEL R3, R1, R2, P0
ISETP.NE.AND P1, PT, R1, RZ, PT
ISETP.LT.S32.AND P1, PT, R1, R2, PT
ISETP.GE.AND P0, PT, R0, 0x10, PT
CS2R R[0:1], SR_CLOCK
S2UR UR1, SR_LANEID
S2R R4, SR_GTMASK
S2R R3, SR_EQMASK
S2R R2, SR_LTMASK
S2R R1, SR_LANEID
MOVM R1, R0
MATCH.U64.ALL R4, P1, R[2:3]
MATCH.ALL R3, P1, R0
MATCH.ANY R1, P0, R0
ELECTU P0, UR1, PT
ELECT P0, R2, PT
REDUXU.MAX UR2, R0
REDUXU.SUM UR1, R0
REDUX.U32.MAX R4, R0
REDUX.S32.MIN R2, R0
REDUX.SUM R1, R0
VOTEU.ANY UR1, UP0, P0
VOTE.EQ R3, P2, P0
VOTE.ALL R2, P1, P0
VOTE.ANY R1, P0, P1
POPC R2, R1
MOV R3, R1
BSSY B0, join
@!P0 BRA skip
@P0 BRA else
    BSYNC B0
join:
loop:
    BRA join
    EXIT
    SHFL.IDX PT, R1, R0, 0x0, 0x1f    //
    SHFL.DOWN P0, R1, R0, 0x1, 0x1f   //
    SHFL.UP P0, R1, R0, 0x1, 0x0      //
@P0 IADD3 R0, R0, R1, RZ
    IADD3 R0, R0, R1, RZ              //
    SHFL.BFLY P0, R1, R0, 0x10, 0x1f  //
";

/// Flag bits of the payload's first varint.
const HAS_SELECTED: u64 = 1;
const HAS_STEP: u64 = 2;
const HAS_VIEW: u64 = 4;
const KNOWN_FLAGS: u64 = HAS_SELECTED | HAS_STEP | HAS_VIEW;

/// Everything a permalink restores.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkState {
    /// Short name of the ISA (`"w128"`).
    pub isa: String,
    /// The program text, exactly as typed.
    pub source: String,
    /// The selected instruction, as an index into the assembled program.
    pub selected: Option<u32>,
    /// How many steps the simulation had run.
    pub step: Option<u64>,
    /// Small view toggles as `(key, value)` pairs, in order, for example
    /// `("fmt", "hex")`, `("theme", "dark")`, `("embed", "1")`. The codec
    /// stores them as given; their meaning belongs to the front end.
    pub view: Vec<(String, String)>,
}

impl LinkState {
    /// A state with just an ISA and a source: nothing selected, no step,
    /// no view toggles.
    pub fn new(isa: &str, source: &str) -> LinkState {
        LinkState {
            isa: isa.to_string(),
            source: source.to_string(),
            ..LinkState::default()
        }
    }

    /// The value of the first view toggle named `key`.
    ///
    /// ```
    /// # use warpscope_core::link::LinkState;
    /// let mut s = LinkState::new("w128", "");
    /// s.view.push(("embed".into(), "1".into()));
    /// assert_eq!(s.view_value("embed"), Some("1"));
    /// assert_eq!(s.view_value("theme"), None);
    /// ```
    pub fn view_value(&self, key: &str) -> Option<&str> {
        self.view
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Things about a decoded state that this version of warpscope cannot
    /// honour, as messages for the user. The state is still usable: the
    /// source should be shown (as text) whatever these say.
    ///
    /// ```
    /// # use warpscope_core::link::LinkState;
    /// assert!(LinkState::new("w128", "EXIT").warnings().is_empty());
    /// let w = LinkState::new("w64", "EXIT").warnings();
    /// assert!(w[0].contains("`w64`"));
    /// ```
    pub fn warnings(&self) -> Vec<String> {
        self.warning_texts().iter().map(Text::english).collect()
    }

    /// [`LinkState::warnings`] as messages to translate.
    pub fn warning_texts(&self) -> Vec<Text> {
        let mut out = Vec::new();
        if crate::isas::by_name(&self.isa).is_none() {
            out.push(msg!(
                "this link is for the ISA `{0}`, which this version of warpscope does not know \
                 (it knows {1}); the program is shown as it was written",
                &self.isa,
                crate::isas::NAMES
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        out
    }
}

/// What went wrong while decoding a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkErrorKind {
    /// The fragment is empty.
    Empty,
    /// No version tag: the text does not look like a warpscope link.
    NotALink,
    /// A version tag this version of warpscope does not read (the tag).
    UnsupportedVersion(String),
    /// A character that is not part of the base64url alphabet.
    BadCharacter(char),
    /// The link ends before its data does.
    Truncated,
    /// The compressed data is damaged, or its content does not match its
    /// check value.
    Corrupt,
    /// The data would decompress to more than [`MAX_PAYLOAD`] bytes, or the
    /// fragment is longer than [`MAX_FRAGMENT`].
    TooLarge,
    /// A text field (the named one) is not valid UTF-8.
    InvalidUtf8(Text),
    /// The decompressed data does not have the v1 layout (what is wrong).
    BadLayout(Text),
    /// Data follows the end of the link's content.
    TrailingData,
}

/// A link that cannot be opened: what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError {
    /// What went wrong.
    pub kind: LinkErrorKind,
    /// Byte offset in the fragment (the text after `#`) where decoding
    /// went wrong, when it can be told. Problems found after decompression
    /// have no position in the fragment.
    pub offset: Option<usize>,
}

impl LinkError {
    fn new(kind: LinkErrorKind, offset: Option<usize>) -> LinkError {
        LinkError { kind, offset }
    }

    /// The message for the user, without the position.
    pub fn message(&self) -> String {
        self.text().english()
    }

    /// The message as a template and its values, without the position.
    pub fn text(&self) -> Text {
        match &self.kind {
            LinkErrorKind::Empty => msg!("the link is empty: it has nothing after `#`"),
            LinkErrorKind::NotALink => {
                msg!("this is not a warpscope link: it should start with a version tag such as `v1.`")
            }
            LinkErrorKind::UnsupportedVersion(v) => msg!(
                "this link has format `{0}`, which this version of warpscope cannot read \
                 (it reads `{1}`); it may come from a newer warpscope",
                v,
                VERSION
            ),
            LinkErrorKind::BadCharacter(c) => msg!(
                "the link contains {0}, which cannot appear in a warpscope link; \
                 it was probably damaged when it was copied",
                quoted(*c)
            ),
            LinkErrorKind::Truncated => {
                msg!("the link is cut off: its data ends too early (was it copied only in part?)")
            }
            LinkErrorKind::Corrupt => {
                msg!("the link is damaged: its data does not check out (was a character changed?)")
            }
            LinkErrorKind::TooLarge => msg!(
                "the link is too large: warpscope opens links of at most {0} KiB of content",
                MAX_PAYLOAD / 1024
            ),
            LinkErrorKind::InvalidUtf8(field) => {
                msg!(
                    "the link is damaged: its {0} is not valid UTF-8 text",
                    field.clone()
                )
            }
            LinkErrorKind::BadLayout(what) => msg!("the link is damaged: {0}", what.clone()),
            LinkErrorKind::TrailingData => {
                msg!("the link is damaged: it has extra data after its content")
            }
        }
    }

    /// Where in the link it went wrong, shown after the message, when
    /// that can be told.
    pub fn position_text(&self) -> Option<Text> {
        self.offset
            .map(|at| msg!("(at character {0} of the link)", at))
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().english())?;
        if let Some(at) = self.position_text() {
            write!(f, " {}", at.english())?;
        }
        Ok(())
    }
}

impl std::error::Error for LinkError {}

/// The fragment of a URL: what follows the first `#`, or the whole text
/// when it has none. Surrounding whitespace is ignored.
///
/// ```
/// # use warpscope_core::link::fragment_of;
/// assert_eq!(fragment_of("https://x.org/p/#v1.abc"), "v1.abc");
/// assert_eq!(fragment_of("#v1.abc"), "v1.abc");
/// assert_eq!(fragment_of(" v1.abc\n"), "v1.abc");
/// ```
pub fn fragment_of(url_or_fragment: &str) -> &str {
    let s = url_or_fragment.trim();
    match s.find('#') {
        Some(i) => &s[i + 1..],
        None => s,
    }
}

/// The link fragment (without `#`) for a state: `v1.` followed by the
/// compressed, base64url-encoded payload.
///
/// A state whose payload exceeds [`MAX_PAYLOAD`] still encodes, but no
/// decoder opens the result; use [`try_encode_link`] to refuse it instead.
pub fn encode_link(state: &LinkState) -> String {
    encode_payload(&payload_v1(state))
}

/// The fragment of a serialized payload.
fn encode_payload(payload: &[u8]) -> String {
    let packed = deflate_with_dictionary(payload);
    let mut out = String::with_capacity(VERSION.len() + 1 + packed.len() * 4 / 3 + 3);
    out.push_str(VERSION);
    out.push('.');
    base64url_encode(&packed, &mut out);
    out
}

/// [`encode_link`], but refusing a state too large for any decoder to open
/// (its serialized payload is over [`MAX_PAYLOAD`] bytes).
pub fn try_encode_link(state: &LinkState) -> Result<String, LinkError> {
    let payload = payload_v1(state);
    if payload.len() > MAX_PAYLOAD {
        return Err(LinkError::new(LinkErrorKind::TooLarge, None));
    }
    Ok(encode_payload(&payload))
}

/// Reads a link: a fragment (with or without the leading `#`) or a whole
/// URL (see [`fragment_of`]).
///
/// An ISA name this version does not know is not an error: the state comes
/// back with the source intact, and [`LinkState::warnings`] says what
/// cannot be honoured.
pub fn decode_link(fragment: &str) -> Result<LinkState, LinkError> {
    // Offsets in errors count from the start of the fragment proper.
    let frag = fragment_of(fragment);
    if frag.is_empty() {
        return Err(LinkError::new(LinkErrorKind::Empty, Some(0)));
    }
    let Some(dot) = frag.find('.') else {
        return Err(LinkError::new(LinkErrorKind::NotALink, Some(0)));
    };
    let tag = &frag[..dot];
    let looks_like_tag = tag.len() >= 2
        && tag.len() <= 8
        && tag.starts_with('v')
        && tag[1..].bytes().all(|b| b.is_ascii_digit());
    if !looks_like_tag {
        return Err(LinkError::new(LinkErrorKind::NotALink, Some(0)));
    }
    if tag != VERSION {
        return Err(LinkError::new(
            LinkErrorKind::UnsupportedVersion(tag.to_string()),
            Some(0),
        ));
    }
    let body_start = dot + 1;
    decode_v1(&frag[body_start..], body_start)
}

/// The v1 decoder. `base` is the offset of `body` in the fragment. This
/// function must keep reading every v1 link ever made.
fn decode_v1(body: &str, base: usize) -> Result<LinkState, LinkError> {
    if body.len() > MAX_FRAGMENT {
        return Err(LinkError::new(LinkErrorKind::TooLarge, Some(base)));
    }
    let packed =
        base64url_decode(body).map_err(|(kind, at)| LinkError::new(kind, Some(base + at)))?;
    // Offset in the fragment of the character holding compressed byte `i`.
    let char_of = |i: usize| base + (i * 4 / 3).min(body.len());
    let payload = inflate_with_dictionary(&packed).map_err(|(kind, at)| {
        let offset = match kind {
            LinkErrorKind::TooLarge => None,
            LinkErrorKind::Truncated => Some(base + body.len()),
            _ => Some(char_of(at)),
        };
        LinkError::new(kind, offset)
    })?;
    parse_payload_v1(&payload)
}

// ---------------------------------------------------------------------------
// Payload layout (v1)

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// The uncompressed v1 payload of a state (see `docs/links.md`).
fn payload_v1(state: &LinkState) -> Vec<u8> {
    let mut flags = 0;
    if state.selected.is_some() {
        flags |= HAS_SELECTED;
    }
    if state.step.is_some() {
        flags |= HAS_STEP;
    }
    if !state.view.is_empty() {
        flags |= HAS_VIEW;
    }
    let mut out = Vec::with_capacity(state.source.len() + state.isa.len() + 16);
    put_varint(&mut out, flags);
    put_str(&mut out, &state.isa);
    put_str(&mut out, &state.source);
    if let Some(sel) = state.selected {
        put_varint(&mut out, u64::from(sel));
    }
    if let Some(step) = state.step {
        put_varint(&mut out, step);
    }
    if !state.view.is_empty() {
        put_varint(&mut out, state.view.len() as u64);
        for (k, v) in &state.view {
            put_str(&mut out, k);
            put_str(&mut out, v);
        }
    }
    let check = check16(&out);
    out.extend_from_slice(&check.to_le_bytes());
    out
}

/// The v1 check value of the payload fields: the low 16 bits of their
/// CRC-32 (the IEEE polynomial of zlib and PNG). Deflate has no checksum
/// of its own, so without it a damaged character would often open as
/// slightly different text instead of an error.
fn check16(data: &[u8]) -> u16 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    (!crc & 0xffff) as u16
}

/// A cursor over the decompressed payload.
struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn bad(&self, what: Text) -> LinkError {
        LinkError::new(
            LinkErrorKind::BadLayout(msg!("{0} (at byte {1} of its content)", what, self.pos)),
            None,
        )
    }

    /// A number; `what` names it in messages (`msg!("flags")`).
    fn varint(&mut self, what: Text) -> Result<u64, LinkError> {
        let start = self.pos;
        let mut v: u64 = 0;
        for i in 0..10 {
            let Some(&b) = self.data.get(self.pos) else {
                self.pos = start;
                return Err(self.bad(msg!("its content ends inside the {0}", what)));
            };
            self.pos += 1;
            let part = u64::from(b & 0x7f);
            if i == 9 && part > 1 {
                self.pos = start;
                return Err(self.bad(msg!("the {0} is too large a number", what)));
            }
            v |= part << (7 * i);
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        self.pos = start;
        Err(self.bad(msg!("the {0} is too large a number", what)))
    }

    /// A text; `what` names it in messages (`msg!("source")`).
    fn string(&mut self, what: Text) -> Result<String, LinkError> {
        let len = self.varint(msg!("length of the {0}", what.clone()))?;
        let rest = self.data.len() - self.pos;
        if len > rest as u64 {
            return Err(self.bad(msg!(
                "the {0} claims {1} bytes but only {2} follow",
                what,
                len,
                rest
            )));
        }
        let bytes = &self.data[self.pos..self.pos + len as usize];
        let s = std::str::from_utf8(bytes)
            .map_err(|_| LinkError::new(LinkErrorKind::InvalidUtf8(what), None))?;
        self.pos += len as usize;
        Ok(s.to_string())
    }
}

fn parse_payload_v1(payload: &[u8]) -> Result<LinkState, LinkError> {
    let Some(split) = payload.len().checked_sub(2) else {
        return Err(LinkError::new(
            LinkErrorKind::BadLayout(msg!("its content is too short to hold a check value")),
            None,
        ));
    };
    let (data, check) = payload.split_at(split);
    if check16(data).to_le_bytes() != check {
        return Err(LinkError::new(LinkErrorKind::Corrupt, None));
    }
    let mut r = Reader { data, pos: 0 };
    let flags = r.varint(msg!("flags"))?;
    if flags & !KNOWN_FLAGS != 0 {
        r.pos = 0;
        let unknown = format!("{:#x}", flags & !KNOWN_FLAGS);
        return Err(r.bad(msg!("unknown flag bits {0}", unknown)));
    }
    let isa = r.string(msg!("ISA name"))?;
    let source = r.string(msg!("source"))?;
    let selected = if flags & HAS_SELECTED != 0 {
        let at = r.pos;
        let v = r.varint(msg!("selected instruction"))?;
        match u32::try_from(v) {
            Ok(v) => Some(v),
            Err(_) => {
                r.pos = at;
                return Err(r.bad(msg!("the selected instruction number is out of range")));
            }
        }
    } else {
        None
    };
    let step = if flags & HAS_STEP != 0 {
        Some(r.varint(msg!("step"))?)
    } else {
        None
    };
    let mut view = Vec::new();
    if flags & HAS_VIEW != 0 {
        let n = r.varint(msg!("number of view settings"))?;
        // Each pair takes at least two bytes: a bound before allocating.
        if n > ((data.len() - r.pos) / 2) as u64 {
            return Err(r.bad(msg!("it claims {0} view settings, more than fit", n)));
        }
        for _ in 0..n {
            let k = r.string(msg!("view setting name"))?;
            let v = r.string(msg!("view setting value"))?;
            view.push((k, v));
        }
    }
    if r.pos != data.len() {
        return Err(LinkError::new(LinkErrorKind::TrailingData, None));
    }
    Ok(LinkState {
        isa,
        source,
        selected,
        step,
        view,
    })
}

// ---------------------------------------------------------------------------
// Deflate with a preset dictionary

/// Raw deflate of `data` as if [`DICTIONARY_V1`] had been output just
/// before it: its back-references may reach into the dictionary, which the
/// decoder puts in front of its output.
fn deflate_with_dictionary(data: &[u8]) -> Vec<u8> {
    deflate::deflate(DICTIONARY_V1.as_bytes(), data)
}

/// Inverse of [`deflate_with_dictionary`], never producing more than
/// [`MAX_PAYLOAD`] bytes. Errors carry the offset in `packed` where
/// decoding stopped.
fn inflate_with_dictionary(packed: &[u8]) -> Result<Vec<u8>, (LinkErrorKind, usize)> {
    inflate::inflate(DICTIONARY_V1.as_bytes(), packed, MAX_PAYLOAD)
}

// ---------------------------------------------------------------------------
// base64url without padding (RFC 4648 §5)

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Appends `data` as base64url without padding (the body of a link; the
/// tools and the fuzz targets write links' bodies with it too).
pub fn base64url_encode(data: &[u8], out: &mut String) {
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(B64[(n >> (18 - 6 * i)) as usize & 63] as char);
        }
    }
}

fn b64_value(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    } as u32)
}

/// Decodes base64url; up to two trailing `=` are accepted and ignored.
/// Errors carry the offset of the offending character in `text`. (The
/// project's one base64 reader: the tools read standard base64 with it
/// after mapping `+` and `/` to `-` and `_`.)
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, (LinkErrorKind, usize)> {
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    while end > 0 && bytes.len() - end < 2 && bytes[end - 1] == b'=' {
        end -= 1;
    }
    let body = &bytes[..end];
    if body.is_empty() {
        return Err((LinkErrorKind::Truncated, 0));
    }
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut nbits = 0;
    for (i, &c) in body.iter().enumerate() {
        let Some(v) = b64_value(c) else {
            let ch = text[i..].chars().next().unwrap_or('\u{fffd}');
            return Err((LinkErrorKind::BadCharacter(ch), i));
        };
        acc = (acc << 6) | v;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            out.push((acc >> nbits) as u8);
            acc &= (1 << nbits) - 1;
        }
    }
    if body.len() % 4 == 1 {
        // One lone character cannot hold a whole byte.
        return Err((LinkErrorKind::Truncated, body.len()));
    }
    Ok(out)
}

/// A character as a message shows it: `'*'` when it is visible, else its
/// code point (`U+000A`), so a space, a control character or a combining
/// mark is still seen.
fn quoted(c: char) -> String {
    if c.is_ascii_graphic() || (!c.is_ascii() && !c.is_control() && !is_combining(c)) {
        format!("'{c}'")
    } else {
        format!("U+{:04X}", u32::from(c))
    }
}

/// Combining marks of the common blocks, which draw on the character before.
fn is_combining(c: char) -> bool {
    matches!(u32::from(c), 0x300..=0x36f | 0x1ab0..=0x1aff | 0x1dc0..=0x1dff | 0x20d0..=0x20ff | 0xfe20..=0xfe2f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_character_is_shown_so_it_can_be_seen() {
        let shown = [
            ('*', "'*'"),
            ('"', "'\"'"),
            ('é', "'é'"),
            (' ', "U+0020"),
            ('\n', "U+000A"),
            ('\u{301}', "U+0301"),
            ('\u{85}', "U+0085"),
        ];
        for (c, text) in shown {
            assert_eq!(quoted(c), text);
        }
    }

    #[test]
    fn base64_round_trip_all_lengths() {
        for n in 0..20usize {
            let data: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
            let mut s = String::new();
            base64url_encode(&data, &mut s);
            assert_eq!(s.len(), (n * 4).div_ceil(3));
            if n > 0 {
                assert_eq!(base64url_decode(&s).unwrap(), data);
            }
        }
    }

    #[test]
    fn base64_known_vectors() {
        let mut s = String::new();
        base64url_encode(b"\xfb\xff\xfe", &mut s);
        assert_eq!(s, "-__-");
        assert_eq!(base64url_decode("Zm9vYg").unwrap(), b"foob");
        assert_eq!(base64url_decode("Zm9vYg==").unwrap(), b"foob");
        assert_eq!(
            base64url_decode("Zm9v+g"),
            Err((LinkErrorKind::BadCharacter('+'), 4))
        );
    }

    #[test]
    fn varint_edges() {
        for v in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut r = Reader { data: &out, pos: 0 };
            assert_eq!(r.varint(msg!("step")).unwrap(), v);
            assert_eq!(r.pos, out.len());
        }
        // 2^64 does not fit.
        let too_big = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02];
        assert!(Reader {
            data: &too_big,
            pos: 0
        }
        .varint(msg!("step"))
        .is_err());
    }

    #[test]
    fn check_value_is_the_low_half_of_crc32() {
        // The standard CRC-32 check value of "123456789" is 0xcbf43926.
        assert_eq!(check16(b"123456789"), 0x3926);
        assert_eq!(check16(b""), 0);
    }

    #[test]
    fn dictionary_shortens_assembly() {
        let src = "SHFL.BFLY P0, R1, R0, 0x10, 0x1f\nIADD3 R0, R0, R1, RZ\nEXIT\n";
        let packed = deflate_with_dictionary(src.as_bytes());
        let plain = miniz_oxide::deflate::compress_to_vec(src.as_bytes(), 10);
        assert!(packed.len() < plain.len() / 2, "{packed:?} vs {plain:?}");
        assert_eq!(inflate_with_dictionary(&packed).unwrap(), src.as_bytes());
    }
}
