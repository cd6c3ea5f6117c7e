//! `iri check --fix OUT`: the document written again with its repaired IRIs in place, every
//! other byte as it was read (decompressed), to OUT (compressed again by OUT's extension).

use std::fs::File;
use std::io::{self, BufWriter, Write};

use crate::lines::BOM;
use rfc3987::compression::Compression;

/// A repair: the bytes `offset..offset + len` of the file (as read, decompressed), and what
/// is written in their place.
pub struct Repair {
    pub offset: usize,
    pub len: usize,
    pub text: String,
}

/// OUT, compressed or not: each compressor is finished explicitly, so that an error writing
/// its last bytes is reported (dropping one would ignore it).
enum Sink {
    Plain(BufWriter<File>),
    Gzip(flate2::write::GzEncoder<BufWriter<File>>),
    Bzip2(bzip2::write::BzEncoder<BufWriter<File>>),
    Zstd(zstd::stream::write::Encoder<'static, BufWriter<File>>),
    Xz(liblzma::write::XzEncoder<BufWriter<File>>),
}

impl Sink {
    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Sink::Plain(w) => w,
            Sink::Gzip(w) => w,
            Sink::Bzip2(w) => w,
            Sink::Zstd(w) => w,
            Sink::Xz(w) => w,
        }
    }

    /// Ends the compressed stream and flushes the file.
    fn finish(self) -> io::Result<()> {
        let mut file = match self {
            Sink::Plain(w) => w,
            Sink::Gzip(w) => w.finish()?,
            Sink::Bzip2(w) => w.finish()?,
            Sink::Zstd(w) => w.finish()?,
            Sink::Xz(w) => w.finish()?,
        };
        file.flush()
    }
}

/// The output of --fix, written as the blocks are reported: bytes are held back while a repair
/// may still come for them (a Turtle statement not yet complete).
pub struct FixWriter {
    out: Sink,
    /// The bytes read and not yet written, from file offset `start`.
    pending: Vec<u8>,
    start: usize,
    /// The repairs in `pending`, in order.
    repairs: Vec<Repair>,
}

impl FixWriter {
    /// Creates OUT, to rewrite `input` (a path, or `-` for standard input), unless that would
    /// lose it: OUT is `input` itself (creating OUT would empty it before it is read), or
    /// `input` cannot be read (OUT would be left empty).
    pub fn for_input(path: &str, input: &str) -> Result<Self, String> {
        if input != "-" {
            let read = std::fs::metadata(input).map_err(|e| format!("{}: {e}", rfc3987::printable(input)))?;
            if let Ok(out) = std::fs::metadata(path) {
                if same_file(&read, &out, input, path) {
                    return Err(format!(
                        "{} is the file being checked: writing it would empty it before it is read; give another OUT",
                        rfc3987::printable(path)
                    ));
                }
            }
        }
        Self::create(path).map_err(|e| format!("{}: {e}", rfc3987::printable(path)))
    }

    /// Creates OUT; `.gz`, `.bz2`, `.zst` or `.xz` at its end compresses what is written.
    fn create(path: &str) -> io::Result<Self> {
        let file = BufWriter::with_capacity(1 << 16, File::create(path)?);
        let out = match Compression::of_name(path) {
            Some((Compression::Gzip, _)) => Sink::Gzip(flate2::write::GzEncoder::new(
                file,
                flate2::Compression::default(),
            )),
            Some((Compression::Bzip2, _)) => {
                Sink::Bzip2(bzip2::write::BzEncoder::new(file, bzip2::Compression::default()))
            }
            Some((Compression::Zstd, _)) => Sink::Zstd(zstd::stream::write::Encoder::new(file, 0)?),
            Some((Compression::Xz, _)) => Sink::Xz(liblzma::write::XzEncoder::new(file, 6)),
            None => Sink::Plain(file),
        };
        Ok(FixWriter {
            out,
            pending: Vec::new(),
            start: 0,
            repairs: Vec::new(),
        })
    }

    /// Writes the byte order mark that the input started with, before anything else (the
    /// offsets of the repairs count after it, as the checker read the input).
    pub fn bom(&mut self) -> io::Result<()> {
        self.out.writer().write_all(BOM)
    }

    /// Takes the next block's bytes and the repairs found with it (file offsets, in order, at
    /// or after what was written), and writes what is final: the bytes before `settled` (a
    /// file offset), or all of them.
    pub fn block(&mut self, bytes: &[u8], repairs: Vec<Repair>, settled: Option<usize>) -> io::Result<()> {
        self.pending.extend_from_slice(bytes);
        self.repairs.extend(repairs);
        let end = self.start + self.pending.len();
        self.write_to(settled.unwrap_or(end).min(end))
    }

    /// Writes the pending bytes before file offset `to`, with their repairs.
    fn write_to(&mut self, to: usize) -> io::Result<()> {
        let out = self.out.writer();
        let mut at = self.start;
        let mut done = 0;
        for repair in self.repairs.iter().take_while(|r| r.offset + r.len <= to) {
            if repair.offset >= at {
                out.write_all(&self.pending[at - self.start..repair.offset - self.start])?;
                out.write_all(repair.text.as_bytes())?;
                at = repair.offset + repair.len;
            }
            done += 1;
        }
        self.repairs.drain(..done);
        out.write_all(&self.pending[at - self.start..to - self.start])?;
        self.pending.drain(..to - self.start);
        self.start = to;
        Ok(())
    }

    /// Writes what is left and ends the output (the compressed stream's end included).
    pub fn finish(mut self) -> io::Result<()> {
        let end = self.start + self.pending.len();
        self.write_to(end)?;
        self.out.finish()
    }
}

/// Whether two existing paths name one file: the same device and inode on Unix, the same
/// canonical path elsewhere.
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata, a_path: &str, b_path: &str) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = (a_path, b_path);
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        match (std::fs::canonicalize(a_path), std::fs::canonicalize(b_path)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}
