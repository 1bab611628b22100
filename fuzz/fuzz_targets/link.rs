//! Fuzzes the link decoder: any text opens or fails with a message and a
//! position inside the fragment, never a panic; what opens encodes to a
//! link that opens to the same state. The input is tried as it is, and as
//! the body of a v1 link (raw bytes, base64url-encoded), which reaches the
//! inflater and the payload parser far more often.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::link::{decode_link, encode_link, fragment_of};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn check(text: &str) {
    match decode_link(text) {
        Ok(state) => {
            let again = encode_link(&state);
            assert_eq!(decode_link(&again).as_ref(), Ok(&state));
            let _ = state.warnings();
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            if let Some(at) = e.offset {
                assert!(at <= fragment_of(text).len(), "{e:?}");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check(text);
    }
    let mut link = String::from("v1.");
    for chunk in data.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            link.push(B64[(n >> (18 - 6 * i)) as usize & 63] as char);
        }
    }
    check(&link);
});
