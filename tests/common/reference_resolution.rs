//! A literal transcription of RFC 3986 §5.2–5.3, on the five components split as Appendix B's
//! regular expression splits them: the reference the library's resolution is compared with, in
//! `tests/resolve.rs` and in the `resolve` fuzz target (which includes this file by path).
#![allow(dead_code)] // each user takes what it needs

#[derive(Debug, Default, Clone)]
pub struct Parts {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`
pub fn split(s: &str) -> Parts {
    let mut p = Parts::default();
    let mut rest = s;
    if let Some(i) = rest.find(|c| ":/?#".contains(c)) {
        if i > 0 && rest[i..].starts_with(':') {
            p.scheme = Some(rest[..i].to_string());
            rest = &rest[i + 1..];
        }
    }
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(|c| "/?#".contains(c)).unwrap_or(after.len());
        p.authority = Some(after[..end].to_string());
        rest = &after[end..];
    }
    let end = rest.find(|c| "?#".contains(c)).unwrap_or(rest.len());
    p.path = rest[..end].to_string();
    rest = &rest[end..];
    if let Some(after) = rest.strip_prefix('?') {
        let end = after.find('#').unwrap_or(after.len());
        p.query = Some(after[..end].to_string());
        rest = &after[end..];
    }
    if let Some(after) = rest.strip_prefix('#') {
        p.fragment = Some(after.to_string());
    }
    p
}

/// §5.2.2 Transform References (strict).
pub fn transform(base: &Parts, r: &Parts) -> Parts {
    let mut t = Parts::default();
    if r.scheme.is_some() {
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            t.authority = r.authority.clone();
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                if r.query.is_some() {
                    t.query = r.query.clone();
                } else {
                    t.query = base.query.clone();
                }
            } else {
                if r.path.starts_with('/') {
                    t.path = remove_dot_segments(&r.path);
                } else {
                    t.path = merge(base, &r.path);
                    t.path = remove_dot_segments(&t.path);
                }
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

/// §5.2.3 Merge Paths.
fn merge(base: &Parts, r_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{r_path}")
    } else {
        match base.path.rfind('/') {
            Some(i) => format!("{}{r_path}", &base.path[..=i]),
            None => r_path.to_string(),
        }
    }
}

/// §5.2.4 Remove Dot Segments, with the buffers as strings.
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path.to_string();
    let mut output = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.replace_range(..3, "");
        } else if input.starts_with("./") {
            input.replace_range(..2, "");
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".to_string();
        } else if input.starts_with("/../") {
            input.replace_range(..4, "/");
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "/.." {
            input = "/".to_string();
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = if input.starts_with('/') { 1 } else { 0 };
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
        }
    }
    output
}

/// §5.3 Component Recomposition. One addition the issue asks for: without an authority, a
/// path starting with "//" is written "/.//…" so that it stays a path.
pub fn recompose(t: &Parts) -> String {
    let mut result = String::new();
    if let Some(scheme) = &t.scheme {
        result.push_str(scheme);
        result.push(':');
    }
    if let Some(authority) = &t.authority {
        result.push_str("//");
        result.push_str(authority);
    } else if t.path.starts_with("//") {
        result.push_str("/.");
    }
    result.push_str(&t.path);
    if let Some(query) = &t.query {
        result.push('?');
        result.push_str(query);
    }
    if let Some(fragment) = &t.fragment {
        result.push('#');
        result.push_str(fragment);
    }
    result
}

pub fn resolve(base: &str, reference: &str) -> String {
    let mut base = split(base);
    base.fragment = None; // §5.2.1: the base's fragment is not used
    recompose(&transform(&base, &split(reference)))
}
