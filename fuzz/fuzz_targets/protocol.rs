//! cargo fuzz target: see [`lawbook_fuzz::protocol`].

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| lawbook_fuzz::protocol(data));
