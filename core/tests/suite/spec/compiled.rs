//! The bundled ISAs are compiled when warpscope is built: the models the
//! program opens from their compact form must be exactly the ones the
//! description reader makes from the texts, and a damaged compact form
//! must be refused, not misread.

use warpscope_core::isas;
use warpscope_core::spec::compact;

#[test]
fn compiled_isas_equal_the_descriptions_read_from_text() {
    let loaded = isas::load_from_sources();
    assert_eq!(loaded.len(), isas::NAMES.len());
    for (name, from_text) in isas::NAMES.iter().zip(loaded) {
        let from_text = from_text.unwrap_or_else(|e| panic!("{name} does not load:\n{e}"));
        let compiled = isas::by_name(name).unwrap();
        assert_eq!(compiled.name, *name);
        assert_eq!(
            serde_json::to_value(compiled).unwrap(),
            serde_json::to_value(&from_text).unwrap(),
            "{name}: the compiled model differs from the one read from the text"
        );
        assert_eq!(compact::write(compiled), compact::write(&from_text));
    }
}

#[test]
fn damaged_compact_forms_are_refused() {
    let read = compact::read;
    let bytes = compact::write(isas::sm50());
    assert!(read(&bytes).is_some());
    assert!(read(&[]).is_none());
    assert!(read(b"WSI0").is_none());
    // every truncation is refused
    for cut in (0..bytes.len()).step_by(97) {
        assert!(read(&bytes[..cut]).is_none(), "cut at {cut}");
    }
    // trailing bytes are refused
    let mut long = bytes.clone();
    long.push(0);
    assert!(read(&long).is_none());
    // flipped bytes never panic (they may still read as another model)
    for at in (4..bytes.len()).step_by(13) {
        let mut bad = bytes.clone();
        bad[at] ^= 0xff;
        let _ = read(&bad);
    }
}
