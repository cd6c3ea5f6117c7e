//! Presenting bidirectional IRIs (RFC 3987 §4.1, §4.4; the library's feature `bidi`), for the
//! whole entry only: the Unicode Bidirectional Algorithm needs the Bidi_Class table.

use rfc3987::IriRef;
use wasm_bindgen::prelude::*;

use crate::error::thrown;
use crate::utf16;

/// The §4.1 display form of the IRI reference `input`: wrapped in LRE … PDF (or, with
/// `isolate`, LRI … PDI) when it has right-to-left characters, as it is otherwise.
#[wasm_bindgen]
pub fn display_form(input: &str, isolate: bool) -> Result<String, JsValue> {
    let iri = IriRef::parse(input).map_err(thrown)?;
    Ok(rfc3987::display_form(&iri, isolate).into_owned())
}

/// The §4.4 visual order of the IRI reference `input` rendered in a left-to-right embedding:
/// for each character as a reader sees them, left to right, the UTF-16 index in `input` where
/// it starts. JavaScript builds the text from its own string.
#[wasm_bindgen]
pub fn visual_order(input: &str) -> Result<Vec<u32>, JsValue> {
    let iri = IriRef::parse(input).map_err(thrown)?;
    let (_, offsets) = rfc3987::visual_order(&iri);
    Ok(utf16::indices(input, &offsets))
}
