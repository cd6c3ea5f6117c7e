//! The RDF 1.1 syntaxes, and what reading one reports.

use super::term::{Broken, Found};
use crate::StartSymbol;

/// The RDF 1.1 syntaxes a [`Scanner`](super::Scanner) reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// RDF 1.1 N-Triples: one triple a line, absolute IRIs only.
    NTriples,
    /// RDF 1.1 N-Quads: N-Triples with an optional graph name.
    NQuads,
    /// RDF 1.1 Turtle: prefixes, a base, relative IRIs, abbreviations.
    Turtle,
    /// RDF 1.1 TriG: Turtle with named graphs.
    TriG,
}

impl Syntax {
    /// Every syntax, in the order of [`Syntax::extension`].
    pub const ALL: [Syntax; 4] = [Syntax::NTriples, Syntax::NQuads, Syntax::Turtle, Syntax::TriG];

    /// The file name extension the syntax's specification registers (`nt`, `nq`, `ttl`, `trig`).
    pub fn extension(self) -> &'static str {
        match self {
            Syntax::NTriples => "nt",
            Syntax::NQuads => "nq",
            Syntax::Turtle => "ttl",
            Syntax::TriG => "trig",
        }
    }

    /// The syntax whose [`Syntax::extension`] is `extension` (ASCII case-insensitive).
    pub fn from_extension(extension: &str) -> Option<Syntax> {
        Syntax::ALL
            .into_iter()
            .find(|s| s.extension().eq_ignore_ascii_case(extension))
    }

    /// The syntax a file's name tells by its extension (`dump.nt`), the one before a
    /// compression's (`dump.nt.gz`, [`Compression::of_name`](crate::compression::Compression::of_name)),
    /// as `iri check` and the DuckDB extension's `read_rdf_iris` tell a dump's syntax.
    #[cfg(feature = "compression")]
    pub fn of_file_name(name: &str) -> Option<Syntax> {
        let name = crate::compression::Compression::of_name(name).map_or(name, |(_, stem)| stem);
        let extension = std::path::Path::new(name).extension()?;
        Syntax::from_extension(extension.to_str()?)
    }

    /// The syntax's name, as its specification spells it.
    pub fn name(self) -> &'static str {
        match self {
            Syntax::NTriples => "N-Triples",
            Syntax::NQuads => "N-Quads",
            Syntax::Turtle => "Turtle",
            Syntax::TriG => "TriG",
        }
    }

    /// The start symbol an `IRIREF` is checked against: `IRI` in N-Triples and N-Quads, whose
    /// IRIs are absolute (RDF 1.1 N-Triples §2.1), `IRI-reference` in Turtle and TriG, which
    /// resolve relative ones (Turtle §6.3).
    pub fn iriref_symbol(self) -> StartSymbol {
        match self {
            Syntax::NTriples | Syntax::NQuads => StartSymbol::Iri,
            Syntax::Turtle | Syntax::TriG => StartSymbol::IriReference,
        }
    }
}

/// What a [`Scanner`](super::Scanner) reports, in document order.
#[derive(Debug)]
pub enum Event<'a> {
    /// An IRI, valid or not.
    Iri(Found<'a>),
    /// A statement that is not RDF, skipped.
    Broken(Broken),
}

#[cfg(test)]
mod tests {
    use super::Syntax;

    #[test]
    fn names_as_the_specifications_spell_them() {
        let names = Syntax::ALL.map(Syntax::name);
        assert_eq!(names, ["N-Triples", "N-Quads", "Turtle", "TriG"]);
    }

    #[cfg(feature = "compression")]
    #[test]
    fn a_file_name_tells_its_syntax_before_its_compression() {
        // The extension before the compression's (RDF 1.1 N-Triples §8, Turtle §8.1 register
        // `.nt` and `.ttl`), in any case.
        assert_eq!(Syntax::of_file_name("dump.nt"), Some(Syntax::NTriples));
        assert_eq!(Syntax::of_file_name("dir/a.TTL.GZ"), Some(Syntax::Turtle));
        assert_eq!(Syntax::of_file_name("g.trig.zst"), Some(Syntax::TriG));
        // No syntax: no extension, a compression's alone, an unknown one, or a directory's.
        for name in ["dump", "dump.gz", "dump.nt.tar", "x.ttl/dump", "x.nq/dump.gz"] {
            assert_eq!(Syntax::of_file_name(name), None, "{name}");
        }
    }
}
