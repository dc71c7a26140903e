//! Numbers read from JSON (the `serde` feature) that must be in range: a square, a level. A
//! leaf module (it names no other part of the engine), so every type can use it.

/// Reads a `u8` and keeps it only if `valid` says so; otherwise an error that says `expected`.
pub(crate) fn checked_u8<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
    valid: impl Fn(u8) -> bool,
    expected: &'static str,
) -> Result<u8, D::Error> {
    let number = <u8 as serde::Deserialize>::deserialize(deserializer)?;
    if valid(number) {
        Ok(number)
    } else {
        Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Unsigned(number.into()),
            &expected,
        ))
    }
}
