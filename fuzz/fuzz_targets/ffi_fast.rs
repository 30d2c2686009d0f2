#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    dangian_fuzz::ffi::hostile_calls_fast(data);
});
