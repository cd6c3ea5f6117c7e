//! Compressed dumps, decompressed while they are read: gzip, bzip2, Zstandard and xz, told by
//! a file name's last extension, or for a stream by the format's magic number. For readers of
//! RDF dumps and lists of IRIs (the `iri` tool, the DuckDB extension's `read_rdf_iris`), which
//! are most often shipped compressed. The `compression` feature.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// A compression format `iri check` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// gzip (RFC 1952), `.gz`.
    Gzip,
    /// bzip2, `.bz2`.
    Bzip2,
    /// Zstandard (RFC 8878), `.zst`.
    Zstd,
    /// xz (the .xz file format of xz-utils), `.xz`.
    Xz,
}

impl Compression {
    /// The compression a file name's last extension names (`.gz`, `.bz2`, `.zst`, `.xz`), and
    /// the name without it.
    pub fn of_name(name: &str) -> Option<(Compression, &str)> {
        let (stem, extension) = name.rsplit_once('.')?;
        let compression = match extension.to_ascii_lowercase().as_str() {
            "gz" => Compression::Gzip,
            "bz2" => Compression::Bzip2,
            "zst" => Compression::Zstd,
            "xz" => Compression::Xz,
            _ => return None,
        };
        Some((compression, stem))
    }

    /// The compression whose magic number `head` starts with (RFC 1952 §2.3.1, the bzip2 stream
    /// header, RFC 8878 §3.1.1, the .xz file format §2.1.1.1).
    fn of_magic(head: &[u8]) -> Option<Compression> {
        if head.starts_with(&[0x1F, 0x8B]) {
            Some(Compression::Gzip)
        } else if head.len() >= 4 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
            Some(Compression::Bzip2)
        } else if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Some(Compression::Zstd)
        } else if head.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0x00]) {
            Some(Compression::Xz)
        } else {
            None
        }
    }

    /// `reader` decompressed. Every member, stream or frame is read, one after the other, as
    /// `gzip -d`, `bzcat`, `zstd -d` and `xz -d` read concatenated files.
    pub fn decoder<'r>(self, reader: impl BufRead + Send + 'r) -> io::Result<Box<dyn Read + Send + 'r>> {
        Ok(match self {
            Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(reader)),
            Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(reader)),
            Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(reader)?),
            Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(reader)),
        })
    }
}

/// The file `path`, decompressed when its name's last extension names a compression
/// ([`Compression::of_name`]).
pub fn open(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    let file = File::open(path)?;
    match Compression::of_name(&path.to_string_lossy()) {
        Some((compression, _)) => compression.decoder(BufReader::with_capacity(1 << 16, file)),
        None => Ok(Box::new(file)),
    }
}

/// Standard input, decompressed when it starts with the magic number of a compression format.
pub fn sniffed<'r>(reader: impl Read + Send + 'r) -> io::Result<Box<dyn Read + Send + 'r>> {
    let mut reader = BufReader::with_capacity(1 << 16, reader);
    // The magic numbers are at most 6 bytes; fill_buf may give fewer from a pipe, so read on
    // until there are 6 or the input ends.
    let mut head = Vec::new();
    while head.len() < 6 {
        let mut byte = [0];
        match reader.read(&mut byte) {
            Ok(0) => break,
            Ok(_) => head.push(byte[0]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let whole = BufReader::new(io::Cursor::new(head.clone()).chain(reader));
    match Compression::of_magic(&head) {
        Some(compression) => compression.decoder(whole),
        None => Ok(Box::new(whole)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &[u8] = b"<http://a/s> <http://a/p> <http://a/o> .\n";

    /// `TEXT` compressed with gzip.
    fn gzipped() -> Vec<u8> {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(TEXT).unwrap();
        gz.finish().unwrap()
    }

    #[test]
    fn names_and_magic_numbers() {
        assert_eq!(
            Compression::of_name("dump.nt.bz2"),
            Some((Compression::Bzip2, "dump.nt"))
        );
        assert_eq!(
            Compression::of_name("a.TTL.GZ"),
            Some((Compression::Gzip, "a.TTL"))
        );
        assert_eq!(Compression::of_name("dump.nt"), None);
        assert_eq!(Compression::of_magic(b"BZh91AY&SY"), Some(Compression::Bzip2));
        // "BZh" alone, or not followed by a block size digit, is text.
        assert_eq!(Compression::of_magic(b"BZhx"), None);
        assert_eq!(Compression::of_magic(b"<http://a/>"), None);
    }

    #[test]
    fn open_decompresses_by_the_name() {
        let dir = std::env::temp_dir().join(format!("rfc3987-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let gz = gzipped();
        // The same gzip bytes under a name without `.gz` are read as they are.
        for (name, expected) in [("a.nt.gz", TEXT), ("b.nt", &gz[..])] {
            std::fs::write(dir.join(name), &gz).unwrap();
            let mut out = Vec::new();
            open(&dir.join(name)).unwrap().read_to_end(&mut out).unwrap();
            assert_eq!(out, expected, "{name}");
        }
        assert!(open(&dir.join("absent.nt")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn sniffed_input_is_decompressed_and_plain_input_kept() {
        let gz = gzipped();
        for input in [&gz[..], TEXT, b"ab"] {
            let mut out = Vec::new();
            sniffed(input).unwrap().read_to_end(&mut out).unwrap();
            let expected: &[u8] = if input == &gz[..] { TEXT } else { input };
            assert_eq!(out, expected);
        }
    }
}
