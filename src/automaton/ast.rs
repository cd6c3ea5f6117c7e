//! The syntax tree of `grammar/*.pest`, as pest_meta reads it, written at build time
//! (`build.rs`) as calls of the constructors below: the library carries the tree, not a reader
//! of .pest files.

use pest_meta::ast::{Expr, Rule, RuleType};

include!(concat!(env!("OUT_DIR"), "/grammar_ast.rs"));

fn rule(name: &str, ty: RuleType, expr: Expr) -> Rule {
    Rule {
        name: name.to_string(),
        ty,
        expr,
    }
}

fn string(s: &str) -> Expr {
    Expr::Str(s.to_string())
}

#[allow(dead_code)] // in the tree only if the grammar uses it
fn insens(s: &str) -> Expr {
    Expr::Insens(s.to_string())
}

fn range(from: &str, to: &str) -> Expr {
    Expr::Range(from.to_string(), to.to_string())
}

fn ident(name: &str) -> Expr {
    Expr::Ident(name.to_string())
}

#[allow(dead_code)]
fn peek_slice(start: i32, end: Option<i32>) -> Expr {
    Expr::PeekSlice(start, end)
}

#[allow(dead_code)]
fn pos_pred(e: Expr) -> Expr {
    Expr::PosPred(Box::new(e))
}

#[allow(dead_code)]
fn neg_pred(e: Expr) -> Expr {
    Expr::NegPred(Box::new(e))
}

fn seq(a: Expr, b: Expr) -> Expr {
    Expr::Seq(Box::new(a), Box::new(b))
}

fn choice(a: Expr, b: Expr) -> Expr {
    Expr::Choice(Box::new(a), Box::new(b))
}

#[allow(dead_code)]
fn opt(e: Expr) -> Expr {
    Expr::Opt(Box::new(e))
}

#[allow(dead_code)]
fn rep(e: Expr) -> Expr {
    Expr::Rep(Box::new(e))
}

#[allow(dead_code)]
fn rep_once(e: Expr) -> Expr {
    Expr::RepOnce(Box::new(e))
}

#[allow(dead_code)]
fn rep_exact(e: Expr, n: u32) -> Expr {
    Expr::RepExact(Box::new(e), n)
}

#[allow(dead_code)]
fn rep_min(e: Expr, n: u32) -> Expr {
    Expr::RepMin(Box::new(e), n)
}

#[allow(dead_code)]
fn rep_max(e: Expr, n: u32) -> Expr {
    Expr::RepMax(Box::new(e), n)
}

#[allow(dead_code)]
fn rep_min_max(e: Expr, min: u32, max: u32) -> Expr {
    Expr::RepMinMax(Box::new(e), min, max)
}

#[allow(dead_code)]
fn skip(strings: &[&str]) -> Expr {
    Expr::Skip(strings.iter().map(|s| s.to_string()).collect())
}

#[allow(dead_code)]
fn push(e: Expr) -> Expr {
    Expr::Push(Box::new(e))
}
