//! Batch functions over Apache Arrow string arrays (feature `arrow`): the passes of this crate
//! applied to every row of an array, for data engines (Spark, DuckDB, Polars, DataFusion) and
//! the Python package's Arrow functions.
//!
//! Every function reads `Utf8`, `LargeUtf8` and `Utf8View` arrays without copying them and
//! returns the same layout; a null row gives a null result. The rows are independent, so a
//! large array is cut into ranges worked on by all cores (rayon's global pool, sized by
//! `RAYON_NUM_THREADS`), unless [`Batch::parallel`] is off: engines that already run one task
//! per core want one thread per call.
//!
//! An invalid row gives null (or, for [`Batch::parse`], its error in the row), unless
//! [`Batch::on_invalid`] asks for the first invalid row's error instead.
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{Array, ArrayRef, BooleanArray, StringArray};
//! use rfc3987::arrow::Batch;
//! use rfc3987::{AbnfRule, Level, NormalizeOptions, StartSymbol};
//!
//! let iris: ArrayRef = Arc::new(StringArray::from(vec![Some("HTTP://Example.org/%7e"), None, Some("a b")]));
//! let batch = Batch::new();
//! let valid = batch.is_valid(&iris, AbnfRule::start_symbol(StartSymbol::IriReference)).unwrap();
//! assert_eq!(valid, BooleanArray::from(vec![Some(true), None, Some(false)]));
//! let normal = batch.normalize(&iris, &NormalizeOptions::new(Level::Syntax)).unwrap();
//! let normal = normal.as_any().downcast_ref::<StringArray>().unwrap();
//! assert_eq!(normal, &StringArray::from(vec![Some("http://example.org/~"), None, None]));
//! ```

mod batch;
mod error;
mod parse;
mod strings;

pub use batch::{Base, Batch};
pub use error::{BatchError, OnInvalid, RowError};
pub use parse::parsed_type;
