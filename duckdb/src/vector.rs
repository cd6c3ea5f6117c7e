//! The columns of a DuckDB data chunk, read in place: the extension's only `unsafe` code.
//!
//! DuckDB hands a scalar function a chunk of flat vectors (its C API flattens constant and
//! dictionary vectors before the call) of `input.len()` rows, at most 2048, and one output
//! vector of as many rows. The readers below borrow the chunk: a string is read where DuckDB
//! keeps it, never copied. A NULL row's slot may hold anything, uninitialized bytes included,
//! so the slots are seen as `MaybeUninit` and a slot is read only after the validity mask says
//! the row is not NULL; the output's slots are written the same way, never read.

use std::mem::MaybeUninit;
use std::str::Utf8Error;

use duckdb::core::{DataChunkHandle, FlatVector};
use duckdb::ffi::{duckdb_data_chunk_get_vector, duckdb_string_t, duckdb_vector_get_validity};

/// The longest string DuckDB keeps inside its 16-byte `duckdb_string_t` (duckdb.h: "inlined"
/// up to 12 bytes; longer ones hold a length, a 4-byte prefix and a pointer).
const INLINED: usize = 12;

/// A column of a chunk whose rows are `T` in DuckDB's layout: its slots and validity mask.
struct Column<'a, T> {
    /// One slot a row; a NULL row's may be uninitialized.
    slots: &'a [MaybeUninit<T>],
    /// Bit `row % 64` of word `row / 64` is set for a row that is not NULL (duckdb.h,
    /// `duckdb_validity_row_is_valid`); `None` when DuckDB keeps no mask, no row being NULL.
    /// Read once per call, not once per row.
    validity: Option<&'a [u64]>,
}

impl<'a, T> Column<'a, T> {
    /// Column `column` of `input`, whose type the function's signature declares as `T`'s.
    fn of(input: &'a DataChunkHandle, column: usize) -> Self {
        let rows = input.len();
        // SAFETY: `column` is one of the chunk's columns (the signature's arity). The data of a
        // flat vector is an array of at least `rows` slots of `T` (seen as `MaybeUninit`, any
        // bytes will do); the mask, when there is one, has a bit for each row. Both live as
        // long as the chunk, which DuckDB keeps for the call.
        unsafe {
            let data = input
                .flat_vector(column)
                .as_mut_ptr::<MaybeUninit<T>>()
                .cast_const();
            let vector = duckdb_data_chunk_get_vector(input.get_ptr(), column as u64);
            let mask = duckdb_vector_get_validity(vector);
            let validity =
                (!mask.is_null()).then(|| std::slice::from_raw_parts(mask.cast_const(), rows.div_ceil(64)));
            Column {
                slots: std::slice::from_raw_parts(data, rows),
                validity,
            }
        }
    }

    /// The validity of the 64 rows from `64 * word` on, a bit a row (all set without a mask).
    fn valid_word(&self, word: usize) -> u64 {
        self.validity.map_or(u64::MAX, |mask| mask[word])
    }

    /// The slot of row `row`, `None` for NULL.
    fn get(&self, row: usize) -> Option<&'a T> {
        let slot = &self.slots[row];
        if self.valid_word(row / 64) & (1 << (row % 64)) == 0 {
            return None;
        }
        // SAFETY: the row is not NULL, so DuckDB wrote its slot.
        Some(unsafe { slot.assume_init_ref() })
    }

    /// Calls `f` with each row in order and its slot, `None` for NULL: the mask is read a word
    /// of 64 rows at a time. Stops at the first error.
    fn each<E>(&self, mut f: impl FnMut(usize, Option<&'a T>) -> Result<(), E>) -> Result<(), E> {
        for (word, slots) in self.slots.chunks(64).enumerate() {
            let valid = self.valid_word(word);
            for (bit, slot) in slots.iter().enumerate() {
                let slot = if valid >> bit & 1 == 1 {
                    // SAFETY: the row is not NULL, so DuckDB wrote its slot.
                    Some(unsafe { slot.assume_init_ref() })
                } else {
                    None
                };
                f(word * 64 + bit, slot)?;
            }
        }
        Ok(())
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

    /// Calls `f` with each row in order, as [`get`](Self::get) gives it, reading the validity
    /// mask once per 64 rows. Stops at the first error, `f`'s or a string that is not UTF-8.
    pub fn each<E: From<Utf8Error>>(
        &self,
        mut f: impl FnMut(usize, Option<&'a str>) -> Result<(), E>,
    ) -> Result<(), E> {
        self.0.each(|row, slot| {
            let string = slot.map(|s| std::str::from_utf8(bytes(s))).transpose()?;
            f(row, string)
        })
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

/// The first rows of an output vector of `T`'s type (the signature's return type or a struct
/// field's), written in place: a value into its slot, NULL into the validity mask.
pub struct Values<'v, 'a, T> {
    vector: &'v mut FlatVector<'a>,
    slots: &'v mut [MaybeUninit<T>],
}

impl<'v, 'a, T: Fixed> Values<'v, 'a, T> {
    /// Rows `0..rows` of `vector`, which has room for them.
    pub fn of(vector: &'v mut FlatVector<'a>, rows: usize) -> Self {
        assert!(
            rows <= vector.capacity(),
            "{rows} rows for a vector of {}",
            vector.capacity()
        );
        // SAFETY: the vector's slots are `T`s (its type is `T`'s), at least `rows` of them
        // (checked above), seen as `MaybeUninit` as they may hold anything before they are
        // written; nothing else reads or writes them during the call, and the slice borrows
        // the vector.
        let slots = unsafe { std::slice::from_raw_parts_mut(vector.as_mut_ptr::<MaybeUninit<T>>(), rows) };
        Values { vector, slots }
    }

    /// Writes `value` to row `row`, `None` as NULL.
    pub fn set(&mut self, row: usize, value: Option<T>) {
        match value {
            Some(value) => {
                self.slots[row].write(value);
            }
            None => self.vector.set_null(row),
        }
    }
}

/// Writes `values` to rows `0..values.len()` of `output` (see [`Values`]), `None` as NULL.
pub fn write<T: Fixed>(output: &mut FlatVector<'_>, values: &[Option<T>]) {
    let mut out = Values::of(output, values.len());
    for (row, value) in values.iter().enumerate() {
        out.set(row, *value);
    }
}
