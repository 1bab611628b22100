//! The links' inflater against miniz_oxide's, on arbitrary bytes: both
//! succeed with the same output or both fail. The first byte's low bit
//! says whether the stream follows the v1 dictionary (its back-references
//! may reach into it); the rest is the raw deflate stream. Output is
//! limited to `MAX` bytes: more is a failure for both.
#![no_main]
use libfuzzer_sys::fuzz_target;
use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;
use warpscope_core::link::inflate::inflate;
use warpscope_core::link::DICTIONARY_V1;

/// The output limit of both (smaller than a link's, for speed; the limit
/// itself is compared too).
const MAX: usize = 1 << 16;

/// miniz_oxide's answer: the output, or `None` when it failed, left input
/// unread, or made more than `MAX` bytes.
fn miniz(dict: &[u8], packed: &[u8]) -> Option<Vec<u8>> {
    // Room for more than MAX, so that going past it is seen, not cut.
    let mut buf = dict.to_vec();
    buf.resize(dict.len() + MAX + 512, 0);
    let mut state = Box::<DecompressorOxide>::default();
    let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let (status, used, made) = decompress(&mut state, packed, &mut buf, dict.len(), flags);
    (status == TINFLStatus::Done && used == packed.len() && made <= MAX)
        .then(|| buf[dict.len()..dict.len() + made].to_vec())
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, packed)) = data.split_first() else {
        return;
    };
    let dict = if first & 1 == 1 {
        DICTIONARY_V1.as_bytes()
    } else {
        &[]
    };
    let ours = inflate(dict, packed, MAX);
    let theirs = miniz(dict, packed);
    match (&ours, &theirs) {
        (Ok(a), Some(b)) => assert_eq!(a, b, "the outputs differ"),
        (Err(_), None) => {}
        _ => panic!(
            "disagreement: ours {:?}, miniz_oxide {}",
            ours.as_ref().map(|o| o.len()),
            match &theirs {
                Some(b) => format!("made {} bytes", b.len()),
                None => "failed".into(),
            }
        ),
    }
});
