//! The RFC 3987 §2.2 grammar, transcribed into pest (`grammar/rfc3986.pest`, `grammar/rfc3987.pest`).
//!
//! This is the specification the rest of the crate follows: [`IriParser`] with a [`Rule`] is the
//! ABNF itself. Rule names are the ABNF names with `-` turned into `_`; [`abnf_name`] gives the
//! spelling of the RFC. The `whole_*` rules anchor a start symbol at both ends of the input.
//!
//! ```
//! use pest::Parser;
//! use rfc3987::grammar::{IriParser, Rule};
//!
//! let pairs = IriParser::parse(Rule::whole_IRI, "http://r\u{e9}sum\u{e9}.example.org").unwrap();
//! assert_eq!(pairs.into_iter().next().unwrap().as_rule(), Rule::IRI);
//! ```

/// The pest parser generated from the two grammar files.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rfc3986.pest"]
#[grammar = "../grammar/rfc3987.pest"]
pub struct IriParser;

/// The ABNF name of a rule as the RFC spells it (`ipath-abempty`, `IP-literal`, `pct-encoded`);
/// `EOI` is "end of input".
pub fn abnf_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of input",
        Rule::ALPHA => "ALPHA",
        Rule::DIGIT => "DIGIT",
        Rule::HEXDIG => "HEXDIG",
        Rule::scheme => "scheme",
        Rule::port => "port",
        Rule::IP_literal => "IP-literal",
        Rule::IPvFuture => "IPvFuture",
        Rule::IPv6address => "IPv6address",
        Rule::h16 => "h16",
        Rule::ls32 => "ls32",
        Rule::IPv4address => "IPv4address",
        Rule::dec_octet => "dec-octet",
        Rule::pct_encoded => "pct-encoded",
        Rule::unreserved => "unreserved",
        Rule::reserved => "reserved",
        Rule::gen_delims => "gen-delims",
        Rule::sub_delims => "sub-delims",
        Rule::whole_IRI_reference => "IRI-reference",
        Rule::whole_IRI => "IRI",
        Rule::whole_absolute_IRI => "absolute-IRI",
        Rule::whole_irelative_ref => "irelative-ref",
        Rule::IRI => "IRI",
        Rule::ihier_part => "ihier-part",
        Rule::IRI_reference => "IRI-reference",
        Rule::absolute_IRI => "absolute-IRI",
        Rule::irelative_ref => "irelative-ref",
        Rule::irelative_part => "irelative-part",
        Rule::iauthority => "iauthority",
        Rule::iuserinfo => "iuserinfo",
        Rule::ihost => "ihost",
        Rule::ireg_name => "ireg-name",
        Rule::ipath => "ipath",
        Rule::ipath_abempty => "ipath-abempty",
        Rule::ipath_absolute => "ipath-absolute",
        Rule::ipath_noscheme => "ipath-noscheme",
        Rule::ipath_rootless => "ipath-rootless",
        Rule::ipath_empty => "ipath-empty",
        Rule::isegment => "isegment",
        Rule::isegment_nz => "isegment-nz",
        Rule::isegment_nz_nc => "isegment-nz-nc",
        Rule::ipchar => "ipchar",
        Rule::iquery => "iquery",
        Rule::ifragment => "ifragment",
        Rule::iunreserved => "iunreserved",
        Rule::ucschar => "ucschar",
        Rule::iprivate => "iprivate",
    }
}
