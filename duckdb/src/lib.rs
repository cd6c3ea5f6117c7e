//! The rfc3987 DuckDB extension: `LOAD rfc3987;` and the passes of the rfc3987 crate as
//! vectorized SQL functions, the names and results of the Python module `rfc3987_rs.duckdb`.
//!
//! | function | RFC | result |
//! |---|---|---|
//! | `iri_is_valid(s [, rule])` | RFC 3987 §2.2, RFC 3986 | BOOLEAN |
//! | `iri_parse(s [, rule])` | RFC 3986 §3 | STRUCT of the components, or the error |
//! | `iri_normalize(s [, level [, errors]])` | RFC 3987 §5.3.2, §5.3.3 | VARCHAR |
//! | `iri_equivalent(a, b [, level [, errors]])` | RFC 3987 §5.3 | BOOLEAN |
//! | `iri_to_uri(s [, idna [, errors]])` | RFC 3987 §3.1 | VARCHAR |
//! | `iri_to_iri(s [, errors])` | RFC 3987 §3.2 | VARCHAR |
//! | `iri_resolve(base, reference [, errors])` | RFC 3986 §5.2, RFC 3987 §6.5 | VARCHAR |
//! | `iri_relativize(base, target [, errors])` | RFC 3986 §5.2, inverted | VARCHAR |
//! | `iri_lint_codes(s)` | RFC 3987 §4.1, §4.2, §5.3, §6.1, §7.5, §8 | VARCHAR[] |
//! | `read_rdf_iris(path, …)` | RFC 3987 §2.2 over RDF dumps | a table: every IRI of the dumps, placed (`rdf.rs`) |
//!
//! DuckDB calls a function once per vector of up to 2048 rows, on each of its threads; the
//! strings are read where DuckDB keeps them (`vector`). The `unsafe` code is the reading and
//! writing of DuckDB's vectors, in `vector.rs`, the entry point the macro generates, and the
//! reading of a table function's bind data in `rdf.rs`.

use std::error::Error;

use duckdb::{duckdb_entrypoint_c_api, Connection};

mod functions;
mod rdf;
mod vector;

use functions::{Equivalent, IsValid, LintCodes, Normalize, Parse, Relativize, Resolve, ToIri, ToUri};

/// Registers the functions on the database DuckDB is loading the extension into. The macro
/// exports it as `rfc3987_init_c_api`, the symbol DuckDB looks for in `rfc3987.duckdb_extension`,
/// and asks DuckDB for its C API function table first.
///
/// # Safety
/// Called by DuckDB only, once per database, with the connection the macro opened on it.
#[duckdb_entrypoint_c_api(ext_name = "rfc3987")]
pub unsafe fn extension_entrypoint(connection: Connection) -> Result<(), Box<dyn Error>> {
    connection.register_scalar_function::<IsValid>("iri_is_valid")?;
    connection.register_scalar_function::<Parse>("iri_parse")?;
    connection.register_scalar_function::<Normalize>("iri_normalize")?;
    connection.register_scalar_function::<Equivalent>("iri_equivalent")?;
    connection.register_scalar_function::<ToUri>("iri_to_uri")?;
    connection.register_scalar_function::<ToIri>("iri_to_iri")?;
    connection.register_scalar_function::<Resolve>("iri_resolve")?;
    connection.register_scalar_function::<Relativize>("iri_relativize")?;
    connection.register_scalar_function::<LintCodes>("iri_lint_codes")?;
    connection.register_table_function::<rdf::ReadRdfIris>("read_rdf_iris")?;
    Ok(())
}
