//! The `epd` target.

use lawbook_notation::epd;

/// EPD records and perft suites: no panic; a record read writes back as a
/// record that reads as itself; an error is one line.
pub fn epd(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match epd::read(text) {
        Ok(record) => {
            let written = epd::write(&record);
            let again = epd::read(&written).unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(again, record, "{written:?} reads as another record");
            let _ = record.position();
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "an EPD error is one line: {e}"),
    }
    match epd::read_perft_suite(text) {
        Ok(_) => {}
        Err(e) => assert!(!e.to_string().contains('\n'), "a perft suite error is one line: {e}"),
    }
}
