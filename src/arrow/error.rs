//! What a batch function gives instead of an array, and what an invalid row gives.

use std::fmt;

use arrow_schema::{ArrowError, DataType};

use crate::ParseError;
pub use crate::RowError;

/// What to do with a row that is not valid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnInvalid {
    /// Its result is null (the default): the batch goes on.
    #[default]
    Null,
    /// The batch stops with [`BatchError::Invalid`] for the first invalid row.
    Error,
}

/// Why a batch function gave no array.
#[derive(Debug)]
#[non_exhaustive]
pub enum BatchError {
    /// The array does not hold strings (`Utf8`, `LargeUtf8` or `Utf8View`): its type.
    NotStrings(DataType),
    /// Row `index` is invalid, and [`OnInvalid::Error`] was asked for.
    Invalid {
        /// The 0-based row.
        index: usize,
        /// What is wrong with it.
        error: RowError,
    },
    /// The scalar base of [`Batch::resolve`](crate::arrow::Batch::resolve) is not an IRI (RFC 3986 §5.2.1: a base has a
    /// scheme).
    Base(ParseError),
    /// The base array of [`Batch::resolve`](crate::arrow::Batch::resolve) has another length than the references.
    Lengths {
        /// The references' length.
        references: usize,
        /// The bases' length.
        bases: usize,
    },
    /// The results hold more than the `i32::MAX` bytes of a `Utf8` array; a `LargeUtf8` or
    /// `Utf8View` input has room for them.
    TooLarge,
    /// Arrow could not put the pieces of a parallel batch together.
    Arrow(ArrowError),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::NotStrings(t) => write!(
                f,
                "an array of {t} is not an array of strings: the batch functions read Utf8, LargeUtf8 and Utf8View (string, large_string, string_view)"
            ),
            BatchError::Invalid { index, error } => write!(f, "row {index}: {error}"),
            BatchError::Base(e) => write!(f, "the base: {e}"),
            BatchError::Lengths { references, bases } => write!(
                f,
                "{bases} bases for {references} references: a base array has one base per reference"
            ),
            BatchError::TooLarge => f.write_str(
                "the results hold more than the 2 GiB a string array (32-bit offsets) can; pass a large_string or string_view array",
            ),
            BatchError::Arrow(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BatchError {}

impl From<ArrowError> for BatchError {
    fn from(e: ArrowError) -> Self {
        BatchError::Arrow(e)
    }
}
