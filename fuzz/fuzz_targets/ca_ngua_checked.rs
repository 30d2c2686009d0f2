#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    dangian_fuzz::ca_ngua::actions_checked(data);
});
