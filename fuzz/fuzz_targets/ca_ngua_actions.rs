#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    dangian_fuzz::ca_ngua::actions_by_index(data);
});
