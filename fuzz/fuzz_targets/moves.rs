//! cargo fuzz target: see [`lawbook_fuzz::moves`].

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| lawbook_fuzz::moves(data));
