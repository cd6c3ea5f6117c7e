//! The crate's `unsafe`, all of it: reading the caller's (pointer, length) inputs, and handing
//! over or taking back the strings, arrays and handles the caller owns. Each function says what
//! the caller must guarantee; the header repeats it for each entry point.

use std::ffi::{c_char, CString};

use crate::error::Failure;

/// The input at `ptr`, `len` bytes of UTF-8, as text: the argument numbered `index` (0 for the
/// first input of a function), which errors name. A NULL pointer is the empty text when `len`
/// is 0 and an error otherwise; bytes that are not UTF-8 are an error at the first ill-formed
/// byte (RFC 3629), never undefined behaviour.
///
/// # Safety
/// `ptr` is NULL or points to `len` bytes that stay readable and unchanged for `'a`.
pub unsafe fn text<'a>(ptr: *const c_char, len: usize, index: u32) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return match len {
            0 => Ok(""),
            _ => Err(Failure::invalid_argument(
                index,
                "a NULL pointer with a length other than 0",
            )),
        };
    }
    if len > isize::MAX as usize {
        return Err(Failure::invalid_argument(index, "a length over PTRDIFF_MAX"));
    }
    // SAFETY: `ptr` is not NULL, bytes are always aligned, `len` fits an isize, and the caller
    // guarantees `len` readable bytes that nothing changes during the call.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    rfc3987::decode_utf8(bytes).map_err(|e| Failure::not_utf8(index, &e))
}

/// `text` as a NUL-terminated string the caller owns and frees with [`free_string`]
/// (`rfc3987_string_free`). A text holding a NUL, which no IRI and no message of the library
/// does (a message is `printable`), is an internal error rather than a string cut short.
pub fn owned_string(text: String) -> Result<*mut c_char, Failure> {
    match CString::new(text) {
        Ok(s) => Ok(s.into_raw()),
        Err(_) => Err(Failure::internal("a result held a NUL character")),
    }
}

/// An optional text as a string the caller owns, or NULL.
pub fn owned_string_or_null(text: Option<String>) -> *mut c_char {
    text.and_then(|t| owned_string(t).ok())
        .unwrap_or(std::ptr::null_mut())
}

/// Frees a string made by [`owned_string`]; NULL does nothing.
///
/// # Safety
/// `string` is NULL or came from [`owned_string`] and was not freed yet.
pub unsafe fn free_string(string: *mut c_char) {
    if !string.is_null() {
        // SAFETY: the caller guarantees it came from `CString::into_raw`, once.
        drop(unsafe { CString::from_raw(string) });
    }
}

/// `values` as an array the caller owns: its pointer (NULL when empty) and length, freed with
/// [`take_array`].
pub fn owned_array<T>(values: Vec<T>) -> (*mut T, usize) {
    if values.is_empty() {
        return (std::ptr::null_mut(), 0);
    }
    let boxed = values.into_boxed_slice();
    let len = boxed.len();
    (Box::into_raw(boxed).cast::<T>(), len)
}

/// Takes back an array made by [`owned_array`], to drop it.
///
/// # Safety
/// `ptr` and `len` came from one call of [`owned_array`] and were not taken back yet.
pub unsafe fn take_array<T>(ptr: *mut T, len: usize) -> Vec<T> {
    if ptr.is_null() {
        return Vec::new();
    }
    // SAFETY: the caller guarantees they are a boxed slice's pointer and length.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) }.into_vec()
}

/// `value` on the heap, owned by the caller until [`take`] gives it back.
pub fn owned<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Takes back what [`owned`] handed over; NULL gives `None`.
///
/// # Safety
/// `ptr` is NULL or came from [`owned`] with the same `T` and was not taken back yet.
pub unsafe fn take<T>(ptr: *mut T) -> Option<Box<T>> {
    // SAFETY: the caller guarantees it came from `Box::into_raw`, once.
    (!ptr.is_null()).then(|| unsafe { Box::from_raw(ptr) })
}

/// The value behind a pointer the caller passes in, borrowed for the call; NULL gives `None`.
///
/// # Safety
/// `ptr` is NULL or points to a valid `T` that nothing else uses during the call.
pub unsafe fn borrow_mut<'a, T>(ptr: *mut T) -> Option<&'a mut T> {
    // SAFETY: as the caller guarantees.
    unsafe { ptr.as_mut() }
}

/// A handle the caller passes in, borrowed for the call; NULL gives `None`.
///
/// # Safety
/// `ptr` is NULL or a handle that [`owned`] made and that was not freed.
pub unsafe fn borrow<'a, T>(ptr: *const T) -> Option<&'a T> {
    // SAFETY: as the caller guarantees.
    unsafe { ptr.as_ref() }
}
