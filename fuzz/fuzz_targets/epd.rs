//! cargo fuzz target: see [`lawbook_fuzz::epd`].

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| lawbook_fuzz::epd(data));
