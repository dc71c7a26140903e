//! Links the game's program on Linux with packed relative relocations (`-z
//! pack-relative-relocs`, glibc's DT_RELR): the 380,000 addresses the loader fixes up when the
//! program starts (it is position-independent, so the system can place it anywhere) are stored
//! in 66 kB instead of 9 MB. The program is 9 MB smaller and keeps its address randomisation;
//! it needs glibc 2.36 (Debian 12, Ubuntu 24.04, which the packages already require). See
//! docs/figures.md, "Build, size and memory".

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.ends_with("-linux-gnu") {
        println!("cargo:rustc-link-arg-bin=gamut=-Wl,-z,pack-relative-relocs");
    }
}
