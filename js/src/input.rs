//! Strings into WebAssembly without wasm-bindgen's per-call copy: JavaScript writes the UTF-8
//! of a string with `TextEncoder.encodeInto` (native, no allocation) straight into a buffer
//! this module keeps, or, where the engine has JS String Builtins, the small module of
//! js/src/strings.wat writes it there from within WebAssembly; the functions below read it in
//! place. The copy of a string argument (a JavaScript loop per character, an allocation and a
//! free) was most of the time of `isValid`: measured by js/bench/bench.mjs, 0.55 to 0.68 of it.
//!
//! Rules are passed by number too: [`rule_id`] names each rule once.

use std::sync::{Mutex, MutexGuard, PoisonError};

use rfc3987::AbnfRule;
use wasm_bindgen::prelude::*;

use crate::error::range_error;

/// What the functions below keep between calls.
struct State {
    /// The buffer JavaScript writes into.
    input: Vec<u8>,
    /// The rules named so far, by number.
    rules: Vec<AbnfRule>,
}

/// The state, in one static: a `thread_local!` costs more at each call (its key is looked up
/// through a closure that is not inlined), and the module has one thread.
static STATE: Mutex<State> = Mutex::new(State {
    input: Vec::new(),
    rules: Vec::new(),
});

/// The state (a panic traps the module, so the lock is never poisoned; if it were, the state
/// is still whole: every change below is a single step).
fn state() -> MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The address in the module's memory of a buffer of `capacity` bytes for JavaScript to write
/// strings into (valid until the next call of this function; 0 frees it), or a `RangeError`
/// when the memory cannot grow that far (never a trap).
#[wasm_bindgen]
pub fn input_buffer(capacity: usize) -> Result<usize, JsValue> {
    let mut state = state();
    let buffer = &mut state.input;
    buffer.clear();
    buffer.shrink_to(capacity);
    buffer.try_reserve_exact(capacity).map_err(|_| {
        range_error(format!(
            "{capacity} bytes for the UTF-8 of the input are more than WebAssembly's memory can hold: check fewer or shorter strings at a time"
        ))
    })?;
    buffer.resize(capacity, 0);
    Ok(buffer.as_mut_ptr() as usize)
}

/// The number of the ABNF rule named `name` (RFC 3987 §2.2, RFC 3986), for the functions
/// below, or a `RangeError`.
#[wasm_bindgen]
pub fn rule_id(name: &str) -> Result<u32, JsValue> {
    let rule = AbnfRule::named(name).map_err(range_error)?;
    let mut state = state();
    let rules = &mut state.rules;
    Ok(match rules.iter().position(|r| *r == rule) {
        Some(i) => i as u32,
        None => {
            rules.push(rule);
            (rules.len() - 1) as u32
        }
    })
}

/// Whether the first `len` bytes of the buffer, which JavaScript filled with the UTF-8 of a
/// string, are all of a match of rule number `rule` (a lone surrogate arrives as U+FFFD, which
/// no rule matches).
#[wasm_bindgen]
pub fn is_valid_input(len: usize, rule: u32) -> bool {
    let state = state();
    is_match(&state.rules[rule as usize], state.input.get(..len))
}

/// Whether `bytes` are UTF-8 (they are, from `encodeInto`; checked all the same, not trusted)
/// that matches `rule`.
fn is_match(rule: &AbnfRule, bytes: Option<&[u8]>) -> bool {
    bytes
        .and_then(|b| std::str::from_utf8(b).ok())
        .is_some_and(|s| rule.is_match(s))
}
