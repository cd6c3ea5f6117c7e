//! The string arrays the batch functions read and write: Arrow's three string layouts, read
//! row by row without a copy, and a builder of the same layout for the results.

use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, StringViewBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::DataType;

use super::error::BatchError;

/// An Arrow array of UTF-8 strings, in any of its layouts: `Utf8` (32-bit offsets),
/// `LargeUtf8` (64-bit offsets) and `Utf8View` (views into data buffers).
#[derive(Clone, Copy)]
pub(super) enum Strings<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    /// `array` as strings, or [`BatchError::NotStrings`] with its type.
    pub(super) fn of(array: &'a dyn Array) -> Result<Self, BatchError> {
        match array.data_type() {
            DataType::Utf8 => Ok(Strings::Utf8(array.as_string::<i32>())),
            DataType::LargeUtf8 => Ok(Strings::Large(array.as_string::<i64>())),
            DataType::Utf8View => Ok(Strings::View(array.as_string_view())),
            other => Err(BatchError::NotStrings(other.clone())),
        }
    }

    /// The number of rows, nulls included.
    pub(super) fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::Large(a) => a.len(),
            Strings::View(a) => a.len(),
        }
    }

    /// Row `i`, or `None` when it is null.
    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// A builder of `rows` results in this array's layout, with room for `bytes` bytes of
    /// strings (it grows beyond).
    pub(super) fn builder(&self, rows: usize, bytes: usize) -> StringsBuilder {
        StringsBuilder::new(self.data_type(), rows, bytes)
    }

    /// The bytes of strings in `rows` (for a view array, none are counted: its builder grows
    /// by blocks).
    pub(super) fn bytes(&self, rows: Range<usize>) -> usize {
        match self {
            Strings::Utf8(a) => (a.value_offsets()[rows.end] - a.value_offsets()[rows.start]) as usize,
            Strings::Large(a) => (a.value_offsets()[rows.end] - a.value_offsets()[rows.start]) as usize,
            Strings::View(_) => 0,
        }
    }

    /// This array's type.
    pub(super) fn data_type(&self) -> DataType {
        match self {
            Strings::Utf8(_) => DataType::Utf8,
            Strings::Large(_) => DataType::LargeUtf8,
            Strings::View(_) => DataType::Utf8View,
        }
    }
}

/// Builds a string array of one of the three layouts. A `Utf8` array holds at most
/// `i32::MAX` bytes: appending past that is [`BatchError::TooLarge`], not a panic.
pub(super) enum StringsBuilder {
    Utf8(GenericStringBuilder<i32>, usize),
    Large(GenericStringBuilder<i64>),
    View(StringViewBuilder),
}

impl StringsBuilder {
    /// A builder of `data_type` (`Utf8`, `LargeUtf8` or `Utf8View`) for `rows` rows and about
    /// `bytes` bytes of strings.
    pub(super) fn new(data_type: DataType, rows: usize, bytes: usize) -> Self {
        match data_type {
            DataType::LargeUtf8 => StringsBuilder::Large(GenericStringBuilder::with_capacity(rows, bytes)),
            DataType::Utf8View => StringsBuilder::View(StringViewBuilder::with_capacity(rows)),
            _ => StringsBuilder::Utf8(GenericStringBuilder::with_capacity(rows, bytes), 0),
        }
    }

    /// Appends a row: `None` is null.
    #[inline]
    pub(super) fn append(&mut self, value: Option<&str>) -> Result<(), BatchError> {
        match (self, value) {
            (StringsBuilder::Utf8(b, bytes), Some(v)) => {
                *bytes += v.len();
                if *bytes > i32::MAX as usize {
                    return Err(BatchError::TooLarge);
                }
                b.append_value(v);
            }
            (StringsBuilder::Utf8(b, _), None) => b.append_null(),
            (StringsBuilder::Large(b), v) => b.append_option(v),
            (StringsBuilder::View(b), v) => b.append_option(v),
        }
        Ok(())
    }

    /// The array built.
    pub(super) fn finish(&mut self) -> ArrayRef {
        match self {
            StringsBuilder::Utf8(b, _) => Arc::new(b.finish()),
            StringsBuilder::Large(b) => Arc::new(b.finish()),
            StringsBuilder::View(b) => Arc::new(b.finish()),
        }
    }
}
