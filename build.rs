//! Reads `grammar/*.pest` with pest's own reader of grammar files (pest_meta), as pest_derive
//! does for the parser, and writes its syntax tree as Rust code for `src/automaton/`, which
//! compiles each rule into an automaton at run time (the grammar read as ABNF, for exact error
//! positions). The library then carries the tree, not a parser of .pest files: about 190 KB
//! less in a WebAssembly module, and no parsing at the first error. `src/automaton/` checks
//! in its tests that the tree equals pest_meta's reading of the same files.

use std::fmt::Write;
use std::path::Path;

use pest_meta::ast::{Expr, RuleType};

const FILES: [&str; 2] = ["grammar/rfc3986.pest", "grammar/rfc3987.pest"];

fn main() {
    let mut grammar = String::new();
    for (i, file) in FILES.iter().enumerate() {
        println!("cargo:rerun-if-changed={file}");
        if i > 0 {
            grammar.push('\n');
        }
        grammar.push_str(&std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}")));
    }
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, &grammar)
        .unwrap_or_else(|e| panic!("grammar/*.pest: {e}"));
    let rules = pest_meta::parser::consume_rules(pairs).unwrap_or_else(|e| panic!("grammar/*.pest: {e:?}"));
    let mut out = String::from(
        "// The syntax tree of grammar/*.pest, written by build.rs from pest_meta's reading.\n\
         pub(super) fn rules() -> Vec<Rule> {\n    vec![\n",
    );
    for rule in &rules {
        let ty = match rule.ty {
            RuleType::Normal => "Normal",
            RuleType::Silent => "Silent",
            RuleType::Atomic => "Atomic",
            RuleType::CompoundAtomic => "CompoundAtomic",
            RuleType::NonAtomic => "NonAtomic",
        };
        let _ = write!(out, "        rule({:?}, RuleType::{ty}, ", rule.name);
        expr(&mut out, &rule.expr);
        out.push_str("),\n");
    }
    out.push_str("    ]\n}\n");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&dir).join("grammar_ast.rs"), out).expect("OUT_DIR is writable");
}

/// `e` as a call of the constructors in `src/automaton/ast.rs` (strings as Rust literals: the
/// `Debug` form of a `str` is one).
fn expr(out: &mut String, e: &Expr) {
    let mut call = |name: &str, inner: &[&Expr], numbers: &str| {
        let _ = write!(out, "{name}(");
        for (i, inner) in inner.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            expr(out, inner);
        }
        out.push_str(numbers);
        out.push(')');
    };
    match e {
        Expr::Str(s) => call("string", &[], &format!("{s:?}")),
        Expr::Insens(s) => call("insens", &[], &format!("{s:?}")),
        Expr::Range(a, b) => call("range", &[], &format!("{a:?}, {b:?}")),
        Expr::Ident(s) => call("ident", &[], &format!("{s:?}")),
        Expr::PeekSlice(a, b) => call("peek_slice", &[], &format!("{a}, {b:?}")),
        Expr::PosPred(e) => call("pos_pred", &[e], ""),
        Expr::NegPred(e) => call("neg_pred", &[e], ""),
        Expr::Seq(a, b) => call("seq", &[a, b], ""),
        Expr::Choice(a, b) => call("choice", &[a, b], ""),
        Expr::Opt(e) => call("opt", &[e], ""),
        Expr::Rep(e) => call("rep", &[e], ""),
        Expr::RepOnce(e) => call("rep_once", &[e], ""),
        Expr::RepExact(e, n) => call("rep_exact", &[e], &format!(", {n}")),
        Expr::RepMin(e, n) => call("rep_min", &[e], &format!(", {n}")),
        Expr::RepMax(e, n) => call("rep_max", &[e], &format!(", {n}")),
        Expr::RepMinMax(e, a, b) => call("rep_min_max", &[e], &format!(", {a}, {b}")),
        Expr::Skip(strings) => call("skip", &[], &format!("&{strings:?}")),
        Expr::Push(e) => call("push", &[e], ""),
        #[allow(unreachable_patterns)]
        other => panic!("grammar/*.pest: the automaton has no reading of {other:?}"),
    }
}
