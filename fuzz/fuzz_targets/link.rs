//! Fuzzes the link decoder: any text opens or fails with a message and a
//! position inside the fragment, never a panic; what opens encodes to a
//! link that opens to the same state. The input is tried as it is, and as
//! the body of a v1 link (raw bytes, base64url-encoded), which reaches the
//! inflater and the payload parser far more often.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::link::{base64url_encode, decode_link, encode_link, fragment_of};

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
    base64url_encode(data, &mut link);
    check(&link);
});
