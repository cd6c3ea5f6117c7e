//! `oxttl-nt FILE`: parses an N-Triples file with oxttl's `NTriplesParser` as it is by default,
//! which checks every IRI with oxiri (`Iri::parse`: RFC 3987 `IRI`); `lenient()` would skip
//! that check and is not called. Prints the number of triples; on the first error prints it
//! with the number of triples before it and exits with status 1 (2 if the file cannot be
//! opened). The peer that benches/rdf.sh measures `iri check --format nt` against.

use oxttl::NTriplesParser;
use std::fs::File;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: oxttl-nt FILE (N-Triples, not compressed)");
        return ExitCode::from(2);
    };
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("oxttl-nt: {}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    // `for_reader` reads the file in blocks of its own: no BufReader needed.
    let mut triples: u64 = 0;
    for triple in NTriplesParser::new().for_reader(file) {
        match triple {
            Ok(_) => triples += 1,
            Err(e) => {
                eprintln!("oxttl-nt: {}: {e}", path.to_string_lossy());
                println!("{triples}");
                return ExitCode::from(1);
            }
        }
    }
    println!("{triples}");
    ExitCode::SUCCESS
}
