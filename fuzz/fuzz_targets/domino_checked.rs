#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    dangian_fuzz::domino::actions_checked(data);
});
