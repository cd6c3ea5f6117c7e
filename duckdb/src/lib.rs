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
//! writing of DuckDB's vectors, in `vector.rs`, the entry point below, and the reading of a
//! table function's bind data in `rdf.rs`.

use std::error::Error;
use std::ffi::{c_char, c_void, CString};
use std::mem::offset_of;

use duckdb::ffi::{
    duckdb_ext_api_v1, duckdb_extension_access, duckdb_extension_info, duckdb_rs_extension_api_init,
};
use duckdb::Connection;

mod functions;
mod rdf;
mod vector;

use functions::{Equivalent, IsValid, LintCodes, Normalize, Parse, Relativize, Resolve, ToIri, ToUri};

/// The C API version the extension asks for, in its footer (`duckdb/build.sh`) and here: DuckDB
/// 1.2.0 and later offer it, older releases refuse the file when it loads.
const API_VERSION: &str = "v1.2.0";

/// The size of the part of DuckDB's table of C functions that API version v1.2.0 defines: the
/// functions up to `duckdb_stream_fetch_chunk`, the same in every release from 1.2.0 on.
/// duckdb-rs 1.20000.1 binds DuckDB 2.0's table, whose next 144 functions (from
/// `duckdb_create_instance_cache` on) are the ones DuckDB 2.0 files under v1.5.6. Releases before
/// 2.0 keep other functions there, in another order, and their table ends sooner: its last
/// function is the 408th in 1.2.2, the 428th in 1.3.2, the 459th in 1.4.5 and the 546th in
/// 1.5.6, against the 548th in 2.0.1 (measured by matching each entry to the symbols DuckDB's
/// library exports). So the entry point copies this
/// part only and leaves the rest null: the extension calls none of the rest, and were it to,
/// duckdb-rs would panic ("DuckDB API not initialized") rather than call through a null entry.
const API_V1_2_0_SIZE: usize = offset_of!(duckdb_ext_api_v1, duckdb_create_instance_cache);

// 404 functions, the last `duckdb_stream_fetch_chunk`, as in every release measured: a duckdb-rs
// whose table starts otherwise stops the build here.
const _: () = assert!(
    API_V1_2_0_SIZE == 404 * size_of::<usize>()
        && offset_of!(duckdb_ext_api_v1, duckdb_stream_fetch_chunk) + size_of::<usize>() == API_V1_2_0_SIZE
);

/// `get_api` as `duckdb_rs_extension_api_init` calls it in `init`, where `info` is the copied
/// table itself.
unsafe extern "C" fn copied_table(info: duckdb_extension_info, _version: *const c_char) -> *const c_void {
    info as *const c_void
}

/// The entry point DuckDB looks for in `rfc3987.duckdb_extension`: DuckDB's C extension API
/// calls it once per database, and it returns whether the extension loaded (on `false`, the
/// error was given to DuckDB through `set_error`, or DuckDB set it itself). It is what duckdb-rs's
/// `duckdb_entrypoint_c_api` macro generates, except that duckdb-rs is handed a copy of the
/// v1.2.0 part of DuckDB's table (`API_V1_2_0_SIZE`) instead of the table itself.
///
/// # Safety
/// Called by DuckDB only, with the `info` and `access` of the load.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_init_c_api(
    info: duckdb_extension_info,
    access: *const duckdb_extension_access,
) -> bool {
    match unsafe { init(info, access) } {
        Ok(loaded) => loaded,
        Err(error) => {
            if let Some(set_error) = unsafe { (*access).set_error } {
                let message = CString::new(error.to_string().replace('\0', " ")).unwrap_or_default();
                unsafe { set_error(info, message.as_ptr()) };
            }
            false
        }
    }
}

/// # Safety
/// As `rfc3987_init_c_api`.
unsafe fn init(
    info: duckdb_extension_info,
    access: *const duckdb_extension_access,
) -> Result<bool, Box<dyn Error>> {
    let access = unsafe { &*access };
    let get_api = access.get_api.ok_or("DuckDB gave no get_api")?;
    let version = CString::new(API_VERSION)?;
    let table = unsafe { get_api(info, version.as_ptr()) };
    if table.is_null() {
        // DuckDB refused the version and has set the error.
        return Ok(false);
    }
    // All null (`None`), then the v1.2.0 part of DuckDB's table.
    let mut copy: duckdb_ext_api_v1 = unsafe { std::mem::zeroed() };
    unsafe {
        std::ptr::copy_nonoverlapping(table.cast::<u8>(), (&raw mut copy).cast::<u8>(), API_V1_2_0_SIZE)
    };
    // duckdb-rs keeps each function of the table it is given (in statics that its `ffi` functions
    // call through); it reads the table through `get_api`, which here returns the copy.
    let own = duckdb_extension_access {
        set_error: None,
        get_database: None,
        get_api: Some(copied_table),
    };
    if !unsafe { duckdb_rs_extension_api_init((&raw mut copy).cast(), &own, API_VERSION)? } {
        return Ok(false);
    }
    let get_database = access.get_database.ok_or("DuckDB gave no get_database")?;
    let database = unsafe { get_database(info) };
    if database.is_null() {
        // DuckDB has set the error.
        return Ok(false);
    }
    let connection = unsafe { Connection::open_from_raw(*database) }?;
    register(&connection)?;
    Ok(true)
}

/// Registers the functions on the database DuckDB is loading the extension into.
fn register(connection: &Connection) -> Result<(), Box<dyn Error>> {
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
