//! [`Batch::parse`]: each row's components (RFC 3986 §3, RFC 3987 §2.2) or its syntax error, as
//! a struct array.

use std::sync::Arc;

use arrow_array::builder::Int64Builder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{DataType, Field, Fields};

use super::batch::{concat, Batch};
use super::error::BatchError;
use super::strings::{Strings, StringsBuilder};
use crate::{ParsedFields, StartSymbol};

/// The type of [`Batch::parse`]'s result for an array of `strings` (`Utf8`, `LargeUtf8` or
/// `Utf8View`, which its string fields share): a struct of
///
/// - `scheme`, `userinfo`, `host`, `host_kind` (`reg-name`, `ipv4`, `ipv6`, `ipvfuture`),
///   `port`, `path`, `query`, `fragment`: the components as written, null when the reference
///   has none (RFC 3986 §5.3 tells an absent component from an empty one) and in an invalid row;
/// - `error`: null in a valid row, else the message of its [`crate::ParseError`];
///   `error_component` (`scheme`, `userinfo`, `host`, `ip-literal`, `port`, `path`, `query`,
///   `fragment`) and `error_rule` (the ABNF rule, e.g. `isegment`) where it is;
///   `error_position`, the 0-based index of the character (code point) where it is.
pub fn parsed_type(strings: &DataType) -> DataType {
    DataType::Struct(fields(strings))
}

fn fields(strings: &DataType) -> Fields {
    let (names, position) = ParsedFields::NAMES.split_at(ParsedFields::STRINGS);
    let strings = names.iter().map(|name| Field::new(*name, strings.clone(), true));
    strings
        .chain([Field::new(position[0], DataType::Int64, true)])
        .collect()
}

impl Batch {
    /// Each row parsed as `symbol`: its components, or where and why it is not valid (the type
    /// is [`parsed_type`]). An invalid row is a row of the result, whatever
    /// [`Batch::on_invalid`] says; a null row is null.
    pub fn parse(&self, array: &dyn Array, symbol: StartSymbol) -> Result<StructArray, BatchError> {
        let strings = Strings::of(array)?;
        let parts = self.by_ranges(strings.len(), |rows| parse_rows(strings, rows, symbol))?;
        Ok(concat(parts)?.as_struct().clone())
    }
}

/// `rows` of `strings` parsed, as a struct array of [`parsed_type`].
fn parse_rows(
    strings: Strings<'_>,
    rows: std::ops::Range<usize>,
    symbol: StartSymbol,
) -> Result<ArrayRef, BatchError> {
    let n = rows.len();
    let mut columns: [StringsBuilder; ParsedFields::STRINGS] = std::array::from_fn(|_| strings.builder(n, 0));
    let mut position = Int64Builder::with_capacity(n);
    let mut nulls = NullBufferBuilder::new(n);
    for i in rows {
        let row = strings.get(i);
        nulls.append(row.is_some());
        let row = row.map(|s| ParsedFields::of(s, symbol));
        let values = row.as_ref().map(ParsedFields::strings).unwrap_or_default();
        for (column, value) in columns.iter_mut().zip(values) {
            column.append(value)?;
        }
        position.append_option(row.and_then(|row| row.error_position()));
    }
    let strings = strings.data_type();
    let mut arrays: Vec<ArrayRef> = columns.iter_mut().map(StringsBuilder::finish).collect();
    arrays.push(Arc::new(position.finish()));
    Ok(Arc::new(StructArray::try_new(
        fields(&strings),
        arrays,
        nulls.finish(),
    )?))
}
