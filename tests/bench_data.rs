//! The benchmark inputs are in the repository (benches/data, gzip- or bzip2-compressed; see its
//! SOURCES.md), whole, and the benchmarks read them there and nowhere else, so that
//! BENCHMARKS.md's commands work on a clone with nothing beside it. `cargo test` does not run
//! the benchmarks; this checks what they read.

use std::io::Read;
use std::path::{Path, PathBuf};

/// Each input of benches/data: its file, its lines and how many of them have a non-ASCII
/// character, as benches/data/SOURCES.md gives them (from the corpus's SOURCES.md: the first
/// 100,000 unique IRIs of the de-dnb link set, 8,182 of them non-ASCII; 95,437 non-ASCII IRIs;
/// a header and 10,000 pairs; the de-dnb link set itself, one triple a line: 381,058 triples,
/// of which 64,578 hold a non-ASCII character).
const INPUTS: [(&str, usize, Option<usize>); 4] = [
    ("iris-mixed-100k.txt.gz", 100_000, Some(8_182)),
    ("iris-nonascii.txt.gz", 95_437, Some(95_437)),
    ("relative_urls_cc_10k.csv.gz", 1 + 10_000, None),
    ("dbpedia-de-dnb-wikidata-links.nt.bz2", 381_058, Some(64_578)),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files under `dir` (recursively) whose names end with one of `extensions`.
fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path, extensions));
        } else if extensions.iter().any(|x| path.to_string_lossy().ends_with(x)) {
            found.push(path);
        }
    }
    found
}

/// The text of a gzip or bzip2 file (by its extension).
fn unpack(path: &Path) -> String {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    let read = if path.extension().is_some_and(|x| x == "bz2") {
        bzip2::read::MultiBzDecoder::new(file).read_to_string(&mut text)
    } else {
        flate2::read::GzDecoder::new(file).read_to_string(&mut text)
    };
    read.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

#[test]
fn every_input_is_there_whole() {
    for (name, lines, non_ascii) in INPUTS {
        let text = unpack(&root().join("benches/data").join(name));
        assert!(
            text.ends_with('\n') && !text.contains('\r'),
            "{name}: one line a LF"
        );
        assert_eq!(text.lines().count(), lines, "{name}: lines");
        if let Some(non_ascii) = non_ascii {
            assert_eq!(
                text.lines().filter(|l| !l.is_ascii()).count(),
                non_ascii,
                "{name}"
            );
        }
        if name.ends_with(".nt.bz2") {
            // One triple a line, each of three IRIs and a final " ." (N-Triples, RDF 1.1 §2.1):
            // benches/rdf.sh counts the triples as lines.
            assert!(
                text.lines()
                    .all(|l| l.starts_with('<') && l.ends_with("> .") && l.matches("> <").count() == 2),
                "{name}: <s> <p> <o> . a line"
            );
        }
        if name.ends_with(".csv.gz") {
            assert_eq!(
                text.lines().next(),
                Some("base,relative"),
                "{name}: the header bench.py reads"
            );
            assert!(
                text.lines().skip(1).all(|l| l.contains(',')),
                "{name}: base,relative"
            );
        }
    }
    // Nothing else in benches/data: a new input comes with its line above and its SOURCES.md row.
    let mut present: Vec<String> = files(&root().join("benches"), &[".gz", ".bz2"])
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    present.sort();
    let mut expected: Vec<String> = INPUTS.iter().map(|(name, ..)| name.to_string()).collect();
    expected.sort();
    assert_eq!(present, expected);
    let sources = std::fs::read_to_string(root().join("benches/data/SOURCES.md")).unwrap();
    for (name, ..) in INPUTS {
        assert!(
            sources.contains(&format!("| `{name}` |")),
            "{name}: no row in SOURCES.md"
        );
    }
}

/// Every corpus file a benchmark or bench script names (`iris-nonascii.txt`,
/// `relative_urls_cc_10k.csv.gz`, an N-Triples dump with or without `.bz2`, …) is one of
/// `INPUTS`.
#[test]
fn the_benches_name_only_inputs_that_are_there() {
    let mut sources = files(&root().join("benches"), &[".rs", ".sh"]);
    sources.extend(files(&root().join("python/bench"), &[".py"]));
    let mut named = 0;
    for path in &sources {
        let text = std::fs::read_to_string(path).unwrap();
        let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || "._-".contains(c)));
        for word in words {
            let word = word.strip_suffix(".gz").unwrap_or(word);
            let word = word.strip_suffix(".bz2").unwrap_or(word);
            let name = if word.ends_with(".txt") || word.ends_with(".csv") {
                format!("{word}.gz")
            } else if word.ends_with(".nt") {
                format!("{word}.bz2")
            } else {
                continue;
            };
            assert!(
                INPUTS.iter().any(|(input, ..)| *input == name),
                "{} names {word}, which is not in benches/data",
                path.display()
            );
            named += 1;
        }
    }
    assert!(named >= 10, "the benches name their inputs ({named} names found)");
}

/// No benchmark, bench script, BENCHMARKS.md or CI reads the corpus from outside the clone
/// (the shared corpus beside the clone was where they read it before benches/data).
#[test]
fn nothing_reads_outside_the_clone() {
    let mut sources = files(&root().join("benches"), &[".rs", ".sh", ".md"]);
    sources.extend(files(&root().join("python/bench"), &[".py", ".sh", ".txt"]));
    sources.extend(files(&root().join("fuzz"), &[".sh"]));
    sources.extend(["BENCHMARKS.md", ".ci/run"].map(|f| root().join(f)));
    for path in &sources {
        let text = std::fs::read_to_string(path).unwrap();
        // Written in two parts, so that this file does not mention the path it looks for.
        let parent_shared = ["..", "/shared"].concat();
        for outside in [parent_shared.as_str(), "shared/corpus", "\"shared\""] {
            assert!(!text.contains(outside), "{} mentions {outside}", path.display());
        }
    }
}
