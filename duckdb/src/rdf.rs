//! `read_rdf_iris(path [, format := , base := , lint := , max_statement_bytes := ])`: a table
//! of every IRI of RDF dumps (N-Triples, N-Quads, Turtle, TriG), one row per term that writes
//! one, valid or not, with where it is written, its role, and for an invalid one what the RFC
//! 3987 §2.2 grammar says of it; and a row for each statement that is not RDF and each line
//! that is not UTF-8. The rows are the library's [`rfc3987::rdf::Document`] items, the findings
//! of `iri check` (its `code`, line, column, component, rule and message).
//!
//! `path` is a file or a glob (`dumps/*.nt.bz2`); a name ending `.gz`, `.bz2`, `.zst` or `.xz`
//! is decompressed while it is read ([`rfc3987::compression`]). The syntax is told by the name
//! (`.nt`, `.nq`, `.ttl`, `.trig`, before the compression's), or by `format`. Each file is
//! read and decompressed by a thread of its own, a few blocks of whole lines ahead
//! ([`rfc3987::rdf::Blocks`]), while DuckDB's threads check them: an N-Triples or N-Quads
//! file's blocks on every thread, a Turtle or TriG file's by one thread at a time, in order.
//! Only the columns the query reads are made. What a query holds is bounded: a file being
//! read holds a few blocks of 256 KiB, or of a line up to `max_statement_bytes` (16 MiB by
//! default), longer than which a statement is reported and skipped, never held whole.

use std::error::Error;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Mutex, TryLockError};

use duckdb::core::{DataChunkHandle, Inserter, LogicalTypeHandle, LogicalTypeId};
use duckdb::vtab::{BindInfo, InitInfo, TableFunctionInfo, VTab};
use rfc3987::compression;
use rfc3987::rdf::{Block, Blocks, Document, Item, ItemKind, Scanner, Syntax};
use rfc3987::Iri;

use crate::vector::write;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// How many bytes a block or a read of a document holds.
const BLOCK_BYTES: usize = 256 * 1024;

/// The rows DuckDB takes at a call: a vector's.
const VECTOR_ROWS: usize = 2048;

/// The table's columns, in order; `lint` only with `lint := true`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    File,
    Line,
    Col,
    Code,
    Role,
    Written,
    Iri,
    Resolved,
    Valid,
    Component,
    Rule,
    Message,
    Repair,
    Lint,
}

impl Field {
    const ALL: [Field; 14] = [
        Field::File,
        Field::Line,
        Field::Col,
        Field::Code,
        Field::Role,
        Field::Written,
        Field::Iri,
        Field::Resolved,
        Field::Valid,
        Field::Component,
        Field::Rule,
        Field::Message,
        Field::Repair,
        Field::Lint,
    ];

    fn name(self) -> &'static str {
        match self {
            Field::File => "file",
            Field::Line => "line",
            Field::Col => "col",
            Field::Code => "code",
            Field::Role => "role",
            Field::Written => "written",
            Field::Iri => "iri",
            Field::Resolved => "resolved",
            Field::Valid => "valid",
            Field::Component => "component",
            Field::Rule => "rule",
            Field::Message => "message",
            Field::Repair => "repair",
            Field::Lint => "lint",
        }
    }

    fn logical_type(self) -> LogicalTypeHandle {
        match self {
            Field::Line | Field::Col => LogicalTypeHandle::from(LogicalTypeId::Bigint),
            Field::Valid => LogicalTypeHandle::from(LogicalTypeId::Boolean),
            Field::Lint => LogicalTypeHandle::list(&LogicalTypeHandle::from(LogicalTypeId::Varchar)),
            _ => LogicalTypeHandle::from(LogicalTypeId::Varchar),
        }
    }
}

/// What the query asked for: the files, each with its syntax, and how to read them.
pub struct Bind {
    files: Vec<(String, Syntax)>,
    base: Option<Iri<String>>,
    limit: usize,
    /// The table's columns (`lint` last, with `lint := true`).
    columns: Vec<Field>,
}

/// A file being read: its blocks, read (and decompressed) ahead by a thread of its own.
enum Source {
    /// Not opened yet.
    Closed,
    /// N-Triples or N-Quads, whose blocks any thread reads.
    Lines(Receiver<io::Result<Block>>),
    /// Turtle or TriG, whose blocks are read in order by one thread at a time.
    Document(Receiver<io::Result<Block>>, Box<Document>),
    /// Read to its end.
    Done,
}

/// The scan: the sources, the columns asked for, and the rows made but not yet given.
pub struct Scan {
    sources: Vec<Mutex<Source>>,
    /// The first source that may not be done.
    next: AtomicUsize,
    /// The table's columns the query reads, in the order of the output's vectors.
    projected: Vec<Field>,
    /// Rows made by one call and left for the next ones: each batch from its index on.
    ready: Mutex<Vec<(Vec<Row>, usize)>>,
}

/// One row; a column the query does not read is left empty.
struct Row {
    file: usize,
    line: usize,
    column: usize,
    code: Option<&'static str>,
    role: Option<&'static str>,
    valid: Option<bool>,
    /// The columns most rows leave empty (a valid IRI's, unless the query reads them).
    more: Option<Box<More>>,
}

/// The rest of a row.
#[derive(Default, PartialEq)]
struct More {
    written: Option<String>,
    iri: Option<String>,
    resolved: Option<String>,
    component: Option<&'static str>,
    rule: Option<&'static str>,
    message: Option<String>,
    repair: Option<String>,
    lint: Option<Vec<&'static str>>,
}

impl Row {
    /// The rest of the row, empty when it has none.
    fn more(&self) -> &More {
        const EMPTY: &More = &More {
            written: None,
            iri: None,
            resolved: None,
            component: None,
            rule: None,
            message: None,
            repair: None,
            lint: None,
        };
        self.more.as_deref().unwrap_or(EMPTY)
    }
}

/// The table function.
pub struct ReadRdfIris;

impl VTab for ReadRdfIris {
    type BindData = Bind;
    type InitData = Scan;

    fn bind(bind: &BindInfo) -> Result<Bind> {
        let pattern = bind.get_parameter(0).to_string();
        let named = |name: &str| bind.get_named_parameter(name).filter(|v| !v.is_null());
        let format = match named("format") {
            Some(format) => Some(syntax_named(&format.to_string())?),
            None => None,
        };
        let base = match named("base") {
            Some(base) => {
                Some(Iri::parse(base.to_string()).map_err(|e| format!("read_rdf_iris: base: {e}"))?)
            }
            None => None,
        };
        let limit = match named("max_statement_bytes").map(|v| v.to_int64()) {
            Some(bytes) if bytes < 1 => {
                return Err("read_rdf_iris: max_statement_bytes must be at least 1".into())
            }
            Some(bytes) => bytes as usize,
            None => Scanner::DEFAULT_LIMIT,
        };
        let lint = named("lint").is_some_and(|v| v.to_bool());
        let mut files = Vec::new();
        for path in paths(&pattern)? {
            let syntax = syntax_of(&path, format)?;
            files.push((path, syntax));
        }
        let columns: Vec<Field> = Field::ALL
            .into_iter()
            .filter(|&c| lint || c != Field::Lint)
            .collect();
        for column in &columns {
            bind.add_result_column(column.name(), column.logical_type());
        }
        Ok(Bind {
            files,
            base,
            limit,
            columns,
        })
    }

    fn init(init: &InitInfo) -> Result<Scan> {
        // SAFETY: the bind data is the `Bind` that `bind` made, which DuckDB keeps, unchanged,
        // until the scan is done.
        let bind = unsafe { &*init.get_bind_data::<Bind>() };
        let indices = init.get_column_indices();
        // A query that reads no column (`count(*)`): DuckDB 1.2 then asks for its row identifier
        // (`rowid`, an index past the table's columns) and reads no value of it. Otherwise DuckDB
        // might ask for the row identifier, which the table does not have.
        let none_read = indices.iter().all(|&i| i as usize >= bind.columns.len());
        let projected = indices
            .into_iter()
            .filter(|_| !none_read)
            .map(|i| bind.columns.get(i as usize).copied())
            .collect::<Option<Vec<Field>>>()
            .ok_or("read_rdf_iris: the table has no row identifier")?;
        let lines = bind
            .files
            .iter()
            .any(|(_, s)| matches!(s, Syntax::NTriples | Syntax::NQuads));
        init.set_max_threads(if lines { 256 } else { bind.files.len() as u64 });
        Ok(Scan {
            sources: bind.files.iter().map(|_| Mutex::new(Source::Closed)).collect(),
            next: AtomicUsize::new(0),
            projected,
            ready: Mutex::new(Vec::new()),
        })
    }

    fn func(info: &TableFunctionInfo<Self>, output: &mut DataChunkHandle) -> Result<()> {
        let (bind, scan) = (info.get_bind_data(), info.get_init_data());
        let failed = |_| "read_rdf_iris: a thread failed";
        let ready = scan.ready.lock().map_err(failed)?.pop();
        let (rows, from) = match ready {
            Some(ready) => ready,
            None => match scan.work(bind)? {
                Some(rows) => (rows, 0),
                None => {
                    output.set_len(0);
                    return Ok(());
                }
            },
        };
        let to = rows.len().min(from + VECTOR_ROWS);
        scan.output(bind, &rows[from..to], output);
        if to < rows.len() {
            scan.ready.lock().map_err(failed)?.push((rows, to));
        }
        Ok(())
    }

    fn supports_pushdown() -> bool {
        true
    }

    fn parameters() -> Option<Vec<LogicalTypeHandle>> {
        Some(vec![LogicalTypeHandle::from(LogicalTypeId::Varchar)])
    }

    fn named_parameters() -> Option<Vec<(String, LogicalTypeHandle)>> {
        let varchar = || LogicalTypeHandle::from(LogicalTypeId::Varchar);
        Some(vec![
            ("format".into(), varchar()),
            ("base".into(), varchar()),
            ("lint".into(), LogicalTypeHandle::from(LogicalTypeId::Boolean)),
            (
                "max_statement_bytes".into(),
                LogicalTypeHandle::from(LogicalTypeId::Bigint),
            ),
        ])
    }
}

/// The syntax `format` names: `nt`, `nq`, `ttl` or `trig`, as `iri check --format` takes it.
fn syntax_named(format: &str) -> Result<Syntax> {
    Syntax::from_extension(format).ok_or_else(|| {
        let format = rfc3987::printable(format);
        format!("read_rdf_iris: format must be 'nt', 'nq', 'ttl' or 'trig', not '{format}'").into()
    })
}

/// The syntax of the file `path`: `format`, or its name's extension before the compression's.
fn syntax_of(path: &str, format: Option<Syntax>) -> Result<Syntax> {
    format.or_else(|| Syntax::of_file_name(path)).ok_or_else(|| {
        let path = rfc3987::printable(path);
        format!(
            "read_rdf_iris: '{path}': its name does not say its syntax (.nt, .nq, .ttl or .trig, \
             maybe followed by .gz, .bz2, .zst or .xz); give it with format := 'nt', 'nq', 'ttl' or 'trig'"
        )
        .into()
    })
}

/// The files `pattern` names: itself, or the files its glob matches, in order of their names.
fn paths(pattern: &str) -> Result<Vec<String>> {
    let shown = || rfc3987::printable(pattern).to_string();
    // A file whose name holds a glob's characters is that file.
    if Path::new(pattern).is_file() {
        return Ok(vec![pattern.to_string()]);
    }
    if !pattern.contains(['*', '?', '[']) {
        return Err(format!("read_rdf_iris: no file '{}'", shown()).into());
    }
    let matched = glob::glob(pattern).map_err(|e| format!("read_rdf_iris: '{}': {e}", shown()))?;
    let mut files = Vec::new();
    for path in matched {
        let path = path.map_err(|e| format!("read_rdf_iris: {e}"))?;
        if path.is_file() {
            files.push(path.to_string_lossy().into_owned());
        }
    }
    if files.is_empty() {
        return Err(format!("read_rdf_iris: no file matches '{}'", shown()).into());
    }
    Ok(files)
}

/// How many blocks a file's reader reads ahead of the threads that check them.
const READ_AHEAD: usize = 4;

/// The blocks of the file `path` ([`Blocks`], a line longer than `limit` cut), read and
/// decompressed by a thread of its own while the query's threads check the blocks before
/// (as `iri check`'s reader does); it stops when the scan drops the receiver.
fn read_ahead(path: &str, limit: usize) -> io::Result<Receiver<io::Result<Block>>> {
    let mut blocks = Blocks::new(compression::open(Path::new(path))?, BLOCK_BYTES, limit);
    let (send, receive) = sync_channel(READ_AHEAD);
    std::thread::Builder::new()
        .name("read_rdf_iris".into())
        .spawn(move || {
            while let Some(block) = blocks.next_block().transpose() {
                let failed = block.is_err();
                if send.send(block).is_err() || failed {
                    break;
                }
            }
        })?;
    Ok(receive)
}

/// The work a thread takes from a source.
enum Step {
    /// Rows made (a Turtle or TriG file's next piece, read under its lock).
    Rows(Vec<Row>),
    /// A block of lines to read, without the lock.
    Block(Block, Syntax),
    /// The source is done.
    Done,
}

impl Scan {
    /// The next rows of the sources not done, `None` when every source is: each source is
    /// tried in turn (one another thread holds is passed by, unless no other is left).
    fn work(&self, bind: &Bind) -> Result<Option<Vec<Row>>> {
        loop {
            let first = self.next.load(Ordering::Acquire);
            if first >= self.sources.len() {
                return Ok(None);
            }
            let mut stepped = None;
            for (i, source) in self.sources.iter().enumerate().skip(first) {
                let mut source = match source.try_lock() {
                    Ok(source) => source,
                    Err(TryLockError::WouldBlock) => continue,
                    Err(TryLockError::Poisoned(_)) => return Err("read_rdf_iris: a thread failed".into()),
                };
                if matches!(*source, Source::Done) {
                    continue;
                }
                stepped = Some((i, self.step(bind, i, &mut source)?));
                break;
            }
            // Every source not done is being read: wait for the first.
            let (i, step) = match stepped {
                Some(stepped) => stepped,
                None => {
                    let mut source = self.sources[first]
                        .lock()
                        .map_err(|_| "read_rdf_iris: a thread failed")?;
                    (first, self.step(bind, first, &mut source)?)
                }
            };
            let rows = match step {
                Step::Rows(rows) => rows,
                Step::Block(block, syntax) => self.block_rows(bind, i, &block, syntax),
                Step::Done => {
                    // Sources before `i` may still be read; `next` passes only those done, each
                    // once (another thread may pass the same one: only the first moves it).
                    loop {
                        let k = self.next.load(Ordering::Acquire);
                        let done = self.sources.get(k).is_some_and(|source| {
                            source
                                .try_lock()
                                .is_ok_and(|source| matches!(*source, Source::Done))
                        });
                        if !done {
                            break;
                        }
                        let _ = self
                            .next
                            .compare_exchange(k, k + 1, Ordering::AcqRel, Ordering::Acquire);
                    }
                    continue;
                }
            };
            if !rows.is_empty() {
                return Ok(Some(rows));
            }
        }
    }

    /// Takes the next piece of source `i`, which the caller holds: opens it first.
    fn step(&self, bind: &Bind, i: usize, source: &mut Source) -> Result<Step> {
        let (path, syntax) = &bind.files[i];
        let failed = |e: io::Error| format!("read_rdf_iris: '{}': {e}", rfc3987::printable(path));
        if matches!(source, Source::Closed) {
            let blocks = read_ahead(path, bind.limit).map_err(failed)?;
            *source = match syntax {
                Syntax::NTriples | Syntax::NQuads => Source::Lines(blocks),
                _ => Source::Document(blocks, Box::new(Document::new(bind.scanner(*syntax)))),
            };
        }
        let (blocks, document) = match source {
            Source::Lines(blocks) => (blocks, None),
            Source::Document(blocks, document) => (blocks, Some(document)),
            Source::Closed | Source::Done => return Ok(Step::Done),
        };
        let block = match blocks.recv() {
            Ok(Ok(block)) => block,
            Ok(Err(e)) => {
                *source = Source::Done;
                return Err(failed(e).into());
            }
            // The reader stopped before the last block: it failed (a panic, said on standard
            // error), and the file is not read to its end.
            Err(_) => {
                *source = Source::Done;
                return Err(failed(io::Error::other("its reader stopped before the end")).into());
            }
        };
        let last = block.last;
        let step = match document {
            None => Step::Block(block, *syntax),
            Some(document) => {
                let mut rows = Vec::new();
                document.read(&block.bytes, last, &mut |item| {
                    rows.push(row(&self.projected, i, item))
                });
                Step::Rows(rows)
            }
        };
        if last {
            *source = Source::Done;
        }
        Ok(step)
    }

    /// The rows of a block of lines of source `i`.
    fn block_rows(&self, bind: &Bind, i: usize, block: &Block, syntax: Syntax) -> Vec<Row> {
        // About an IRI each 40 bytes, in the dumps of benches/data.
        let mut rows = Vec::with_capacity(block.bytes.len() / 40);
        block.read(bind.scanner(syntax), &mut |item| {
            rows.push(row(&self.projected, i, item))
        });
        rows
    }

    /// Writes `rows` to the output's vectors, one a projected column.
    fn output(&self, bind: &Bind, rows: &[Row], output: &mut DataChunkHandle) {
        for (k, column) in self.projected.iter().enumerate() {
            let strings = |f: &dyn for<'r> Fn(&'r Row) -> Option<&'r str>| {
                let mut vector = output.flat_vector(k);
                for (i, row) in rows.iter().enumerate() {
                    match f(row) {
                        Some(s) => vector.insert(i, s),
                        None => vector.set_null(i),
                    }
                }
            };
            match column {
                Field::File => {
                    let vector = output.flat_vector(k);
                    for (i, row) in rows.iter().enumerate() {
                        vector.insert(i, bind.files[row.file].0.as_str());
                    }
                }
                Field::Code => strings(&|r| r.code),
                Field::Role => strings(&|r| r.role),
                Field::Written => strings(&|r| r.more().written.as_deref()),
                Field::Iri => strings(&|r| r.more().iri.as_deref()),
                Field::Resolved => strings(&|r| r.more().resolved.as_deref()),
                Field::Component => strings(&|r| r.more().component),
                Field::Rule => strings(&|r| r.more().rule),
                Field::Message => strings(&|r| r.more().message.as_deref()),
                Field::Repair => strings(&|r| r.more().repair.as_deref()),
                Field::Line => {
                    let values: Vec<Option<i64>> = rows.iter().map(|r| Some(r.line as i64)).collect();
                    write(&mut output.flat_vector(k), &values);
                }
                Field::Col => {
                    let values: Vec<Option<i64>> = rows.iter().map(|r| Some(r.column as i64)).collect();
                    write(&mut output.flat_vector(k), &values);
                }
                Field::Valid => {
                    let values: Vec<Option<bool>> = rows.iter().map(|r| r.valid).collect();
                    write(&mut output.flat_vector(k), &values);
                }
                Field::Lint => {
                    let mut list = output.list_vector(k);
                    let total = rows
                        .iter()
                        .filter_map(|r| r.more().lint.as_ref())
                        .map(Vec::len)
                        .sum();
                    let child = list.child(total);
                    let mut offset = 0;
                    for (i, row) in rows.iter().enumerate() {
                        let codes = row.more().lint.as_deref().unwrap_or_default();
                        for (n, code) in codes.iter().enumerate() {
                            child.insert(offset + n, *code);
                        }
                        list.set_entry(i, offset, codes.len());
                        offset += codes.len();
                        if row.more().lint.is_none() {
                            list.set_null(i);
                        }
                    }
                    list.set_len(total);
                }
            }
        }
        output.set_len(rows.len());
    }
}

impl Bind {
    /// A scanner of `syntax` with the query's base and limit.
    fn scanner(&self, syntax: Syntax) -> Scanner {
        Scanner::new(syntax)
            .with_limit(self.limit)
            .with_base(self.base.clone())
    }
}

/// The row of an item of file `file`: only the columns `projected` are filled.
fn row(projected: &[Field], file: usize, item: Item<'_>) -> Row {
    let wants = |c: Field| projected.contains(&c);
    let mut row = Row {
        file,
        line: item.line,
        column: item.column,
        code: None,
        role: None,
        valid: None,
        more: None,
    };
    let mut more = More::default();
    match item.kind {
        ItemKind::Iri(term) => {
            let found = term.found();
            row.role = Some(found.role().as_str());
            more.written = wants(Field::Written).then(|| term.written().to_string());
            more.iri = wants(Field::Iri).then(|| found.iri().to_string());
            match found.error() {
                Some(error) => {
                    row.code = Some("syntax");
                    row.valid = Some(false);
                    more.component = error.component().map(|c| c.as_str());
                    more.rule = error.rule();
                    more.message = wants(Field::Message).then(|| term.message()).flatten();
                    more.repair = wants(Field::Repair).then(|| term.repair()).flatten();
                }
                None => {
                    row.valid = Some(true);
                    if wants(Field::Resolved) {
                        more.resolved = match found.resolved() {
                            Some(resolved) => Some(resolved.to_string()),
                            // An IRI is its own resolution; a relative reference with no base
                            // has none.
                            None => Iri::parse(found.iri()).ok().map(|iri| iri.to_string()),
                        };
                    }
                    if wants(Field::Lint) {
                        let diagnostics =
                            rfc3987::lint_as(found.iri(), found.checked_as()).unwrap_or_default();
                        more.lint = Some(diagnostics.iter().map(|d| d.code).collect());
                    }
                }
            }
        }
        ItemKind::Broken(message) => {
            row.code = Some("rdf-syntax");
            more.message = Some(message);
        }
        ItemKind::NotUtf8(message) => {
            row.code = Some("not-utf8");
            more.message = Some(message);
        }
        _ => {}
    }
    if more != More::default() {
        row.more = Some(Box::new(more));
    }
    row
}
