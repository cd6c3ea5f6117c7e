//! A parse error, handed to JavaScript: `lib/errors.js` turns a thrown `Failure` into an
//! `IRIError`, with the position as a JavaScript string index.

use rfc3987::ParseError;
use wasm_bindgen::prelude::*;

use crate::utf16;

/// Where and why a text is not an IRI (or a match of the rule asked for): the fields of the
/// library's [`ParseError`], the position in UTF-16 code units.
#[wasm_bindgen(getter_with_clone)]
pub struct Failure {
    /// The UTF-16 index of the character at fault (the input's length when it stops too early).
    pub position: u32,
    /// `syntax`, `bidi-formatting-character`, `not-ascii` or `lone-surrogate`.
    pub kind: String,
    /// The component of the generic syntax (`scheme`, `host`, `path`, …), if any.
    pub component: Option<String>,
    /// The ABNF rule in RFC spelling (`isegment`, `h16`, …), if any.
    pub rule: Option<String>,
    /// What the grammar allowed at the position.
    pub expected: Vec<String>,
    /// What is wrong and what would be valid, without the input.
    pub reason: String,
    /// The rule asked for.
    pub target: String,
    /// The whole message: the reason, the input and a caret under the character at fault.
    pub message: String,
    /// The text that failed (a lone surrogate arrives as U+FFFD: JavaScript finds which of
    /// its arguments it was and gives that string itself).
    pub input: String,
    /// The library's error itself, for [`Failure::at_lone_surrogate`].
    error: ParseError,
}

#[wasm_bindgen]
impl Failure {
    /// The same failure, about the lone surrogate `unit` when it is where the error is: a
    /// JavaScript string passes a lone surrogate as U+FFFD (`ParseError::at_lone_surrogate`).
    pub fn at_lone_surrogate(&self, unit: u16) -> Failure {
        self.error.clone().at_lone_surrogate(unit).into()
    }
}

impl From<ParseError> for Failure {
    fn from(error: ParseError) -> Self {
        Failure {
            position: utf16::index(error.input(), error.byte_offset()),
            kind: error.kind().as_str().to_string(),
            component: error.component().map(|c| c.as_str().to_string()),
            rule: error.rule().map(str::to_string),
            expected: error.expected().iter().map(|e| e.to_string()).collect(),
            reason: error.message().to_string(),
            target: error.target().to_string(),
            message: error.to_string(),
            input: error.input().to_string(),
            error,
        }
    }
}

/// The JavaScript value thrown for `error`.
pub(crate) fn thrown(error: ParseError) -> JsValue {
    Failure::from(error).into()
}

/// A `RangeError` saying `message`: an unknown rule or level, an argument out of its range.
pub(crate) fn range_error(message: impl std::fmt::Display) -> JsValue {
    JsRangeError::new(&message.to_string()).into()
}

/// A `TypeError` saying `message`: an option that this build does not have.
#[cfg_attr(feature = "full", allow(dead_code))]
pub(crate) fn type_error(message: impl std::fmt::Display) -> JsValue {
    JsTypeError::new(&message.to_string()).into()
}

#[wasm_bindgen]
extern "C" {
    /// JavaScript's own `RangeError`.
    #[wasm_bindgen(js_name = RangeError)]
    type JsRangeError;
    #[wasm_bindgen(constructor, js_class = "RangeError")]
    fn new(message: &str) -> JsRangeError;

    /// JavaScript's own `TypeError`.
    #[wasm_bindgen(js_name = TypeError)]
    type JsTypeError;
    #[wasm_bindgen(constructor, js_class = "TypeError")]
    fn new(message: &str) -> JsTypeError;
}
