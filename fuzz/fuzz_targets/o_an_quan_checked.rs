#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    dangian_fuzz::o_an_quan::actions_checked(data);
});
