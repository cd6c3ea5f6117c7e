//! A test-only parser: the project's grammar plus one anchored probe rule per ABNF rule, so that a
//! test can ask "does rule R match the whole input?" for silent rules too.
#![allow(dead_code)]

use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rfc3986.pest"]
#[grammar = "../grammar/rfc3987.pest"]
#[grammar_inline = r#"
probe_ALPHA = { SOI ~ ALPHA ~ EOI }
probe_DIGIT = { SOI ~ DIGIT ~ EOI }
probe_HEXDIG = { SOI ~ HEXDIG ~ EOI }
probe_scheme = { SOI ~ scheme ~ EOI }
probe_port = { SOI ~ port ~ EOI }
probe_IP_literal = { SOI ~ IP_literal ~ EOI }
probe_IPvFuture = { SOI ~ IPvFuture ~ EOI }
probe_IPv6address = { SOI ~ IPv6address ~ EOI }
probe_h16 = { SOI ~ h16 ~ EOI }
probe_ls32 = { SOI ~ ls32 ~ EOI }
probe_IPv4address = { SOI ~ IPv4address ~ EOI }
probe_dec_octet = { SOI ~ dec_octet ~ EOI }
probe_pct_encoded = { SOI ~ pct_encoded ~ EOI }
probe_unreserved = { SOI ~ unreserved ~ EOI }
probe_reserved = { SOI ~ reserved ~ EOI }
probe_gen_delims = { SOI ~ gen_delims ~ EOI }
probe_sub_delims = { SOI ~ sub_delims ~ EOI }
probe_IRI = { SOI ~ IRI ~ EOI }
probe_ihier_part = { SOI ~ ihier_part ~ EOI }
probe_IRI_reference = { SOI ~ IRI_reference ~ EOI }
probe_absolute_IRI = { SOI ~ absolute_IRI ~ EOI }
probe_irelative_ref = { SOI ~ irelative_ref ~ EOI }
probe_irelative_part = { SOI ~ irelative_part ~ EOI }
probe_iauthority = { SOI ~ iauthority ~ EOI }
probe_iuserinfo = { SOI ~ iuserinfo ~ EOI }
probe_ihost = { SOI ~ ihost ~ EOI }
probe_ireg_name = { SOI ~ ireg_name ~ EOI }
probe_ipath = { SOI ~ ipath ~ EOI }
probe_ipath_abempty = { SOI ~ ipath_abempty ~ EOI }
probe_ipath_absolute = { SOI ~ ipath_absolute ~ EOI }
probe_ipath_noscheme = { SOI ~ ipath_noscheme ~ EOI }
probe_ipath_rootless = { SOI ~ ipath_rootless ~ EOI }
probe_ipath_empty = { SOI ~ ipath_empty ~ EOI }
probe_isegment = { SOI ~ isegment ~ EOI }
probe_isegment_nz = { SOI ~ isegment_nz ~ EOI }
probe_isegment_nz_nc = { SOI ~ isegment_nz_nc ~ EOI }
probe_ipchar = { SOI ~ ipchar ~ EOI }
probe_iquery = { SOI ~ iquery ~ EOI }
probe_ifragment = { SOI ~ ifragment ~ EOI }
probe_iunreserved = { SOI ~ iunreserved ~ EOI }
probe_ucschar = { SOI ~ ucschar ~ EOI }
probe_iprivate = { SOI ~ iprivate ~ EOI }
"#]
pub struct Probe;

/// Whether the ABNF rule `name` (pest spelling, e.g. `IPv6address`, `ipath_abempty`) matches the
/// whole of `input`.
pub fn matches(name: &str, input: &str) -> bool {
    let rule = match name {
        "ALPHA" => Rule::probe_ALPHA,
        "DIGIT" => Rule::probe_DIGIT,
        "HEXDIG" => Rule::probe_HEXDIG,
        "scheme" => Rule::probe_scheme,
        "port" => Rule::probe_port,
        "IP_literal" => Rule::probe_IP_literal,
        "IPvFuture" => Rule::probe_IPvFuture,
        "IPv6address" => Rule::probe_IPv6address,
        "h16" => Rule::probe_h16,
        "ls32" => Rule::probe_ls32,
        "IPv4address" => Rule::probe_IPv4address,
        "dec_octet" => Rule::probe_dec_octet,
        "pct_encoded" => Rule::probe_pct_encoded,
        "unreserved" => Rule::probe_unreserved,
        "reserved" => Rule::probe_reserved,
        "gen_delims" => Rule::probe_gen_delims,
        "sub_delims" => Rule::probe_sub_delims,
        "IRI" => Rule::probe_IRI,
        "ihier_part" => Rule::probe_ihier_part,
        "IRI_reference" => Rule::probe_IRI_reference,
        "absolute_IRI" => Rule::probe_absolute_IRI,
        "irelative_ref" => Rule::probe_irelative_ref,
        "irelative_part" => Rule::probe_irelative_part,
        "iauthority" => Rule::probe_iauthority,
        "iuserinfo" => Rule::probe_iuserinfo,
        "ihost" => Rule::probe_ihost,
        "ireg_name" => Rule::probe_ireg_name,
        "ipath" => Rule::probe_ipath,
        "ipath_abempty" => Rule::probe_ipath_abempty,
        "ipath_absolute" => Rule::probe_ipath_absolute,
        "ipath_noscheme" => Rule::probe_ipath_noscheme,
        "ipath_rootless" => Rule::probe_ipath_rootless,
        "ipath_empty" => Rule::probe_ipath_empty,
        "isegment" => Rule::probe_isegment,
        "isegment_nz" => Rule::probe_isegment_nz,
        "isegment_nz_nc" => Rule::probe_isegment_nz_nc,
        "ipchar" => Rule::probe_ipchar,
        "iquery" => Rule::probe_iquery,
        "ifragment" => Rule::probe_ifragment,
        "iunreserved" => Rule::probe_iunreserved,
        "ucschar" => Rule::probe_ucschar,
        "iprivate" => Rule::probe_iprivate,
        other => panic!("no probe for rule {other}"),
    };
    Probe::parse(rule, input).is_ok()
}

/// The ABNF rules of RFC 3987 §2.2 (both lists) and the core rules, in pest spelling.
pub const ALL_RULES: &[&str] = &[
    "ALPHA",
    "DIGIT",
    "HEXDIG",
    "scheme",
    "port",
    "IP_literal",
    "IPvFuture",
    "IPv6address",
    "h16",
    "ls32",
    "IPv4address",
    "dec_octet",
    "pct_encoded",
    "unreserved",
    "reserved",
    "gen_delims",
    "sub_delims",
    "IRI",
    "ihier_part",
    "IRI_reference",
    "absolute_IRI",
    "irelative_ref",
    "irelative_part",
    "iauthority",
    "iuserinfo",
    "ihost",
    "ireg_name",
    "ipath",
    "ipath_abempty",
    "ipath_absolute",
    "ipath_noscheme",
    "ipath_rootless",
    "ipath_empty",
    "isegment",
    "isegment_nz",
    "isegment_nz_nc",
    "ipchar",
    "iquery",
    "ifragment",
    "iunreserved",
    "ucschar",
    "iprivate",
];
