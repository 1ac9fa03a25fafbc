//! cargo fuzz target: see [`lawbook_fuzz::replies`].

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| lawbook_fuzz::replies(data));
