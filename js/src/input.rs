//! Strings into WebAssembly without wasm-bindgen's per-call copy: JavaScript writes the UTF-8
//! of a string with `TextEncoder.encodeInto` (native, no allocation) straight into a buffer
//! this module keeps, and the functions below read it in place. The copy of a string argument
//! (a JavaScript loop per character, an allocation and a free) was most of the time of
//! `isValid`: measured by js/bench/bench.mjs, 0.55 to 0.68 of it.
//!
//! Rules are passed by number too: [`rule_id`] names each rule once.

use std::cell::RefCell;

use rfc3987::AbnfRule;
use wasm_bindgen::prelude::*;

use crate::error::range_error;

thread_local! {
    /// The buffer JavaScript writes into.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The rules named so far, by number.
    static RULES: RefCell<Vec<AbnfRule>> = const { RefCell::new(Vec::new()) };
}

/// The address in the module's memory of a buffer of `capacity` bytes for JavaScript to write
/// strings into (valid until the next call of this function; 0 frees it), or a `RangeError`
/// when the memory cannot grow that far (never a trap).
#[wasm_bindgen]
pub fn input_buffer(capacity: usize) -> Result<usize, JsValue> {
    INPUT.with_borrow_mut(|buffer| {
        buffer.clear();
        buffer.shrink_to(capacity);
        buffer.try_reserve_exact(capacity).map_err(|_| {
            range_error(format!(
                "{capacity} bytes for the UTF-8 of the input are more than WebAssembly's memory can hold: check fewer or shorter strings at a time"
            ))
        })?;
        buffer.resize(capacity, 0);
        Ok(buffer.as_mut_ptr() as usize)
    })
}

/// The number of the ABNF rule named `name` (RFC 3987 §2.2, RFC 3986), for the functions
/// below, or a `RangeError`.
#[wasm_bindgen]
pub fn rule_id(name: &str) -> Result<u32, JsValue> {
    let rule = AbnfRule::named(name).map_err(range_error)?;
    Ok(
        RULES.with_borrow_mut(|rules| match rules.iter().position(|r| *r == rule) {
            Some(i) => i as u32,
            None => {
                rules.push(rule);
                (rules.len() - 1) as u32
            }
        }),
    )
}

/// Whether the first `len` bytes of the buffer, which JavaScript filled with the UTF-8 of a
/// string, are all of a match of rule number `rule` (a lone surrogate arrives as U+FFFD, which
/// no rule matches).
#[wasm_bindgen]
pub fn is_valid_input(len: usize, rule: u32) -> bool {
    let rule = RULES.with_borrow(|rules| rules[rule as usize]);
    INPUT.with_borrow(|buffer| is_match(&rule, buffer.get(..len)))
}

/// For each of the strings JavaScript wrote one after the other into the buffer, of the UTF-8
/// byte `lengths` given, 1 if all of it matches rule number `rule` and 0 if not.
#[wasm_bindgen]
pub fn is_valid_many_input(lengths: &[u32], rule: u32) -> Vec<u8> {
    let rule = RULES.with_borrow(|rules| rules[rule as usize]);
    INPUT.with_borrow(|buffer| {
        let mut at = 0;
        lengths
            .iter()
            .map(|&len| {
                let end = at + len as usize;
                let piece = buffer.get(at..end);
                at = end;
                u8::from(is_match(&rule, piece))
            })
            .collect()
    })
}

/// Whether `bytes` are UTF-8 (they are, from `encodeInto`; checked all the same, not trusted)
/// that matches `rule`.
fn is_match(rule: &AbnfRule, bytes: Option<&[u8]>) -> bool {
    bytes
        .and_then(|b| std::str::from_utf8(b).ok())
        .is_some_and(|s| rule.is_match(s))
}
