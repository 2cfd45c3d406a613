#![no_main]
//! `mjcore_engine::fuzz_targets::notation` under libFuzzer.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| mjcore_engine::fuzz_targets::notation(data));
