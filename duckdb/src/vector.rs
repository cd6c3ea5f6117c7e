//! The columns of a DuckDB data chunk, read in place: the extension's only `unsafe` code.
//!
//! DuckDB hands a scalar function a chunk of flat vectors (its C API flattens constant and
//! dictionary vectors before the call) of `input.len()` rows, at most 2048, and one output
//! vector of as many rows. The readers below borrow the chunk: a string is read where DuckDB
//! keeps it, never copied. A NULL row's slot may hold anything, so a slot is read only after
//! the validity mask says the row is not NULL, and written one at a time, never as a slice.

use std::marker::PhantomData;
use std::str::Utf8Error;

use duckdb::core::{DataChunkHandle, FlatVector};
use duckdb::ffi::{duckdb_data_chunk_get_vector, duckdb_string_t, duckdb_vector_get_validity};

/// The longest string DuckDB keeps inside its 16-byte `duckdb_string_t` (duckdb.h: "inlined"
/// up to 12 bytes; longer ones hold a length, a 4-byte prefix and a pointer).
const INLINED: usize = 12;

/// A column of a chunk whose rows are `T` in DuckDB's layout: its data and validity mask.
struct Column<'a, T> {
    data: *const T,
    /// Bit `row % 64` of word `row / 64` is set for a row that is not NULL (duckdb.h,
    /// `duckdb_validity_row_is_valid`); `None` when DuckDB keeps no mask, no row being NULL.
    /// Read once per call, not once per row.
    validity: Option<&'a [u64]>,
    rows: usize,
    _chunk: PhantomData<&'a DataChunkHandle>,
}

impl<'a, T> Column<'a, T> {
    /// Column `column` of `input`, whose type the function's signature declares as `T`'s.
    fn of(input: &'a DataChunkHandle, column: usize) -> Self {
        let rows = input.len();
        // SAFETY: `column` is one of the chunk's columns (the signature's arity). The data of a
        // flat vector is an array of at least `rows` slots; the mask, when there is one, has a
        // bit for each row. Both live as long as the chunk, which DuckDB keeps for the call.
        unsafe {
            let data = input.flat_vector(column).as_mut_ptr::<T>().cast_const();
            let vector = duckdb_data_chunk_get_vector(input.get_ptr(), column as u64);
            let mask = duckdb_vector_get_validity(vector);
            let validity =
                (!mask.is_null()).then(|| std::slice::from_raw_parts(mask.cast_const(), rows.div_ceil(64)));
            Column {
                data,
                validity,
                rows,
                _chunk: PhantomData,
            }
        }
    }

    /// The slot of row `row`, `None` for NULL.
    fn get(&self, row: usize) -> Option<&'a T> {
        assert!(row < self.rows, "row {row} of a chunk of {}", self.rows);
        if self
            .validity
            .is_some_and(|mask| mask[row / 64] & (1 << (row % 64)) == 0)
        {
            return None;
        }
        // SAFETY: `row` is within the chunk (checked above) and not NULL, so DuckDB wrote its
        // slot; the chunk outlives `'a`.
        Some(unsafe { &*self.data.add(row) })
    }
}

/// A VARCHAR column of a chunk.
pub struct Strings<'a>(Column<'a, duckdb_string_t>);

impl<'a> Strings<'a> {
    /// Column `column` of `input`, which the function's signature declares VARCHAR.
    pub fn of(input: &'a DataChunkHandle, column: usize) -> Self {
        Strings(Column::of(input, column))
    }

    /// Row `row`: `None` for NULL. DuckDB checks that every VARCHAR is UTF-8; a string that is
    /// not would be an error here, never read unchecked.
    pub fn get(&self, row: usize) -> Result<Option<&'a str>, Utf8Error> {
        self.0.get(row).map(|s| std::str::from_utf8(bytes(s))).transpose()
    }
}

/// The bytes of a valid (non-NULL) string.
fn bytes(string: &duckdb_string_t) -> &[u8] {
    // SAFETY: both views of the union begin with the length. A string of at most `INLINED`
    // bytes is stored in `inlined`, inside the struct we borrow; a longer one is at `ptr`, in
    // memory DuckDB owns for at least as long as the vector that holds the struct.
    unsafe {
        let length = string.value.inlined.length as usize;
        let start = if length <= INLINED {
            string.value.inlined.inlined.as_ptr()
        } else {
            string.value.pointer.ptr.cast_const()
        };
        std::slice::from_raw_parts(start.cast::<u8>(), length)
    }
}

/// A BOOLEAN column of a chunk.
pub struct Bools<'a>(Column<'a, u8>);

impl<'a> Bools<'a> {
    /// Column `column` of `input`, which the function's signature declares BOOLEAN (one byte a
    /// row, DuckDB's `bool`).
    pub fn of(input: &'a DataChunkHandle, column: usize) -> Self {
        Bools(Column::of(input, column))
    }

    /// Row `row`: `None` for NULL.
    pub fn get(&self, row: usize) -> Option<bool> {
        self.0.get(row).map(|&byte| byte != 0)
    }
}

/// A value DuckDB stores in a flat vector as it is: BOOLEAN as `bool`, BIGINT as `i64`.
pub trait Fixed: Copy {}

impl Fixed for bool {}
impl Fixed for i64 {}

/// Writes `values` to rows `0..values.len()` of `output`, a vector of `T`'s type (the
/// signature's return type or a struct field's) with room for them; `None` as NULL.
pub fn write<T: Fixed>(output: &mut FlatVector<'_>, values: &[Option<T>]) {
    assert!(
        values.len() <= output.capacity(),
        "{} rows for a vector of {}",
        values.len(),
        output.capacity()
    );
    // SAFETY: the vector's slots are `T`s (its type is `T`'s). One call for the whole vector:
    // DuckDB's function is reached through its function table, not inlined.
    let data = unsafe { output.as_mut_ptr::<T>() };
    for (row, value) in values.iter().enumerate() {
        match value {
            // SAFETY: `row` is within the vector's capacity (checked above), and nothing else
            // writes the vector during the call.
            Some(value) => unsafe { data.add(row).write(*value) },
            None => output.set_null(row),
        }
    }
}
