//! No code: the crate is its dependencies' features (Cargo.toml says why). The test that
//! keeps it complete is in tests/light_core.rs.
