//! The reading side of `iri check`: files read (and decompressed) into blocks of whole lines
//! taken from a fixed pool, and queued in input order.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::sync::mpsc::{Receiver, Sender};

use indicatif::ProgressBar;

use crate::decompress::{self, Compression};
use crate::lines::{skip_bom, BOM, BOM_SKIPPED, STDIN};
use crate::report;

/// How many bytes a block holds: read at once, then checked and reported (a line longer than
/// that makes its block longer).
pub const BLOCK_BYTES: usize = 256 * 1024;

/// Lines read and not yet checked: `buffer[..len]`, whole lines of one file, each ended by
/// "\n" but maybe the last line of the file. The buffer keeps its size from one use to the
/// next, so that it is read into without being cleared.
#[derive(Default)]
pub struct Block {
    buffer: Vec<u8>,
    pub len: usize,
}

impl Block {
    pub fn bytes(&self) -> &[u8] {
        &self.buffer[..self.len]
    }
}

/// What the reader hands on, in input order (`seq`): a block of lines of file number `file`,
/// or the error that ended the reading of that file. The last block of a file says so (`last`),
/// even when it is empty: a file that ends with an error has no last block.
pub struct Work {
    pub seq: usize,
    pub file: usize,
    pub item: Result<Block, io::Error>,
    pub last: bool,
    /// The first block of a file that starts with a byte order mark, which was skipped (so
    /// that `iri check --fix` writes it back).
    pub bom: bool,
}

/// The reader thread: every file in turn, decompressed when its name ends with `.gz`, `.bz2`,
/// `.zst` or `.xz` (standard input when it starts with one of their magic numbers, with
/// `sniff`), in blocks taken from the pool (`free`), each sent to the workers numbered in input
/// order; a file that cannot be read is reported in its place and the next one read. Stops
/// early when the main thread has gone.
pub fn read_files(
    files: &[String],
    sniff: bool,
    free: &Receiver<Block>,
    work: &Sender<Work>,
    progress: &ProgressBar,
) {
    let mut seq = 0;
    // The block being filled: taken from the pool when the first byte of a file is read, and
    // kept for the next file when it ends with nothing in it.
    let mut block: Option<Block> = None;
    for (file, name) in files.iter().enumerate() {
        // Whether the file's byte order mark is still to be said with its first block.
        let bom_skipped = std::cell::Cell::new(false);
        let mut send = |item: Result<Block, io::Error>, last: bool| -> bool {
            let sent = work
                .send(Work {
                    seq,
                    file,
                    item,
                    last,
                    bom: bom_skipped.take(),
                })
                .is_ok();
            seq += 1;
            sent
        };
        // A byte order mark at the start of a file is skipped, and said once.
        let shown = if name == "-" { STDIN } else { name.as_str() };
        let mut after_bom = |reader: &mut dyn Read| -> Result<(), Option<io::Error>> {
            let (bom, reader) = skip_bom(reader).map_err(Some)?;
            if bom {
                progress.suspend(|| report::complain(Some(shown), &BOM_SKIPPED));
                progress.inc(BOM.len() as u64);
                bom_skipped.set(true);
            }
            read_blocks(reader, &mut block, free, &mut send)
        };
        let result = if name == "-" {
            let stdin = io::stdin().lock();
            if sniff {
                match decompress::sniffed(stdin) {
                    Ok(mut reader) => after_bom(&mut reader),
                    Err(e) => Err(Some(e)),
                }
            } else {
                after_bom(&mut { stdin })
            }
        } else {
            let opened = File::open(name).and_then(|f| match Compression::of_name(name) {
                Some((compression, _)) => compression.decoder(BufReader::with_capacity(1 << 16, f)),
                None => Ok(Box::new(f)),
            });
            match opened {
                Ok(mut reader) => after_bom(&mut reader),
                Err(e) => Err(Some(e)),
            }
        };
        match result {
            Ok(()) => {}
            // The main thread has gone: stop.
            Err(None) => return,
            Err(Some(e)) => {
                if !send(Err(e), false) {
                    return;
                }
            }
        }
    }
}

/// Reads `reader` into blocks of whole lines, [`BLOCK_BYTES`] at a time, each cut after its
/// last "\n" (what follows begins the next block) and given to `send`; the last block of the
/// file holds its last line, which may have no "\n", and is sent as the last even when it is
/// empty. Blocks are `filling`, or taken from `free` when it is `None`; on a read error, a block
/// with nothing in it is left in `filling`.
/// `Err(None)` when there is no block to fill or `send` fails (the main thread has gone),
/// `Err(Some(_))` when reading fails: the whole lines read before are sent first, a line cut
/// short by the error is not.
pub fn read_blocks(
    mut reader: impl Read,
    filling: &mut Option<Block>,
    free: &Receiver<Block>,
    send: &mut impl FnMut(Result<Block, io::Error>, bool) -> bool,
) -> Result<(), Option<io::Error>> {
    let take = |filling: &mut Option<Block>| -> Result<Block, Option<io::Error>> {
        let mut block = match filling.take() {
            Some(block) => block,
            None => free.recv().map_err(|_| None)?,
        };
        if block.buffer.len() < BLOCK_BYTES {
            block.buffer.resize(BLOCK_BYTES, 0);
        }
        block.len = 0;
        Ok(block)
    };
    let mut block = take(filling)?;
    loop {
        if block.len == block.buffer.len() {
            match memchr::memrchr(b'\n', block.bytes()) {
                Some(end) => {
                    let mut next = take(&mut None)?;
                    let rest = end + 1..block.len;
                    if next.buffer.len() < rest.len() {
                        next.buffer.resize(rest.len(), 0);
                    }
                    next.buffer[..rest.len()].copy_from_slice(&block.buffer[rest.clone()]);
                    next.len = rest.len();
                    block.len = end + 1;
                    if !send(Ok(std::mem::replace(&mut block, next)), false) {
                        return Err(None);
                    }
                }
                // A line longer than the block: the block grows until it holds it.
                None => {
                    let longer = 2 * block.buffer.len();
                    block.buffer.resize(longer, 0);
                }
            }
            continue;
        }
        let len = block.len;
        match reader.read(&mut block.buffer[len..]) {
            Ok(0) => break,
            Ok(n) => block.len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                // The whole lines read before the error are checked too, then it is reported.
                block.len = memchr::memrchr(b'\n', block.bytes()).map_or(0, |end| end + 1);
                if block.len == 0 {
                    // Kept for the next file: a block that left the pool unsent would never come
                    // back to it.
                    *filling = Some(block);
                } else if !send(Ok(block), false) {
                    return Err(None);
                }
                return Err(Some(e));
            }
        }
    }
    // The last block, sent even when empty: it says that the file ends.
    if send(Ok(block), true) {
        Ok(())
    } else {
        Err(None)
    }
}
