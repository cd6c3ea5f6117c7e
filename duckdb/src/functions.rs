//! The SQL functions, each a pass of the rfc3987 crate over a whole DuckDB vector. Where the
//! Python module `rfc3987_rs.duckdb` has the function, the name, defaults and results are its
//! own (it runs the same passes through `rfc3987::arrow::Batch`); the optional arguments are
//! those of `rfc3987_rs.arrow`.
//!
//! A NULL argument gives NULL. A row that is not valid gives NULL, unless the function's last
//! argument, `errors`, is `'raise'` (the Python module's `errors="raise"`): then the query
//! stops with the function's name and the library's error, which quotes the row around the
//! character at fault. An argument that is not a value the function knows (a rule, a level,
//! `errors`) stops the query, whatever the row.

use std::error::Error;
use std::fmt;

use duckdb::core::{DataChunkHandle, Inserter, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use rfc3987::{
    lint, relativize, resolve, to_iri, to_uri_lenient, AbnfRule, Iri, IriRef, Level, NormalizeOptions,
    ParsedFields, RowError, StartSymbol, ToIriOptions, ToUriOptions,
};

use crate::vector::{write, Bools, Strings, Values};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

fn varchar() -> LogicalTypeHandle {
    LogicalTypeHandle::from(LogicalTypeId::Varchar)
}

fn boolean() -> LogicalTypeHandle {
    LogicalTypeHandle::from(LogicalTypeId::Boolean)
}

/// One signature for each count of trailing optional arguments: `required`, then `required`
/// with the first optional one, and so on.
fn signatures(
    required: &[fn() -> LogicalTypeHandle],
    optional: &[fn() -> LogicalTypeHandle],
    result: fn() -> LogicalTypeHandle,
) -> Vec<ScalarFunctionSignature> {
    (0..=optional.len())
        .map(|n| {
            let parameters = required.iter().chain(&optional[..n]).map(|t| t()).collect();
            ScalarFunctionSignature::exact(parameters, result())
        })
        .collect()
}

/// Column `column` of `input` as strings, if the call has that many arguments.
fn optional_strings(input: &DataChunkHandle, column: usize) -> Option<Strings<'_>> {
    (column < input.num_columns()).then(|| Strings::of(input, column))
}

/// A string argument other than the IRIs, row `row`: NULL and absent alike give `None`.
fn argument<'a>(column: &Option<Strings<'a>>, row: usize) -> Result<Option<&'a str>> {
    Ok(match column {
        Some(column) => column.get(row)?,
        None => None,
    })
}

/// What an invalid row `row` gives, by the `errors` argument: `Some(false)` for `'null'` (the
/// default, NULL), `Some(true)` for `'raise'` (the query stops), `None` when the argument is
/// NULL (the row's result is NULL, as for any NULL argument). Any other value is an error,
/// valid row or not.
fn raises(errors: &Option<Strings<'_>>, row: usize) -> Result<Option<bool>> {
    let Some(errors) = errors else {
        return Ok(Some(false));
    };
    match errors.get(row)? {
        None => Ok(None),
        Some("null") => Ok(Some(false)),
        Some("raise") => Ok(Some(true)),
        Some(other) => Err(format!(
            "errors must be 'null' or 'raise', not '{}'",
            rfc3987::printable(other)
        )
        .into()),
    }
}

/// A value computed from one name per row (a rule, a level), computed again only when the
/// name changes: a constant argument is parsed once per vector.
struct ByName<T> {
    last: Option<(String, T)>,
}

impl<T: Copy> ByName<T> {
    fn new() -> Self {
        ByName { last: None }
    }

    fn get<E: fmt::Display>(
        &mut self,
        name: &str,
        of: impl Fn(&str) -> std::result::Result<T, E>,
    ) -> Result<T> {
        match &self.last {
            Some((last, value)) if last == name => Ok(*value),
            _ => {
                let value = of(name).map_err(|e| e.to_string())?;
                self.last = Some((name.to_owned(), value));
                Ok(value)
            }
        }
    }
}

/// Each row's result through `row`, handed to `put`: `None` (NULL) where `row` gives
/// `Ok(None)`; for an invalid row NULL, or the error when the `errors` argument (column
/// `errors`, if the call has it) says `'raise'`; NULL as well where `errors` is NULL. An error
/// is given the function's name (DuckDB shows it as the query's error).
fn each_row<T>(
    name: &str,
    input: &DataChunkHandle,
    errors: Option<usize>,
    mut row: impl FnMut(usize) -> Result<Option<std::result::Result<T, RowError>>>,
    mut put: impl FnMut(usize, Option<T>),
) -> Result<()> {
    let errors = errors.and_then(|column| optional_strings(input, column));
    for i in 0..input.len() {
        let result = raises(&errors, i).and_then(|raise| match raise {
            None => Ok(None),
            Some(raise) => match row(i)? {
                Some(Err(invalid)) if raise => Err(invalid.to_string().into()),
                Some(result) => Ok(result.ok()),
                None => Ok(None),
            },
        });
        put(i, result.map_err(|e| format!("{name}: {e}"))?);
    }
    Ok(())
}

/// [`each_row`]'s results, in a vector.
fn rows<T>(
    name: &str,
    input: &DataChunkHandle,
    errors: Option<usize>,
    row: impl FnMut(usize) -> Result<Option<std::result::Result<T, RowError>>>,
) -> Result<Vec<Option<T>>> {
    let mut out = Vec::with_capacity(input.len());
    each_row(name, input, errors, row, |_, value| out.push(value))?;
    Ok(out)
}

/// [`each_row`]'s results written to the VARCHAR output as they come (each string freed before
/// the next is made), `None` as NULL.
fn to_strings(
    name: &str,
    input: &DataChunkHandle,
    output: &mut dyn WritableVector,
    errors: Option<usize>,
    row: impl FnMut(usize) -> Result<Option<std::result::Result<String, RowError>>>,
) -> Result<()> {
    let mut out = output.flat_vector();
    each_row(name, input, errors, row, |i, value| match value {
        Some(value) => out.insert(i, value.as_str()),
        None => out.set_null(i),
    })
}

/// The value of an optional argument named in column `column` (a rule, a level) for row `i`,
/// through `by_name`; `default` when the call does not have the argument, `None` when it is
/// NULL.
fn named_argument<T: Copy, E: fmt::Display>(
    column: &Option<Strings<'_>>,
    i: usize,
    by_name: &mut ByName<T>,
    of: impl Fn(&str) -> std::result::Result<T, E>,
    default: T,
) -> Result<Option<T>> {
    Ok(match argument(column, i)? {
        Some(name) => Some(by_name.get(name, of)?),
        None if column.is_none() => Some(default),
        None => None,
    })
}

/// `iri_is_valid(s [, rule])`: whether `s` matches the ABNF rule `rule` (RFC 3987 §2.2 or
/// RFC 3986, any rule by name; `IRI_reference` by default).
pub struct IsValid;

impl VScalar for IsValid {
    type State = ();

    /// One pass over the vector: each string read in place and its verdict written in place.
    /// Without a rule argument nothing but the scan is done per row; with one, the rule is
    /// looked up again only when the row's name differs from the last row's.
    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let (strings, rules) = (Strings::of(input, 0), optional_strings(input, 1));
        let mut vector = output.flat_vector();
        let mut out = Values::of(&mut vector, input.len());
        let done: Result<()> = match rules {
            None => {
                let rule = AbnfRule::start_symbol(StartSymbol::IriReference);
                strings.each(|row, s| {
                    out.set(row, s.map(|s| rule.is_match(s)));
                    Ok(())
                })
            }
            Some(rules) => {
                let mut rule = ByName::new();
                strings.each(|row, s| {
                    // The rule first: a name that is no rule is refused whatever the row, NULL or not.
                    let valid = match rules.get(row)? {
                        Some(name) => {
                            let rule = rule.get(name, AbnfRule::named)?;
                            s.map(|s| rule.is_match(s))
                        }
                        None => None,
                    };
                    out.set(row, valid);
                    Ok(())
                })
            }
        };
        done.map_err(|e| format!("iri_is_valid: {e}").into())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar], &[varchar], boolean)
    }
}

/// The STRUCT of `iri_parse`: the fields of [`ParsedFields`], the last one BIGINT.
fn parsed_type() -> LogicalTypeHandle {
    let fields: Vec<(&str, LogicalTypeHandle)> = ParsedFields::NAMES
        .iter()
        .map(|&name| {
            let kind = if name == "error_position" {
                LogicalTypeId::Bigint
            } else {
                LogicalTypeId::Varchar
            };
            (name, LogicalTypeHandle::from(kind))
        })
        .collect();
    LogicalTypeHandle::struct_type(&fields)
}

/// `iri_parse(s [, rule])`: the components of `s` parsed as the start symbol `rule`
/// (`IRI_reference` by default; RFC 3986 §3, RFC 3987 §2.2), or where and why it is not valid
/// ([`ParsedFields`]).
pub struct Parse;

impl VScalar for Parse {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let (strings, rules) = (Strings::of(input, 0), optional_strings(input, 1));
        let mut symbol = ByName::new();
        let parsed = rows("iri_parse", input, None, |i| {
            let default = StartSymbol::IriReference;
            let Some(symbol) = named_argument(&rules, i, &mut symbol, start_symbol, default)? else {
                return Ok(None);
            };
            Ok(strings.get(i)?.map(|s| Ok(ParsedFields::of(s, symbol))))
        })?;
        let mut out = output.struct_vector();
        let mut fields: Vec<_> = (0..ParsedFields::NAMES.len())
            .map(|k| out.child(k, parsed.len()))
            .collect();
        let (strings_out, position_out) = fields.split_at_mut(ParsedFields::STRINGS);
        for (i, row) in parsed.iter().enumerate() {
            let values = row.as_ref().map(ParsedFields::strings).unwrap_or_default();
            for (field, value) in strings_out.iter_mut().zip(values) {
                match value {
                    Some(value) => field.insert(i, value),
                    None => field.set_null(i),
                }
            }
            if row.is_none() {
                out.set_null(i);
            }
        }
        let positions: Vec<_> = parsed
            .iter()
            .map(|row| row.as_ref().and_then(ParsedFields::error_position))
            .collect();
        write(&mut position_out[0], &positions);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar], &[varchar], parsed_type)
    }
}

/// The start symbol named `name` (`iri_parse` builds components, which only they have).
fn start_symbol(name: &str) -> Result<StartSymbol> {
    let rule = AbnfRule::named(name).map_err(|e| e.to_string())?;
    rule.symbol().ok_or_else(|| {
        let symbols: Vec<String> = StartSymbol::ALL
            .iter()
            .map(|s| s.name().replace('-', "_"))
            .collect();
        format!(
            "`{}` is not a start symbol: iri_parse takes {} (iri_is_valid takes any rule)",
            rule.name(),
            symbols.join(", ")
        )
        .into()
    })
}

/// `iri_normalize(s [, level [, errors]])`: `s` normalized up to `level` (RFC 3987 §5.3.2,
/// §5.3.3: `simple`, `syntax` or `scheme`, the default).
pub struct Normalize;

impl VScalar for Normalize {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let (strings, levels) = (Strings::of(input, 0), optional_strings(input, 1));
        let mut level = ByName::new();
        to_strings("iri_normalize", input, output, Some(2), |i| {
            let Some(level) = named_argument(&levels, i, &mut level, Level::named, Level::Scheme)? else {
                return Ok(None);
            };
            let options = NormalizeOptions::new(level);
            Ok(strings
                .get(i)?
                .map(|s| Ok(rfc3987::normalize(&IriRef::parse(s)?, &options).into_inner())))
        })
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar], &[varchar, varchar], varchar)
    }
}

/// `iri_equivalent(a, b [, level [, errors]])`: whether `a` and `b` are equivalent at `level`
/// (RFC 3987 §5.3; `scheme` by default); NULL when either is not an IRI reference.
pub struct Equivalent;

impl VScalar for Equivalent {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let (a, b) = (Strings::of(input, 0), Strings::of(input, 1));
        let (levels, mut level) = (optional_strings(input, 2), ByName::new());
        let same = rows("iri_equivalent", input, Some(3), |i| {
            let Some(level) = named_argument(&levels, i, &mut level, Level::named, Level::Scheme)? else {
                return Ok(None);
            };
            let (Some(a), Some(b)) = (a.get(i)?, b.get(i)?) else {
                return Ok(None);
            };
            Ok(Some((|| {
                let (a, b) = (IriRef::parse(a)?, IriRef::parse(b)?);
                Ok(rfc3987::equivalent(&a, &b, level))
            })()))
        })?;
        write(&mut output.flat_vector(), &same);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar, varchar], &[varchar, varchar], boolean)
    }
}

/// `iri_to_uri(s [, idna [, errors]])`: `s` mapped to a URI (RFC 3987 §3.1), with ToASCII on
/// the host of a DNS scheme when `idna` (false by default).
pub struct ToUri;

impl VScalar for ToUri {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let strings = Strings::of(input, 0);
        let idna = (input.num_columns() > 1).then(|| Bools::of(input, 1));
        to_strings("iri_to_uri", input, output, Some(2), |i| {
            let idna = match &idna {
                Some(idna) => match idna.get(i) {
                    Some(on) => on,
                    None => return Ok(None),
                },
                None => false,
            };
            let options = ToUriOptions::new().idna(idna);
            Ok(strings
                .get(i)?
                .map(|s| Ok(to_uri_lenient(s, &options)?.into_inner())))
        })
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar], &[boolean, varchar], varchar)
    }
}

/// `iri_to_iri(s [, errors])`: `s`, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2).
pub struct ToIri;

impl VScalar for ToIri {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let strings = Strings::of(input, 0);
        let options = ToIriOptions::new();
        to_strings("iri_to_iri", input, output, Some(1), |i| {
            Ok(strings
                .get(i)?
                .map(|s| Ok(to_iri(&IriRef::parse(s)?, &options).into_inner())))
        })
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar], &[varchar], varchar)
    }
}

/// `iri_resolve(base, reference [, errors])`: `reference` resolved against the IRI `base`
/// (RFC 3986 §5.2 via RFC 3987 §6.5, strict).
pub struct Resolve;

impl VScalar for Resolve {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let (bases, references) = (Strings::of(input, 0), Strings::of(input, 1));
        to_strings("iri_resolve", input, output, Some(2), |i| {
            let (Some(base), Some(reference)) = (bases.get(i)?, references.get(i)?) else {
                return Ok(None);
            };
            Ok(Some((|| {
                let (base, reference) = (Iri::parse(base)?, IriRef::parse(reference)?);
                Ok(resolve(&base, &reference).into_inner())
            })()))
        })
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar, varchar], &[varchar], varchar)
    }
}

/// `iri_relativize(base, target [, errors])`: the shortest reference that resolves against
/// the IRI `base` to the IRI `target` (the inverse of RFC 3986 §5.2); NULL where none does.
pub struct Relativize;

impl VScalar for Relativize {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let (bases, targets) = (Strings::of(input, 0), Strings::of(input, 1));
        to_strings("iri_relativize", input, output, Some(2), |i| {
            let (Some(base), Some(target)) = (bases.get(i)?, targets.get(i)?) else {
                return Ok(None);
            };
            let parsed = Iri::parse(base).and_then(|base| Ok((base, Iri::parse(target)?)));
            Ok(match parsed {
                Ok((base, target)) => relativize(&base, &target).map(|r| Ok(r.into_inner())),
                Err(e) => Some(Err(e.into())),
            })
        })
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar, varchar], &[varchar], varchar)
    }
}

/// `iri_lint_codes(s)`: the codes of the diagnostics of `s` (`rfc3987::lint`: the checks of
/// RFC 3987 §4.1, §4.2, §5.3, §6.1, §7.5 and §8, or the code of its syntax error), in order;
/// an empty list for none.
pub struct LintCodes;

impl VScalar for LintCodes {
    type State = ();

    fn invoke(_: &(), input: &mut DataChunkHandle, output: &mut dyn WritableVector) -> Result<()> {
        let strings = Strings::of(input, 0);
        let codes = rows("iri_lint_codes", input, None, |i| {
            Ok(strings
                .get(i)?
                .map(|s| Ok(lint(s).into_iter().map(|d| d.code).collect::<Vec<_>>())))
        })?;
        let total = codes.iter().flatten().map(Vec::len).sum();
        let mut list = output.list_vector();
        let child = list.child(total);
        let mut offset = 0;
        for (i, row) in codes.iter().enumerate() {
            let row = row.as_deref().unwrap_or_default();
            for (k, code) in row.iter().enumerate() {
                child.insert(offset + k, *code);
            }
            list.set_entry(i, offset, row.len());
            offset += row.len();
        }
        for (i, row) in codes.iter().enumerate() {
            if row.is_none() {
                list.set_null(i);
            }
        }
        list.set_len(total);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(&[varchar], &[], || LogicalTypeHandle::list(&varchar()))
    }
}
