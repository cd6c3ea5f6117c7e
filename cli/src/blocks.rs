//! The reading side of `iri check`: files read (and decompressed) into blocks of whole lines
//! taken from a fixed pool, and queued in input order.

use std::io::{self, Read};
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender};

use indicatif::ProgressBar;

use crate::lines::{skip_bom, BOM, BOM_SKIPPED, STDIN};
use crate::report;
use rfc3987::compression;

/// How many bytes a block holds: read at once, then checked and reported (a line longer than
/// that makes its block longer, up to the longest line blocks hold whole).
pub const BLOCK_BYTES: usize = 256 * 1024;

/// Where a block stands in a line longer than the longest that blocks hold whole: such a
/// line is cut into blocks that hold nothing else (the first of them as long as that longest
/// line and the rest of a character crossing its end, the others [`BLOCK_BYTES`]), and the
/// block after them starts with its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    /// The block starts inside such a line, which blocks before it began.
    pub starts_inside: bool,
    /// The block ends inside such a line: it holds no "\n", and the next block goes on with it.
    pub ends_inside: bool,
}

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
    /// Whether the block starts or ends inside a line too long to be held whole.
    pub cut: Cut,
    /// The first block of a file that starts with a byte order mark, which was skipped (so
    /// that `iri check --fix` writes it back).
    pub bom: bool,
}

/// The reader thread: every file in turn, decompressed when its name ends with `.gz`, `.bz2`,
/// `.zst` or `.xz` (standard input when it starts with one of their magic numbers, with
/// `sniff`), in blocks taken from the pool (`free`), each sent to the workers numbered in input
/// order; a file that cannot be read is reported in its place and the next one read. A line
/// longer than `longest[n]` bytes in file `n` is cut (see [`Cut`]). Stops early when the main
/// thread has gone.
pub fn read_files(
    files: &[String],
    (sniff, longest): (bool, &[usize]),
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
        let mut send = |item: Result<Block, io::Error>, last: bool, cut: Cut| -> bool {
            let sent = work
                .send(Work {
                    seq,
                    file,
                    item,
                    last,
                    cut,
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
            read_blocks(reader, (&mut block, longest[file]), free, &mut send)
        };
        let result = if name == "-" {
            if sniff {
                // `Stdin`, not its lock: the decompressor is `Send`, which a lock is not.
                match compression::sniffed(io::stdin()) {
                    Ok(mut reader) => after_bom(&mut reader),
                    Err(e) => Err(Some(e)),
                }
            } else {
                after_bom(&mut io::stdin().lock())
            }
        } else {
            match compression::open(Path::new(name)) {
                Ok(mut reader) => after_bom(&mut reader),
                Err(e) => Err(Some(e)),
            }
        };
        match result {
            Ok(()) => {}
            // The main thread has gone: stop.
            Err(None) => return,
            Err(Some(e)) => {
                if !send(Err(e), false, Cut::default()) {
                    return;
                }
            }
        }
    }
}

/// Reads `reader` into blocks of whole lines, [`BLOCK_BYTES`] at a time, each cut after its
/// last "\n" (what follows begins the next block) and given to `send`; the last block of the
/// file holds its last line, which may have no "\n", and is sent as the last even when it is
/// empty. A line longer than `longest` is cut into blocks of its own (see [`Cut`]), so that no
/// block holds more than `longest` bytes or [`BLOCK_BYTES`], whichever is more. Blocks are
/// `filling`, or taken from `free` when it is `None` (a block that grew longer than
/// [`BLOCK_BYTES`] comes back to that size); on a read error, a block with nothing in it is
/// left in `filling`.
/// `Err(None)` when there is no block to fill or `send` fails (the main thread has gone),
/// `Err(Some(_))` when reading fails: the whole lines read before are sent first, a line cut
/// short by the error is not.
pub fn read_blocks(
    mut reader: impl Read,
    (filling, longest): (&mut Option<Block>, usize),
    free: &Receiver<Block>,
    send: &mut impl FnMut(Result<Block, io::Error>, bool, Cut) -> bool,
) -> Result<(), Option<io::Error>> {
    let take = |filling: &mut Option<Block>| -> Result<Block, Option<io::Error>> {
        let mut block = match filling.take() {
            Some(block) => block,
            None => free.recv().map_err(|_| None)?,
        };
        if block.buffer.len() != BLOCK_BYTES {
            block.buffer = vec![0; BLOCK_BYTES];
        }
        block.len = 0;
        Ok(block)
    };
    let mut block = take(filling)?;
    // Whether the block being filled starts inside a line too long for one block.
    let mut inside = false;
    loop {
        if block.len == block.buffer.len() {
            // Where the block is cut, and whether that is inside a line: after its last "\n";
            // or, in a line too long to be held whole, at the end of its last whole character
            // (each block is decoded on its own). What follows begins the next block.
            let (end, ends_inside) = match memchr::memrchr(b'\n', block.bytes()) {
                Some(n) => (n + 1, false),
                // (A line's first block holds up to 3 bytes more than the longest line, the
                // rest of a character that crosses it, so that it still holds that many once
                // cut at a character's end: its scanner must see the line reach its limit.)
                None if inside || block.len >= longest + 3 => {
                    (rfc3987::utf8_complete_len(block.bytes()), true)
                }
                // A line longer than the block: the block grows until it holds it.
                None => {
                    let longer = (2 * block.buffer.len()).min(longest + 3);
                    block.buffer.resize(longer, 0);
                    continue;
                }
            };
            let mut next = take(&mut None)?;
            let rest = end..block.len;
            if next.buffer.len() < rest.len() {
                next.buffer.resize(rest.len(), 0);
            }
            next.buffer[..rest.len()].copy_from_slice(&block.buffer[rest.clone()]);
            (next.len, block.len) = (rest.len(), end);
            let cut = Cut {
                starts_inside: inside,
                ends_inside,
            };
            inside = ends_inside;
            if !send(Ok(std::mem::replace(&mut block, next)), false, cut) {
                return Err(None);
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
                let cut = Cut {
                    starts_inside: inside,
                    ends_inside: false,
                };
                if block.len == 0 {
                    // Kept for the next file: a block that left the pool unsent would never come
                    // back to it.
                    *filling = Some(block);
                } else if !send(Ok(block), false, cut) {
                    return Err(None);
                }
                return Err(Some(e));
            }
        }
    }
    // The last block, sent even when empty: it says that the file ends.
    let cut = Cut {
        starts_inside: inside,
        ends_inside: false,
    };
    if send(Ok(block), true, cut) {
        Ok(())
    } else {
        Err(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blocks `input` is read into with lines longer than `longest` cut: each block's
    /// bytes and cut.
    fn blocks(input: &[u8], longest: usize) -> Vec<(Vec<u8>, Cut, bool)> {
        let (free_tx, free) = std::sync::mpsc::channel();
        for _ in 0..4 {
            free_tx.send(Block::default()).unwrap();
        }
        let mut sent = Vec::new();
        let mut send = |item: Result<Block, io::Error>, last: bool, cut: Cut| {
            let block = item.unwrap();
            sent.push((block.bytes().to_vec(), cut, last));
            free_tx.send(block).is_ok()
        };
        read_blocks(input, (&mut None, longest), &free, &mut send).unwrap();
        sent
    }

    #[test]
    fn a_line_too_long_is_cut_into_blocks_of_its_own() {
        // Lines of 10 bytes, then one of 3 MiB + 3 with no "\n" but the last, then one more:
        // with `longest` at 1 MiB, the first block ends before the long line; the long line's
        // first block holds 1 MiB and the 3 bytes a character crossing that could take (grown
        // 256 KiB, 512 KiB, 1 MiB + 3), the next ones BLOCK_BYTES each, and the last block
        // starts inside it, with its "\n" and the line after.
        let short = b"<a:b> .\n\n\n".repeat(10);
        let long = vec![b'x'; (3 << 20) + 3];
        let input = [&short[..], &long, b"\n<c:d>\n"].concat();
        let got = blocks(&input, 1 << 20);
        let inside = |starts_inside, ends_inside| Cut {
            starts_inside,
            ends_inside,
        };
        assert_eq!(got[0].0, short);
        assert_eq!(got[0].1, Cut::default());
        assert_eq!((got[1].0.len(), got[1].1), ((1 << 20) + 3, inside(false, true)));
        // The rest of its "x", 2 MiB, in blocks of 256 KiB: 8 of them.
        assert_eq!(got.len(), 2 + 8 + 1);
        for block in &got[2..10] {
            assert_eq!((block.0.len(), block.1), (BLOCK_BYTES, inside(true, true)));
            assert!(!block.2);
        }
        assert_eq!(got[10], (b"\n<c:d>\n".to_vec(), inside(true, false), true));
        assert_eq!(got.iter().map(|b| b.0.len()).sum::<usize>(), input.len());
        // A line of "é" (2 bytes) with `longest` at 1 MiB: 1 MiB + 3 would split an "é", so
        // the block holds 1 MiB + 2, at least `longest`, and every block is UTF-8 on its own.
        let input = "é".repeat(3 << 20).into_bytes();
        let got = blocks(&input, 1 << 20);
        assert_eq!((got[0].0.len(), got[0].1), ((1 << 20) + 2, inside(false, true)));
        assert!(got.iter().all(|b| std::str::from_utf8(&b.0).is_ok()));
        assert_eq!(got.iter().map(|b| b.0.len()).sum::<usize>(), input.len());
    }
}
