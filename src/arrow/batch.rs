//! [`Batch`]: how the batch functions run (on all cores or one, what an invalid row gives), and
//! the passes of this crate applied to every row of a string array.

use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray};
use arrow_schema::ArrowError;
use rayon::prelude::*;
#[cfg(feature = "lint")]
use {
    arrow_array::ListArray,
    arrow_buffer::{NullBufferBuilder, OffsetBuffer},
    arrow_schema::Field,
};

use super::error::{BatchError, OnInvalid, RowError};
use super::strings::Strings;
#[cfg(feature = "lint")]
use crate::lint;
use crate::{
    resolve, resolve_non_strict, to_iri, AbnfRule, Iri, IriRef, NormalizeOptions, ToIriOptions, ToUriOptions,
};

/// The fewest rows worth a task of their own: about a quarter of a millisecond of `is_valid`.
const MIN_ROWS: usize = 4096;

/// The base of [`Batch::resolve`]: one for every row, or one per row.
#[derive(Clone, Copy)]
pub enum Base<'a> {
    /// One base IRI for every reference.
    Scalar(&'a str),
    /// The base of each reference, row by row (a null base gives a null result).
    Array(&'a dyn Array),
}

/// How the batch functions run: on all cores or one, and what an invalid row gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    parallel: bool,
    on_invalid: OnInvalid,
}

impl Default for Batch {
    fn default() -> Self {
        Batch::new()
    }
}

impl Batch {
    /// On all cores, an invalid row giving null.
    pub fn new() -> Self {
        Batch {
            parallel: true,
            on_invalid: OnInvalid::Null,
        }
    }

    /// Whether a large array is worked on by all of rayon's threads (the default) or only by
    /// the calling thread.
    pub fn parallel(mut self, on: bool) -> Self {
        self.parallel = on;
        self
    }

    /// What an invalid row gives.
    pub fn on_invalid(mut self, on_invalid: OnInvalid) -> Self {
        self.on_invalid = on_invalid;
        self
    }

    /// Whether each row matches `rule` (RFC 3987 §2.2 or RFC 3986, as [`AbnfRule::is_match`]).
    pub fn is_valid(&self, array: &dyn Array, rule: AbnfRule) -> Result<BooleanArray, BatchError> {
        let strings = Strings::of(array)?;
        let parts = self.by_ranges(strings.len(), |rows| {
            let mut valid = BooleanBuilder::with_capacity(rows.len());
            for i in rows {
                valid.append_option(strings.get(i).map(|s| rule.is_match(s)));
            }
            Ok(Arc::new(valid.finish()) as ArrayRef)
        })?;
        Ok(concat(parts)?.as_boolean().clone())
    }

    /// Each row normalized (RFC 3987 §5.3.2, §5.3.3, as [`crate::normalize`]); an invalid row is
    /// not an IRI reference.
    pub fn normalize(&self, array: &dyn Array, options: &NormalizeOptions) -> Result<ArrayRef, BatchError> {
        self.map(array, |s| {
            Ok(crate::normalize(&IriRef::parse(s)?, options).into_inner())
        })
    }

    /// Each row mapped to a URI (RFC 3987 §3.1, as [`crate::to_uri_lenient`]); a row is invalid
    /// when it is not an IRI reference or ToASCII fails on its host.
    pub fn to_uri(&self, array: &dyn Array, options: &ToUriOptions) -> Result<ArrayRef, BatchError> {
        self.map(array, |s| Ok(crate::to_uri_lenient(s, options)?.into_inner()))
    }

    /// Each row, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2, as [`crate::to_iri`]:
    /// percent-encoded octets are decoded where §3.2 says, non-ASCII characters stay, so a
    /// column of mixed URIs and IRIs converts); a row is invalid when it is not an IRI reference.
    pub fn to_iri(&self, array: &dyn Array, options: &ToIriOptions) -> Result<ArrayRef, BatchError> {
        self.map(array, |s| Ok(to_iri(&IriRef::parse(s)?, options).into_inner()))
    }

    /// Each row, an IRI reference, resolved against `base` (RFC 3986 §5.2 via RFC 3987 §6.5; with
    /// `strict` off, the non-strict parser of §5.2.2). A row is invalid when it is not an IRI
    /// reference or its base (in a base array) is not an IRI; a scalar base that is not an IRI
    /// is [`BatchError::Base`].
    pub fn resolve(&self, base: Base<'_>, array: &dyn Array, strict: bool) -> Result<ArrayRef, BatchError> {
        let resolve_one = |base: &Iri<&str>, reference: &str| -> Result<String, RowError> {
            let reference = IriRef::parse(reference)?;
            Ok(if strict {
                resolve(base, &reference)
            } else {
                resolve_non_strict(base, &reference)
            }
            .into_inner())
        };
        match base {
            Base::Scalar(base) => {
                let base = Iri::parse(base).map_err(BatchError::Base)?;
                self.map(array, |s| resolve_one(&base, s))
            }
            Base::Array(bases) => {
                let (bases, references) = (Strings::of(bases)?, Strings::of(array)?);
                if bases.len() != references.len() {
                    return Err(BatchError::Lengths {
                        references: references.len(),
                        bases: bases.len(),
                    });
                }
                self.map_rows(references, |i, reference| match bases.get(i) {
                    Some(base) => Ok(Some(resolve_one(&Iri::parse(base)?, reference)?)),
                    None => Ok(None),
                })
            }
        }
    }

    /// The codes of each row's diagnostics ([`crate::lint`]: the coded checks of RFC 3987 §4.1,
    /// §4.2, §5.3, §6.1, §7.5 and §8, or the code of the syntax error), one per diagnostic, in
    /// the order `lint` gives them; an empty list for a row with none. Feature `lint`.
    #[cfg(feature = "lint")]
    pub fn lint_codes(&self, array: &dyn Array) -> Result<ListArray, BatchError> {
        let strings = Strings::of(array)?;
        let parts = self.by_ranges(strings.len(), |rows| {
            let mut codes = strings.builder(rows.len(), 0);
            let mut offsets = Vec::with_capacity(rows.len() + 1);
            let mut nulls = NullBufferBuilder::new(rows.len());
            let mut count = 0i32;
            offsets.push(count);
            for i in rows {
                let row = strings.get(i);
                for diagnostic in row.map(lint).unwrap_or_default() {
                    codes.append(Some(diagnostic.code))?;
                    count = count.checked_add(1).ok_or(BatchError::TooLarge)?;
                }
                nulls.append(row.is_some());
                offsets.push(count);
            }
            let item = Arc::new(Field::new_list_field(strings.data_type(), false));
            let codes = ListArray::try_new(
                item,
                OffsetBuffer::new(offsets.into()),
                codes.finish(),
                nulls.finish(),
            )?;
            Ok(Arc::new(codes) as ArrayRef)
        })?;
        Ok(concat(parts)?.as_list::<i32>().clone())
    }

    /// Each row through `f`, in the input's layout; an invalid row as [`Batch::on_invalid`] says.
    pub(super) fn map<F>(&self, array: &dyn Array, f: F) -> Result<ArrayRef, BatchError>
    where
        F: Fn(&str) -> Result<String, RowError> + Sync,
    {
        self.map_rows(Strings::of(array)?, |_, s| f(s).map(Some))
    }

    /// Each non-null row `i` through `f(i, row)`, in the input's layout (`Ok(None)` is null); an
    /// invalid row as [`Batch::on_invalid`] says.
    pub(super) fn map_rows<F>(&self, strings: Strings<'_>, f: F) -> Result<ArrayRef, BatchError>
    where
        F: Fn(usize, &str) -> Result<Option<String>, RowError> + Sync,
    {
        let parts = self.by_ranges(strings.len(), |rows| {
            let mut out = strings.builder(rows.len(), strings.bytes(rows.clone()));
            for i in rows {
                let result = match strings.get(i).map(|s| f(i, s)).transpose() {
                    Ok(result) => result.flatten(),
                    Err(error) => self.invalid(i, error)?,
                };
                out.append(result.as_deref())?;
            }
            Ok(out.finish())
        })?;
        concat(parts)
    }

    /// `None` for invalid row `index`, or its error when [`OnInvalid::Error`] was asked for.
    pub(super) fn invalid<T>(&self, index: usize, error: RowError) -> Result<Option<T>, BatchError> {
        match self.on_invalid {
            OnInvalid::Null => Ok(None),
            OnInvalid::Error => Err(BatchError::Invalid { index, error }),
        }
    }

    /// `work` on ranges of `0..len` that cover it in order: one range, or when parallel and the
    /// array is large, up to four per thread of rayon's pool, worked on at once. The first
    /// error, in row order, wins.
    pub(super) fn by_ranges<T, F>(&self, len: usize, work: F) -> Result<Vec<T>, BatchError>
    where
        T: Send,
        F: Fn(Range<usize>) -> Result<T, BatchError> + Sync,
    {
        let pieces = if self.parallel {
            (len / MIN_ROWS).min(rayon::current_num_threads() * 4)
        } else {
            1
        };
        if pieces <= 1 {
            return Ok(vec![work(0..len)?]);
        }
        (0..pieces)
            .into_par_iter()
            .map(|k| work(len * k / pieces..len * (k + 1) / pieces))
            .collect::<Vec<_>>()
            .into_iter()
            .collect()
    }
}

/// The pieces of a parallel batch as one array (the piece itself when there is one).
pub(super) fn concat(mut parts: Vec<ArrayRef>) -> Result<ArrayRef, BatchError> {
    if parts.len() == 1 {
        return Ok(parts.pop().expect("one part"));
    }
    let parts: Vec<&dyn Array> = parts.iter().map(AsRef::as_ref).collect();
    arrow_select::concat::concat(&parts).map_err(|e| match e {
        // Pieces that fit one by one but not together in 32-bit offsets.
        ArrowError::OffsetOverflowError(_) => BatchError::TooLarge,
        e => BatchError::Arrow(e),
    })
}
