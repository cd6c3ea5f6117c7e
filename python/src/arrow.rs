//! The batch functions of `rfc3987::arrow` for any Python object with the Arrow PyCapsule
//! interface (pyarrow, Polars, DuckDB, nanoarrow, arro3): arrays cross without a copy through
//! pyo3-arrow, the work runs with the interpreter released, and results come back as pyarrow
//! arrays (a `ChunkedArray` for a stream or chunked input).

use std::borrow::Cow;

use arrow_array::{new_empty_array, Array, ArrayRef};
use arrow_schema::{DataType, Field, FieldRef};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray, PyDataType};
use rfc3987::arrow::{Base, Batch, BatchError, OnInvalid, RowError};
use rfc3987::{Iri, NormalizeOptions, ToIriOptions, ToUriOptions};

use crate::error::{iri_error, value_error};
use crate::iri::PyIri;
use crate::passes::level;
use crate::text::Text;
use crate::{abnf_rule, start_symbol};

/// The batch settings from the keyword arguments every function takes.
fn batch(parallel: bool, errors: &str) -> PyResult<Batch> {
    let on_invalid = match errors {
        "null" => OnInvalid::Null,
        "raise" => OnInvalid::Error,
        _ => {
            return Err(value_error(format!(
                "errors={errors:?}: an invalid row gives null (\"null\") or raises IRIError (\"raise\")"
            )))
        }
    };
    Ok(Batch::new().parallel(parallel).on_invalid(on_invalid))
}

/// The Python exception for `error`: for an invalid row, `IRIError` (or `ValueError` when the
/// row is an IRI that cannot be mapped to a URI) with `row`, its 0-based index; `IRIError` for a
/// base that is not an IRI, `TypeError` for an array that does not hold strings, else
/// `ValueError`.
fn batch_error(py: Python<'_>, error: BatchError) -> PyErr {
    match error {
        BatchError::NotStrings(_) => PyTypeError::new_err(error.to_string()),
        BatchError::Invalid { index, error } => {
            let err = match error {
                RowError::Parse(e) => iri_error(py, &e),
                e => value_error(format!("row {index}: {e}")),
            };
            match err.value(py).setattr("row", index) {
                Ok(()) => err,
                Err(e) => e,
            }
        }
        BatchError::Base(e) => iri_error(py, &e),
        error => value_error(error),
    }
}

/// `array`, checked as the C Data Interface leaves it to the consumer to check: offsets and
/// views within their buffers, and UTF-8 strings (a foreign producer may hand over anything).
fn checked(array: ArrayRef) -> Result<ArrayRef, BatchError> {
    array.to_data().validate_full()?;
    Ok(array)
}

/// The arrays of an input: one array, or the chunks of a stream (a chunked array).
struct Arrays {
    chunks: Vec<ArrayRef>,
    field: FieldRef,
    chunked: bool,
}

impl Arrays {
    /// The arrays of `input`, read while the interpreter is held (a stream's producer may need
    /// it).
    fn of(input: &Bound<'_, PyAny>) -> PyResult<Self> {
        let input: AnyArray = input.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "expected an Arrow array of strings (an object with __arrow_c_array__ or __arrow_c_stream__: pyarrow, Polars, DuckDB, nanoarrow), not {}; for a list of str, pass pyarrow.array(values)",
                crate::text::type_name(input)
            ))
        })?;
        Ok(match input {
            AnyArray::Array(array) => {
                let (array, field) = array.into_inner();
                Arrays {
                    chunks: vec![array],
                    field,
                    chunked: false,
                }
            }
            AnyArray::Stream(stream) => {
                let (chunks, field) = stream.into_chunked_array()?.into_inner();
                Arrays {
                    chunks,
                    field,
                    chunked: true,
                }
            }
        })
    }

    /// The number of rows.
    fn len(&self) -> usize {
        self.chunks.iter().map(|c| c.len()).sum()
    }

    /// The arrays as one, each checked first: concatenation reads the offsets and views it
    /// copies, and a foreign chunk's may point anywhere.
    fn concat(self) -> Result<ArrayRef, BatchError> {
        let checked = self
            .chunks
            .into_iter()
            .map(checked)
            .collect::<Result<Vec<_>, _>>()?;
        let chunks: Vec<&dyn Array> = checked.iter().map(AsRef::as_ref).collect();
        Ok(match chunks[..] {
            [] => new_empty_array(self.field.data_type()),
            [one] => one.slice(0, one.len()),
            _ => arrow_select::concat::concat(&chunks)?,
        })
    }

    /// `f(array, row)` on each array (`row`: the first row's index in the whole input), with
    /// the interpreter released: a pyarrow `Array` for an array, a `ChunkedArray` for a stream.
    /// An invalid row's error counts its row in the whole input.
    fn map<'py, F>(self, py: Python<'py>, f: F) -> PyResult<Bound<'py, PyAny>>
    where
        F: Fn(&dyn Array, usize) -> Result<ArrayRef, BatchError> + Sync,
    {
        let Arrays {
            chunks,
            field,
            chunked,
        } = self;
        let results = py.detach(|| {
            let mut row = 0;
            let mut results = Vec::with_capacity(chunks.len());
            for chunk in chunks {
                let chunk = checked(chunk)?;
                let result = f(&chunk, row).map_err(|e| match e {
                    BatchError::Invalid { index, error } => BatchError::Invalid {
                        index: row + index,
                        error,
                    },
                    e => e,
                })?;
                row += chunk.len();
                results.push(result);
            }
            // The type of the results, from no rows when there is no chunk.
            let data_type = match results.first() {
                Some(result) => result.data_type().clone(),
                None => f(new_empty_array(field.data_type()).as_ref(), 0)?
                    .data_type()
                    .clone(),
            };
            Ok((results, data_type))
        });
        let (mut results, data_type) = results.map_err(|e| batch_error(py, e))?;
        if !chunked {
            let array = PyArray::from_array_ref(results.remove(0));
            return Ok(array.to_pyarrow(py)?.unbind().into_bound(py));
        }
        let field = Field::new(field.name(), data_type, true);
        PyChunkedArray::try_new(results, field.into())?.into_pyarrow(py)
    }
}

/// Whether each row matches the ABNF rule `rule` (a `bool` array; null stays null).
#[pyfunction]
#[pyo3(signature = (array, rule = Cow::Borrowed("IRI_reference"), *, parallel = true), text_signature = "(array, rule='IRI_reference', *, parallel=True)")]
pub(crate) fn arrow_is_valid<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    rule: Cow<'_, str>,
    parallel: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (rule, batch) = (abnf_rule(&rule)?, Batch::new().parallel(parallel));
    Arrays::of(array)?.map(py, |a, _| {
        Ok(std::sync::Arc::new(batch.is_valid(a, rule)?) as ArrayRef)
    })
}

/// Each row's components, or where and why it is not valid (a struct array).
#[pyfunction]
#[pyo3(signature = (array, rule = Cow::Borrowed("IRI_reference"), *, parallel = true), text_signature = "(array, rule='IRI_reference', *, parallel=True)")]
pub(crate) fn arrow_parse<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    rule: Cow<'_, str>,
    parallel: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (symbol, batch) = (start_symbol(&rule)?, Batch::new().parallel(parallel));
    Arrays::of(array)?.map(py, |a, _| {
        Ok(std::sync::Arc::new(batch.parse(a, symbol)?) as ArrayRef)
    })
}

/// The type of `arrow_parse`'s result for an array of `string_type`.
#[pyfunction]
pub(crate) fn arrow_parsed_type(py: Python<'_>, string_type: PyDataType) -> PyResult<Bound<'_, PyAny>> {
    let string_type = string_type.into_inner();
    if !matches!(
        string_type,
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
    ) {
        return Err(batch_error(py, BatchError::NotStrings(string_type)));
    }
    PyDataType::new(rfc3987::arrow::parsed_type(&string_type)).into_pyarrow(py)
}

/// Each row normalized at `level` (RFC 3987 §5.3).
#[pyfunction]
#[pyo3(
    signature = (array, level = Cow::Borrowed("scheme"), *, nfc = false, idn = false, errors = Cow::Borrowed("null"), parallel = true),
    text_signature = "(array, level='scheme', *, nfc=False, idn=False, errors='null', parallel=True)"
)]
pub(crate) fn arrow_normalize<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    level: Cow<'_, str>,
    nfc: bool,
    idn: bool,
    errors: Cow<'_, str>,
    parallel: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let options = NormalizeOptions::new(self::level(&level)?).nfc(nfc).idn(idn);
    let batch = batch(parallel, &errors)?;
    Arrays::of(array)?.map(py, |a, _| batch.normalize(a, &options))
}

/// Each row mapped to a URI (RFC 3987 §3.1).
#[pyfunction]
#[pyo3(
    signature = (array, *, idna = false, lenient = false, errors = Cow::Borrowed("null"), parallel = true),
    text_signature = "(array, *, idna=False, lenient=False, errors='null', parallel=True)"
)]
pub(crate) fn arrow_to_uri<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    idna: bool,
    lenient: bool,
    errors: Cow<'_, str>,
    parallel: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let options = ToUriOptions::new().idna(idna).lenient(lenient);
    let batch = batch(parallel, &errors)?;
    Arrays::of(array)?.map(py, |a, _| batch.to_uri(a, &options))
}

/// Each row, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2).
#[pyfunction]
#[pyo3(
    signature = (array, *, idn_unicode = false, errors = Cow::Borrowed("null"), parallel = true),
    text_signature = "(array, *, idn_unicode=False, errors='null', parallel=True)"
)]
pub(crate) fn arrow_to_iri<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    idn_unicode: bool,
    errors: Cow<'_, str>,
    parallel: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let options = ToIriOptions::new().idn_unicode(idn_unicode);
    let batch = batch(parallel, &errors)?;
    Arrays::of(array)?.map(py, |a, _| batch.to_iri(a, &options))
}

/// Each row resolved against `base`: one IRI (`str`) or an array of one base per row.
#[pyfunction]
#[pyo3(
    signature = (base, array, *, strict = true, errors = Cow::Borrowed("null"), parallel = true),
    text_signature = "(base, array, *, strict=True, errors='null', parallel=True)"
)]
pub(crate) fn arrow_resolve<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    array: &Bound<'py, PyAny>,
    strict: bool,
    errors: Cow<'_, str>,
    parallel: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = batch(parallel, &errors)?;
    let references = Arrays::of(array)?;
    if base.is_instance_of::<PyString>() || base.is_instance_of::<PyIri>() {
        // A base that is not an IRI is an error of the argument, at its own position.
        let base = Text::of(base)?;
        Iri::parse(base.as_str()).map_err(|e| base.iri_error(py, e))?;
        return references.map(py, |a, _| batch.resolve(Base::Scalar(base.as_str()), a, strict));
    }
    let bases = Arrays::of(base)?;
    if bases.len() != references.len() {
        let lengths = BatchError::Lengths {
            references: references.len(),
            bases: bases.len(),
        };
        return Err(batch_error(py, lengths));
    }
    let bases = py.detach(|| bases.concat()).map_err(|e| batch_error(py, e))?;
    references.map(py, |a, row| {
        batch.resolve(Base::Array(&bases.slice(row, a.len())), a, strict)
    })
}

/// The codes of each row's diagnostics (a list-of-strings array).
#[pyfunction]
#[pyo3(signature = (array, *, parallel = true))]
pub(crate) fn arrow_lint_codes<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    parallel: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = Batch::new().parallel(parallel);
    Arrays::of(array)?.map(py, |a, _| {
        Ok(std::sync::Arc::new(batch.lint_codes(a)?) as ArrayRef)
    })
}
