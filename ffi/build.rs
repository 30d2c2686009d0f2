//! Gives the shared library the name a C program records for it (its SONAME on Linux, its
//! install name on macOS): `libdangian.so.<ABI>`, so that an incompatible ABI is never loaded
//! by a program built against another. The ABI version is `DANGIAN_ABI_VERSION` in
//! `src/lib.rs`; a test checks that the two agree.

const ABI_VERSION: u32 = 3;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    match os.as_str() {
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" => {
            println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdangian.so.{ABI_VERSION}");
        }
        "macos" | "ios" => {
            println!(
                "cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libdangian.{ABI_VERSION}.dylib"
            );
        }
        _ => {}
    }
}
